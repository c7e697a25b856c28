// The Siegel workloads: `siegel_dynamic` (§4, arrivals over a window) and `siegel_static` (§3, a bag with a
// common deadline), serial tasks whose execution times are PMFs (workloads/siegel_generator.h; GAPs in
// docs/fidelity.md).
#include <random>

#include "platform/yaml_quantities.h"
#include "workloads/config/workload_yaml.h"
#include "workloads/siegel_generator.h"
#include "workloads/workload_registry.h"

namespace rmsim {

namespace {

/// The PMF keys shared by the Siegel workloads (workloads/siegel_pmfs.h).
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

/// The keys of siegel_common, after a workload's own.
std::vector<ParamInfo> with_common_params(std::vector<ParamInfo> own) {
    const SiegelPmfParams d;
    const auto num = default_text;
    own.insert(
        own.end(),
        {
            ParamInfo{"task_types", "integer", num(double(d.task_types)), "task types (§4)"}.at_least(1),
            ParamInfo{"mean_task_s", "number", num(d.mean_task_s), "CVB mean time at P0"}.above(0),
            ParamInfo{"v_task", "number", num(d.v_task), "CVB: COV across task types"}.at_least(0),
            ParamInfo{"v_mach", "number", num(d.v_mach), "CVB: COV across core types"}.at_least(0),
            ParamInfo{"cov_min", "number", num(d.cov_lo), "smallest run-to-run COV of a type"}.at_least(0),
            ParamInfo{"cov_max", "number", num(d.cov_hi), "largest run-to-run COV of a type"}.at_least(0),
            ParamInfo{"beta_min", "number", num(d.beta_lo),
                      "smallest memory-bound fraction of a type (P-state scaling), in [0, 1]"}
                .in(0, 1),
            ParamInfo{"beta_max", "number", num(d.beta_hi), "largest memory-bound fraction of a type, in [0, 1]"}.in(0,
                                                                                                                     1),
            ParamInfo{"samples", "integer", num(double(d.samples)), "generated runs per histogram, at most 1e6"}.in(
                1, 1000000),
            ParamInfo{"bin_s", "number", num(d.bin_s), "histogram bin width, seconds"}.above(0),
            // A seed is a whole number up to 2^64 - 1, beyond "integer" (2^32 - 1): the loader checks it.
            ParamInfo{"pmf_seed", "number", "(none: the trial's seed)",
                      "draws the PMFs (static: and the bag's task types) from a seed of their own, the same in "
                      "every trial (a whole number)"}
                .at_least(0),
        });
    return own;
}

/// Siegel §4 dynamic study tasks (workloads/siegel_generator.h).
std::vector<Task> siegel_dynamic(const YAML::Node& n, const WorkloadContext& c) {
    const std::string& file = c.file;
    SiegelDynamicParams p;
    p.common = siegel_common(n, file);
    p.window_s = hours_key(n, file, p.window_s);
    p.tasks = get_positive_or(n, "tasks", file, p.tasks);
    check_task_memory(p.tasks, key_or_section(n, "tasks"), file,
                      "about " + std::to_string(std::uint64_t(p.tasks)) + " tasks");
    p.fast_to_slow = get_positive_or(n, "fast_to_slow", file, p.fast_to_slow);
    if (p.fast_to_slow < 1) throw_at(n["fast_to_slow"], file, "fast_to_slow must be >= 1");
    p.phase_s = get_seconds_or(n, "phase_s", file, p.phase_s, true);
    return generated_tasks(n, file, c.platform, c.seed, "siegel_dynamic",
                           [&](std::mt19937_64& rng) { return generate_siegel_dynamic(p, c.platform, rng); });
}

/// Siegel §3 static study tasks (workloads/siegel_generator.h).
std::vector<Task> siegel_static(const YAML::Node& n, const WorkloadContext& c) {
    const std::string& file = c.file;
    SiegelStaticParams p;
    p.common = siegel_common(n, file);
    p.tasks = get_count_or(n, "tasks", file, static_cast<std::uint32_t>(p.tasks));
    check_task_memory(double(p.tasks), key_or_section(n, "tasks"), file, std::to_string(p.tasks) + " tasks");
    p.deadline_factor = get_positive_or(n, "deadline_factor", file, p.deadline_factor);
    return generated_tasks(n, file, c.platform, c.seed, "siegel_static",
                           [&](std::mt19937_64& rng) { return generate_siegel_static(p, c.platform, rng); });
}

}  // namespace

void register_siegel_workloads(WorkloadRegistry& r) {
    const auto num = default_text;
    const SiegelDynamicParams dynamic;
    r.add(
        {"siegel_dynamic",
         "serial tasks with execution-time PMFs arriving in alternating fast and slow Poisson phases, deadlines "
         "from their type's average time (Siegel §4)",
         with_common_params({
             ParamInfo{"hours", "number", num(dynamic.window_s / 3600), "the window of the arrivals (§4: 12 h)"}.above(
                 0),
             ParamInfo{"tasks", "number", num(dynamic.tasks), "expected tasks in the window (§4)"}.at_least(1).above(0),
             ParamInfo{"fast_to_slow", "number", num(dynamic.fast_to_slow), "GAP: fast rate / slow rate, >= 1"}
                 .at_least(1),
             ParamInfo{"phase_s", "number", num(dynamic.phase_s), "GAP: length of each phase, fast first"}.above(0),
         }),
         tasks_of(siegel_dynamic),
         {},
         {},
         {},
         {}});
    const SiegelStaticParams fixed;
    r.add({"siegel_static",
           "a bag of serial tasks with execution-time PMFs and one common deadline (Siegel §3)",
           with_common_params({
               {"tasks", "integer", num(double(fixed.tasks)), "tasks of the bag (§3)"},
               ParamInfo{"deadline_factor", "number", num(fixed.deadline_factor),
                         "GAP: the deadline is this x the bag's mean work per core"}
                   .above(0),
           }),
           tasks_of(siegel_static),
           {},
           {},
           {},
           {}});
}

}  // namespace rmsim
