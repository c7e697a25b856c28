#include "manager/policies/baseline/conservative.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "manager/decisions.h"
#include "manager/policy_view.h"

namespace rmsim {

PolicyTraits ConservativePolicy::traits() const {
    PolicyTraits t;
    t.on_arrival = true;
    t.on_completion = true;
    t.granularity = granularity_;
    t.streams = true;
    return t;
}

// Reservations are permanent (§3.3.2: never moved or removed by the planning of later tasks), so a task is
// assigned once, at the first mapping event that sees it, and every later event only handles the newcomers
// — unless a task ended before its estimate, which compresses the schedule first (compress()). With the
// papers' exact execution times no task does.
void ConservativePolicy::assign_in_order(const PolicyView& view, Decisions& decide, const std::vector<TaskId>& order,
                                         std::uint32_t pstate, NodeChoice choice) {
    StartNowIndex index(view);
    for (TaskId t : order) {
        if (!view.is_waiting(t)) continue;
        if (!runnable_somewhere(view, t, pstate)) {
            decide.reject(t);
            continue;
        }
        // §3.3.4.3: a cluster where it starts now (GAP: the lowest such cluster), else the earliest start.
        if (try_start_now(view, decide, index, t, pstate, choice)) continue;
        if (auto option = earliest_option(view, t, pstate, index.energy_left()))
            place(view, decide, index, t, *option, choice, /*placeholder=*/false);
    }
}

// Mu'alem & Feitelson 2001, §2: when a job terminates early, the reservations are re-examined in order of
// arrival and each job is moved to the earliest time it can start without delaying any other reservation.
// One at a time: the task's reservation is cancelled and re-planned against everything else (the running
// tasks and every other reservation), so its old slot is still free and the new start is at worst the old
// one. O(reservations) earliest-start queries per compression: a whole-queue operation by nature, done
// only after an early end.
void ConservativePolicy::compress(const PolicyView& view, Decisions& decide, std::uint32_t pstate, NodeChoice choice) {
    std::vector<TaskId> order = view.reserved_tasks();
    std::sort(order.begin(), order.end(),
              [&](TaskId a, TaskId b) { return arrives_before(view.task(a), view.task(b)); });
    for (TaskId t : order) {
        const TaskRecord& r = view.record(t);
        const SimTime before = view.planned_start(t);
        const ClusterId old_cluster = r.cluster;
        const std::uint32_t old_pstate = r.pstate;
        std::vector<LocalNodeIndex> old_units = r.units;
        decide.unreserve(t);
        StartNowIndex index(view);  // energy left now that the task's own is no longer committed
        const std::optional<StartOption> option = earliest_option(view, t, pstate, index.energy_left());
        if (option && option->start <= before) {
            place(view, decide, index, t, *option, choice, /*placeholder=*/false);
        } else {
            // Its own slot is free, so only the energy check can refuse it (a budget period that has less left
            // than when it was admitted): a permanent reservation is kept as it was.
            decide.reserve(t, old_cluster, std::move(old_units), before, old_pstate, /*placeholder=*/false);
        }
    }
}

void ConservativePolicy::schedule(const PolicyView& view, Decisions& decide) {
    if (view.early_ends() != early_ends_seen_) {
        early_ends_seen_ = view.early_ends();
        compress(view, decide, pstate_, choice_);
    }
    const std::vector<TaskId> order = view.waiting().to_vector();  // arrival order
    assign_in_order(view, decide, order, pstate_, choice_);
}

}  // namespace rmsim
