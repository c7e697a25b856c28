#include "manager/policies/baseline/fcfs.h"

#include <limits>

#include "manager/decisions.h"
#include "manager/policy_view.h"

namespace rmsim {

PolicyTraits FcfsPolicy::traits() const {
    PolicyTraits t;
    t.on_arrival = true;
    t.on_completion = true;
    t.granularity = granularity_;
    t.streams = true;
    return t;
}

// The energy budget binds as for the other baselines (backfill_common.h): an option whose energy exceeds what
// the period has left is not taken; a head that can start nowhere affordably blocks the queue.
void FcfsPolicy::schedule(const PolicyView& view, Decisions& decide) {
    Joules energy_left = view.energy_remaining();
    // Without a budget (+inf left) no option costs too much and spending leaves +inf (an option that gets
    // this far has a finite estimate): the estimates are not needed.
    const bool unlimited = energy_left == std::numeric_limits<Joules>::infinity();
    for (TaskId t : view.waiting()) {
        bool started = false;
        for (ClusterId c = 0; c < view.cluster_count() && !started; ++c) {
            const std::uint32_t k = view.units_needed(t, c);
            const std::uint32_t p = std::min(pstate_, view.pstate_count(c) - 1);
            const SimTime d = view.booked_time(t, c, p);
            if (k == 0 || d.is_negative()) continue;
            const Joules e = unlimited ? 0 : view.exec_energy(t, c, p);
            if (e > energy_left) continue;
            auto units = pick_units(view, c, k, view.now(), d, choice_);
            if (units.empty()) continue;
            decide.start(t, c, std::move(units), p);
            energy_left -= e;
            started = true;
        }
        if (!started) return;  // strict FCFS: the head blocks everyone behind it
    }
}

}  // namespace rmsim
