#pragma once
// The victim set of a preemption of parallel multi-node tasks (beyond the papers: Machovec Ch.7 future work,
// after Ch.4 §4.3.5's Preempt Greedy / Preempt Diff, which preempt one serial task): the running preemptible
// tasks of one cluster whose nodes, once free, give the urgent task the nodes it lacks. Plain C++ over the
// candidates, tested by hand.
#include <cstdint>
#include <vector>

#include "platform/platform_spec.h"

namespace rmsim {

/// A running, preemptible task of the cluster, as a possible victim.
struct VictimCandidate {
    TaskId id = 0;
    std::uint32_t nodes = 0;  ///< nodes it would free for the urgent task's whole window
    double loss = 0;          ///< what preempting it costs under the rule (>= 0 normally; smaller is better)
    double value = 0;         ///< its objective now, at its projected completion
};

enum class VictimOrder {
    /// Greedy: as few victims as possible (the most nodes first; ties: the least valuable, then the lower id).
    FewestVictims,
    /// Diff / energy-aware: the least loss per node freed first (ties: the smaller loss, then the lower id).
    LeastLoss,
};

/// Victims (indices into `candidates`, ascending) that free at least `need` nodes: taken in the order's
/// sequence until enough, then pruned: a chosen victim whose nodes are not needed any more is released, the
/// one of highest loss first. Empty if `need` is 0, if all of them cannot free `need` nodes, or if more than
/// `max_victims` are needed. O(V log V).
std::vector<std::size_t> choose_victims(const std::vector<VictimCandidate>& candidates, std::uint32_t need,
                                        VictimOrder order, std::uint32_t max_victims);

}  // namespace rmsim
