#pragma once
// Run metrics as the papers define them, folded from the tasks' outcomes (sim/outputs/task_outcome.h).
#include <cstdint>
#include <string>
#include <vector>

#include "manager/policy_view.h"
#include "modules/power_meter.h"
#include "sim/outputs/task_outcome.h"

namespace rmsim {

struct Metrics {
    std::uint64_t arrived = 0, completed = 0, dropped = 0, rejected = 0, killed = 0, unfinished = 0, preemptions = 0;
    double utility_earned = 0;
    double utility_max = 0;      ///< every task started at its arrival on its fastest cluster at P0
    double utility_percent = 0;  ///< 100 x earned / max (Machovec Ch.3 §3.4.4.2)
    Seconds makespan_s = 0;
    Seconds mean_wait_s = 0;
    Seconds mean_bounded_slowdown = 0;  ///< max(1, (wait + run) / max(run, 10 s)), completed tasks
    Joules energy_total_j = 0;
    EnergyBreakdown energy{};
    Joules task_energy_j = 0;  ///< core energy attributed to tasks
    std::uint64_t mapping_events = 0;
};

/// Metrics over a measurement window [start, end) (Machovec Ch.3 §3.2.4, §3.4.4.2): a completed
/// task whose execution [first start, completion) straddles a window edge earns the fraction f of its
/// execution inside the window times its final utility, and adds f times its best utility (at arrival on its
/// fastest cluster at P0) to the window's maximum. A task that did not complete adds its best utility
/// pro-rated over the ideal execution [arrival, arrival + fastest time) to the maximum (GAP: the text leaves
/// the maximum's window rule open; sharing f keeps earned <= maximum task by task).
struct WindowMetrics {
    SimTime start, end;
    std::uint64_t arrived = 0;                            ///< arrivals in the window
    std::uint64_t completed = 0;                          ///< completions in the window
    std::uint64_t dropped = 0, rejected = 0, killed = 0;  ///< drops / rejections / kills in the window
    double utility_earned = 0;
    double utility_max = 0;
    double utility_percent = 0;
    Joules energy_j = 0;  ///< machine energy consumed in the window
};

/// Fraction of [a, b) inside [w0, w1); an instant (a == b) counts whole if it lies in the window.
double overlap_fraction(SimTime a, SimTime b, SimTime w0, SimTime w1);
bool in_window(SimTime x, SimTime w0, SimTime w1);

WindowMetrics compute_window_metrics(const PolicyView& view, SimTime start, SimTime end, Joules energy_j);

/// The window metrics folded one task outcome at a time, in id order (compute_window_metrics folds every task).
class WindowFold {
public:
    WindowFold(SimTime start, SimTime end);
    void add(const TaskOutcome& o);
    WindowMetrics finish(Joules energy_j);

private:
    WindowMetrics w_;
};

/// The run metrics folded one task outcome at a time, in id order (compute_metrics folds every task).
class MetricsFold {
public:
    void add(const TaskOutcome& o);
    Metrics finish(const EnergyBreakdown& energy, std::uint64_t mapping_events);

private:
    Metrics m_;
    double wait_sum_ = 0, slow_sum_ = 0;
};

/// The task's fastest execution time at P0 over the clusters it can run on (+inf if none).
Seconds fastest_time(const PolicyView& view, TaskId t);

Metrics compute_metrics(const PolicyView& view, const EnergyBreakdown& energy);

}  // namespace rmsim
