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

WindowFold::WindowFold(SimTime start, SimTime end) {
    w_.start = start;
    w_.end = end;
}

void WindowFold::add(const TaskOutcome& o) {
    const TaskOutcome& r = o;
    if (r.state == TaskState::Pending) return;
    const SimTime start = w_.start, end = w_.end;
    if (in_window(o.arrival, start, end)) ++w_.arrived;
    switch (r.state) {
        case TaskState::Completed: {
            if (in_window(r.end, start, end)) ++w_.completed;
            // Earned and maximum share the fraction of the actual execution inside the window, so a task
            // never counts for more than its own maximum.
            const double f = overlap_fraction(r.first_start, r.end, start, end);
            w_.utility_earned += f * o.utility;
            w_.utility_max += f * o.best_utility;
            break;
        }
        case TaskState::Dropped: w_.dropped += in_window(r.end, start, end); break;
        case TaskState::Rejected: w_.rejected += in_window(r.end, start, end); break;
        case TaskState::Killed: w_.killed += in_window(r.end, start, end); break;
        default: break;
    }
    // A task that earned nothing counts in the maximum with its ideal execution [arrival, arrival + best).
    if (r.state != TaskState::Completed && o.best_utility > 0)
        w_.utility_max +=
            overlap_fraction(o.arrival, o.arrival + SimTime::from_seconds(o.best), start, end) * o.best_utility;
}

WindowMetrics WindowFold::finish(Joules energy_j) {
    w_.energy_j = energy_j;
    w_.utility_percent = w_.utility_max > 0 ? 100.0 * w_.utility_earned / w_.utility_max : 0;
    return w_;
}

WindowMetrics compute_window_metrics(const PolicyView& view, SimTime start, SimTime end, Joules energy_j) {
    WindowFold fold(start, end);
    for (TaskId t = 0; t < view.task_count(); ++t) fold.add(outcome_of(view, t));
    return fold.finish(energy_j);
}

void MetricsFold::add(const TaskOutcome& o) {
    const TaskOutcome& r = o;
    if (r.state == TaskState::Pending) return;
    ++m_.arrived;
    m_.preemptions += o.preemptions;
    // Upper bound: the task starts at arrival on the cluster where it is fastest, at P0.
    if (o.best < std::numeric_limits<Seconds>::infinity()) m_.utility_max += o.best_utility;
    switch (r.state) {
        case TaskState::Completed: {
            ++m_.completed;
            m_.utility_earned += o.utility;
            m_.makespan_s = std::max(m_.makespan_s, r.end.to_seconds());
            m_.task_energy_j += r.energy_j;
            const Seconds wait = (r.first_start - o.arrival).to_seconds();
            const Seconds run = (r.end - r.first_start).to_seconds();
            wait_sum_ += wait;
            slow_sum_ += std::max(1.0, (wait + run) / std::max(run, 10.0));
            break;
        }
        case TaskState::Dropped: ++m_.dropped; break;
        case TaskState::Rejected: ++m_.rejected; break;
        case TaskState::Killed: ++m_.killed; break;
        default: ++m_.unfinished; break;
    }
}

Metrics MetricsFold::finish(const EnergyBreakdown& energy, std::uint64_t mapping_events) {
    Metrics m = m_;
    if (m.completed > 0) {
        m.mean_wait_s = wait_sum_ / m.completed;
        m.mean_bounded_slowdown = slow_sum_ / m.completed;
    }
    m.utility_percent = m.utility_max > 0 ? 100.0 * m.utility_earned / m.utility_max : 0;
    m.energy = energy;
    for (Joules j : energy) m.energy_total_j += j;
    m.mapping_events = mapping_events;
    return m;
}

Metrics compute_metrics(const PolicyView& view, const EnergyBreakdown& energy) {
    MetricsFold fold;
    for (TaskId t = 0; t < view.task_count(); ++t) fold.add(outcome_of(view, t));
    return fold.finish(energy, view.mapping_events());
}

}  // namespace rmsim
