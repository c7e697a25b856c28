#pragma once
// Machovec Ch.4 §4.4.3 synthetic workload (docs/workloads.md "Machovec Ch.4 tasks"): serial tasks (one core
// each) of `task_types` types on heterogeneous clusters of one core type each
// (configs/platforms/machovec-ch4.yaml). Per task type, in type order (the draw order):
//   the reference cluster, uniform among the clusters (GAP);
//   its time b ~ Gamma(class mean, COV 0.1), the class mean 10 min (critical) or 50 min (non-critical);
//   every other cluster's time ~ Gamma(b, COV 0.3) (the COV method, workloads/etc_generation.h);
//   the phase of its sinusoidal burst rate, uniform in [0, period) (GAP);
//   its burst times (non-homogeneous Poisson by thinning) and burst sizes, uniform over the integers in
//   [B - B/2, B + B/2] (workloads/arrivals.h);
//   per burst, in time order: its utility class, uniform among the 20 (utility family `classes` only);
//   per task of the burst: can_be_preempted, then can_preempt, each true with probability p;
//   with time_cov > 0, after every other draw, per task in arrival order: its draw from its time distribution.
// Criticality belongs to the type: the first critical_types(p) types are critical. Critical types share
// critical_fraction of tasks_per_day, the others the rest, equally among them, so that the expected share of
// critical tasks is critical_fraction whatever the rounding of the type split.
// GAPs (documented at the parameter): task_types; the reference cluster; the type split; the sinusoid
// (amplitude, period, phase); the "average execution time" of the utility functions; the urgencies of the
// 20 classes and when the class is drawn; ETC at P-states other than P0.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <random>
#include <vector>

#include "platform/platform_spec.h"
#include "platform/work_model.h"
#include "workloads/task.h"
#include "workloads/utility_function.h"

namespace rmsim {

/// One cluster as the generator sees it.
struct MachovecCh4Cluster {
    CoreTypeId core_type = 0;  ///< key of the type's TimeTable row (each cluster has its own core type)
    /// GAP (Ch.4 has one P-state): the ETC at P-state p is ETC · f_P0 / f_p (CPU-bound), one entry a P-state.
    std::vector<double> pstate_slowdown{1.0};
};

/// Clusters of a platform in order (any names). Throws std::invalid_argument if a cluster's nodes mix core
/// types or two clusters share one (machovec_cluster_core_types).
std::vector<MachovecCh4Cluster> machovec_ch4_clusters(const PlatformSpec& platform);

/// §4.4.3: the three utility families of Fig. 36.
enum class MachovecCh4UtilityFamily {
    Step,      ///< critical: S until the average time, then 0; non-critical: S until 10 x the average time
    Decaying,  ///< S until the average time, then Khemka's decay (urgency 0.3, 200 min)
    Classes,   ///< the 20 utility classes (workloads/utility_classes.h), the default of Figs. 37-40
};

/// GAP: the "average execution time" of a task type that the step and decaying families use.
enum class MachovecCh4AverageTime {
    EtcMean,    ///< the mean of the type's ETC row over the clusters (the default)
    ClassMean,  ///< the class mean (critical_mean_s or noncritical_mean_s)
};

struct MachovecCh4Params {
    std::vector<MachovecCh4Cluster> clusters;
    double tasks_per_day = 60000;     ///< §4.4.3: 75 tasks per core a day on 800 cores (mean)
    Seconds horizon_s = 28 * 3600.0;  ///< §4.4.1: 28 h (first 4 h warm-up)
    /// GAP: not in the sources. 100, as Ch.3 §3.4.2 (20 critical + 80 non-critical types by default).
    std::size_t task_types = 100;
    double critical_fraction = 0.2;     ///< §4.4.3: 20 % of the tasks are critical
    Seconds critical_mean_s = 600;      ///< §4.4.3: 10 min (Fig. 39: 10 / 30 / 50 min)
    Seconds noncritical_mean_s = 3000;  ///< §4.4.3: 50 min
    double type_cov = 0.1;              ///< §4.4.3: COV of the reference time around the class mean
    double cluster_cov = 0.3;           ///< §4.4.3: COV of the other clusters' times around the reference
    double critical_utility = 8;        ///< §4.4.3: starting utility of critical tasks
    double noncritical_utility = 1;     ///< §4.4.3
    /// §4.4.3: mean burst size B (64; Fig. 37 sweeps 1, 16, 32, 64, 128; 1 = single arrivals). At most 1e6.
    std::uint32_t burst_size = 64;
    MachovecCh4UtilityFamily utility_family = MachovecCh4UtilityFamily::Classes;
    MachovecCh4AverageTime average_time = MachovecCh4AverageTime::EtcMean;
    /// GAP: the urgency of the 20 classes. Critical 0.6: class 0 at priority 8 is then the published example
    /// (Fig. 34: 8 at arrival, 5.18 at 15 min, 2.84 at 40 min, 0 at 60 min); non-critical 0.1 (horizon 6 h,
    /// 7.2 x the 50-min mean, as non-critical steps last 10 x it). Both are Table 3 urgencies of Ch.3.
    double critical_urgency = 0.6;
    double noncritical_urgency = 0.1;
    double step_noncritical_factor = 10;  ///< §4.4.3: non-critical steps last 10 x the average time
    double decay_urgency = 0.3;           ///< §4.4.3 decaying class
    Seconds decay_length_s = 200 * 60.0;  ///< §4.4.3 decaying class
    /// §4.2.3 / Fig. 38: each flag true with this probability, drawn per task and per flag (1 = all true).
    double preempt_probability = 1.0;
    /// GAP (as the Ch.3 generator): rate λ̄(1 + a·sin(2π(t - φ)/period)) with a = 0.5, period 24 h and φ
    /// uniform in [0, period) per type.
    double sinusoid_amplitude = 0.5;
    Seconds sinusoid_period_s = 86400;
    /// Beyond the dissertation (its ETC is deterministic): > 0 makes each type's time on each cluster a
    /// distribution around its ETC, Gamma with this COV as kTimePulses equally likely pulses (gamma_pulses,
    /// workloads/etc_generation.h), and each task runs the quantile of its own uniform draw; the ETC stays the
    /// distribution's mean (what the `distribution` estimate model gives every policy, Siegel's PMFs beside it).
    double time_cov = 0;
    static constexpr std::size_t kTimePulses = 20;
};

/// Everything drawn for one task type.
struct MachovecCh4TaskType {
    bool critical = false;
    double starting_utility = 1;
    double urgency = 0.1;      ///< of the 20 classes (family `classes`)
    Seconds class_mean_s = 0;  ///< critical_mean_s or noncritical_mean_s
    std::size_t reference_cluster = 0;
    std::vector<Seconds> time_s;                  ///< ETC [cluster] (at P0)
    Seconds average_time_s = 0;                   ///< the "average execution time" (MachovecCh4Params::average_time)
    double bursts_per_s = 0;                      ///< mean burst rate λ̄
    Seconds phase_s = 0;                          ///< φ of the sinusoid
    std::shared_ptr<const TimeTable> time_table;  ///< [core type][P-state], for WorkModel
};

struct MachovecCh4Workload {
    std::vector<MachovecCh4TaskType> types;  ///< critical types first
    std::vector<Task> tasks;                 ///< sorted by arrival; ids 0, 1, ... in that order
    std::size_t bursts = 0;
};

/// Critical types of the split: 0 if critical_fraction is 0, all if it is 1, else round(fraction x types)
/// kept within [1, types - 1] (GAP).
std::size_t machovec_ch4_critical_types(const MachovecCh4Params& p);

/// The utility function of a task of `type` in a burst whose class is `utility_class` (read by the classes
/// family only).
UtilityFunction machovec_ch4_utility(const MachovecCh4Params& p, const MachovecCh4TaskType& type,
                                     std::size_t utility_class);

/// Deterministic for a given generator state. Throws std::invalid_argument for bad parameters (no cluster,
/// tasks_per_day <= 0, a fraction or probability outside [0, 1], a critical fraction strictly between 0 and 1
/// with a single type, burst_size 0 or above 1e6, ...).
MachovecCh4Workload generate_machovec_ch4(const MachovecCh4Params& p, std::mt19937_64& rng);

}  // namespace rmsim
