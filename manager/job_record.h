#pragma once
// The manager's bookkeeping of one DAG job (Singh 2015 §III): where it runs and how far its graph has got.
// A job runs on one node; each task on one of the job's cores at its own P-state; the cores are the job's
// until its last task completes. A task starts when every predecessor has completed, the data of every
// edge from another core has crossed the node's interconnect, and the task before it on its core is done.
#include <cstdint>
#include <vector>

#include "manager/availability_profile.h"
#include "manager/task_record.h"
#include "platform/platform_spec.h"
#include "platform/units.h"

namespace rmsim {

enum class JobState : std::uint8_t { Pending, Waiting, Running, Completed, Rejected };
const char* to_string(JobState s);

/// How a policy runs a job on a node: per task (local index in the job) the node-local core and the
/// P-state, and the planned start relative to the job's start, which orders the tasks sharing a core.
struct JobPlacement {
    std::vector<std::uint32_t> core_of_task;  ///< local core index within the node
    std::vector<std::uint32_t> pstate_of_task;
    std::vector<SimTime> planned_start;  ///< relative to the job's start
    SimTime planned_response;            ///< the cores are booked for this long (extended if needed)
    Joules planned_energy_j = 0;         ///< the policy's estimate (Singh Eq. 1-2), reported in jobs.csv
};

struct JobRecord {
    JobState state = JobState::Pending;
    ClusterId cluster = 0;
    LocalNodeIndex node = 0;  ///< local node index in the cluster
    std::vector<std::uint32_t> core_of_task;
    std::vector<std::vector<std::uint32_t>> sequence;  ///< per core used: its tasks in start order
    std::vector<std::uint32_t> slot_of_core;           ///< node-local core -> index into sequence (or none)
    std::vector<std::uint32_t> next_on_core;           ///< per sequence: the next task's position
    std::vector<std::uint32_t> inputs_left;            ///< per task: edges not yet satisfied
    std::uint32_t tasks_left = 0;
    SimTime start = kNotYet, end = kNotYet;
    SimTime planned_response;
    Joules planned_energy_j = 0;
    Joules energy_j = 0;          ///< measured: the core energy of its tasks (meters)
    std::uint32_t transfers = 0;  ///< data transfers between cores
};

}  // namespace rmsim
