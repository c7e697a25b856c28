#pragma once
// The schedule of a run in the field's formats (docs/outputs.md, "Batsim and SWF results"), written beside
// tasks.csv: batsim_jobs.csv (Batsim's jobs output, the 17 columns evalys reads) and schedule.swf (the
// Standard Workload Format, which other simulators replay). A Batsim resource is a core: its id is the core's
// global index (cores numbered node by node, nodes in their global order). Both stream one row per task, in
// id order, with no allocation per task.
#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "manager/policy_view.h"

namespace rmsim {

/// Batsim's final_state of a task's end state, and whether Batsim would count it a success.
struct BatsimEnd {
    const char* final_state;
    bool success;
};
BatsimEnd batsim_end(const TaskRecord& r);

/// `cores` (ascending global core indices) as Batsim writes an interval set: "1-3 5 7".
void write_interval_set(const std::vector<std::uint32_t>& cores, std::ostream& o);

/// The global core indices of the cores the task's latest start ran on, ascending, into `cores`; the first
/// core index of each cluster in `cluster_base`.
void allocated_cores(const PolicyView& view, TaskId t, const std::vector<std::uint32_t>& cluster_base,
                     std::vector<std::uint32_t>& cores);
/// The global index of each cluster's first core.
std::vector<std::uint32_t> cluster_core_bases(const PolicyView& view);

void write_batsim_jobs_csv(const PolicyView& view, std::ostream& o);
void write_schedule_swf(const PolicyView& view, std::ostream& o);

}  // namespace rmsim
