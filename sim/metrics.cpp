#include "sim/metrics.h"

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

namespace {

/// Fraction of [a, b) inside [w0, w1); an instant (a == b) counts whole if it lies in the window.
double overlap_fraction(Seconds a, Seconds b, Seconds w0, Seconds w1) {
    if (b <= a) return (a >= w0 && a < w1) ? 1.0 : 0.0;
    const double inside = std::min(b, w1) - std::max(a, w0);
    return inside > 0 ? inside / (b - a) : 0.0;
}

bool in_window(Seconds x, Seconds w0, Seconds w1) { return x >= w0 && x < w1; }

}  // namespace

WindowMetrics compute_window_metrics(const PolicyView& view, Seconds start_s, Seconds end_s, Joules energy_j) {
    WindowMetrics w;
    w.start_s = start_s;
    w.end_s = end_s;
    w.energy_j = energy_j;
    for (TaskId t = 0; t < view.task_count(); ++t) {
        const TaskRecord& r = view.record(t);
        const Task& task = view.task(t);
        if (r.state == TaskState::Pending) continue;
        if (in_window(task.arrival_s, start_s, end_s)) ++w.arrived;
        const Seconds best = fastest_time(view, t);
        const double best_utility =
            best < std::numeric_limits<Seconds>::infinity() ? task.utility.value_at(best) : 0.0;
        switch (r.state) {
            case TaskState::Completed: {
                if (in_window(r.end_s, start_s, end_s)) ++w.completed;
                // Earned and maximum share the fraction of the actual execution inside the window, so a
                // task never counts for more than its own maximum.
                const double f = overlap_fraction(r.first_start_s, r.end_s, start_s, end_s);
                w.utility_earned += f * task.utility.value_at(r.end_s - task.arrival_s);
                w.utility_max += f * best_utility;
                break;
            }
            case TaskState::Dropped: w.dropped += in_window(r.end_s, start_s, end_s); break;
            case TaskState::Rejected: w.rejected += in_window(r.end_s, start_s, end_s); break;
            default: break;
        }
        // A task that earned nothing counts in the maximum with its ideal execution [arrival, arrival + best).
        if (r.state != TaskState::Completed && best_utility > 0)
            w.utility_max += overlap_fraction(task.arrival_s, task.arrival_s + best, start_s, end_s) * best_utility;
    }
    w.utility_percent = w.utility_max > 0 ? 100.0 * w.utility_earned / w.utility_max : 0;
    return w;
}

Metrics compute_metrics(const PolicyView& view, const std::vector<double>& event_wall_s,
                        const EnergyBreakdown& energy) {
    Metrics m;
    double wait_sum = 0, slow_sum = 0;
    for (TaskId t = 0; t < view.task_count(); ++t) {
        const TaskRecord& r = view.record(t);
        const Task& task = view.task(t);
        if (r.state == TaskState::Pending) continue;
        ++m.arrived;
        m.preemptions += r.preemptions;
        // Upper bound: the task starts at arrival on the cluster where it is fastest, at P0.
        const Seconds best = fastest_time(view, t);
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
