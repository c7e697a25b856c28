#pragma once
// The manager's estimates of a task's execution (the papers' ETC/APC view): allocation units needed on a
// cluster, execution time and energy of the work still to do at a P-state. Plain C++ (no SystemC): a
// function of the task, the fraction of its work left and the platform only, so the task ledger, the
// energy accounts and the policy view share one definition.
#include <cstdint>
#include <vector>

#include "manager/policy.h"
#include "platform/platform_spec.h"
#include "platform/time.h"
#include "workloads/task.h"

namespace rmsim {

/// exec_time() of a task on a cluster or P-state it cannot run on.
constexpr SimTime kCannotRun = SimTime::from_ns(-1);

class Estimates {
public:
    Estimates(const PlatformSpec& platform, Granularity granularity);

    const PlatformSpec& platform() const { return platform_; }
    Granularity granularity() const { return granularity_; }
    std::size_t cluster_count() const { return platform_.clusters.size(); }
    std::uint32_t pstate_count(ClusterId c) const;
    std::uint32_t cores_per_node(ClusterId c) const { return cores_per_node_.at(c); }
    /// Allocation units of cluster c: its nodes (Granularity::Node) or its cores.
    std::uint32_t unit_count(ClusterId c) const { return unit_count_.at(c); }

    /// Units the task needs on cluster c (0: it cannot run there).
    std::uint32_t units_needed(const Task& task, ClusterId c) const;
    /// Time to do the fraction `remaining` of the task's work on cluster c at P-state p, exactly as the
    /// cores take it (whole clock periods, then whole ns); kCannotRun (negative) if it cannot run there.
    SimTime exec_time(const Task& task, double remaining, ClusterId c, std::uint32_t pstate) const;
    /// Energy of that execution on its units: busy cores, plus uncore and node base power when whole
    /// nodes are allocated (+inf if it cannot run there).
    Joules exec_energy(const Task& task, double remaining, ClusterId c, std::uint32_t pstate) const;

private:
    const PlatformSpec& platform_;
    Granularity granularity_;
    std::vector<std::uint32_t> cores_per_node_;
    std::vector<std::uint32_t> unit_count_;
    std::vector<CoreTypeId> core_type_;  ///< per cluster: the type of core 0 of its node type
};

}  // namespace rmsim
