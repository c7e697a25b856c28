#pragma once
// The manager's bookkeeping of one task: where it is in its life and where it runs.
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include "manager/availability_profile.h"
#include "manager/unit_list.h"
#include "platform/model_limits.h"
#include "platform/platform_spec.h"
#include "platform/time.h"
#include "platform/units.h"

namespace rmsim {

enum class TaskState : std::uint8_t {
    Pending,   ///< not arrived yet
    Waiting,   ///< arrived, mappable
    Reserved,  ///< has a permanent reservation or a place-holder for a future start
    Running,
    Completed,
    Dropped,   ///< removed by the manager (e.g. utility below the dropping threshold)
    Rejected,  ///< refused at allocation (e.g. value already zero)
    Killed,    ///< stopped for good at its time limit (the `requested` estimate model's kill)
};
const char* to_string(TaskState s);
/// Completed, dropped, rejected or killed: the task's life is over.
inline bool is_final(TaskState s) {
    return s == TaskState::Completed || s == TaskState::Dropped || s == TaskState::Rejected || s == TaskState::Killed;
}

/// A time in a record that has not come (yet): before every real time.
constexpr SimTime kNotYet = SimTime::negative_infinity();

// Fields ordered so that the record packs into 64 bytes (10^6 tasks: 64 MB): the state, four flags in one
// byte and a 16-bit P-state make the first 4 bytes, then five 32-bit fields, the units (8 bytes, 4-aligned)
// and four 8-byte fields. What only a few tasks need is kept beside the records (TaskLedger: planned_start of
// a reserved task, the preemption count and latest restart of a task preempted at least once, the remaining
// work reported by a running task's preempted parts).
struct TaskRecord {
    // The flags are bit-fields, which take no default member initializer before C++20: the constructor
    // clears them.
    TaskRecord() : placeholder(false), any_part_preempted(false), killing(false), preempted(false) {}

    TaskState state = TaskState::Pending;
    bool placeholder : 1;         ///< Reserved: a place-holder (removed at the next mapping event)
    bool any_part_preempted : 1;  ///< Running: a Preempted notice came for some part
    bool killing : 1;             ///< Running: killed at its time limit, its parts are being stopped
    /// Preempted at least once: the count is beside the records (TaskLedger::preemptions), looked up only
    /// when this is set.
    bool preempted : 1;
    /// At most kMaxRecordPState: the platform loader refuses more P-states (kMaxPStates), and the ledger
    /// refuses to store a larger one (record_pstate), so nothing is truncated.
    std::uint16_t pstate = 0;
    ClusterId cluster = 0;
    std::uint32_t parts_left = 0;  ///< Running: nodes whose Completed/Preempted notice is awaited
    NodeId first_node = 0;         ///< placement summary for outputs
    std::uint32_t first_core = 0;
    std::uint32_t node_count = 0;
    /// Running/Reserved: allocation units in the cluster's profile (released when the task ends: its
    /// placement stays in first_node, first_core and node_count)
    UnitList units;
    SimTime first_start = kNotYet;  ///< first time the task started
    SimTime end = kNotYet;          ///< completion, drop or rejection time
    double remaining = 1.0;         ///< fraction of the work still to do (preemption conserves it)
    Joules energy_j = 0;            ///< core energy attributed by the hardware (all segments)
};

/// The largest P-state index a record holds.
constexpr std::uint32_t kMaxRecordPState = std::numeric_limits<std::uint16_t>::max();
static_assert(kMaxPStates - 1 <= kMaxRecordPState, "a platform's P-states must fit TaskRecord::pstate");

/// A P-state as a record keeps it; std::logic_error above kMaxRecordPState (never silently truncated).
inline std::uint16_t record_pstate(std::uint32_t pstate) {
    if (pstate > kMaxRecordPState)
        throw std::logic_error("P-state " + std::to_string(pstate) + " does not fit a task record (at most " +
                               std::to_string(kMaxRecordPState) + ")");
    return static_cast<std::uint16_t>(pstate);
}

}  // namespace rmsim
