#pragma once
// The mapping of one event of Machovec Ch.4 (§4.3): serial tasks onto the cores of heterogeneous clusters, per
// core, onto idle cores now or, with a preemption rule, onto cores whose running task is preempted.
//   Max Util / Max UPT (Alg. 5): a Min-Min style two-phase greedy over idle cores (rule None).
//   Preempt Greedy (Alg. 6, §4.3.5.2), Preempt Diff (§4.3.5.3), Preempt Pair (Alg. 7, §4.3.5.4).
// Objective Util(t,k) = U_t(now + RET(t,k)), UPT(t,k) = Util(t,k) / RET(t,k) (§4.3.4.2, §4.3.6); a running
// task r is valued at its own projected completion, now + RET_r. A preempted task returns to the mappable set
// at once (it may be re-mapped, or preempt in turn, in the same event), pinned to its cluster with its
// remaining time. No assignment earns zero utility.
//
// Plain C++ over an abstract model (MapperModel), so that the heuristics are tested by hand without a
// simulation; PreemptivePolicy (preemptive_policy.h) feeds it from the PolicyView.
#include <cstdint>
#include <optional>
#include <vector>

#include "manager/policies/machovec/objectives.h"
#include "platform/platform_spec.h"

namespace rmsim {

enum class PreemptRule {
    None,    ///< Max Util / Max UPT: idle cores only
    Greedy,  ///< the best objective for the task, preempting if a busy core gives it (Alg. 6)
    Diff,    ///< the best gain: the task's objective less the preempted task's (§4.3.5.3)
    Pair,    ///< the best pair ordering of the task and the running task (Alg. 7)
};
const char* to_string(PreemptRule r);

/// What the mapper needs to know of the tasks.
class MapperModel {
public:
    virtual ~MapperModel() = default;
    /// The task's remaining execution time on cluster k (negative: it cannot run there).
    virtual Seconds ret(TaskId t, ClusterId k) const = 0;
    /// The utility the task earns if it completes `from_now` seconds after now: never more for a later
    /// completion.
    virtual double utility(TaskId t, Seconds from_now) const = 0;
    /// At least utility(t, x) for every x >= from_now (the mapper's bound on a task's options before it values
    /// them). A model whose arithmetic may round a later utility above an earlier one by an ulp adds a margin.
    virtual double utility_bound(TaskId t, Seconds from_now) const { return utility(t, from_now); }
};

struct MappableTask {
    static constexpr std::uint32_t kOwnGroup = ~std::uint32_t{0};
    TaskId id = 0;
    bool can_preempt = false;
    bool preemptible = false;
    std::optional<ClusterId> pinned;  ///< a task that has run resumes on its cluster only (§4.2.3)
    /// Tasks given the same group are interchangeable at the event as far as their pairs go: the same RET on
    /// every cluster and the same utility at every completion time (the tasks of a burst, §4.4.3: one type,
    /// one arrival, one utility function). Pair then weighs each pair once per group, not once per task; the
    /// mapping is the same. kOwnGroup: none (the caller does not know).
    std::uint32_t group = kOwnGroup;
};

/// A core at the event: idle, or running `task` with `ret` seconds left.
struct CoreState {
    ClusterId cluster = 0;
    bool busy = false;
    TaskId task = 0;
    Seconds ret = 0;
    bool preemptible = false;
    bool can_preempt = false;  ///< of the running task, should it be preempted and re-mapped
};

struct Assignment {
    TaskId task = 0;
    std::uint32_t core = 0;           ///< index into the event's cores
    std::optional<TaskId> preempted;  ///< the task it preempts there
};

struct MapperResult {
    /// In decision order. A task may appear more than once (placed, preempted, placed again); the last
    /// assignment of a task that is not preempted later is where it runs.
    std::vector<Assignment> assignments;
    std::vector<TaskId> deferred;  ///< Pair: tasks whose best ordering runs the other task first (next event)
    std::vector<CoreState> cores;  ///< the cores after the event
    std::uint64_t iterations = 0;
};

/// One mapping event. `mappable` in the order ties are broken (e.g. arrival order); `cores` as they are now.
/// `rescan`: as the algorithms are written: every task re-evaluated at each step, every running task weighed
/// for a pair. Otherwise None, Greedy and Diff keep a lazy max-heap of scores and Pair stops its walk over the
/// running tasks at a bound: the same mapping (tested), faster.
MapperResult map_event(Objective objective, PreemptRule rule, const MapperModel& model,
                       std::vector<MappableTask> mappable, std::vector<CoreState> cores, bool rescan = false);

/// The objective of a task that earns `util` and runs `ret` seconds (Util or UPT, §4.3.4.2).
double ch4_objective(Objective objective, double util, Seconds ret);

}  // namespace rmsim
