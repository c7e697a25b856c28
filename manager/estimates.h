#pragma once
// The manager's estimates of a task's execution (the papers' ETC/APC view): allocation units needed on a
// cluster, execution time and energy of the work still to do at a P-state. Plain C++ (no SystemC): a
// function of the task, the fraction of its work left and the platform only, so the task ledger, the
// energy accounts and the policy view share one definition.
//
// Estimates are apart from actuals: the hardware runs the task's work model (platform/work_model.h); the
// manager plans with the experiment's estimate model (manager.estimate):
//   exact        the work model's own time, rounded as the cores round it (the papers' ETC assumption);
//   requested    the user's requested time (SWF field 9, CSV requested_s), given for the reference core type
//                (core type 0) at P0 and scaled to the cluster and P-state by the work's own speed ratio
//                there (GAP); a task with no requested time is estimated exactly (GAP). The request is also
//                the task's time limit: a task that reaches it is killed (kill_at_limit) or runs on;
//   distribution the mean of the task's execution-time distribution (a stochastic work model: Siegel's
//                PMFs); policies see the distribution itself through exec_pmf(). Deterministic tasks have a
//                point distribution.
#include <cstdint>
#include <string>
#include <vector>

#include "manager/policy.h"
#include "platform/enum_names.h"
#include "platform/platform_spec.h"
#include "platform/time.h"
#include "workloads/pmf.h"
#include "workloads/task.h"

namespace rmsim {

/// exec_time() of a task on a cluster or P-state it cannot run on.
constexpr SimTime kCannotRun = SimTime::from_ns(-1);

enum class EstimateModel { Exact, Requested, Distribution };
/// The names of `manager.estimate` (and summary.json's scheduler.estimate).
inline constexpr auto kEstimateModelNames = enum_names<EstimateModel>({{EstimateModel::Exact, "exact"},
                                                                       {EstimateModel::Requested, "requested"},
                                                                       {EstimateModel::Distribution, "distribution"}});
inline const char* to_string(EstimateModel m) { return kEstimateModelNames.name(m); }

struct EstimateConfig {
    EstimateModel model = EstimateModel::Exact;
    bool kill_at_limit = true;  ///< Requested: a task that reaches its requested time is killed there
};

class Estimates {
public:
    Estimates(const PlatformSpec& platform, Granularity granularity, EstimateConfig config = {});

    const PlatformSpec& platform() const { return platform_; }
    Granularity granularity() const { return granularity_; }
    const EstimateConfig& config() const { return config_; }
    std::size_t cluster_count() const { return platform_.clusters.size(); }
    std::uint32_t pstate_count(ClusterId c) const { return pstate_count_.at(c); }
    std::uint32_t cores_per_node(ClusterId c) const { return cores_per_node_.at(c); }
    /// Allocation units of cluster c: its nodes (Granularity::Node) or its cores.
    std::uint32_t unit_count(ClusterId c) const { return unit_count_.at(c); }

    /// Units the task needs on cluster c (0: it cannot run there).
    std::uint32_t units_needed(const Task& task, ClusterId c) const;
    /// The estimate model's time for the fraction `remaining` of the task's work on cluster c at P-state p
    /// (whole ns); kCannotRun (negative) if it cannot run there.
    SimTime exec_time(const Task& task, double remaining, ClusterId c, std::uint32_t pstate) const;
    /// Energy of that execution on its units: busy cores, plus uncore and node base power when whole
    /// nodes are allocated (+inf if it cannot run there).
    Joules exec_energy(const Task& task, double remaining, ClusterId c, std::uint32_t pstate) const;
    /// The distribution of that time in seconds (a point mass unless the model is `distribution` and the
    /// work stochastic); empty if the task cannot run there.
    Pmf exec_pmf(const Task& task, double remaining, ClusterId c, std::uint32_t pstate) const;
    /// How long the task may run from its start before it is killed: its requested time under the
    /// `requested` model with kill_at_limit, else infinity.
    SimTime time_limit(const Task& task, double remaining, ClusterId c, std::uint32_t pstate) const;

private:
    /// The time the hardware would take, exactly (whole ns, as the cores round it).
    SimTime actual_time(const Task& task, double remaining, ClusterId c, std::uint32_t pstate) const;
    /// The requested time scaled to (c, pstate) and the remaining work; negative if the task has none.
    SimTime requested_time(const Task& task, double remaining, ClusterId c, std::uint32_t pstate) const;

    const PlatformSpec& platform_;
    Granularity granularity_;
    EstimateConfig config_;
    std::vector<std::uint32_t> cores_per_node_;
    std::vector<std::uint32_t> unit_count_;
    std::vector<CoreTypeId> core_type_;        ///< per cluster: the type of core 0 of its node type
    std::vector<std::uint32_t> pstate_count_;  ///< per cluster (PlatformSpec::pstate_count of its node type)
};

}  // namespace rmsim
