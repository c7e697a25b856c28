#include "sim/outputs/task_outcome.h"

#include <limits>

#include "sim/outputs/csv_row.h"
#include "sim/outputs/metrics.h"

namespace rmsim {

TaskOutcome recorded_outcome(const PolicyView& view, TaskId t) {
    TaskOutcome o;
    const Task& task = view.task(t);
    const TaskRecord& r = view.record(t);
    o.id = t;
    o.state = r.state;
    o.first_start = r.first_start;
    o.end = r.end;
    o.energy_j = r.energy_j;
    o.remaining = r.remaining;
    o.first_node = r.first_node;
    o.first_core = r.first_core;
    o.node_count = r.node_count;
    o.cluster = r.cluster;
    o.pstate = r.pstate;
    o.arrival = task.arrival();
    o.preemptions = view.preemptions(t);
    if (o.state == TaskState::Completed) o.utility = task.utility.value_at((o.end - o.arrival).to_seconds());
    return o;
}

TaskOutcome outcome_of(const PolicyView& view, TaskId t) {
    TaskOutcome o = recorded_outcome(view, t);
    if (o.state == TaskState::Pending) return o;
    o.best = fastest_time(view, t);
    if (o.best < std::numeric_limits<Seconds>::infinity()) o.best_utility = view.task(t).utility.value_at(o.best);
    return o;
}

void write_tasks_csv_header(std::ostream& o) {
    o << "id,arrival_s,first_start_s,end_s,state,cluster,first_node,first_core,nodes,pstate,preemptions,"
         "energy_j,utility\n";
}

void write_tasks_csv_row(const TaskOutcome& o, std::ostream& out) {
    thread_local CsvRow row;
    const TaskOutcome& r = o;
    const bool placed = r.first_start != kNotYet;
    row.integer(o.id).ch(',').seconds(o.arrival).ch(',');
    if (placed) row.seconds(r.first_start);
    row.ch(',');
    if (r.end != kNotYet) row.seconds(r.end);
    row.ch(',').text(to_string(r.state)).ch(',');
    if (placed)
        row.integer(r.cluster).ch(',').integer(r.first_node);
    else
        row.ch(',');
    row.ch(',');
    if (placed && r.first_core != kAllCores) row.integer(r.first_core);
    row.ch(',');
    if (placed)
        row.integer(r.node_count).ch(',').integer(r.pstate);
    else
        row.ch(',');
    row.ch(',').integer(o.preemptions).ch(',').g12(r.energy_j).ch(',').g12(o.utility).ch('\n');
    row.flush_to(out);
}

}  // namespace rmsim
