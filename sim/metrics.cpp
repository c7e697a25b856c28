#include "sim/metrics.h"

#include <algorithm>
#include <limits>

namespace rmsim {

Metrics compute_metrics(const SchedulingContext& ctx, const std::vector<double>& event_wall_s,
                        const EnergyBreakdown& energy) {
    Metrics m;
    double wait_sum = 0, slow_sum = 0;
    for (TaskId t = 0; t < ctx.task_count(); ++t) {
        const TaskRecord& r = ctx.record(t);
        const Task& task = ctx.task(t);
        if (r.state == TaskState::Pending) continue;
        ++m.arrived;
        m.preemptions += r.preemptions;
        // Upper bound: the task starts at arrival on the cluster where it is fastest, at P0.
        Seconds best = std::numeric_limits<Seconds>::infinity();
        for (ClusterId c = 0; c < ctx.cluster_count(); ++c) {
            if (ctx.units_needed(t, c) == 0) continue;
            const Seconds d = task.work.duration(ctx.platform().core_types.at(ctx.platform().core_type_of(
                                                     ctx.platform().clusters[c].node_type, 0)),
                                                 ctx.platform().core_type_of(ctx.platform().clusters[c].node_type, 0), 0);
            if (d >= 0) best = std::min(best, d);
        }
        if (best < std::numeric_limits<Seconds>::infinity()) m.utility_max += task.utility.value_at(best);
        switch (r.state) {
            case TaskState::Completed: {
                ++m.completed;
                m.utility_earned += task.utility.value_at(r.end_s - task.arrival_s);
                m.makespan_s = std::max(m.makespan_s, r.end_s);
                m.task_energy_j += r.energy_j;
                const Seconds wait = r.first_start_s - task.arrival_s;
                const Seconds run = r.end_s - r.first_start_s;
                wait_sum += wait;
                slow_sum += std::max(1.0, (wait + run) / std::max(run, 10.0));
                break;
            }
            case TaskState::Dropped: ++m.dropped; break;
            case TaskState::Rejected: ++m.rejected; break;
            default: ++m.unfinished; break;
        }
    }
    if (m.completed > 0) {
        m.mean_wait_s = wait_sum / m.completed;
        m.mean_bounded_slowdown = slow_sum / m.completed;
    }
    m.utility_percent = m.utility_max > 0 ? 100.0 * m.utility_earned / m.utility_max : 0;
    m.energy = energy;
    for (Joules j : energy) m.energy_total_j += j;
    m.mapping_events = event_wall_s.size();
    if (!event_wall_s.empty()) {
        std::vector<double> w = event_wall_s;
        std::sort(w.begin(), w.end());
        double s = 0;
        for (double x : w) s += x;
        m.sched_wall_mean_s = s / w.size();
        m.sched_wall_median_s = w[w.size() / 2];
        m.sched_wall_max_s = w.back();
    }
    return m;
}

}  // namespace rmsim
