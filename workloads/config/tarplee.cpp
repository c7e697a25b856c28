// The `tarplee` workload: Tarplee Ch.2-4 bags of tasks over task types x machine types
// (workloads/tarplee_bag_generator.h; keys in docs/workloads.md).
#include <cmath>
#include <random>

#include "platform/enum_names.h"
#include "workloads/config/workload_yaml.h"
#include "workloads/tarplee_bag_generator.h"
#include "workloads/workload_registry.h"

namespace rmsim {

namespace {

constexpr auto kMethodNames = enum_names<BagEtcSource>(
    {{BagEtcSource::Uniform, "uniform"}, {BagEtcSource::Range, "range"}, {BagEtcSource::Cvb, "cvb"}});

std::vector<ParamInfo> tarplee_params() {
    const TarpleeBagParams d;
    const auto num = default_text;
    return {
        ParamInfo{"tasks", "integer", "(required without arrival_rates)",
                  "tasks of the bag, all arriving at t = 0, one core each"}
            .at_least(1),
        {"etc", "matrix", "(none)",
         "ETC [task type][core type], seconds at P0 (columns in platform order); exactly one of etc and "
         "etc_generator"},
        {"etc_generator", "map", "(none)", "draws the ETC (Tarplee Fig. 2.7), with the keys below"},
        {"etc_generator.method", "string", "(required)", "the method: " + kMethodNames.alternatives()},
        ParamInfo{"etc_generator.task_types", "integer", num(double(d.task_types)), "rows of the ETC"}.at_least(1),
        ParamInfo{"etc_generator.min_s", "number", num(d.uniform_min_s), "uniform: shortest time"}.above(0),
        ParamInfo{"etc_generator.max_s", "number", num(d.uniform_max_s), "uniform: longest time"}.above(0),
        ParamInfo{"etc_generator.r_task", "number", num(d.r_task), "range: the task heterogeneity range, >= 1"}
            .at_least(1),
        ParamInfo{"etc_generator.r_mach", "number", num(d.r_mach), "range: the machine heterogeneity range, >= 1"}
            .at_least(1),
        ParamInfo{"etc_generator.mean_s", "number", num(d.mean_s), "cvb: mean time"}.above(0),
        ParamInfo{"etc_generator.v_task", "number", num(d.v_task), "cvb: COV across task types"}.at_least(0),
        ParamInfo{"etc_generator.v_mach", "number", num(d.v_mach), "cvb: COV across machine types"}.at_least(0),
        {"apc", "matrix", "(the P-state's busy power)",
         "APC [task type][core type], watts at P0, at least the core type's idle power"},
        {"apc_generator", "map", "(none)", "draws the APC by CVB, with the keys below (core types of idle power 0)"},
        ParamInfo{"apc_generator.mean_w", "number", num(d.apc_mean_w), "mean power, watts"}.above(0),
        ParamInfo{"apc_generator.v_task", "number", num(d.apc_v_task), "COV across task types"}.at_least(0),
        ParamInfo{"apc_generator.v_mach", "number", num(d.apc_v_mach), "COV across machine types"}.at_least(0),
        {"type_weights", "list", "(equal)", "relative weight of each task type in the bag, >= 0, one at least > 0"},
        {"arrival_rates", "list", "(none: a bag)",
         "Tarplee Ch.5 steady state: per task type a Poisson arrival rate, tasks per second, >= 0 (instead of "
         "tasks and type_weights)"},
        ParamInfo{"horizon_s", "number", "(required with arrival_rates)", "arrivals over [0, horizon_s)"}.above(0),
        {"rewards", "list", "(1 each)", "per task type the reward r_i of a completion (the task's constant utility)"},
    };
}

/// A matrix [task type][core type] of positive numbers (`what` names it in errors).
Matrix positive_matrix(const YAML::Node& n, const std::string& file, const std::string& what, std::size_t columns) {
    expect_sequence(n, file, what);
    if (n.size() == 0) throw_at(n, file, what + " must not be empty");
    Matrix m;
    for (const auto& row : n) {
        expect_sequence(row, file, what + " row");
        if (row.size() != columns)
            throw_at(row, file,
                     what + " row has " + std::to_string(row.size()) + " entries, the platform has " +
                         std::to_string(columns) + " core types (one column each, in platform order)");
        std::vector<double> r;
        for (const auto& v : row) r.push_back(as_positive(v, file, what + " entry"));
        m.push_back(r);
    }
    return m;
}

/// The nested map `key` of the section, its keys checked against the params "key.*".
YAML::Node nested_map(const YAML::Node& n, const char* key, const std::string& file) {
    static const std::vector<ParamInfo> params = tarplee_params();
    const YAML::Node g = n[key];
    expect_map(g, file, quoted(key));
    check_allowed_keys(g, file, key, param_keys(params, key));
    return g;
}

std::vector<Task> tarplee_bag(const YAML::Node& n, const WorkloadContext& c) {
    const std::string& file = c.file;
    const PlatformSpec& platform = c.platform;
    TarpleeBagParams p;
    const std::size_t M = platform.core_types.size();
    for (const CoreType& ct : platform.core_types) {
        std::vector<double> slow;
        for (const PState& ps : ct.pstates) slow.push_back(ct.pstates.front().frequency_hz / ps.frequency_hz);
        p.pstate_slowdown.push_back(slow);
    }
    if (has_key(n, "arrival_rates")) {
        if (has_key(n, "tasks"))
            throw_at(n["tasks"], file, "tarplee workload: give 'tasks' (a bag) or 'arrival_rates', not both");
        if (has_key(n, "type_weights"))
            throw_at(n["type_weights"], file,
                     "tarplee workload: 'type_weights' is for a bag; with 'arrival_rates' the rates set the mix");
        const YAML::Node l = n["arrival_rates"];
        expect_sequence(l, file, "'arrival_rates'");
        if (l.size() == 0) throw_at(l, file, "'arrival_rates' must not be empty");
        if (!has_key(n, "horizon_s")) throw_at(n, file, "tarplee workload: 'arrival_rates' needs 'horizon_s'");
        p.horizon_s = get_positive(n, "horizon_s", file);
        double expected = 0;
        for (const auto& x : l) {
            p.arrival_rates.push_back(as_non_negative(x, file, "'arrival_rates' entry"));
            expected += p.arrival_rates.back() * p.horizon_s;
        }
        // Six standard deviations above the expected count: the bound a Poisson draw practically never passes.
        check_task_memory(expected + 6 * std::sqrt(expected), l, file,
                          "about " + std::to_string(static_cast<std::uint64_t>(expected)) + " tasks");
    } else {
        if (has_key(n, "horizon_s"))
            throw_at(n["horizon_s"], file, "tarplee workload: 'horizon_s' goes with 'arrival_rates'");
        p.tasks = get_count(n, "tasks", file);
        check_task_memory(p.tasks, n["tasks"], file, std::to_string(p.tasks) + " tasks");
    }
    if (has_key(n, "etc") == has_key(n, "etc_generator"))
        throw_at(n, file, "tarplee workload: give exactly one of 'etc' (a table) and 'etc_generator'");
    if (has_key(n, "etc")) {
        p.etc = positive_matrix(n["etc"], file, "'etc'", M);
    } else {
        const YAML::Node g = nested_map(n, "etc_generator", file);
        const std::string method = get_string(g, "method", file);
        if (const auto m = kMethodNames.parse(method))
            p.etc_source = *m;
        else
            throw_at(g["method"], file,
                     "etc_generator method must be " + kMethodNames.alternatives("'") + ", got '" + method + "'");
        p.task_types = get_count_or(g, "task_types", file, 15);
        if (p.task_types == 0) throw_at(g["task_types"], file, "task_types must be >= 1");
        p.uniform_min_s = get_positive_or(g, "min_s", file, p.uniform_min_s);
        p.uniform_max_s = get_positive_or(g, "max_s", file, p.uniform_max_s);
        if (p.uniform_max_s < p.uniform_min_s) throw_at(g["max_s"], file, "max_s must be >= min_s");
        p.r_task = get_positive_or(g, "r_task", file, p.r_task);
        p.r_mach = get_positive_or(g, "r_mach", file, p.r_mach);
        if (p.r_task < 1) throw_at(g["r_task"], file, "r_task must be >= 1");
        if (p.r_mach < 1) throw_at(g["r_mach"], file, "r_mach must be >= 1");
        p.mean_s = get_positive_or(g, "mean_s", file, p.mean_s);
        p.v_task = get_non_negative_or(g, "v_task", file, p.v_task);
        p.v_mach = get_non_negative_or(g, "v_mach", file, p.v_mach);
    }
    if (has_key(n, "apc") && has_key(n, "apc_generator"))
        throw_at(n, file, "tarplee workload: give at most one of 'apc' and 'apc_generator'");
    if (has_key(n, "apc")) {
        p.apc = positive_matrix(n["apc"], file, "'apc'", M);
        if (!p.etc.empty() && p.apc.size() != p.etc.size())
            throw_at(n["apc"], file,
                     "'apc' has " + std::to_string(p.apc.size()) + " rows, 'etc' " + std::to_string(p.etc.size()));
        for (std::size_t i = 0; i < p.apc.size(); ++i)
            for (std::size_t j = 0; j < M; ++j)
                if (p.apc[i][j] < platform.core_types[j].pstates.front().idle_power_w)
                    throw_at(n["apc"][i][j], file,
                             "'apc' entry below the idle power of core type '" + platform.core_types[j].name + "'");
    }
    if (has_key(n, "apc_generator")) {
        const YAML::Node g = nested_map(n, "apc_generator", file);
        p.apc_cvb = true;
        p.apc_mean_w = get_positive_or(g, "mean_w", file, p.apc_mean_w);
        p.apc_v_task = get_non_negative_or(g, "v_task", file, p.apc_v_task);
        p.apc_v_mach = get_non_negative_or(g, "v_mach", file, p.apc_v_mach);
        for (const CoreType& ct : platform.core_types)
            if (ct.pstates.front().idle_power_w > 0)
                throw_at(g, file,
                         "apc_generator needs core types with idle power 0 at P0 (a drawn APC could fall "
                         "below it); core type '" +
                             ct.name + "' has more");
    }
    if (has_key(n, "type_weights")) {
        const YAML::Node w = n["type_weights"];
        expect_sequence(w, file, "'type_weights'");
        double sum = 0;
        for (const auto& x : w) {
            p.type_weights.push_back(as_non_negative(x, file, "'type_weights' entry"));
            sum += p.type_weights.back();
        }
        // std::discrete_distribution over weights that are all 0 is undefined.
        if (!p.type_weights.empty() && !(sum > 0))
            throw_at(w, file, "'type_weights' must have at least one weight > 0 (all are 0)");
    }
    if (has_key(n, "rewards")) {
        const YAML::Node r = n["rewards"];
        expect_sequence(r, file, "'rewards'");
        for (const auto& x : r) p.rewards.push_back(as_non_negative(x, file, "'rewards' entry"));
    }
    const std::size_t T = has_key(n, "etc") ? p.etc.size() : p.task_types;
    for (const char* key : {"arrival_rates", "rewards"})
        if (has_key(n, key) && n[key].size() != T)
            throw_at(n[key], file,
                     "'" + std::string(key) + "' has " + std::to_string(n[key].size()) + " entries for " +
                         std::to_string(T) + " task types");
    return generated_tasks(n, file, platform, c.seed, "tarplee",
                           [&](std::mt19937_64& rng) { return generate_tarplee_bag(p, rng).tasks; });
}

}  // namespace

void register_tarplee_workloads(WorkloadRegistry& r) {
    r.add({"tarplee",
           "a static bag of serial tasks over task types x machine types, ETC and APC given or drawn (Tarplee "
           "Ch.2-4), or Poisson arrivals per task type over a horizon (Ch.5 steady state)",
           tarplee_params(),
           tasks_of(tarplee_bag),
           {},
           {},
           {},
           {}});
}

}  // namespace rmsim
