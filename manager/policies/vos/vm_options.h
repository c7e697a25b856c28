#pragma once
// What every value-of-service heuristic (Machovec Ch.2 §2.4.2) asks of one (task, VM configuration) pair:
// the earliest time the configuration's cores AND memory are free for its whole execution
// (AvailabilityProfile::earliest_start_with_memory), the value V (Eq. 2) it would earn completing then with
// its EEC energy, and the total resources it takes (the reconstructed Eq. 4). Shared by Max VPTR and the
// Simple variants.
#include <cstdint>
#include <optional>
#include <vector>

#include "manager/availability_profile.h"
#include "manager/policy.h"
#include "manager/policy_view.h"
#include "workloads/vos_value.h"

namespace rmsim {

/// One allocation option of a task: its VM configuration at its earliest start on a cluster.
struct VmOption {
    std::uint32_t config = 0;  ///< index into the task's vm_configs
    ClusterId cluster = 0;
    SimTime start;
    SimTime duration;      ///< booked time (ETC of the configuration)
    double value = 0;      ///< V (Eq. 2) at completion start + duration with the configuration's EEC energy
    double resources = 0;  ///< TotalResources (vos_total_resources)
    double vptr() const { return value / resources; }
};

/// The task's VoS terms (from its type's TimeTable); std::logic_error if it has none (the policy was paired
/// with a workload that is not a value-of-service one, which the experiment's checks refuse before a run).
const VosTerms& vos_terms(const PolicyView& view, TaskId t);
/// The task's allowable VM configurations (non-empty), std::logic_error as vos_terms().
const std::vector<VmConfig>& vm_configs(const PolicyView& view, TaskId t);

/// Machovec Ch.2 §2.4.2 Eq. 4 (missing from the text; the spec's reconstruction, GAP):
///   TR = exec_time x (cores / total cores + memory / total memory),
/// equal weights, over the cluster's cores and memory pool (the memory term is left out when the cluster
/// plans no memory).
double vos_total_resources(const PolicyView& view, ClusterId c, const VmConfig& config, SimTime duration);

/// The option of configuration k of task t on cluster c at its earliest start (not before now); nullopt if
/// the configuration never fits there (more cores or memory than the cluster has).
std::optional<VmOption> vm_option(const PolicyView& view, TaskId t, std::uint32_t k, ClusterId c);

/// Commits an option: chooses the configuration, then starts the task now or books it at the option's start
/// (a place-holder or a permanent reservation) on `units`.
void commit_vm_option(const PolicyView& view, Decisions& decide, TaskId t, const VmOption& o,
                      std::vector<LocalNodeIndex> units, bool placeholders);

/// Machovec Ch.2 §2.4.2 "Dropping", the shared first step (manager/dropping.h): a task whose performance
/// value is already 0 even if started now in its fastest configuration can earn nothing (V = 0 when v_p = 0)
/// and is dropped. Returns the tasks still waiting, in arrival order, and adds the drops to `dropped`.
std::vector<TaskId> drop_worthless(const PolicyView& view, Decisions& decide, std::uint64_t& dropped);

/// Policy traits of the value-of-service heuristics: mapping events every `period` only (§2.4.2: every
/// minute), cores as the unit of allocation (a VM takes cores).
PolicyTraits vos_traits(SimTime period);

}  // namespace rmsim
