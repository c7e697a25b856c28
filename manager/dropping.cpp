#include "manager/dropping.h"

#include <limits>

namespace rmsim {

double utility_upper_bound(const SchedulingContext& ctx, TaskId t) {
    Seconds fastest = std::numeric_limits<Seconds>::infinity();
    for (ClusterId c = 0; c < ctx.cluster_count(); ++c) {
        if (ctx.units_needed(t, c) == 0) continue;
        const Seconds d = ctx.exec_time(t, c, 0);
        if (d >= 0 && d < fastest) fastest = d;
    }
    if (fastest == std::numeric_limits<Seconds>::infinity()) return -std::numeric_limits<double>::infinity();
    return ctx.utility_at(t, ctx.now() + fastest);
}

std::size_t drop_below_threshold(SchedulingContext& ctx, double threshold) {
    if (threshold < 0) return 0;
    std::size_t dropped = 0;
    for (TaskId t : ctx.waiting()) {
        if (!ctx.is_waiting(t)) continue;
        if (utility_upper_bound(ctx, t) < threshold) {
            ctx.drop(t);  // Machovec Ch.3 §3.3.3: permanently
            ++dropped;
        }
    }
    return dropped;
}

}  // namespace rmsim
