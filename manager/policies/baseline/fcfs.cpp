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

void FcfsPolicy::schedule(SchedulingContext& ctx) {
    for (TaskId t : ctx.waiting()) {
        if (!ctx.is_waiting(t)) continue;
        bool started = false;
        for (ClusterId c = 0; c < ctx.cluster_count() && !started; ++c) {
            const std::uint32_t k = ctx.units_needed(t, c);
            const std::uint32_t p = std::min(pstate_, ctx.pstate_count(c) - 1);
            const Seconds d = ctx.exec_time(t, c, p);
            if (k == 0 || d < 0) continue;
            auto units = lowest_idle_units(ctx.profile(c), k, ctx.now(), ctx.now() + d);
            if (units.empty()) continue;
            ctx.start(t, c, std::move(units), p);
            started = true;
        }
        if (!started) return;  // strict FCFS: the head blocks everyone behind it
    }
}

}  // namespace rmsim
