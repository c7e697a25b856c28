#include "sim/config/workload_config.h"

#include <algorithm>
#include <tuple>
#include <cmath>
#include <random>

#include "platform/number_format.h"
#include "platform/input_error.h"
#include "platform/model_limits.h"
#include "platform/resource_limits.h"
#include "platform/yaml_quantities.h"
#include "platform/yaml_util.h"
#include "workloads/arrivals.h"
#include "workloads/csv_tasks.h"
#include "workloads/machovec_ch3_generator.h"
#include "workloads/machovec_ch2_generator.h"
#include "workloads/preemption_traits.h"
#include "workloads/machovec_ch4_generator.h"
#include "workloads/siegel_generator.h"
#include "workloads/machovec_trace.h"
#include "workloads/runnable.h"
#include "workloads/singh_dag_generator.h"
#include "workloads/swf_reader.h"
#include "workloads/tarplee_bag_generator.h"

namespace rmsim {

namespace {

std::string resolve(const std::string& base_dir, const std::string& path) {
    if (path.empty() || path[0] == '/' || base_dir.empty()) return path;
    return base_dir + "/" + path;
}

/// Frequency (Hz) of P0 of the reference core type: work given in seconds "at P0" becomes cycles there.
Hertz reference_hz(const PlatformSpec& p) { return p.core_types.at(0).pstates.at(0).frequency_hz; }

/// Analytic work taking `seconds` at P0 of the reference core, `memory_fraction` of it frequency-independent.
WorkModel work_of(Seconds seconds, double memory_fraction, Hertz f0) {
    WorkModel w;
    w.set_cycles((1.0 - memory_fraction) * seconds * f0);
    w.set_memory_s(memory_fraction * seconds);
    return w;
}

/// A generated workload whose task cannot be simulated is blamed on its generator's key `n`.
void check_generated(const std::vector<Task>& tasks, const PlatformSpec& platform, const YAML::Node& n,
                     const std::string& file, const std::string& kind) {
    const RunnableCheck check(platform);
    for (std::size_t i = 0; i < tasks.size(); ++i)
        if (const TaskProblem p = check.problem(tasks[i]))
            throw_at(n, file, kind + " workload: its task " + std::to_string(i) + " " + p.message);
}

/// A generator's view of the platform, `clusters(platform)`: a platform it cannot use (std::invalid_argument)
/// is blamed on its key `n`, after `needs`.
template <typename Clusters>
auto generator_clusters(const YAML::Node& n, const std::string& file, const PlatformSpec& platform,
                        const std::string& needs, Clusters clusters) -> decltype(clusters(platform)) {
    try {
        return clusters(platform);
    } catch (const std::invalid_argument& ex) {
        throw_at(n, file, needs + ": " + ex.what());
    }
}

/// The tasks of a generator, `generate(rng)` with the trial's seed: a bad parameter it finds
/// (std::invalid_argument) and a task that cannot be simulated are blamed on its key `n`.
template <typename Generate>
std::vector<Task> generated_tasks(const YAML::Node& n, const std::string& file, const PlatformSpec& platform,
                                  std::uint64_t seed, const std::string& kind, Generate generate) {
    std::mt19937_64 rng(seed);
    try {
        std::vector<Task> tasks = generate(rng);
        check_generated(tasks, platform, n, file, kind);
        return tasks;
    } catch (const std::invalid_argument& ex) {
        throw_at(n, file, kind + " workload: " + ex.what());
    }
}

/// `count` tasks must fit in memory (before they are made).
void check_task_memory(double count, const YAML::Node& at, const std::string& file, const std::string& what) {
    check_fits_in_memory(count * kBytesPerTask, yaml_location(at, file), what,
                         "about " + format_bytes(kBytesPerTask) + " a task");
}

/// memory_fraction of a workload: in [0, 1).
double memory_fraction(const YAML::Node& n, const std::string& file) {
    const double mem = get_non_negative_or(n, "memory_fraction", file, 0.0);
    if (mem >= 1) throw_at(n["memory_fraction"], file, "memory_fraction must be < 1");
    return mem;
}

std::vector<Task> synthetic(const YAML::Node& n, const std::string& file, const PlatformSpec& platform,
                            std::uint64_t seed) {
    check_allowed_keys(n, file, "synthetic workload",
                       {"tasks", "arrival_rate_per_s", "work_s_mean", "work_s_cov", "memory_fraction", "cores_min",
                        "cores_max", "utility_max", "utility_zero_after_factor", "arrival_amplitude", "arrival_period_s"});
    const std::uint32_t count = get_count(n, "tasks", file);
    check_task_memory(count, n["tasks"], file, std::to_string(count) + " tasks");
    const double rate = get_amount(n, "arrival_rate_per_s", file, true);
    // A sinusoidal rate rate·(1 + a·sin(2πt/P)) when a > 0: an offered load that swings above and below the
    // mean (the deep-queue benchmarks, docs/performance.md).
    const double amplitude = get_amount_or(n, "arrival_amplitude", file, 0.0);
    if (!(amplitude >= 0 && amplitude <= 1))
        throw_at(n["arrival_amplitude"], file, "arrival_amplitude must be in [0, 1] (the rate cannot be negative), got " +
                                                   n["arrival_amplitude"].Scalar());
    const Seconds period = get_seconds_or(n, "arrival_period_s", file, 86400, true);
    const double mean = get_seconds(n, "work_s_mean", file, true);
    const double cov = get_amount_or(n, "work_s_cov", file, 0.5);
    const double mem = memory_fraction(n, file);
    const std::uint32_t cmin = get_count_or(n, "cores_min", file, 1);
    const std::uint32_t cmax = get_count_or(n, "cores_max", file, cmin);
    if (cmax < cmin) throw_at(n["cores_max"], file, "cores_max must be >= cores_min");
    const double umax = get_amount_or(n, "utility_max", file, 1.0, true);
    const double zero_factor = get_amount_or(n, "utility_zero_after_factor", file, 10.0, true);
    // The value curve is flat for the work's own length, then decays to 0 at zero_after_factor x the work.
    if (zero_factor < 1)
        throw_at(n["utility_zero_after_factor"], file,
                 "utility_zero_after_factor must be >= 1 (the utility reaches 0 after the flat part, which lasts "
                 "the task's own work), got " + n["utility_zero_after_factor"].Scalar());
    // Any trial may draw cores_max: it must fit a cluster, whatever the draws of the trial checked first.
    {
        Task widest;
        widest.cores = cmax;
        if (const TaskProblem p = RunnableCheck(platform).problem(widest); p.fault == TaskFault::Request)
            throw_at(has_key(n, "cores_max") ? n["cores_max"] : n["cores_min"], file, "a task that " + p.message);
    }
    std::mt19937_64 rng(seed);
    // Arrivals: a Poisson process continued until `count` tasks have arrived; homogeneous, or sinusoidal by
    // thinning (candidates at the peak rate, one at t kept if u·peak < rate(t), workloads/arrivals.h).
    const SinusoidalRate swing{rate, amplitude, period, 0};
    std::exponential_distribution<double> gap(amplitude > 0 ? swing.max() : rate);
    std::uniform_real_distribution<double> keep(0.0, 1.0);
    // Work: Gamma with the given mean and COV (shape 1/COV^2, scale mean COV^2); fixed if COV = 0.
    std::gamma_distribution<double> work(cov > 0 ? 1.0 / (cov * cov) : 1.0, cov > 0 ? mean * cov * cov : mean);
    std::uniform_int_distribution<std::uint32_t> cores(cmin, cmax);
    const Hertz f0 = reference_hz(platform);
    std::vector<Task> tasks(count);
    Seconds t = 0;
    for (std::uint32_t i = 0; i < count; ++i) {
        t += gap(rng);
        if (amplitude > 0)
            while (keep(rng) * swing.max() >= std::max(0.0, swing.at(t))) t += gap(rng);
        Task& k = tasks[i];
        k.arrival_s = t;
        const Seconds s = cov > 0 ? work(rng) : mean;
        k.work = work_of(s, mem, f0);
        k.cores = cores(rng);
        // Utility: full value until the work's own length has passed, then linear decay to 0 at
        // zero_after_factor x the work (a soft deadline proportional to the task's size).
        k.utility = UtilityFunction::value_curve(umax, s, zero_factor * s);
    }
    number_by_arrival(tasks);
    check_generated(tasks, platform, n, file, "synthetic");
    return tasks;
}

std::vector<Task> from_swf(const YAML::Node& n, const std::string& file, const std::string& base_dir,
                           const PlatformSpec& platform) {
    check_allowed_keys(n, file, "swf workload", {"path", "max_jobs", "skip_jobs", "memory_fraction"});
    const std::string path = resolve(base_dir, get_string(n, "path", file));
    const std::uint32_t max_jobs = get_count_or(n, "max_jobs", file, UINT32_MAX);
    const double skip = get_non_negative_or(n, "skip_jobs", file, 0);
    const double mem = memory_fraction(n, file);
    const SwfTrace trace = read_swf(path);
    const Hertz f0 = reference_hz(platform);
    const RunnableCheck check(platform);
    std::vector<Task> tasks;
    Seconds origin = -1;
    std::size_t seen = 0;
    for (const SwfJob& j : trace.jobs) {
        if (seen++ < skip) continue;
        if (tasks.size() >= max_jobs) break;
        // Jobs with unknown or zero runtime or size never ran on the traced machine: not replayed.
        if (!j.run_time() || j.run_s <= 0 || !j.processors() || *j.processors() <= 0 || j.submit_s < 0) continue;
        if (origin < 0) origin = j.submit_s;
        const std::int64_t procs = *j.processors();
        // Fields 5 (allocated) or 8 (requested processors), whichever the job's size came from.
        const int procs_field = j.allocated_procs >= 0 ? 5 : 8;
        // Refused at the job's line: "SWF job <number><what>".
        const auto refuse = [&](const std::string& what) {
            throw InputError({path, j.line, 1}, "SWF job " + std::to_string(j.job_number) + what);
        };
        if (procs > std::int64_t(UINT32_MAX))
            refuse(": " + std::to_string(procs) + " processors (field " + std::to_string(procs_field) +
                   ") is more than 4294967295");
        Task t;
        t.arrival_s = j.submit_s - origin;
        t.cores = static_cast<std::uint32_t>(procs);
        t.work = work_of(j.run_s, mem, f0);  // the trace's runtime is the time at P0 of the reference core
        t.requested_time_s = j.requested_time_s;
        // The job's memory (what a checkpoint writes): used memory per processor (field 7), else requested
        // (field 10), times its processors; unknown: none.
        const double kb = j.used_memory_kb > 0 ? j.used_memory_kb : (j.requested_memory_kb > 0 ? j.requested_memory_kb : 0);
        const double bytes = kb * 1024.0 * static_cast<double>(procs);
        // Checked before the conversion, which is undefined beyond 2^64 - 1.
        if (!(bytes < 18446744073709551616.0))
            refuse(": its memory (" + number12(kb) + " KB per processor x " + std::to_string(procs) +
                   " processors) exceeds 2^64 bytes");
        t.memory_bytes = static_cast<std::uint64_t>(bytes);
        if (const TaskProblem p = check.problem(t)) {
            const char* field = p.fault == TaskFault::Arrival ? " (field 2, submit time)"
                                : p.fault == TaskFault::Request ? (procs_field == 5 ? " (field 5, allocated processors)"
                                                                                    : " (field 8, requested processors)")
                                                                : " (field 4, run time)";
            refuse(" " + p.message + field);
        }
        tasks.push_back(std::move(t));
    }
    number_by_arrival(tasks);
    return tasks;
}

/// Singh 2015 DAG jobs (workloads/singh_dag_generator.h; every default is a documented GAP there).
Workload singh_jobs(const YAML::Node& n, const std::string& file, const PlatformSpec& platform, std::uint64_t seed) {
    check_allowed_keys(n, file, "singh workload",
                       {"jobs", "rate", "min_tasks", "max_tasks", "fork_join_probability", "chain_probability",
                        "layered_probability", "layered_extra_edge_probability", "task_time_min_s",
                        "task_time_max_s", "memory_fraction_min", "memory_fraction_max", "importance_min",
                        "importance_max", "edge_bytes_min", "edge_bytes_max", "value_per_work_s",
                        "mean_interarrival_low_s", "mean_interarrival_moderate_s", "mean_interarrival_high_s",
                        "day_s", "soft_deadline_factor_min", "soft_deadline_factor_max", "decay_factor_min",
                        "decay_factor_max"});
    SinghWorkloadParams p;
    p.job_count = get_count_or(n, "jobs", file, p.job_count);
    const std::string rate = get_string_or(n, "rate", file, "low");
    if (rate == "low") p.rate = SinghArrivalRate::Low;
    else if (rate == "moderate") p.rate = SinghArrivalRate::Moderate;
    else if (rate == "high") p.rate = SinghArrivalRate::High;
    else throw_at(n["rate"], file, "rate must be low, moderate or high, got '" + rate + "'");
    p.min_tasks = get_count_or(n, "min_tasks", file, p.min_tasks);
    p.max_tasks = get_count_or(n, "max_tasks", file, p.max_tasks);
    // The DAG shape mix (relative weights, normalized) and the random layered shape's extra edges.
    p.fork_join_probability = get_non_negative_or(n, "fork_join_probability", file, p.fork_join_probability);
    p.chain_probability = get_non_negative_or(n, "chain_probability", file, p.chain_probability);
    p.layered_probability = get_non_negative_or(n, "layered_probability", file, p.layered_probability);
    p.layered_extra_edge_probability =
        get_non_negative_or(n, "layered_extra_edge_probability", file, p.layered_extra_edge_probability);
    p.task_time_min_s = get_seconds_or(n, "task_time_min_s", file, p.task_time_min_s, true);
    p.task_time_max_s = get_seconds_or(n, "task_time_max_s", file, p.task_time_max_s, true);
    p.memory_fraction_min = get_non_negative_or(n, "memory_fraction_min", file, p.memory_fraction_min);
    p.memory_fraction_max = get_non_negative_or(n, "memory_fraction_max", file, p.memory_fraction_max);
    p.importance_min = get_positive_or(n, "importance_min", file, p.importance_min);
    p.importance_max = get_positive_or(n, "importance_max", file, p.importance_max);
    p.edge_bytes_min = get_amount_or(n, "edge_bytes_min", file, p.edge_bytes_min, true);
    p.edge_bytes_max = get_amount_or(n, "edge_bytes_max", file, p.edge_bytes_max, true);
    p.value_per_work_s = get_amount_or(n, "value_per_work_s", file, p.value_per_work_s, true);
    p.mean_interarrival_low_s = get_seconds_or(n, "mean_interarrival_low_s", file, p.mean_interarrival_low_s, true);
    p.mean_interarrival_moderate_s =
        get_seconds_or(n, "mean_interarrival_moderate_s", file, p.mean_interarrival_moderate_s, true);
    p.mean_interarrival_high_s = get_seconds_or(n, "mean_interarrival_high_s", file, p.mean_interarrival_high_s, true);
    p.day_s = get_seconds_or(n, "day_s", file, p.day_s, true);
    p.soft_deadline_factor_min = get_positive_or(n, "soft_deadline_factor_min", file, p.soft_deadline_factor_min);
    p.soft_deadline_factor_max = get_positive_or(n, "soft_deadline_factor_max", file, p.soft_deadline_factor_max);
    p.decay_factor_min = get_positive_or(n, "decay_factor_min", file, p.decay_factor_min);
    p.decay_factor_max = get_positive_or(n, "decay_factor_max", file, p.decay_factor_max);
    // Task times are given at the top V/F level of the platform's first core type.
    p.reference_frequency_hz = reference_hz(platform);
    try {
        p.validate();
    } catch (const std::invalid_argument& ex) {
        throw_at(n, file, std::string("singh workload: ") + ex.what());
    }
    check_task_memory(double(p.job_count) * p.max_tasks, n, file,
                      std::to_string(p.job_count) + " jobs of up to " + std::to_string(p.max_tasks) + " tasks");
    std::mt19937_64 rng(seed);
    Workload w = flatten_jobs(generate_singh_jobs(p, rng));
    check_generated(w.tasks, platform, n, file, "singh");
    return w;
}

/// `apc: per-node | per-task` of the Machovec workloads (AMBIG; MachovecCh3Params::apc_scope).
ApcScope apc_scope(const YAML::Node& n, const std::string& file) {
    const std::string s = get_string_or(n, "apc", file, "per-node");
    if (s != "per-node" && s != "per-task") throw_at(n["apc"], file, "apc must be 'per-node' or 'per-task', got '" + s + "'");
    return s == "per-task" ? ApcScope::PerTask : ApcScope::PerNode;
}

/// `hours` of a Machovec generator (fallback_s when absent): the span its arrivals cover, in seconds.
Seconds hours_key(const YAML::Node& n, const std::string& file, Seconds fallback_s) {
    const Seconds s = 3600.0 * get_amount_or(n, "hours", file, fallback_s / 3600.0, true);
    if (s > kMaxSeconds)
        throw_at(n["hours"], file, "'hours' reaches past the end of simulated time (9.2e+09 s, 292 years)");
    return s;
}

/// Arrivals at a mean of tasks_per_day over horizon_s: a few standard deviations above the mean bound them,
/// and that many tasks must fit in memory.
void check_daily_tasks(const YAML::Node& n, const std::string& file, double tasks_per_day, Seconds horizon_s) {
    const double expected = tasks_per_day * horizon_s / 86400.0;
    check_task_memory(expected, has_key(n, "tasks_per_day") ? n["tasks_per_day"] : n, file,
                      "about " + std::to_string(static_cast<std::uint64_t>(expected)) + " tasks");
}

/// A probability or fraction: in [0, 1].
double fraction_or(const YAML::Node& n, const char* key, const std::string& file, double fallback) {
    const double x = get_non_negative_or(n, key, file, fallback);
    if (x > 1) throw_at(n[key], file, quoted(key) + " must be in [0, 1], got " + n[key].Scalar());
    return x;
}

/// Machovec Ch.3 §3.4.2 tasks (workloads/machovec_ch3_generator.h; GAPs listed there and in docs/fidelity.md).
/// Each task's APC reaches the cores' power (TimeTable::busy_power_w).
std::vector<Task> machovec_ch3(const YAML::Node& n, const std::string& file, const PlatformSpec& platform,
                               std::uint64_t seed) {
    check_allowed_keys(n, file, "machovec_ch3 workload",
                       {"tasks_per_day", "hours", "apc", "sinusoid_amplitude", "start_clock_s", "burst_size",
                        "preempt_probability", "memory_per_core_mb_min", "memory_per_core_mb_max"});
    MachovecCh3Params p;
    p.clusters = generator_clusters(n, file, platform, "machovec_ch3 workload needs a machovec-ch3 style platform",
                                    machovec_ch3_clusters);
    p.tasks_per_day = get_amount_or(n, "tasks_per_day", file, p.tasks_per_day, true);
    p.horizon_s = hours_key(n, file, p.horizon_s);
    p.apc_scope = apc_scope(n, file);
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
    return generated_tasks(n, file, platform, seed, "machovec_ch3", [&](std::mt19937_64& rng) {
        std::vector<Task> tasks = generate_machovec_ch3(p, rng).tasks;
        draw_preemption_traits(tasks, traits, rng);  // after every draw of the generator
        return tasks;
    });
}

/// Machovec Ch.4 §4.4.3 tasks (workloads/machovec_ch4_generator.h; keys and GAPs in docs/workloads.md).
std::vector<Task> machovec_ch4(const YAML::Node& n, const std::string& file, const PlatformSpec& platform,
                               std::uint64_t seed) {
    check_allowed_keys(n, file, "machovec_ch4 workload",
                       {"tasks_per_day", "hours", "task_types", "critical_fraction", "critical_mean_min",
                        "noncritical_mean_min", "critical_utility", "noncritical_utility", "burst_size",
                        "utility_family", "average_time", "critical_urgency", "noncritical_urgency",
                        "preempt_probability", "sinusoid_amplitude", "sinusoid_period_s"});
    MachovecCh4Params p;
    p.clusters = generator_clusters(n, file, platform, "machovec_ch4 workload needs clusters of one core type each",
                                    machovec_ch4_clusters);
    p.tasks_per_day = get_amount_or(n, "tasks_per_day", file, p.tasks_per_day, true);
    p.horizon_s = hours_key(n, file, p.horizon_s);
    p.task_types = get_count_or(n, "task_types", file, std::uint32_t(p.task_types));
    p.critical_fraction = fraction_or(n, "critical_fraction", file, p.critical_fraction);
    if (p.task_types == 1 && p.critical_fraction > 0 && p.critical_fraction < 1)
        throw_at(has_key(n, "task_types") ? n["task_types"] : n, file,
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
    if (family == "step") p.utility_family = MachovecCh4UtilityFamily::Step;
    else if (family == "decaying") p.utility_family = MachovecCh4UtilityFamily::Decaying;
    else if (family == "classes") p.utility_family = MachovecCh4UtilityFamily::Classes;
    else throw_at(n["utility_family"], file, "utility_family must be step, decaying or classes, got '" + family + "'");
    const std::string average = get_string_or(n, "average_time", file, "etc-mean");
    if (average != "etc-mean" && average != "class-mean")
        throw_at(n["average_time"], file, "average_time must be etc-mean or class-mean, got '" + average + "'");
    p.average_time = average == "etc-mean" ? MachovecCh4AverageTime::EtcMean : MachovecCh4AverageTime::ClassMean;
    p.critical_urgency = get_positive_or(n, "critical_urgency", file, p.critical_urgency);
    p.noncritical_urgency = get_positive_or(n, "noncritical_urgency", file, p.noncritical_urgency);
    p.preempt_probability = fraction_or(n, "preempt_probability", file, p.preempt_probability);
    p.sinusoid_amplitude = fraction_or(n, "sinusoid_amplitude", file, p.sinusoid_amplitude);
    p.sinusoid_period_s = get_seconds_or(n, "sinusoid_period_s", file, p.sinusoid_period_s, true);
    check_daily_tasks(n, file, p.tasks_per_day, p.horizon_s);
    // A type costs about what a task does (its time table and ETC row).
    check_task_memory(double(p.task_types), has_key(n, "task_types") ? n["task_types"] : n, file,
                      std::to_string(p.task_types) + " task types");
    return generated_tasks(n, file, platform, seed, "machovec_ch4",
                           [&](std::mt19937_64& rng) { return generate_machovec_ch4(p, rng).tasks; });
}

/// The PMF keys shared by the Siegel workloads (workloads/siegel_pmfs.h; GAPs in docs/fidelity.md): task_types,
/// mean_task_s, v_task, v_mach, cov_min, cov_max, beta_min, beta_max, samples, bin_s, pmf_seed.
SiegelWorkloadCommon siegel_common(const YAML::Node& n, const std::string& file) {
    SiegelWorkloadCommon c;
    SiegelPmfParams& p = c.pmfs;
    p.task_types = get_count_or(n, "task_types", file, static_cast<std::uint32_t>(p.task_types));
    p.mean_task_s = get_positive_or(n, "mean_task_s", file, p.mean_task_s);
    p.v_task = get_non_negative_or(n, "v_task", file, p.v_task);
    p.v_mach = get_non_negative_or(n, "v_mach", file, p.v_mach);
    p.cov_lo = get_non_negative_or(n, "cov_min", file, p.cov_lo);
    p.cov_hi = get_non_negative_or(n, "cov_max", file, p.cov_hi);
    if (p.cov_hi < p.cov_lo) throw_at(n["cov_max"], file, "cov_max must be >= cov_min");
    p.beta_lo = fraction_or(n, "beta_min", file, p.beta_lo);
    p.beta_hi = fraction_or(n, "beta_max", file, p.beta_hi);
    if (p.beta_hi < p.beta_lo) throw_at(n["beta_max"], file, "beta_max must be >= beta_min");
    p.samples = get_count_or(n, "samples", file, static_cast<std::uint32_t>(p.samples));
    if (p.samples > 1000000) throw_at(n["samples"], file, "samples must be at most 1000000");
    p.bin_s = get_positive_or(n, "bin_s", file, p.bin_s);
    if (has_key(n, "pmf_seed")) c.pmf_seed = get_uint64_or(n, "pmf_seed", file, 0);
    return c;
}

/// Siegel §4 dynamic study tasks (workloads/siegel_generator.h).
std::vector<Task> siegel_dynamic(const YAML::Node& n, const std::string& file, const PlatformSpec& platform,
                                 std::uint64_t seed) {
    check_allowed_keys(n, file, "siegel_dynamic workload", 
                       {"hours", "tasks", "fast_to_slow", "phase_s", "task_types", "mean_task_s", "v_task", "v_mach",
                        "cov_min", "cov_max", "beta_min", "beta_max", "samples", "bin_s", "pmf_seed"});
    SiegelDynamicParams p;
    p.common = siegel_common(n, file);
    p.window_s = hours_key(n, file, p.window_s);
    p.tasks = get_positive_or(n, "tasks", file, p.tasks);
    check_task_memory(p.tasks, has_key(n, "tasks") ? n["tasks"] : n, file, "about " + std::to_string(std::uint64_t(p.tasks)) + " tasks");
    p.fast_to_slow = get_positive_or(n, "fast_to_slow", file, p.fast_to_slow);
    if (p.fast_to_slow < 1) throw_at(n["fast_to_slow"], file, "fast_to_slow must be >= 1");
    p.phase_s = get_seconds_or(n, "phase_s", file, p.phase_s, true);
    return generated_tasks(n, file, platform, seed, "siegel_dynamic",
                           [&](std::mt19937_64& rng) { return generate_siegel_dynamic(p, platform, rng); });
}

/// Siegel §3 static study tasks (workloads/siegel_generator.h).
std::vector<Task> siegel_static(const YAML::Node& n, const std::string& file, const PlatformSpec& platform,
                                std::uint64_t seed) {
    check_allowed_keys(n, file, "siegel_static workload", 
                       {"tasks", "deadline_factor", "task_types", "mean_task_s", "v_task", "v_mach", "cov_min",
                        "cov_max", "beta_min", "beta_max", "samples", "bin_s", "pmf_seed"});
    SiegelStaticParams p;
    p.common = siegel_common(n, file);
    p.tasks = get_count_or(n, "tasks", file, static_cast<std::uint32_t>(p.tasks));
    check_task_memory(double(p.tasks), has_key(n, "tasks") ? n["tasks"] : n, file, std::to_string(p.tasks) + " tasks");
    p.deadline_factor = get_positive_or(n, "deadline_factor", file, p.deadline_factor);
    return generated_tasks(n, file, platform, seed, "siegel_static",
                           [&](std::mt19937_64& rng) { return generate_siegel_static(p, platform, rng); });
}

/// Machovec Ch.2 §2.5.1 tasks (workloads/machovec_ch2_generator.h; keys and GAPs in docs/workloads.md).
std::vector<Task> machovec_ch2(const YAML::Node& n, const std::string& file, const PlatformSpec& platform,
                               std::uint64_t seed) {
    check_allowed_keys(n, file, "machovec_ch2 workload",
                       {"tasks_min", "tasks_max", "types_min", "types_max", "hours", "sinusoid_amplitude",
                        "sinusoid_period_s", "sinusoid_peak_s", "base_time_min", "base_energy_j", "configs_min",
                        "configs_max", "config_cores", "config_memory_gb"});
    MachovecCh2Params p;
    p.core_types = static_cast<std::uint32_t>(platform.core_types.size());
    for (const CoreType& ct : platform.core_types)
        p.pstates = std::max(p.pstates, static_cast<std::uint32_t>(ct.pstates.size()));
    p.tasks_min = get_count_or(n, "tasks_min", file, p.tasks_min);
    p.tasks_max = get_count_or(n, "tasks_max", file, p.tasks_max);
    p.types_min = get_count_or(n, "types_min", file, p.types_min);
    p.types_max = get_count_or(n, "types_max", file, p.types_max);
    for (auto [lo, hi, key] : {std::tuple{&p.tasks_min, &p.tasks_max, "tasks_max"},
                               std::tuple{&p.types_min, &p.types_max, "types_max"}})
        if (*hi < *lo) throw_at(has_key(n, key) ? n[key] : n, file, quoted(key) + " must not be below its minimum");
    p.horizon_s = hours_key(n, file, p.horizon_s);
    p.sinusoid_amplitude = fraction_or(n, "sinusoid_amplitude", file, p.sinusoid_amplitude);
    p.sinusoid_period_s = get_seconds_or(n, "sinusoid_period_s", file, p.sinusoid_period_s, true);
    p.sinusoid_peak_s = get_seconds_or(n, "sinusoid_peak_s", file, p.sinusoid_peak_s, true);
    p.base_time_s = 60.0 * get_positive_or(n, "base_time_min", file, p.base_time_s / 60.0);
    p.base_energy_j = get_positive_or(n, "base_energy_j", file, p.base_energy_j);
    p.configs_min = get_count_or(n, "configs_min", file, p.configs_min);
    p.configs_max = get_count_or(n, "configs_max", file, p.configs_max);
    if (p.configs_max < p.configs_min)
        throw_at(has_key(n, "configs_max") ? n["configs_max"] : n, file, "'configs_max' must not be below its minimum");
    if (has_key(n, "config_cores")) {
        p.config_cores.clear();
        const YAML::Node list = get_node(n, "config_cores", file);
        expect_sequence(list, file, "'config_cores'");
        for (const auto& c : list) p.config_cores.push_back(as_count(c, file, "'config_cores' entry"));
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
        throw_at(has_key(n, "configs_max") ? n["configs_max"] : n, file,
                 "'configs_max' exceeds the distinct (cores, memory) pairs of config_cores x config_memory_gb");
    check_task_memory(double(p.tasks_max), has_key(n, "tasks_max") ? n["tasks_max"] : n, file,
                      std::to_string(p.tasks_max) + " tasks");
    return generated_tasks(n, file, platform, seed, "machovec_ch2",
                           [&](std::mt19937_64& rng) { return generate_machovec_ch2(p, rng).tasks; });
}

/// A matrix [task type][core type] of positive numbers (`what` names it in errors).
Matrix positive_matrix(const YAML::Node& n, const std::string& file, const std::string& what, std::size_t columns) {
    expect_sequence(n, file, what);
    if (n.size() == 0) throw_at(n, file, what + " must not be empty");
    Matrix m;
    for (const auto& row : n) {
        expect_sequence(row, file, what + " row");
        if (row.size() != columns)
            throw_at(row, file, what + " row has " + std::to_string(row.size()) + " entries, the platform has " +
                                    std::to_string(columns) + " core types (one column each, in platform order)");
        std::vector<double> r;
        for (const auto& v : row) r.push_back(as_positive(v, file, what + " entry"));
        m.push_back(r);
    }
    return m;
}

/// Tarplee Ch.2-4 bags of tasks (workloads/tarplee_bag_generator.h; keys in docs/workloads.md).
std::vector<Task> tarplee_bag(const YAML::Node& n, const std::string& file, const PlatformSpec& platform,
                              std::uint64_t seed) {
    check_allowed_keys(n, file, "tarplee workload", {"tasks", "etc", "etc_generator", "apc", "apc_generator",
                                                     "type_weights"});
    TarpleeBagParams p;
    const std::size_t M = platform.core_types.size();
    for (const CoreType& ct : platform.core_types) {
        std::vector<double> slow;
        for (const PState& ps : ct.pstates) slow.push_back(ct.pstates.front().frequency_hz / ps.frequency_hz);
        p.pstate_slowdown.push_back(slow);
    }
    p.tasks = get_count(n, "tasks", file);
    check_task_memory(p.tasks, n["tasks"], file, std::to_string(p.tasks) + " tasks");
    if (has_key(n, "etc") == has_key(n, "etc_generator"))
        throw_at(n, file, "tarplee workload: give exactly one of 'etc' (a table) and 'etc_generator'");
    if (has_key(n, "etc")) {
        p.etc = positive_matrix(n["etc"], file, "'etc'", M);
    } else {
        const YAML::Node g = n["etc_generator"];
        expect_map(g, file, "'etc_generator'");
        check_allowed_keys(g, file, "etc_generator", {"method", "task_types", "min_s", "max_s", "r_task", "r_mach",
                                                      "mean_s", "v_task", "v_mach"});
        const std::string method = get_string(g, "method", file);
        if (method == "uniform") p.etc_source = BagEtcSource::Uniform;
        else if (method == "range") p.etc_source = BagEtcSource::Range;
        else if (method == "cvb") p.etc_source = BagEtcSource::Cvb;
        else throw_at(g["method"], file, "etc_generator method must be 'uniform', 'range' or 'cvb', got '" + method + "'");
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
            throw_at(n["apc"], file, "'apc' has " + std::to_string(p.apc.size()) + " rows, 'etc' " +
                                         std::to_string(p.etc.size()));
        for (std::size_t i = 0; i < p.apc.size(); ++i)
            for (std::size_t j = 0; j < M; ++j)
                if (p.apc[i][j] < platform.core_types[j].pstates.front().idle_power_w)
                    throw_at(n["apc"][i][j], file, "'apc' entry below the idle power of core type '" +
                                                       platform.core_types[j].name + "'");
    }
    if (has_key(n, "apc_generator")) {
        const YAML::Node g = n["apc_generator"];
        expect_map(g, file, "'apc_generator'");
        check_allowed_keys(g, file, "apc_generator", {"mean_w", "v_task", "v_mach"});
        p.apc_cvb = true;
        p.apc_mean_w = get_positive_or(g, "mean_w", file, p.apc_mean_w);
        p.apc_v_task = get_non_negative_or(g, "v_task", file, p.apc_v_task);
        p.apc_v_mach = get_non_negative_or(g, "v_mach", file, p.apc_v_mach);
        for (const CoreType& ct : platform.core_types)
            if (ct.pstates.front().idle_power_w > 0)
                throw_at(g, file, "apc_generator needs core types with idle power 0 at P0 (a drawn APC could fall "
                                  "below it); core type '" + ct.name + "' has more");
    }
    if (has_key(n, "type_weights")) {
        const YAML::Node w = n["type_weights"];
        expect_sequence(w, file, "'type_weights'");
        for (const auto& x : w) p.type_weights.push_back(as_non_negative(x, file, "'type_weights' entry"));
    }
    return generated_tasks(n, file, platform, seed, "tarplee",
                           [&](std::mt19937_64& rng) { return generate_tarplee_bag(p, rng).tasks; });
}

/// Machovec Ch.3 §3.4.3 keys shared by the platform scaling and the task loader.
struct TraceKeys {
    std::uint32_t machine_cores = 92160;  ///< B2.7 Curie
    double system_fraction = 0.8;         ///< B2.7 10 % .. 80 %; Fig. 32 uses 80 %
};

TraceKeys trace_keys(const YAML::Node& n, const std::string& file) {
    check_allowed_keys(n, file, "machovec_trace workload",
                       {"path", "first_day", "system_fraction", "machine_cores", "max_task_cores", "apc"});
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
        throw_at(has_key(n, "first_day") ? n["first_day"] : n, file,
                 "trial " + std::to_string(trial) + " simulates trace day " + std::to_string(first_day) + " + " +
                     std::to_string(trial) + " = " + std::to_string(day) + ", beyond the trace's last day " +
                     std::to_string(last) + " (days counted from its time 0)");
    return static_cast<std::uint32_t>(day);
}

/// Machovec Ch.3 §3.4.3 tasks from one day of an SWF trace (workloads/machovec_trace.h; GAPs there). The
/// platform has already been scaled by workload_platform.
std::vector<Task> machovec_trace(const YAML::Node& n, const std::string& file, const std::string& base_dir,
                                 const PlatformSpec& platform, std::uint64_t seed, std::uint32_t trial,
                                 std::uint32_t trials) {
    const TraceKeys k = trace_keys(n, file);
    MachovecTraceParams p;
    p.clusters = generator_clusters(n, file, platform, "machovec_trace workload needs a machovec-ch3 style platform",
                                    machovec_ch3_clusters);
    p.machine_cores = k.machine_cores;
    p.max_task_cores = get_count_or(n, "max_task_cores", file, p.max_task_cores);
    p.apc_scope = apc_scope(n, file);
    const SwfTrace trace = read_swf(resolve(base_dir, get_string(n, "path", file)));
    p.day = trace_day(n, file, trace, trial);
    if (trials > 0) trace_day(n, file, trace, trials - 1);  // the last trial's day, before any trial runs
    return generated_tasks(n, file, platform, seed, "machovec_trace",
                           [&](std::mt19937_64& rng) { return generate_machovec_trace(trace, p, rng).tasks; });
}

}  // namespace

PlatformSpec workload_platform(const YAML::Node& node, const std::string& file, const PlatformSpec& platform) {
    if (!node || !node.IsMap() || !has_key(node, "machovec_trace")) return platform;
    const YAML::Node n = node["machovec_trace"];
    const TraceKeys k = trace_keys(n, file);
    try {
        return scale_platform(platform, k.system_fraction * k.machine_cores);
    } catch (const std::invalid_argument& ex) {
        throw_at(n, file, std::string("machovec_trace workload: ") + ex.what());
    }
}

std::vector<InputFile> workload_files(const YAML::Node& node, const std::string& base_dir) {
    std::vector<InputFile> files;
    if (!node || !node.IsMap()) return files;
    for (const char* kind : {"swf", "machovec_trace", "csv"}) {
        const YAML::Node n = node[kind];
        if (n && n.IsMap() && n["path"] && n["path"].IsScalar())
            files.push_back({std::string("workload.") + kind + ".path", n["path"].Scalar(),
                             resolve(base_dir, n["path"].Scalar())});
    }
    return files;
}

Workload load_workload(const YAML::Node& node, const std::string& file, const std::string& base_dir,
                       const PlatformSpec& platform, std::uint64_t seed, std::uint32_t trial,
                       std::uint32_t trials) {
    check_allowed_keys(node, file, "workload",
                       {"synthetic", "swf", "csv", "singh", "machovec_ch2", "machovec_ch3", "machovec_ch4", "machovec_trace",
                        "tarplee", "siegel_dynamic", "siegel_static"});
    if (node.size() != 1)
        throw_at(node, file,
                 "a workload has exactly one of: synthetic, swf, csv, singh, machovec_ch2, machovec_ch3, machovec_ch4, "
                 "machovec_trace, tarplee, siegel_dynamic, siegel_static");
    Workload w;
    if (has_key(node, "synthetic")) {
        w.tasks = synthetic(node["synthetic"], file, platform, seed);
    } else if (has_key(node, "swf")) {
        w.tasks = from_swf(node["swf"], file, base_dir, platform);
    } else if (has_key(node, "machovec_ch2")) {
        w.tasks = machovec_ch2(node["machovec_ch2"], file, platform, seed);
    } else if (has_key(node, "machovec_ch3")) {
        w.tasks = machovec_ch3(node["machovec_ch3"], file, platform, seed);
    } else if (has_key(node, "machovec_ch4")) {
        w.tasks = machovec_ch4(node["machovec_ch4"], file, platform, seed);
    } else if (has_key(node, "siegel_dynamic")) {
        w.tasks = siegel_dynamic(node["siegel_dynamic"], file, platform, seed);
    } else if (has_key(node, "siegel_static")) {
        w.tasks = siegel_static(node["siegel_static"], file, platform, seed);
    } else if (has_key(node, "machovec_trace")) {
        w.tasks = machovec_trace(node["machovec_trace"], file, base_dir, platform, seed, trial, trials);
    } else if (has_key(node, "tarplee")) {
        w.tasks = tarplee_bag(node["tarplee"], file, platform, seed);
    } else if (has_key(node, "singh")) {
        w = singh_jobs(node["singh"], file, platform, seed);
    } else {
        const YAML::Node c = node["csv"];
        check_allowed_keys(c, file, "csv workload", {"path"});
        w.tasks = read_csv_tasks(resolve(base_dir, get_string(c, "path", file)), platform);
        number_by_arrival(w.tasks);
    }
    return w;
}

}  // namespace rmsim
