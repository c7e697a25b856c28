#include "sim/outputs/comparison.h"

#include <cmath>
#include <iomanip>
#include <sstream>

#include "sim/outputs/aggregate.h"

namespace rmsim {

namespace {

std::string num(double v, int precision) {
    std::ostringstream s;
    s << std::setprecision(precision) << v;
    return s.str();
}

/// Quotes a CSV field when it holds a comma, a quote or a space.
std::string csv_field(const std::string& s) {
    if (s.find_first_of(",\" ") == std::string::npos) return s;
    std::string q = "\"";
    for (char c : s) q += c == '"' ? std::string("\"\"") : std::string(1, c);
    return q + "\"";
}

/// The metrics present in the first summary of the first variant: (section, field) in output order.
std::vector<std::pair<std::string, std::string>> all_metrics(const std::vector<VariantResults>& results) {
    std::vector<std::pair<std::string, std::string>> out;
    if (results.empty() || results[0].summaries.empty()) return out;
    const auto& s = results[0].summaries[0];
    for (const std::string& section : summary_sections()) {
        if (!s.contains(section)) continue;
        for (auto it = s[section].begin(); it != s[section].end(); ++it)
            if (it.value().is_number()) out.emplace_back(section, it.key());
    }
    return out;
}

const VariantResults* find(const std::vector<VariantResults>& results, const std::string& name) {
    for (const auto& r : results)
        if (r.variant.name == name) return &r;
    return nullptr;
}

/// Paired ratios x_v,t / x_ref,t over the trials where the reference is non-zero.
std::vector<double> ratios(const VariantResults& v, const VariantResults& ref, const std::string& section,
                           const std::string& field) {
    std::vector<double> out;
    const std::size_t n = std::min(v.summaries.size(), ref.summaries.size());
    for (std::size_t t = 0; t < n; ++t) {
        const auto a = metric_values({v.summaries[t]}, section, field);
        const auto b = metric_values({ref.summaries[t]}, section, field);
        if (a.empty() || b.empty() || b[0] == 0) continue;
        out.push_back(a[0] / b[0]);
    }
    return out;
}

std::pair<std::string, std::string> split(const std::string& metric) {
    const auto dot = metric.find('.');
    return {metric.substr(0, dot), metric.substr(dot + 1)};
}

}  // namespace

std::string comparison_csv(const std::vector<VariantResults>& results, const CompareSpec& spec) {
    std::ostringstream o;
    const VariantResults* ref = spec.normalize_to.empty() ? nullptr : find(results, spec.normalize_to);
    o << "variant,policy";
    if (!results.empty())
        for (const auto& kv : results[0].variant.sweep) o << ',' << csv_field(kv.first);
    o << ",metric,mean,ci95,trials";
    if (ref) o << ",relative_mean,relative_ci95";
    o << '\n';
    const auto metrics = all_metrics(results);
    for (const auto& r : results) {
        for (const auto& [section, field] : metrics) {
            const auto xs = metric_values(r.summaries, section, field);
            if (xs.empty()) continue;
            const MeanCi m = mean_ci(xs);
            o << csv_field(r.variant.name) << ',' << csv_field(r.policy);
            for (const auto& kv : r.variant.sweep) o << ',' << csv_field(kv.second);
            o << ',' << section << '.' << field << ',' << num(m.mean, 12) << ',' << num(m.ci95, 12) << ',' << xs.size();
            if (ref) {
                const auto rs = ratios(r, *ref, section, field);
                if (rs.empty())
                    o << ",,";
                else {
                    const MeanCi q = mean_ci(rs);
                    o << ',' << num(q.mean, 12) << ',' << num(q.ci95, 12);
                }
            }
            o << '\n';
        }
    }
    return o.str();
}

std::string comparison_md(const std::vector<VariantResults>& results, const CompareSpec& spec,
                          const std::string& title) {
    std::ostringstream o;
    const std::size_t trials = results.empty() ? 0 : results[0].summaries.size();
    o << "# " << title << "\n\n"
      << "Mean ± half-width of the 95 % confidence interval over " << trials
      << " trial(s); every variant's trial t runs the same workload draw (common random numbers).\n\n";
    auto table = [&](bool relative) {
        o << "| variant | policy |";
        for (const auto& m : spec.metrics) o << ' ' << m << " |";
        o << "\n|---|---|";
        for (std::size_t i = 0; i < spec.metrics.size(); ++i) o << "---:|";
        o << '\n';
        const VariantResults* ref = find(results, spec.normalize_to);
        for (const auto& r : results) {
            o << "| " << (r.variant.name.empty() ? "(base)" : r.variant.name) << " | " << r.policy << " |";
            for (const auto& metric : spec.metrics) {
                const auto [section, field] = split(metric);
                const auto xs = relative ? ratios(r, *ref, section, field) : metric_values(r.summaries, section, field);
                if (xs.empty()) {
                    o << " — |";
                    continue;
                }
                const MeanCi m = mean_ci(xs);
                o << ' ' << num(m.mean, 5);
                if (xs.size() > 1) o << " ± " << num(m.ci95, 2);
                o << " |";
            }
            o << '\n';
        }
    };
    table(false);
    if (!spec.normalize_to.empty() && find(results, spec.normalize_to)) {
        o << "\nRelative to `" << spec.normalize_to
          << "` (mean of the per-trial ratios; trials where the reference is 0 are left out):\n\n";
        table(true);
    }
    return o.str();
}

}  // namespace rmsim
