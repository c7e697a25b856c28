#pragma once
// Per-task preemption traits drawn after a generator has made its tasks (beyond the papers: the Ch.3
// workload with Ch.4's preemption flags, Machovec Ch.4 §4.2.3, and a memory footprint, the size of a
// checkpoint). Drawn in a pass of its own over the tasks in id (arrival) order, after every draw of the
// generator, so the tasks themselves (types, arrivals, utilities) do not move with these settings; with
// none set nothing is drawn. Per task, in order: can_be_preempted, can_preempt (each true with probability
// p, when `flags`), then memory per core uniform in [min, max] bytes (when max > 0).
#include <cstdint>
#include <random>
#include <vector>

#include "workloads/task.h"

namespace rmsim {

struct PreemptionTraits {
    bool flags = false;                ///< draw the two flags (else they stay as made: false)
    double preempt_probability = 0;    ///< each flag true with this probability
    double memory_per_core_min_b = 0;  ///< memory footprint per requested core, bytes
    double memory_per_core_max_b = 0;  ///< 0: no footprint drawn (memory_bytes stays as made)
};

/// One task's two flags, in order can_be_preempted, can_preempt, each true with probability `p` (in [0, 1]).
inline void draw_preemption_flags(Task& task, double p, std::mt19937_64& rng) {
    std::bernoulli_distribution flag(p);
    task.preemptible = flag(rng);
    task.can_preempt = flag(rng);
}

/// std::invalid_argument for a probability outside [0, 1] or a memory range that is negative or reversed.
void draw_preemption_traits(std::vector<Task>& tasks, const PreemptionTraits& traits, std::mt19937_64& rng);

}  // namespace rmsim
