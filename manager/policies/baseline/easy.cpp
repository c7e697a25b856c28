#include "manager/policies/baseline/easy.h"

#include "manager/decisions.h"
#include "manager/policy_view.h"

namespace rmsim {

PolicyTraits EasyPolicy::traits() const {
    PolicyTraits t;
    t.on_arrival = true;
    t.on_completion = true;
    t.granularity = granularity_;
    return t;
}

// The head's reservation is a PLACE-HOLDER, recomputed at every mapping event (begin_event() removes it
// and the head rejoins the waiting list, first in arrival order). Machovec §3.3.4.4 says "permanent
// reservation"; the two agree on every start when execution times are exact, because the recomputed
// reservation is never later than the previous one: the tasks running then end as planned or earlier,
// the tasks backfilled since were admitted against the booked reservation (so its units stay idle over
// it), and newer arrivals come after the head in FCFS order. The recomputation lets the head move
// earlier when a task ends early, as the shadow time of Lifka's EASY is recomputed at every pass.
// While a reservation is booked, "starts now within the profile" is exactly "does not delay it": the
// profile holds the booking, so a backfilled task either ends by the reserved start or uses units the
// reservation does not need.
void EasyPolicy::schedule(const PolicyView& view, Decisions& decide) {
    StartNowIndex index(view);
    bool reserved = false;
    bool full = false;  // every cluster busy at now: nothing more can start in this event
    for (TaskId t : view.waiting()) {
        if (!view.is_waiting(t)) continue;
        if (!runnable_somewhere(view, t, pstate_)) {
            decide.reject(t);
            continue;
        }
        if (full) continue;
        if (try_start_now(view, decide, index, t, pstate_, choice_)) continue;
        if (!reserved) {
            // §3.3.4.4: the single reservation, at the earliest start over the clusters.
            if (auto option = earliest_option(view, t, pstate_, index.energy_left())) {
                place(view, decide, index, t, *option, choice_, /*placeholder=*/true);
                reserved = true;
            }
        }
        if (reserved) {
            full = true;
            for (ClusterId c = 0; c < view.cluster_count() && full; ++c) full = index.free_units(c) == 0;
        }
    }
}

}  // namespace rmsim
