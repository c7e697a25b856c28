#include "manager/policies/baseline/conservative.h"

#include "manager/decisions.h"
#include "manager/policy_view.h"

namespace rmsim {

PolicyTraits ConservativePolicy::traits() const {
    PolicyTraits t;
    t.on_arrival = true;
    t.on_completion = true;
    t.granularity = granularity_;
    return t;
}

// Reservations are permanent (§3.3.2: never moved or removed), so a task is assigned once, at the first
// mapping event that sees it, and every later event only handles the newcomers. GAP (documented): the
// schedule is not compressed when a task ends before its estimate; with the papers' exact execution
// times no task does.
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

void ConservativePolicy::schedule(const PolicyView& view, Decisions& decide) {
    const std::vector<TaskId> order = view.waiting().to_vector();  // arrival order
    assign_in_order(view, decide, order, pstate_, choice_);
}

}  // namespace rmsim
