#pragma once
// What the outputs need of one task at the end of its life (or of the run): its record and the utilities its
// task gives, taken while the task is still in the manager's table. The metrics (sim/outputs/metrics.h), the
// window metrics and tasks.csv fold outcomes in id order, so a run that has every task folds them at the end
// and a streamed run (docs/architecture.md, "Streaming") folds each once every earlier task's has come: the
// same additions in the same order, the same bytes.
#include <cstdint>
#include <ostream>
#include <type_traits>

#include "manager/policy_view.h"
#include "manager/task_record.h"

namespace rmsim {

/// Plain data (a streamed run keeps it in a file until the end, sim/outputs/outcome_stream.h): the record's
/// fields the outputs read, and what the task gives.
struct TaskOutcome {
    SimTime arrival;
    SimTime first_start = kNotYet;
    SimTime end = kNotYet;
    Joules energy_j = 0;
    double remaining = 1.0;
    Seconds best = 0;         ///< fastest_time(): at P0 on its fastest cluster (+inf if none)
    double best_utility = 0;  ///< the utility at `best` (0 if best is +inf)
    double utility = 0;       ///< completed: the utility at its end; otherwise 0
    TaskId id = 0;
    NodeId first_node = 0;
    std::uint32_t first_core = 0;
    std::uint32_t node_count = 0;
    std::uint32_t preemptions = 0;
    ClusterId cluster = 0;
    std::uint16_t pstate = 0;
    TaskState state = TaskState::Pending;
};
static_assert(std::is_trivially_copyable_v<TaskOutcome>, "a TaskOutcome is written to a file as it is");

TaskOutcome outcome_of(const PolicyView& view, TaskId t);
/// The same without the best case (`best` and `best_utility` left 0): all that tasks.csv reads.
TaskOutcome recorded_outcome(const PolicyView& view, TaskId t);

/// tasks.csv: the header, and a task's row.
void write_tasks_csv_header(std::ostream& o);
void write_tasks_csv_row(const TaskOutcome& o, std::ostream& out);

}  // namespace rmsim
