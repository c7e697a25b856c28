#pragma once
// One preemption pass's search (parallel_preempt_policy.h): for a waiting task, its best preemption option
// over the clusters (victims chosen by victim_sets.h, judged by preempt_rules.h), from the manager's view.
#include <cstdint>
#include <optional>
#include <vector>

#include "manager/policies/machovec/max_m_policy.h"
#include "manager/policies/preemptive_parallel/preempt_rules.h"
#include "manager/policy_view.h"

namespace rmsim {

/// A running preemptible task, as the pass sees it.
struct RunningPart {
    TaskId id = 0;
    ClusterId cluster = 0;
    SimTime end;  ///< its booked (projected) completion
    Seconds remaining_s = 0;
    double cores = 0;    ///< cores allocated (nodes x cores per node)
    Watts power_w = 0;   ///< of its nodes while it runs (its execution's energy / time)
    SimTime checkpoint;  ///< time to write its checkpoint
    SimTime restore;     ///< time to restore it
    Joules lumps_j = 0;  ///< checkpoint + restore lumps
    std::vector<LocalNodeIndex> units;
};

/// The running preemptible tasks of each cluster, now.
std::vector<std::vector<RunningPart>> running_parts(const PolicyView& view);

struct PreemptPlan {
    TaskId task = 0;
    ClusterId cluster = 0;
    SimTime start;  ///< once the victims' checkpoints are written (estimate)
    std::vector<TaskId> victims;
    Verdict verdict;
    Joules energy_j = 0;  ///< the urgent task's execution + the preemption's own energy
};

struct SearchLimits {
    ParallelRule rule = ParallelRule::Greedy;
    Objective objective = Objective::UPT;
    std::uint32_t max_victims = 8;
    Joules energy_left_j = 0;
    SimTime day_end;
};

/// The task's best plan over the clusters (the highest rule value among those the rule accepts), or none.
/// `declined` is set when some victim set existed but the rule refused it.
std::optional<PreemptPlan> best_plan(const PolicyView& view, TaskId t,
                                     const std::vector<std::vector<RunningPart>>& running, const SearchLimits& lim,
                                     bool& declined);

}  // namespace rmsim
