// The Machovec dissertation's workloads: `machovec_ch2` (§2.5.1), `machovec_ch3` (§3.4.2), `machovec_ch4`
// (§4.4.3), `machovec_testbed` (§3.6) and `machovec_trace` (§3.4.3: one day of an SWF trace per trial, on a platform scaled to a
// fraction of the traced machine). Keys and GAPs in docs/workloads.md.
#include <algorithm>
#include <cmath>
#include <tuple>
#include <utility>

#include "platform/enum_names.h"
#include "platform/model_limits.h"
#include "platform/yaml_quantities.h"
#include "workloads/config/workload_yaml.h"
#include "workloads/machovec_ch2_generator.h"
#include "workloads/machovec_ch3_generator.h"
#include "workloads/machovec_ch4_generator.h"
#include "workloads/machovec_testbed_generator.h"
#include "workloads/machovec_trace.h"
#include "workloads/preemption_traits.h"
#include "workloads/swf_reader.h"
#include "workloads/workload_registry.h"

namespace rmsim {

namespace {

constexpr auto kApcNames = enum_names<ApcScope>({{ApcScope::PerNode, "per-node"}, {ApcScope::PerTask, "per-task"}});
constexpr auto kFamilyNames = enum_names<MachovecCh4UtilityFamily>({{MachovecCh4UtilityFamily::Step, "step"},
                                                                    {MachovecCh4UtilityFamily::Decaying, "decaying"},
                                                                    {MachovecCh4UtilityFamily::Classes, "classes"}});
constexpr auto kAverageNames = enum_names<MachovecCh4AverageTime>(
    {{MachovecCh4AverageTime::EtcMean, "etc-mean"}, {MachovecCh4AverageTime::ClassMean, "class-mean"}});

/// `apc: per-node | per-task` of the Machovec workloads (AMBIG; MachovecCh3Params::apc_scope).
ApcScope apc_scope(const YAML::Node& n, const std::string& file) {
    const std::string s = get_string_or(n, "apc", file, "per-node");
    if (const auto scope = kApcNames.parse(s)) return *scope;
    throw_at(n["apc"], file, "apc must be " + kApcNames.alternatives("'") + ", got '" + s + "'");
}

ParamInfo apc_param() {
    return {"apc", "string", kApcNames.name(ApcScope::PerNode),
            "whether a task type's APC is the power of each of its nodes or of the whole task (B1 AMBIG): " +
                kApcNames.alternatives()};
}

/// Arrivals at a mean of tasks_per_day over horizon_s: a few standard deviations above the mean bound them,
/// and that many tasks must fit in memory.
void check_daily_tasks(const YAML::Node& n, const std::string& file, double tasks_per_day, Seconds horizon_s) {
    const double expected = tasks_per_day * horizon_s / 86400.0;
    check_task_memory(expected, key_or_section(n, "tasks_per_day"), file,
                      "about " + std::to_string(static_cast<std::uint64_t>(expected)) + " tasks");
}

/// Machovec Ch.2 §2.5.1 tasks (workloads/machovec_ch2_generator.h).
std::vector<Task> machovec_ch2(const YAML::Node& n, const WorkloadContext& c) {
    const std::string& file = c.file;
    MachovecCh2Params p;
    p.core_types = static_cast<std::uint32_t>(c.platform.core_types.size());
    for (const CoreType& ct : c.platform.core_types)
        p.pstates = std::max(p.pstates, static_cast<std::uint32_t>(ct.pstates.size()));
    p.tasks_min = get_count_or(n, "tasks_min", file, p.tasks_min);
    p.tasks_max = get_count_or(n, "tasks_max", file, p.tasks_max);
    p.types_min = get_count_or(n, "types_min", file, p.types_min);
    p.types_max = get_count_or(n, "types_max", file, p.types_max);
    for (auto [lo, hi, key] :
         {std::tuple{&p.tasks_min, &p.tasks_max, "tasks_max"}, std::tuple{&p.types_min, &p.types_max, "types_max"}})
        if (*hi < *lo) throw_at(key_or_section(n, key), file, quoted(key) + " must not be below its minimum");
    p.horizon_s = hours_key(n, file, p.horizon_s);
    p.sinusoid_amplitude = fraction_or(n, "sinusoid_amplitude", file, p.sinusoid_amplitude);
    p.sinusoid_period_s = get_seconds_or(n, "sinusoid_period_s", file, p.sinusoid_period_s, true);
    p.sinusoid_peak_s = get_seconds_or(n, "sinusoid_peak_s", file, p.sinusoid_peak_s, true);
    p.base_time_s = 60.0 * get_positive_or(n, "base_time_min", file, p.base_time_s / 60.0);
    p.base_energy_j = get_positive_or(n, "base_energy_j", file, p.base_energy_j);
    p.configs_min = get_count_or(n, "configs_min", file, p.configs_min);
    p.configs_max = get_count_or(n, "configs_max", file, p.configs_max);
    if (p.configs_max < p.configs_min)
        throw_at(key_or_section(n, "configs_max"), file, "'configs_max' must not be below its minimum");
    if (has_key(n, "config_cores")) {
        p.config_cores.clear();
        const YAML::Node list = get_node(n, "config_cores", file);
        expect_sequence(list, file, "'config_cores'");
        for (const auto& v : list) p.config_cores.push_back(as_count(v, file, "'config_cores' entry"));
        if (p.config_cores.empty()) throw_at(list, file, "'config_cores' must not be empty");
    }
    if (has_key(n, "config_memory_gb")) {
        p.config_memory_gb.clear();
        const YAML::Node list = get_node(n, "config_memory_gb", file);
        expect_sequence(list, file, "'config_memory_gb'");
        for (const auto& m : list) p.config_memory_gb.push_back(as_positive(m, file, "'config_memory_gb' entry"));
        if (p.config_memory_gb.empty()) throw_at(list, file, "'config_memory_gb' must not be empty");
    }
    if (p.configs_max > p.config_cores.size() * p.config_memory_gb.size())
        throw_at(key_or_section(n, "configs_max"), file,
                 "'configs_max' exceeds the distinct (cores, memory) pairs of config_cores x config_memory_gb");
    check_task_memory(double(p.tasks_max), key_or_section(n, "tasks_max"), file,
                      std::to_string(p.tasks_max) + " tasks");
    return generated_tasks(n, file, c.platform, c.seed, "machovec_ch2",
                           [&](std::mt19937_64& rng) { return generate_machovec_ch2(p, rng).tasks; });
}

std::vector<ParamInfo> machovec_ch2_params() {
    const MachovecCh2Params d;
    const auto num = default_text;
    const auto join = [](const auto& values) {
        std::string s;
        for (const auto& v : values) s += (s.empty() ? "" : ", ") + default_text(v);
        return "[" + s + "]";
    };
    return {
        ParamInfo{"tasks_min", "integer", num(d.tasks_min), "fewest tasks of a trial (uniform in [min, max])"}.at_least(
            1),
        ParamInfo{"tasks_max", "integer", num(d.tasks_max), "most tasks of a trial"}.at_least(1),
        ParamInfo{"types_min", "integer", num(d.types_min), "fewest task types of a trial"}.at_least(1),
        ParamInfo{"types_max", "integer", num(d.types_max), "most task types of a trial"}.at_least(1),
        ParamInfo{"hours", "number", num(d.horizon_s / 3600), "the span of the arrivals (the first 2 h a warm-up)"}
            .above(0),
        ParamInfo{"sinusoid_amplitude", "number", num(d.sinusoid_amplitude), "GAP: a of the arrival density, in [0, 1]"}
            .in(0, 1),
        ParamInfo{"sinusoid_period_s", "number", num(d.sinusoid_period_s), "GAP: P of the arrival density"}.above(0),
        ParamInfo{"sinusoid_peak_s", "number", num(d.sinusoid_peak_s),
                  "GAP: clock time of the arrivals' peak (t = 0 is midnight)"}
            .above(0),
        ParamInfo{"base_time_min", "number", num(d.base_time_s / 60),
                  "mean time of the base case (1 core, 1 GB), minutes"}
            .above(0),
        ParamInfo{"base_energy_j", "number", num(d.base_energy_j), "mean energy of the base case, joules"}.above(0),
        ParamInfo{"configs_min", "integer", num(d.configs_min), "GAP: fewest (cores, memory) configurations of a type"}
            .at_least(1),
        ParamInfo{"configs_max", "integer", num(d.configs_max), "GAP: most configurations of a type"}.at_least(1),
        {"config_cores", "list", join(d.config_cores), "GAP: the cores a configuration may have"},
        {"config_memory_gb", "list", join(d.config_memory_gb), "GAP: the memory a configuration may have, GB"},
    };
}

/// `power_scaling` of machovec_ch3 (B2.6: 1.0, 0.75, 0.5; §3.5: a check with 15 P-states): one positive factor
/// per P-state, P0 first, as many as every cluster's core type has P-states.
std::vector<double> power_scaling(const YAML::Node& n, const std::string& file, const PlatformSpec& platform) {
    const YAML::Node l = n["power_scaling"];
    expect_sequence(l, file, "'power_scaling'");
    std::vector<double> out;
    for (const auto& v : l) out.push_back(as_positive(v, file, "'power_scaling' entry"));
    for (const CoreType& ct : platform.core_types)
        if (ct.pstates.size() != out.size())
            throw_at(l, file,
                     "'power_scaling' has " + std::to_string(out.size()) + " factors, but core type " + ct.name +
                         " has " + std::to_string(ct.pstates.size()) + " P-states (one factor per P-state)");
    return out;
}

/// Machovec Ch.3 §3.4.2 tasks (workloads/machovec_ch3_generator.h; GAPs listed there and in docs/fidelity.md).
/// Each task's APC reaches the cores' power (TimeTable::busy_power_w).
std::vector<Task> machovec_ch3(const YAML::Node& n, const WorkloadContext& c) {
    const std::string& file = c.file;
    MachovecCh3Params p;
    p.clusters = generator_clusters(n, file, c.platform, "machovec_ch3 workload needs a machovec-ch3 style platform",
                                    machovec_ch3_clusters);
    p.tasks_per_day = get_amount_or(n, "tasks_per_day", file, p.tasks_per_day, true);
    p.horizon_s = hours_key(n, file, p.horizon_s);
    p.apc_scope = apc_scope(n, file);
    if (has_key(n, "power_scaling")) p.power_scaling = power_scaling(n, file, c.platform);
    // GAPs of the arrival process (workloads/machovec_ch3_generator.h).
    p.sinusoid_amplitude = get_non_negative_or(n, "sinusoid_amplitude", file, p.sinusoid_amplitude);
    p.start_clock_s = get_seconds_or(n, "start_clock_s", file, p.start_clock_s, false);
    // Beyond the papers: bursts, preemption flags, memory footprints (defaults: Ch.3 as it was, no draw).
    const std::uint64_t burst = get_count_or(n, "burst_size", file, p.burst_size);
    if (burst < 1 || burst > 1000000) throw_at(n["burst_size"], file, "burst_size must be from 1 to 1000000");
    p.burst_size = static_cast<std::uint32_t>(burst);
    PreemptionTraits traits;
    traits.flags = has_key(n, "preempt_probability");
    traits.preempt_probability = fraction_or(n, "preempt_probability", file, 0.0);
    traits.memory_per_core_min_b = 1e6 * get_non_negative_or(n, "memory_per_core_mb_min", file, 0.0);
    traits.memory_per_core_max_b =
        1e6 * get_non_negative_or(n, "memory_per_core_mb_max", file, traits.memory_per_core_min_b / 1e6);
    if (traits.memory_per_core_max_b < traits.memory_per_core_min_b)
        throw_at(n["memory_per_core_mb_max"], file, "memory_per_core_mb_max must be >= memory_per_core_mb_min");
    check_daily_tasks(n, file, p.tasks_per_day, p.horizon_s);
    return generated_tasks(n, file, c.platform, c.seed, "machovec_ch3", [&](std::mt19937_64& rng) {
        std::vector<Task> tasks = generate_machovec_ch3(p, rng).tasks;
        draw_preemption_traits(tasks, traits, rng);  // after every draw of the generator
        return tasks;
    });
}

std::vector<ParamInfo> machovec_ch3_params() {
    const MachovecCh3Params d;
    const auto num = default_text;
    return {
        ParamInfo{"tasks_per_day", "number", num(d.tasks_per_day), "mean tasks a day (B2.1: 5,000 or 10,000)"}.above(0),
        ParamInfo{"hours", "number", num(d.horizon_s / 3600),
                  "the span of the arrivals (B2.1: 28 h, the first 4 a warm-up)"}
            .above(0),
        apc_param(),
        {"power_scaling", "list", "[1, 0.75, 0.5]",
         "power scaling factor of each P-state, P0 first, one per P-state of the platform (B2.6)"},
        ParamInfo{"sinusoid_amplitude", "number", num(d.sinusoid_amplitude),
                  "GAP: a of each type's rate (1 + a sin(...))"}
            .at_least(0),
        ParamInfo{"start_clock_s", "number", num(d.start_clock_s), "GAP: the clock time of t = 0 (20:00)"}.at_least(0),
        ParamInfo{"burst_size", "integer", num(d.burst_size),
                  "beyond the papers: mean size B of same-type bursts, 1 to 1e6"}
            .in(1, 1000000),
        ParamInfo{"preempt_probability", "number", "(none: no flags drawn)",
                  "beyond the papers: each task's two preemption flags are each true with this probability"}
            .in(0, 1),
        ParamInfo{"memory_per_core_mb_min", "number", "0",
                  "beyond the papers: smallest memory footprint per requested core, MB (what a checkpoint writes)"}
            .at_least(0),
        ParamInfo{"memory_per_core_mb_max", "number", "memory_per_core_mb_min",
                  "beyond the papers: largest memory footprint per requested core, MB"}
            .at_least(0),
    };
}

/// A matrix [task type][cluster] of `what` (`rows` rows of one entry per cluster): numbers, a negative entry
/// meaning "n.a." (the type cannot run on that cluster).
std::vector<std::vector<double>> testbed_matrix(const YAML::Node& n, const char* key, const std::string& file,
                                                std::size_t rows, std::size_t clusters) {
    const YAML::Node m = get_node(n, key, file);
    expect_sequence(m, file, quoted(key));
    if (m.size() != rows)
        throw_at(m, file,
                 quoted(key) + " has " + std::to_string(m.size()) + " rows, 'type_cores' " + std::to_string(rows) +
                     " task types");
    std::vector<std::vector<double>> out;
    for (const auto& row : m) {
        expect_sequence(row, file, quoted(key) + " row");
        if (row.size() != clusters)
            throw_at(row, file,
                     quoted(key) + " row has " + std::to_string(row.size()) + " entries, the platform has " +
                         std::to_string(clusters) + " clusters (one column each, in platform order)");
        std::vector<double> r;
        for (const auto& v : row) r.push_back(as_double(v, file, quoted(key) + " entry"));
        out.push_back(std::move(r));
    }
    return out;
}

/// Machovec Ch.3 §3.6 testbed tasks (workloads/machovec_testbed_generator.h).
std::vector<Task> machovec_testbed(const YAML::Node& n, const WorkloadContext& c) {
    const std::string& file = c.file;
    MachovecTestbedParams p;
    p.clusters = generator_clusters(n, file, c.platform,
                                    "machovec_testbed workload needs clusters of one core type and one P-state each",
                                    machovec_testbed_clusters);
    const YAML::Node cores = get_node(n, "type_cores", file);
    expect_sequence(cores, file, "'type_cores'");
    if (cores.size() == 0) throw_at(cores, file, "'type_cores' must not be empty");
    const std::size_t T = cores.size(), C = p.clusters.size();
    const auto etc = testbed_matrix(n, "etc_s", file, T, C);
    const auto eec = testbed_matrix(n, "eec_j", file, T, C);
    std::vector<double> weights(T, 1.0);
    if (has_key(n, "type_weights")) {
        const YAML::Node w = n["type_weights"];
        expect_sequence(w, file, "'type_weights'");
        if (w.size() != T) throw_at(w, file, "'type_weights' needs one weight per task type of 'type_cores'");
        for (std::size_t i = 0; i < T; ++i) weights[i] = as_non_negative(w[i], file, "'type_weights' entry");
    }
    for (std::size_t i = 0; i < T; ++i)
        p.types.push_back({as_count(cores[i], file, "'type_cores' entry"), weights[i], etc[i], eec[i]});
    p.horizon_s = hours_key(n, file, p.horizon_s);
    p.mean_interarrival_s = get_seconds_or(n, "mean_interarrival_s", file, p.mean_interarrival_s, true);
    p.utility_min = get_count_or(n, "utility_min", file, p.utility_min);
    p.utility_max = get_count_or(n, "utility_max", file, p.utility_max);
    p.plateau_factor = get_non_negative_or(n, "plateau_factor", file, p.plateau_factor);
    p.zero_factor = get_positive_or(n, "zero_factor", file, p.zero_factor);
    const double expected = p.horizon_s / p.mean_interarrival_s;
    check_task_memory(expected + 6 * std::sqrt(expected), key_or_section(n, "mean_interarrival_s"), file,
                      "about " + std::to_string(static_cast<std::uint64_t>(expected)) + " tasks");
    const std::size_t core_types = c.platform.core_types.size();
    return generated_tasks(n, file, c.platform, c.seed, "machovec_testbed",
                           [&](std::mt19937_64& rng) { return generate_machovec_testbed(p, core_types, rng); });
}

std::vector<ParamInfo> machovec_testbed_params() {
    const MachovecTestbedParams d;
    const auto num = default_text;
    return {
        {"type_cores", "list", "(required)", "cores of each task type (Table 6's core requirement)"},
        {"type_weights", "list", "(equal)", "relative frequency of each task type in the arrivals, >= 0"},
        {"etc_s", "matrix", "(required)",
         "ETC [task type][cluster], seconds (Table 6; columns in platform order; negative = n.a.)"},
        {"eec_j", "matrix", "(required)",
         "EEC [task type][cluster], joules of the whole task (Table 7; ignored where the ETC is n.a.)"},
        ParamInfo{"hours", "number", num(d.horizon_s / 3600), "the span of the arrivals (§3.6.2: 3 h)"}.above(0),
        ParamInfo{"mean_interarrival_s", "number", num(d.mean_interarrival_s),
                  "mean time between arrivals (§3.6.2: 120 s; GAP: Poisson)"}
            .above(0),
        ParamInfo{"utility_min", "integer", num(d.utility_min), "least maximum utility (integers, uniform)"}.at_least(
            1),
        ParamInfo{"utility_max", "integer", num(d.utility_max), "largest maximum utility"}.at_least(1),
        ParamInfo{"plateau_factor", "number", num(d.plateau_factor),
                  "the utility starts to decay at this x the type's minimum execution time (§3.6.2: 2.5)"}
            .at_least(0),
        ParamInfo{"zero_factor", "number", num(d.zero_factor),
                  "GAP: the utility reaches 0 (linearly) at this x the minimum execution time"}
            .above(0),
    };
}

/// Machovec Ch.4 §4.4.3 tasks (workloads/machovec_ch4_generator.h; keys and GAPs in docs/workloads.md).
std::vector<Task> machovec_ch4(const YAML::Node& n, const WorkloadContext& c) {
    const std::string& file = c.file;
    MachovecCh4Params p;
    p.clusters = generator_clusters(n, file, c.platform, "machovec_ch4 workload needs clusters of one core type each",
                                    machovec_ch4_clusters);
    p.tasks_per_day = get_amount_or(n, "tasks_per_day", file, p.tasks_per_day, true);
    p.horizon_s = hours_key(n, file, p.horizon_s);
    p.task_types = get_count_or(n, "task_types", file, std::uint32_t(p.task_types));
    p.critical_fraction = fraction_or(n, "critical_fraction", file, p.critical_fraction);
    if (p.task_types == 1 && p.critical_fraction > 0 && p.critical_fraction < 1)
        throw_at(key_or_section(n, "task_types"), file,
                 "a critical_fraction strictly between 0 and 1 needs at least 2 task_types (criticality belongs "
                 "to the type)");
    for (auto [key, mean] : {std::pair{"critical_mean_min", &p.critical_mean_s},
                             std::pair{"noncritical_mean_min", &p.noncritical_mean_s}}) {
        *mean = 60.0 * get_amount_or(n, key, file, *mean / 60.0, true);
        if (*mean > kMaxSeconds)
            throw_at(n[key], file, quoted(key) + " is past the end of simulated time (9.2e+09 s, 292 years)");
    }
    p.critical_utility = get_amount_or(n, "critical_utility", file, p.critical_utility);
    p.noncritical_utility = get_amount_or(n, "noncritical_utility", file, p.noncritical_utility);
    p.burst_size = get_count_or(n, "burst_size", file, p.burst_size);
    if (p.burst_size > 1000000)
        throw_at(n["burst_size"], file, "'burst_size' must be at most 1000000, got " + n["burst_size"].Scalar());
    const std::string family = get_string_or(n, "utility_family", file, "classes");
    if (const auto f = kFamilyNames.parse(family))
        p.utility_family = *f;
    else
        throw_at(n["utility_family"], file,
                 "utility_family must be " + kFamilyNames.alternatives() + ", got '" + family + "'");
    const std::string average = get_string_or(n, "average_time", file, "etc-mean");
    if (const auto a = kAverageNames.parse(average))
        p.average_time = *a;
    else
        throw_at(n["average_time"], file,
                 "average_time must be " + kAverageNames.alternatives() + ", got '" + average + "'");
    p.critical_urgency = get_positive_or(n, "critical_urgency", file, p.critical_urgency);
    p.noncritical_urgency = get_positive_or(n, "noncritical_urgency", file, p.noncritical_urgency);
    p.preempt_probability = fraction_or(n, "preempt_probability", file, p.preempt_probability);
    p.sinusoid_amplitude = fraction_or(n, "sinusoid_amplitude", file, p.sinusoid_amplitude);
    p.sinusoid_period_s = get_seconds_or(n, "sinusoid_period_s", file, p.sinusoid_period_s, true);
    p.time_cov = get_non_negative_or(n, "time_cov", file, p.time_cov);
    check_daily_tasks(n, file, p.tasks_per_day, p.horizon_s);
    // A type costs about what a task does (its time table and ETC row).
    check_task_memory(double(p.task_types), key_or_section(n, "task_types"), file,
                      std::to_string(p.task_types) + " task types");
    return generated_tasks(n, file, c.platform, c.seed, "machovec_ch4",
                           [&](std::mt19937_64& rng) { return generate_machovec_ch4(p, rng).tasks; });
}

std::vector<ParamInfo> machovec_ch4_params() {
    const MachovecCh4Params d;
    const auto num = default_text;
    return {
        ParamInfo{"tasks_per_day", "number", num(d.tasks_per_day),
                  "mean tasks a day (§4.4.3: 75 per core on 800 cores)"}
            .above(0),
        ParamInfo{"hours", "number", num(d.horizon_s / 3600),
                  "the span of the arrivals (§4.4.1: 28 h, the first 4 a warm-up)"}
            .above(0),
        ParamInfo{"task_types", "integer", num(double(d.task_types)),
                  "GAP: task types; criticality belongs to the type"}
            .at_least(1),
        ParamInfo{"critical_fraction", "number", num(d.critical_fraction),
                  "share of the tasks that are critical, in [0, 1]"}
            .in(0, 1),
        ParamInfo{"critical_mean_min", "number", num(d.critical_mean_s / 60), "class mean of critical types, minutes"}
            .above(0),
        ParamInfo{"noncritical_mean_min", "number", num(d.noncritical_mean_s / 60),
                  "class mean of non-critical types, minutes"}
            .above(0),
        ParamInfo{"critical_utility", "number", num(d.critical_utility), "starting utility of critical tasks"}.at_least(
            0),
        ParamInfo{"noncritical_utility", "number", num(d.noncritical_utility), "starting utility of non-critical tasks"}
            .at_least(0),
        ParamInfo{"burst_size", "integer", num(d.burst_size), "mean burst size B, at most 1e6 (1: single arrivals)"}.in(
            1, 1000000),
        {"utility_family", "string", kFamilyNames.name(d.utility_family),
         "the utility functions (Fig. 36): " + kFamilyNames.alternatives()},
        {"average_time", "string", kAverageNames.name(d.average_time),
         "GAP: the average execution time of a type: " + kAverageNames.alternatives()},
        ParamInfo{"critical_urgency", "number", num(d.critical_urgency),
                  "GAP: urgency of critical types' utility classes"}
            .above(0),
        ParamInfo{"noncritical_urgency", "number", num(d.noncritical_urgency),
                  "GAP: urgency of non-critical types' classes"}
            .above(0),
        ParamInfo{"preempt_probability", "number", num(d.preempt_probability),
                  "probability of each preemption flag, in [0, 1]"}
            .in(0, 1),
        ParamInfo{"sinusoid_amplitude", "number", num(d.sinusoid_amplitude),
                  "GAP: a of each type's burst rate, in [0, 1]"}
            .in(0, 1),
        ParamInfo{"sinusoid_period_s", "number", num(d.sinusoid_period_s), "GAP: P of each type's burst rate"}.above(0),
        {"one_task_jobs", "boolean", "false",
         "beyond the dissertation: each task its own job valued by its utility, for the Singh policies (DAG jobs)"},
        ParamInfo{"time_cov", "number", num(d.time_cov),
                  "beyond the dissertation: > 0 makes each time a Gamma distribution around the ETC with this COV, "
                  "each task drawing its own (0: deterministic, as Ch.4)"}
            .at_least(0),
    };
}

/// Machovec Ch.3 §3.4.3 keys shared by the platform scaling and the task loader.
struct TraceKeys {
    std::uint32_t machine_cores = 92160;  ///< B2.7 Curie
    double system_fraction = 0.8;         ///< B2.7 10 % .. 80 %; Fig. 32 uses 80 %
};

TraceKeys trace_keys(const YAML::Node& n, const std::string& file) {
    TraceKeys k;
    k.machine_cores = get_count_or(n, "machine_cores", file, k.machine_cores);
    k.system_fraction = get_positive_or(n, "system_fraction", file, k.system_fraction);
    if (k.system_fraction > 1) throw_at(n["system_fraction"], file, "system_fraction must be in (0, 1]");
    return k;
}

/// The trace day trial `trial` simulates (first_day + trial); InputError if the trace has no such day.
std::uint32_t trace_day(const YAML::Node& n, const std::string& file, const SwfTrace& trace, std::uint32_t trial) {
    const std::uint32_t first_day = get_count_or(n, "first_day", file, 1);
    const std::int64_t last = swf_last_day(trace);
    const std::int64_t day = std::int64_t(first_day) + trial;
    if (day > last)
        throw_at(key_or_section(n, "first_day"), file,
                 "trial " + std::to_string(trial) + " simulates trace day " + std::to_string(first_day) + " + " +
                     std::to_string(trial) + " = " + std::to_string(day) + ", beyond the trace's last day " +
                     std::to_string(last) + " (days counted from its time 0)");
    return static_cast<std::uint32_t>(day);
}

/// The platform of a machovec_trace workload: system_fraction x machine_cores.
PlatformSpec trace_platform(const YAML::Node& n, const std::string& file, const PlatformSpec& platform) {
    const TraceKeys k = trace_keys(n, file);
    try {
        return scale_platform(platform, k.system_fraction * k.machine_cores);
    } catch (const std::invalid_argument& ex) {
        throw_at(n, file, std::string("machovec_trace workload: ") + ex.what());
    }
}

/// Machovec Ch.3 §3.4.3 tasks from one day of an SWF trace (workloads/machovec_trace.h; GAPs there). The
/// platform has already been scaled by trace_platform. The day's jobs that never ran are noted as the swf
/// workload notes them (Workload::skipped).
Workload machovec_trace(const YAML::Node& n, const WorkloadContext& c) {
    const std::string& file = c.file;
    const TraceKeys k = trace_keys(n, file);
    MachovecTraceParams p;
    p.clusters = generator_clusters(n, file, c.platform, "machovec_trace workload needs a machovec-ch3 style platform",
                                    machovec_ch3_clusters);
    p.machine_cores = k.machine_cores;
    p.max_task_cores = get_count_or(n, "max_task_cores", file, p.max_task_cores);
    p.apc_scope = apc_scope(n, file);
    const std::string path = c.resolve(get_string(n, "path", file));
    const SwfTrace trace = read_swf(path, max_bytes(n, file));
    p.day = trace_day(n, file, trace, c.trial);
    if (c.trials > 0) trace_day(n, file, trace, c.trials - 1);  // the last trial's day, before any trial runs
    MachovecTraceCounts counts;
    Workload w;
    w.tasks = generated_tasks(n, file, c.platform, c.seed, "machovec_trace", [&](std::mt19937_64& rng) {
        MachovecTraceWorkload day = generate_machovec_trace(trace, p, rng);
        counts = std::move(day.counts);
        return std::move(day.tasks);
    });
    if (counts.unknown > 0) {
        SkippedRecords never_ran{path, "job", "of the simulated day, never ran: unknown or zero runtime or processors"};
        never_ran.count = counts.unknown;
        never_ran.first_lines = counts.unknown_lines;
        w.skipped.push_back(std::move(never_ran));
    }
    return w;
}

std::vector<ParamInfo> machovec_trace_params() {
    const TraceKeys k;
    const MachovecTraceParams d;
    const auto num = default_text;
    return {
        {"path", "string", "(required)", "the SWF trace, plain or gzip, relative to the config file"},
        ParamInfo{"first_day", "integer", "1",
                  "trial t simulates trace day first_day + t (days from the trace's time 0)"}
            .at_least(1),
        ParamInfo{"system_fraction", "number", num(k.system_fraction),
                  "the simulated system is this fraction of machine_cores, in (0, 1]; the platform is scaled to it"}
            .above(0)
            .at_most(1),
        ParamInfo{"machine_cores", "integer", num(k.machine_cores),
                  "the machine the trace's jobs are scaled to (Curie)"}
            .at_least(1),
        ParamInfo{"max_task_cores", "integer", num(d.max_task_cores), "jobs of more scaled cores are removed (B2.7)"}
            .at_least(1),
        apc_param(),
        max_bytes_param(),
    };
}

}  // namespace

void register_machovec_workloads(WorkloadRegistry& r) {
    r.add({"machovec_ch2",
           "tasks of VM configurations (cores, memory) with performance and energy value functions (Machovec Ch.2 "
           "§2.5.1)",
           machovec_ch2_params(),
           tasks_of(machovec_ch2),
           {},
           {},
           {},
           {}});
    r.add({"machovec_ch3",
           "parallel tasks of 100 types with utility classes on a machovec-ch3 style platform (Machovec Ch.3 "
           "§3.4.2)",
           machovec_ch3_params(),
           tasks_of(machovec_ch3),
           {},
           {},
           {},
           {}});
    r.add({"machovec_ch4",
           "serial tasks in bursts of one type, critical and non-critical, on clusters of one core type each "
           "(Machovec Ch.4 §4.4.3)",
           machovec_ch4_params(),
           [](const YAML::Node& n, const WorkloadContext& c) {
               // Beyond Ch.4: each task as a one-task job, for the Singh policies (docs/head-to-head.md).
               std::vector<Task> tasks = machovec_ch4(n, c);
               return get_bool_or(n, "one_task_jobs", c.file, false) ? one_task_jobs(std::move(tasks))
                                                                     : task_workload(std::move(tasks));
           },
           {},
           {},
           {},
           {}});
    r.add({"machovec_testbed",
           "the Ch.3 testbed's task types (ETC and EEC per cluster) arriving in a fixed mix, utility 1-4 decaying "
           "after 2.5 x the shortest time (Machovec Ch.3 §3.6)",
           machovec_testbed_params(),
           tasks_of(machovec_testbed),
           {},
           {},
           {},
           {}});
    r.add({"machovec_trace",
           "one day of an SWF trace per trial, the rest drawn as machovec_ch3, on a platform scaled to a fraction "
           "of the traced machine (Machovec Ch.3 §3.4.3)",
           machovec_trace_params(),
           machovec_trace,
           trace_platform,
           {"path"},
           {},
           {}});
}

}  // namespace rmsim
