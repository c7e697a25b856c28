#pragma once
// The manager's bookkeeping of one task: where it is in its life and where it runs.
#include <cstdint>
#include <vector>

#include "manager/availability_profile.h"
#include "manager/unit_list.h"
#include "platform/platform_spec.h"
#include "platform/time.h"
#include "platform/units.h"

namespace rmsim {

enum class TaskState : std::uint8_t {
    Pending,    ///< not arrived yet
    Waiting,    ///< arrived, mappable
    Reserved,   ///< has a permanent reservation or a place-holder for a future start
    Running,
    Completed,
    Dropped,    ///< removed by the manager (e.g. utility below the dropping threshold)
    Rejected,   ///< refused at allocation (e.g. value already zero)
    Killed,     ///< stopped for good at its time limit (the `requested` estimate model's kill)
};
const char* to_string(TaskState s);

/// A time in a record that has not come (yet): before every real time.
constexpr SimTime kNotYet = SimTime::negative_infinity();

// Fields ordered so that the record packs into 72 bytes (10^6 tasks: 72 MB). What only a few tasks need is
// kept beside the records (TaskLedger: planned_start of a reserved task, start_time of a task restarted after
// a preemption, the remaining work reported by a running task's preempted parts).
struct TaskRecord {
    TaskState state = TaskState::Pending;
    bool placeholder = false;      ///< Reserved: a place-holder (removed at the next mapping event)
    bool any_part_preempted = false;  ///< Running: a Preempted notice came for some part
    bool killing = false;             ///< Running: killed at its time limit, its parts are being stopped
    std::uint32_t pstate = 0;
    ClusterId cluster = 0;
    std::uint32_t parts_left = 0;  ///< Running: nodes whose Completed/Preempted notice is awaited
    std::uint32_t preemptions = 0;
    NodeId first_node = 0;         ///< placement summary for outputs
    std::uint32_t first_core = 0;
    std::uint32_t node_count = 0;
    /// Running/Reserved: allocation units in the cluster's profile (released when the task ends: its
    /// placement stays in first_node, first_core and node_count)
    UnitList units;
    SimTime first_start = kNotYet;    ///< first time the task started
    SimTime end = kNotYet;            ///< completion, drop or rejection time
    double remaining = 1.0;        ///< fraction of the work still to do (preemption conserves it)
    Joules energy_j = 0;           ///< core energy attributed by the hardware (all segments)
};


}  // namespace rmsim
