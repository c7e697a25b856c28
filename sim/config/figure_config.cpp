#include "sim/config/figure_config.h"

#include <algorithm>

#include "platform/input_error.h"
#include "platform/yaml_util.h"
#include "sim/config/summary_fields.h"

namespace rmsim {

const std::vector<std::string>& figure_kinds() {
    static const std::vector<std::string> kinds{"line", "bar", "front"};
    return kinds;
}

namespace {

std::string joined(const std::vector<std::string>& names) {
    std::string s;
    for (const std::string& n : names) s += (s.empty() ? "" : ", ") + n;
    return s;
}

/// The keys of `sweep`, in file order (none without one).
std::vector<std::string> swept_keys(const YAML::Node& root) {
    std::vector<std::string> keys;
    const YAML::Node sweep = root["sweep"];
    if (sweep && sweep.IsMap())
        for (auto it = sweep.begin(); it != sweep.end(); ++it) keys.push_back(it->first.Scalar());
    return keys;
}

}  // namespace

void check_figure(const YAML::Node& root, const std::string& file) {
    if (!has_key(root, "figure")) return;
    const YAML::Node f = root["figure"];
    expect_map(f, file, "'figure'");
    check_allowed_keys(f, file, "figure", {"paper", "kind", "x", "metrics", "x_label", "y_label", "paper_values"});
    get_string(f, "paper", file);
    const std::string kind = get_string(f, "kind", file);
    const auto& kinds = figure_kinds();
    if (std::find(kinds.begin(), kinds.end(), kind) == kinds.end())
        throw_at(f["kind"], file, "unknown figure kind '" + kind + "' (" + joined(kinds) + ")");
    for (const char* k : {"x_label", "y_label"})
        if (has_key(f, k)) get_string(f, k, file);
    const std::vector<std::string> swept = swept_keys(root);
    if (kind == "front") {
        for (const char* k : {"x", "metrics", "paper_values"})
            if (has_key(f, k))
                throw_at(f[k], file, std::string("figure kind 'front' draws pareto.csv and takes no '") + k + "'");
        return;
    }
    if (kind == "line" && !has_key(f, "x"))
        throw_at(f, file,
                 "figure kind 'line' needs 'x', a key of 'sweep'" +
                     (swept.empty() ? std::string(" (this config sweeps nothing: use kind bar)")
                                    : " (" + joined(swept) + ")"));
    if (has_key(f, "x")) {
        const std::string x = get_string(f, "x", file);
        const bool is_swept = std::find(swept.begin(), swept.end(), x) != swept.end();
        if (!is_swept && !(kind == "bar" && x == "variant"))
            throw_at(f["x"], file,
                     "figure x '" + x + "' is not a key of 'sweep'" +
                         (swept.empty() ? std::string(" (this config sweeps nothing)") : " (" + joined(swept) + ")") +
                         (kind == "bar" ? "; bars may also take x: variant" : ""));
    }
    const YAML::Node ms = get_node(f, "metrics", file);
    expect_sequence(ms, file, "'metrics'");
    if (ms.size() == 0) throw_at(ms, file, "figure metrics: name at least one field of summary.json");
    std::vector<std::string> metrics;
    for (const YAML::Node& m : ms) {
        const std::string s = as_string(m, file, "'metrics' entry");
        if (const std::string why = summary_metric_problem(s); !why.empty()) throw_at(m, file, why);
        metrics.push_back(s);
    }
    if (!has_key(f, "paper_values")) return;
    const YAML::Node pv = f["paper_values"];
    expect_sequence(pv, file, "'paper_values'");
    for (const YAML::Node& v : pv) {
        expect_map(v, file, "a 'paper_values' entry");
        check_allowed_keys(v, file, "paper_values entry", {"series", "x", "metric", "value"});
        get_string(v, "series", file);
        if (has_key(v, "x") && !v["x"].IsScalar()) throw_at(v["x"], file, "paper value 'x': expected a value of x");
        get_double(v, "value", file);
        if (has_key(v, "metric")) {
            const std::string m = get_string(v, "metric", file);
            if (std::find(metrics.begin(), metrics.end(), m) == metrics.end())
                throw_at(v["metric"], file,
                         "paper value metric '" + m + "' is not one of the figure's metrics (" + joined(metrics) + ")");
        }
    }
}

}  // namespace rmsim
