#pragma once
// Completion-time PMFs of a core's queue (Siegel §2, §4; Young et al. 2013). Plain C++, times in seconds.
//   - the executing task's PMF is shifted to its start, the pulses before now are dropped and the rest
//     renormalised (it has not finished yet);
//   - each queued task's completion PMF = that PMF ⊛ the PMFs of the tasks queued ahead ⊛ its own PMF;
//   - P(on time) = Σ pulses ≤ deadline; the robustness of the queue = the expected number of on-time
//     completions (Σ of those probabilities over the executing and the queued tasks);
//   - with start-time cancellation at threshold ρ, a queued task whose probability is < ρ is predicted to be
//     cancelled when it would start: it is omitted from the PMFs of the tasks behind it and counts 0.
// Long queues stay cheap: each intermediate PMF is cut to max_pulses pulses (workloads/pmf_merge.h); the
// result carries the accumulated, pessimistic time bound.
#include <cstddef>
#include <limits>
#include <optional>
#include <vector>

#include "workloads/pmf.h"
#include "workloads/pmf_merge.h"

namespace rmsim {

struct QueuedPmf {
    Pmf exec;                                                   ///< execution time at the P-state it was assigned
    double deadline = std::numeric_limits<double>::infinity();  ///< absolute (s)
};

struct RunningPmf {
    Pmf exec;
    double start = 0;  ///< absolute start time (s)
    double deadline = std::numeric_limits<double>::infinity();
};

struct CompletionOptions {
    std::size_t max_pulses = 0;   ///< 0: never merge
    double cancel_threshold = 0;  ///< ρ; 0: no task is predicted to be cancelled
};

/// Siegel §4: the executing task's completion PMF at `now`: exec shifted to `start`, pulses < now dropped,
/// renormalised (a point mass at now if every pulse lies before now: the task is overdue).
Pmf running_completion(const Pmf& exec, double start, double now);

struct QueueCompletion {
    Pmf ready;                    ///< when the core is free after the last task not predicted cancelled
    std::vector<double> on_time;  ///< per queued task, P(completion ≤ deadline); 0 if predicted cancelled
    std::vector<bool> cancelled;  ///< per queued task: predicted to be cancelled at its start
    double running_on_time = 0;   ///< the executing task's P(on time) (0 without one)
    double expected_on_time = 0;  ///< robustness: Σ of the on-time probabilities
    MergeBound bound;             ///< accumulated merge error (s)
};

/// The completion PMFs of the core's queue at `now`, in queue order.
QueueCompletion queue_completion(const std::optional<RunningPmf>& running, const std::vector<QueuedPmf>& queue,
                                 double now, const CompletionOptions& options = {});

/// P(R + X ≤ deadline) for independent R (the core's ready time) and X (the task's execution time) without
/// building R ⊛ X: Σ_x p(x)·F_R(deadline − x), O(|X| log |R|). Equals append_completion(R, X).cdf(deadline).
double on_time_probability(const Pmf& ready, const Pmf& exec, double deadline);

/// The completion PMF of one more task appended to a queue whose core is free at `ready`: ready ⊛ exec, merged
/// to options.max_pulses if set (convolve_merged, workloads/pmf_merge.h).
Pmf append_completion(const Pmf& ready, const Pmf& exec, const CompletionOptions& options = {},
                      MergeBound* bound = nullptr);

}  // namespace rmsim
