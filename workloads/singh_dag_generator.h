#pragma once
// Synthetic Singh 2015 workload (Sec. V). The paper's jobs come from HLRS historical traces,
// which are not available, so everything below is a documented GAP unless it cites the paper:
//   - a job is a DAG of 5..10 tasks (Sec. V); shape per job: fork-join (source -> n-2 parallel tasks ->
//     sink), chain/pipeline (t0 -> t1 -> ... ), or random layered (see below), with given probabilities;
//   - WCETs of minutes (Sec. III-A): a task's time at the reference frequency (the top V/F level) is uniform
//     in [task_time_min_s, task_time_max_s]; a fraction of it, uniform in [memory_fraction_min, max], is
//     memory time that does not scale with frequency; the rest is cycles = time · f_ref (rounded to whole
//     cycles), so the time scales with the V/F level (platform/work_model.h analytic model);
//   - edge data volumes log-uniform in [edge_bytes_min, edge_bytes_max], whole bytes;
//   - value curve (Sec. III-C: decreasing, reaching 0): constant max value until a soft deadline
//     soft_factor · CP after arrival, then linear decay to 0 over a further decay_factor · CP, where CP is
//     the critical path (sum of task times along the longest path, communication ignored) at the reference
//     frequency, soft_factor and decay_factor uniform per job. Max value = importance · value_per_work_s ·
//     (total task time at f_ref), importance uniform per job: bigger jobs are worth more, and jobs of equal
//     size differ in importance;
//   - arrivals (Sec. V, AMBIG): all N jobs within one day, more in peak than off-peak hours. A day
//     shape (relative piecewise-constant rate over [0, day_s), default Machovec's 2x during 09:00-18:00 and
//     0.4x otherwise, i.e. peak/off-peak density ratio 5) is sampled N times by inverse CDF (N arrivals of a
//     non-homogeneous Poisson process conditioned on their number are i.i.d. with density ∝ rate) and
//     sorted. The three rate levels keep the same N jobs and differ only by a time scale: arrivals are
//     compressed into span = min(day_s, N · mean inter-arrival of the level) (minutes for low, dozens of
//     seconds for moderate, seconds for high), so the peak/off-peak pattern is compressed with them.
// Common random numbers: the generator draws every structure first and the same N uniforms for the
// arrivals whatever the rate, so the same generator state gives identical DAGs, works, edges and value
// curves at every rate level; only the arrival times change (proportionally).
#include <cstdint>
#include <random>
#include <vector>

#include "platform/units.h"
#include "workloads/arrivals.h"
#include "workloads/task.h"

namespace rmsim {

enum class SinghArrivalRate { Low, Moderate, High };

/// Random layered shape: L layers, L uniform in [2, n-1]; one task per layer, the others spread uniformly
/// over the layers; task indices follow the layers. Each task of layer l >= 1 gets one predecessor drawn
/// uniformly from layer l-1, plus an edge from every other task of an earlier layer with probability
/// layered_extra_edge_probability; a task without successor below the last layer gets one in layer l+1.
struct SinghWorkloadParams {
    std::uint32_t job_count = 720;  ///< N, the same at every rate level (720 · 120 s fills one day)
    std::uint32_t min_tasks = 5;    ///< Sec. V
    std::uint32_t max_tasks = 10;   ///< Sec. V

    double fork_join_probability = 0.3;  ///< relative weights of the three shapes (normalized)
    double chain_probability = 0.2;
    double layered_probability = 0.5;
    double layered_extra_edge_probability = 0.2;

    Seconds task_time_min_s = 60;  ///< task time at reference_frequency_hz
    Seconds task_time_max_s = 300;
    Hertz reference_frequency_hz = 2.6e9;  ///< the top V/F level (P0 of configs/platforms/singh2015.yaml)
    double memory_fraction_min = 0.0;      ///< frequency-independent share of the task time
    double memory_fraction_max = 0.3;

    double edge_bytes_min = 1e6;  ///< bytes
    double edge_bytes_max = 1e9;

    double value_per_work_s = 1.0 / 60;  ///< max value per second of task time at f_ref (1 per core-minute)
    double importance_min = 0.5;
    double importance_max = 1.5;
    double soft_deadline_factor_min = 2;  ///< plateau end / CP
    double soft_deadline_factor_max = 5;
    double decay_factor_min = 10;  ///< (zero-value time - plateau end) / CP
    double decay_factor_max = 35;

    Seconds day_s = 86400;
    /// Relative arrival rate over the day (only its shape matters); must be defined on [0, day_s).
    PiecewiseRate day_rate_shape = machovec_peak_offpeak_rate(1.0);
    Seconds mean_interarrival_low_s = 120;      ///< "minutes"
    Seconds mean_interarrival_moderate_s = 30;  ///< "dozens of seconds"
    Seconds mean_interarrival_high_s = 5;       ///< "seconds"
    SinghArrivalRate rate = SinghArrivalRate::Low;

    void validate() const;                ///< std::invalid_argument naming the bad parameter
    Seconds mean_interarrival_s() const;  ///< of the selected rate level
    /// Arrivals lie in [0, arrival_span_s()): min(day_s, job_count · mean_interarrival_s()).
    Seconds arrival_span_s() const;
};

/// Jobs with ids 0..N-1 in arrival order; task ids run on across jobs from `first_task_id`; every task's
/// arrival equals its job's; task utility is left at its default (the job's value curve is what counts).
std::vector<Job> generate_singh_jobs(const SinghWorkloadParams& params, std::mt19937_64& rng, TaskId first_task_id = 0);

}  // namespace rmsim
