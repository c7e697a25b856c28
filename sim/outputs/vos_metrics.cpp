#include "sim/outputs/vos_metrics.h"

#include <algorithm>
#include <limits>

#include "sim/outputs/metrics.h"
#include "workloads/vos_value.h"

namespace rmsim {

namespace {

double percent(double earned, double max) { return max > 0 ? 100.0 * earned / max : 0.0; }

}  // namespace

VosMetrics compute_vos_metrics(const PolicyView& view, SimTime start, SimTime end) {
    VosMetrics m;
    for (TaskId t = 0; t < view.task_count(); ++t) {
        const Task& task = view.task(t);
        const TaskRecord& r = view.record(t);
        if (r.state == TaskState::Pending || !task.work.table() || !task.work.table()->vos) continue;
        const VosTerms& terms = *task.work.table()->vos;
        const auto& configs = task.work.table()->vm_configs;
        ++m.tasks;
        Seconds fastest = std::numeric_limits<Seconds>::infinity();
        Joules lowest = std::numeric_limits<Joules>::infinity();
        for (const VmConfig& c : configs) {
            fastest = std::min(fastest, c.seconds);
            lowest = std::min(lowest, c.energy_j);
        }
        const TaskValue best = task_value(terms, task.arrival_s, fastest, lowest);
        const VmConfig* ran = view.vm_config(t);
        double f = 0;
        if (r.state == TaskState::Completed && ran) {
            f = overlap_fraction(r.first_start, r.end, start, end);
            const TaskValue v = task_value(terms, task.arrival_s, (r.end - task.arrival()).to_seconds(), ran->energy_j);
            m.vos += f * v.value;
            m.performance += f * v.performance;
            m.energy_value += f * v.energy;
            m.valued += in_window(r.end, start, end) && v.value > 0;
            m.execution_time_s += f * (r.end - r.first_start).to_seconds();
            m.eec_energy_j += f * ran->energy_j;
            m.measured_energy_j += f * r.energy_j;
        } else {
            f = overlap_fraction(task.arrival(), task.arrival() + SimTime::from_seconds(fastest), start, end);
        }
        m.vos_max += f * best.value;
        m.performance_max += f * best.performance;
        m.energy_value_max += f * best.energy;
    }
    m.vos_percent = percent(m.vos, m.vos_max);
    m.performance_percent = percent(m.performance, m.performance_max);
    m.energy_value_percent = percent(m.energy_value, m.energy_value_max);
    return m;
}

}  // namespace rmsim
