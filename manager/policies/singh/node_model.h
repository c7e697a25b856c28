#pragma once
// What the Singh 2015 planners need to know about one node (paper Sec. III-A, Fig. 1): k homogeneous cores
// with V/F levels, per-level busy/idle power, whether idle cores are power gated, and the on-node
// interconnect that carries DAG edge data between cores. Plus the exact duration rules of the modeled
// hardware, so that a plan's times and energy equal what the node would do and meter for the job alone.
//
// Planning ignores (GAP, Singh Sec. III-A: "negligible" switching time; singh2015.yaml sets all of them 0):
// DVFS transition latency/energy and core wake-up latency/energy. With non-zero values the hardware adds
// them to the plan's times and energy.
#include <cstdint>

#include "platform/exec_rounding.h"
#include "platform/platform_spec.h"
#include "platform/work_model.h"

namespace rmsim::singh {

/// Simulated time in whole nanoseconds (the SystemC time resolution of rmsim runs, docs/architecture.md "Time").
using TimeNs = std::uint64_t;

struct NodeModel {
    std::uint32_t cores = 0;  ///< cores per node
    CoreType core_type;       ///< the (single) core type of the node
    CoreTypeId core_type_id = 0;
    /// A used core draws static power only while it executes: its type gates when idle (Singh Sec. III-A)
    /// and the manager does not keep a job's cores powered over the job's span (ManagerConfig::hold_job_cores).
    bool power_gated = false;
    LinkSpec link;  ///< on-node interconnect link of each core

    /// Built from node type `t` of the platform; `cores_held_over_job`: the manager keeps a job's cores
    /// powered from its start to its end (PolicyView::job_cores_held). std::invalid_argument if the node has
    /// no cores, no P-states, or cores of more than one type (Singh nodes are homogeneous, Sec. III-A).
    static NodeModel from_platform(const PlatformSpec& platform, NodeTypeId t, bool cores_held_over_job = true);

    std::uint32_t levels() const { return static_cast<std::uint32_t>(core_type.pstates.size()); }
    Hertz frequency_hz(std::uint32_t level) const { return core_type.pstates.at(level).frequency_hz; }
    Watts busy_power_w(std::uint32_t level) const { return core_type.pstates.at(level).busy_power_w; }
    /// Static power (Eq. 1's E_static) of a powered core; the dynamic part of busy power is busy - idle.
    Watts idle_power_w(std::uint32_t level) const { return core_type.pstates.at(level).idle_power_w; }
};

inline Seconds ns_to_seconds(TimeNs ns) { return static_cast<double>(ns) * 1e-9; }

/// Execution time of `work` on a core of the node at `level`, as the core module computes it
/// (platform/exec_rounding.h remaining_exec_ns for a fresh start): duration = cycles / f + memory_s, rounded
/// up to whole clock periods at f, then up to whole nanoseconds. std::invalid_argument if the work cannot run on the node's core type.
TimeNs exec_time_ns(const WorkModel& work, const NodeModel& node, std::uint32_t level);

/// Delay of `bytes` of edge data between two different cores of the node, as the on-node Interconnect
/// computes it for an uncontended link (modules/interconnect.cpp route): ceil_to_ns(bytes / bandwidth) +
/// ceil_to_ns(latency) (platform/exec_rounding.h). Tasks on the same core exchange data for free (not this function's business).
TimeNs transfer_time_ns(double bytes, const NodeModel& node);

}  // namespace rmsim::singh
