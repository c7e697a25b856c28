#include "manager/policies/baseline/fcfs.h"

#include "manager/scheduling_context.h"
#include "manager/unit_choice.h"

namespace rmsim {

PolicyTraits FcfsPolicy::traits() const {
    PolicyTraits t;
    t.on_arrival = true;
    t.on_completion = true;
    t.granularity = granularity_;
    return t;
}

// The energy budget binds as for the other baselines (backfill_common.h): an option whose energy exceeds what
// the period has left is not taken; a head that can start nowhere affordably blocks the queue.
void FcfsPolicy::schedule(SchedulingContext& ctx) {
    Joules energy_left = ctx.energy_remaining();
    for (TaskId t : ctx.waiting()) {
        if (!ctx.is_waiting(t)) continue;
        bool started = false;
        for (ClusterId c = 0; c < ctx.cluster_count() && !started; ++c) {
            const std::uint32_t k = ctx.units_needed(t, c);
            const std::uint32_t p = std::min(pstate_, ctx.pstate_count(c) - 1);
            const Seconds d = ctx.exec_time(t, c, p);
            if (k == 0 || d < 0) continue;
            const Joules e = ctx.exec_energy(t, c, p);
            if (e > energy_left) continue;
            auto units = lowest_idle_units(ctx.profile(c), k, ctx.now(), ctx.now() + d);
            if (units.empty()) continue;
            ctx.start(t, c, std::move(units), p);
            energy_left -= e;
            started = true;
        }
        if (!started) return;  // strict FCFS: the head blocks everyone behind it
    }
}

}  // namespace rmsim
