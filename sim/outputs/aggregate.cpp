#include "sim/outputs/aggregate.h"

#include <cmath>

#include <boost/math/distributions/students_t.hpp>

namespace rmsim {

MeanCi mean_ci(const std::vector<double>& x) {
    MeanCi r;
    if (x.empty()) return r;
    const double n = static_cast<double>(x.size());
    for (double v : x) r.mean += v;
    r.mean /= n;
    if (x.size() < 2) return r;
    double ss = 0;
    for (double v : x) ss += (v - r.mean) * (v - r.mean);
    const double sd = std::sqrt(ss / (n - 1));
    const boost::math::students_t t(n - 1);
    r.ci95 = boost::math::quantile(boost::math::complement(t, 0.025)) * sd / std::sqrt(n);
    return r;
}

const std::vector<std::string>& summary_sections() {
    static const std::vector<std::string> s{"tasks",    "jobs",       "utility",      "window",
                                            "vos",      "energy",     "time",         "scheduler",
                                            "governor", "power_caps", "policy_stats", "energy_stores"};
    return s;
}

std::vector<double> metric_values(const std::vector<nlohmann::ordered_json>& summaries, const std::string& section,
                                  const std::string& field) {
    std::vector<double> xs;
    for (const auto& s : summaries) {
        if (!s.contains(section) || !s[section].contains(field) || !s[section][field].is_number()) continue;
        xs.push_back(s[section][field].get<double>());
    }
    return xs;
}

nlohmann::ordered_json aggregate(const std::vector<nlohmann::ordered_json>& summaries) {
    nlohmann::ordered_json agg = nlohmann::ordered_json::object();
    if (summaries.empty()) return agg;
    for (const std::string& section : summary_sections()) {
        if (!summaries[0].contains(section)) continue;
        for (auto it = summaries[0][section].begin(); it != summaries[0][section].end(); ++it) {
            if (!it.value().is_number()) continue;
            const MeanCi m = mean_ci(metric_values(summaries, section, it.key()));
            agg[section][it.key()] = {{"mean", m.mean}, {"ci95", m.ci95}};
        }
    }
    return agg;
}

}  // namespace rmsim
