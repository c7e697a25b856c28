#pragma once
// The Siegel studies' workloads (spec §3, §4; docs/workloads.md "Siegel tasks"). Serial tasks (one core each)
// of `task_types` types whose execution times are PMFs per core type and P-state (workloads/siegel_pmfs.h);
// each task draws its quantile u ~ U[0, 1), so the hardware runs a time drawn from the PMF of the core type
// and P-state it is given (platform/work_model.h), the same PMF the manager sees under the `distribution`
// estimate model. A task's deadline is the end of its step utility (value 1).
//   dynamic (§4, Young et al. 2013): arrivals over `window_s` by a two-phase Poisson process: phases of
//     phase_s alternate, fast first, at rates λ_fast = fast_to_slow · λ_slow with the mean rate
//     tasks / window_s (GAP: the slides give neither the phase lengths nor the rates); the type of each task
//     uniform (GAP: the "task-type mix"); deadline = arrival + the average execution time of the task's type
//     over all machines (cores) and P-states + the average of that over all types (§4);
//   static (§3, Apodaca et al. 2011): `tasks` tasks at time 0, types uniform; the common deadline
//     δ = deadline_factor × Σ_tasks (the type's mean time at P0 averaged over the cores) / cores (GAP: the
//     slides give no δ; this is the balanced per-core load at P0 on an average core, times the factor).
// Draws in order: the PMFs (siegel_pmfs.h), then per task its arrival (dynamic), its type, its quantile.
// pmf_seed: the PMFs (dynamic), or the whole bag, PMFs and task types (static), from a generator of their
// own, so they are the same in every trial; arrivals and quantiles still follow the trial's generator.
#include <cstdint>
#include <optional>
#include <random>
#include <vector>

#include "platform/platform_spec.h"
#include "workloads/siegel_pmfs.h"
#include "workloads/task.h"

namespace rmsim {

struct SiegelWorkloadCommon {
    SiegelPmfParams pmfs;
    std::optional<std::uint64_t> pmf_seed;  ///< PMFs (static: and types) from their own seed, fixed across trials
};

struct SiegelDynamicParams {
    SiegelWorkloadCommon common;
    Seconds window_s = 43200;  ///< §4: 12 hours
    double tasks = 1650;       ///< §4: ~1,650 tasks (the mean)
    double fast_to_slow = 3;   ///< GAP: λ_fast / λ_slow
    Seconds phase_s = 7200;    ///< GAP: length of each phase
};

struct SiegelStaticParams {
    SiegelWorkloadCommon common;
    std::size_t tasks = 4000;      ///< §3
    double deadline_factor = 1.0;  ///< GAP (see above)
};

/// Per core type, the number of cores of the platform of that type (the "machines" of the averages).
std::vector<std::size_t> cores_per_core_type(const PlatformSpec& platform);

std::vector<Task> generate_siegel_dynamic(const SiegelDynamicParams& p, const PlatformSpec& platform,
                                          std::mt19937_64& rng);
std::vector<Task> generate_siegel_static(const SiegelStaticParams& p, const PlatformSpec& platform,
                                         std::mt19937_64& rng);

/// Arrival times of the two-phase Poisson process over [0, window) (exposed for tests).
std::vector<Seconds> two_phase_arrivals(double mean_rate_per_s, double fast_to_slow, Seconds phase_s, Seconds window_s,
                                        std::mt19937_64& rng);

}  // namespace rmsim
