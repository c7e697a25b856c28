#include "sim/outputs/metrics.h"

#include <algorithm>
#include <limits>

namespace rmsim {

Seconds fastest_time(const PolicyView& view, TaskId t) {
    const PlatformSpec& p = view.platform();
    Seconds best = std::numeric_limits<Seconds>::infinity();
    for (ClusterId c = 0; c < view.cluster_count(); ++c) {
        if (view.units_needed(t, c) == 0) continue;
        const CoreTypeId ct = p.core_type_of(p.clusters[c].node_type, 0);
        const Seconds d = view.task(t).work.duration(p.core_types.at(ct), ct, 0);
        if (d >= 0) best = std::min(best, d);
    }
    return best;
}

double overlap_fraction(SimTime a, SimTime b, SimTime w0, SimTime w1) {
    if (b <= a) return (a >= w0 && a < w1) ? 1.0 : 0.0;
    const SimTime inside = std::min(b, w1) - std::max(a, w0);
    return inside > SimTime() ? inside.to_seconds() / (b - a).to_seconds() : 0.0;
}

bool in_window(SimTime x, SimTime w0, SimTime w1) { return x >= w0 && x < w1; }

WindowMetrics compute_window_metrics(const PolicyView& view, SimTime start, SimTime end, Joules energy_j) {
    WindowMetrics w;
    w.start = start;
    w.end = end;
    w.energy_j = energy_j;
    for (TaskId t = 0; t < view.task_count(); ++t) {
        const TaskRecord& r = view.record(t);
        const Task& task = view.task(t);
        if (r.state == TaskState::Pending) continue;
        const SimTime arrival = task.arrival();
        if (in_window(arrival, start, end)) ++w.arrived;
        const Seconds best = fastest_time(view, t);
        const double best_utility = best < std::numeric_limits<Seconds>::infinity() ? task.utility.value_at(best) : 0.0;
        switch (r.state) {
            case TaskState::Completed: {
                if (in_window(r.end, start, end)) ++w.completed;
                // Earned and maximum share the fraction of the actual execution inside the window, so a
                // task never counts for more than its own maximum.
                const double f = overlap_fraction(r.first_start, r.end, start, end);
                w.utility_earned += f * task.utility.value_at((r.end - arrival).to_seconds());
                w.utility_max += f * best_utility;
                break;
            }
            case TaskState::Dropped: w.dropped += in_window(r.end, start, end); break;
            case TaskState::Rejected: w.rejected += in_window(r.end, start, end); break;
            case TaskState::Killed: w.killed += in_window(r.end, start, end); break;
            default: break;
        }
        // A task that earned nothing counts in the maximum with its ideal execution [arrival, arrival + best).
        if (r.state != TaskState::Completed && best_utility > 0)
            w.utility_max +=
                overlap_fraction(arrival, arrival + SimTime::from_seconds(best), start, end) * best_utility;
    }
    w.utility_percent = w.utility_max > 0 ? 100.0 * w.utility_earned / w.utility_max : 0;
    return w;
}

Metrics compute_metrics(const PolicyView& view, const EnergyBreakdown& energy) {
    Metrics m;
    double wait_sum = 0, slow_sum = 0;
    for (TaskId t = 0; t < view.task_count(); ++t) {
        const TaskRecord& r = view.record(t);
        const Task& task = view.task(t);
        if (r.state == TaskState::Pending) continue;
        ++m.arrived;
        m.preemptions += view.preemptions(t);
        // Upper bound: the task starts at arrival on the cluster where it is fastest, at P0.
        const Seconds best = fastest_time(view, t);
        if (best < std::numeric_limits<Seconds>::infinity()) m.utility_max += task.utility.value_at(best);
        switch (r.state) {
            case TaskState::Completed: {
                ++m.completed;
                m.utility_earned += task.utility.value_at((r.end - task.arrival()).to_seconds());
                m.makespan_s = std::max(m.makespan_s, r.end.to_seconds());
                m.task_energy_j += r.energy_j;
                const Seconds wait = (r.first_start - task.arrival()).to_seconds();
                const Seconds run = (r.end - r.first_start).to_seconds();
                wait_sum += wait;
                slow_sum += std::max(1.0, (wait + run) / std::max(run, 10.0));
                break;
            }
            case TaskState::Dropped: ++m.dropped; break;
            case TaskState::Rejected: ++m.rejected; break;
            case TaskState::Killed: ++m.killed; break;
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
    m.mapping_events = view.mapping_events();
    return m;
}

}  // namespace rmsim
