#pragma once
// The tasks of one trial, and the DAG jobs they belong to when the workload is made of jobs (Singh 2015
// §III-B). A job's tasks are consecutive in the task list: tasks [first_task, first_task + task_count), so
// the manager, the metrics and tasks.csv treat them like any task, and the job adds the graph and value.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "platform/platform_spec.h"
#include "workloads/task.h"
#include "workloads/uav_mission.h"

namespace rmsim {

using JobId = std::uint32_t;

struct DagJob {
    JobId id = 0;
    Seconds arrival_s = 0;
    TaskId first_task = 0;
    std::uint32_t task_count = 0;
    std::vector<DataEdge> edges;  ///< indices local to the job (0..task_count-1)
    UtilityFunction value;        ///< value of the job as a function of completion - arrival
    SimTime arrival() const { return SimTime::from_seconds(arrival_s); }  ///< on the simulation's grid
    /// Edges leaving / entering each local task, as indices into `edges` (built by flatten_jobs).
    std::vector<std::vector<std::uint32_t>> out_edges, in_edges;
};

/// Records of an input file that a workload did not turn into tasks (an SWF trace's jobs that never ran):
/// their count and the lines of the first few, for a note to the user when the workload is loaded. The
/// result files do not record them.
struct SkippedRecords {
    static constexpr std::size_t kShown = 5;  ///< lines kept
    SkippedRecords(std::string file, std::string record, std::string reason)
        : file(std::move(file)), record(std::move(record)), reason(std::move(reason)) {}
    std::string file;    ///< the file, as opened
    std::string record;  ///< what a record is, singular: "job"
    std::string reason;  ///< why they were skipped
    std::size_t count = 0;
    std::vector<std::int32_t> first_lines;  ///< the first kShown skipped records' lines (1-based)
    void add(std::int32_t line) {
        ++count;
        if (first_lines.size() < kShown) first_lines.push_back(line);
    }
};

/// "t.swf: 9 jobs skipped (<reason>), first at lines 12, 40, 41, 97, 130" ("at lines ..." when all are
/// shown).
std::string skipped_note(const SkippedRecords& s);

struct Workload {
    std::vector<Task> tasks;              ///< ids 0..n-1, sorted by arrival
    std::vector<DagJob> jobs;             ///< empty: independent tasks; otherwise every task belongs to one job
    std::vector<SkippedRecords> skipped;  ///< per input file with skipped records (none: nothing skipped)
    /// The hardware of this trial, for a workload that draws it with the tasks (uav_mission: the UAVs of
    /// Machovec Ch.5 §5.4.1); null: the experiment's platform.
    std::shared_ptr<const PlatformSpec> platform;
    /// Machovec Ch.5: the mission whose surveils the tasks are (the uav policies' environment); null otherwise.
    std::shared_ptr<const UavMission> mission;
};

/// Sorts tasks by arrival (stable: equal arrivals keep their order) and numbers them 0, 1, ... in that order,
/// as Workload::tasks are. Tasks already in arrival order are not moved (no sort buffer as large as them).
void number_by_arrival(std::vector<Task>& tasks);

/// Flattens jobs (sorted by arrival, stable) into one task list: job j gets id j and consecutive task ids;
/// every task takes its job's arrival time. Task utilities are set to 0: a job's value is earned by the
/// job (metrics "jobs" section), not by its tasks. Throws std::invalid_argument for a cyclic graph.
Workload flatten_jobs(std::vector<Job> jobs);

/// Each task its own job (Singh 2015's model for independent tasks): job j = task j, arriving with it, valued
/// by the task's utility function. Unlike flatten_jobs the task keeps its utility: a one-task job completes
/// when its task does, so the task and window metrics count the job's value (the jobs section counts the same).
/// `tasks` sorted by arrival with ids 0..n-1 (number_by_arrival).
Workload one_task_jobs(std::vector<Task> tasks);

/// The job of each task (for a workload with jobs).
std::vector<JobId> job_of_tasks(const Workload& w);

}  // namespace rmsim
