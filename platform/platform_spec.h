#pragma once
// Platform description: the typed result of loading a platform YAML, and the input of the builder.
// Hierarchy: Cluster (identical nodes) ▸ Node ▸ Processor ▸ Core. Heterogeneity comes from the types.
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "platform/enum_names.h"
#include "platform/units.h"

namespace rmsim {

using CoreTypeId = std::uint32_t;
using ProcessorTypeId = std::uint32_t;
using NodeTypeId = std::uint32_t;
using ClusterId = std::uint32_t;
using NodeId = std::uint32_t;  ///< global node index over all clusters, cluster by cluster
using TaskId = std::uint64_t;  ///< a task of the workload (index into the trial's task list)
/// "Every core of the node" where a local core index is expected.
constexpr std::uint32_t kAllCores = std::numeric_limits<std::uint32_t>::max();

/// One DVFS performance level. P0 is the fastest (gem5 convention).
/// Power of a core at this level (SimGrid host_energy style, per power state):
///   busy: busy_power_w, idle (on, no work): idle_power_w. The static part of busy power is idle_power_w,
///   the dynamic part busy_power_w - idle_power_w.
struct PState {
    Hertz frequency_hz = 0;
    Volts voltage_v = 0;
    Watts busy_power_w = 0;
    Watts idle_power_w = 0;
};

struct CoreType {
    std::string name;
    std::vector<PState> pstates;       ///< P0 first; frequencies strictly decreasing
    Seconds transition_latency_s = 0;  ///< DVFS switch: the core makes no progress for this long
    Joules transition_energy_j = 0;    ///< per core per DVFS switch
    Watts sleep_power_w = 0;           ///< in the sleep state
    Seconds wake_latency_s = 0;        ///< from sleep or off (power-gated) to idle
    Joules wake_energy_j = 0;
    bool gate_when_idle = false;  ///< power-gate the core whenever it has no work (Singh 2015 §III-A)
};

struct ProcessorType {
    std::string name;
    CoreTypeId core_type = 0;
    std::uint32_t cores = 1;
    /// Uncore/overhead power while the processor is on: one value, or one per P-state of its cores
    /// (then the P-state of core 0 of the processor selects it; requires a processor- or node-wide DVFS domain).
    std::vector<Watts> uncore_power_w{0.0};
    bool gate_when_idle = false;  ///< switch off (0 W) while no core has work (Siegel: shut off when all idle)
    Seconds wake_latency_s = 0;
    Joules wake_energy_j = 0;
};

enum class SwitchOffPolicy { Never, Immediately, AfterTimeout };

/// A link of an interconnect endpoint: delay of a message = latency + bytes / bandwidth.
struct LinkSpec {
    Seconds latency_s = 0;
    double bandwidth_bytes_per_s = std::numeric_limits<double>::infinity();
};

struct NodeType {
    struct Processors {
        ProcessorTypeId type = 0;
        std::uint32_t count = 1;
    };
    std::string name;
    std::vector<Processors> processors;
    /// Base power (disks, fans, memory) while the node is on: one value, or one per P-state of its cores
    /// (then core 0's P-state selects it; requires a node-wide DVFS domain).
    std::vector<Watts> base_power_w{0.0};
    Watts off_power_w = 0;
    SwitchOffPolicy switch_off = SwitchOffPolicy::Never;
    Seconds switch_off_timeout_s = 0;  ///< for AfterTimeout: idle time before the node switches off
    Seconds wake_latency_s = 0;        ///< off -> on
    Joules wake_energy_j = 0;
    LinkSpec network;  ///< on-node interconnect, one link per core
    /// A finite energy store (a battery): everything the node draws comes out of it, and the node stops for good
    /// when it is used up (modules/energy_store.h). 0: no store, unlimited energy.
    Joules energy_store_j = 0;
};

struct ClusterSpec {
    std::string name;
    NodeTypeId node_type = 0;
    std::uint32_t nodes = 1;
    LinkSpec network;  ///< each node's link to the cluster interconnect
    /// Memory of the whole cluster, planned as one pool beside its cores (Machovec Ch.2 §2.2: a VM takes
    /// cores and memory; GAP A1.1, rmsim pools it per cluster: manager/memory_pool.h). 0: not planned.
    double memory_gb = 0;
};

enum class DvfsScope { Core, Processor, Node };
/// "core", "processor" or "node", as a platform file writes it.
inline constexpr auto kDvfsScopeNames =
    enum_names<DvfsScope>({{DvfsScope::Core, "core"}, {DvfsScope::Processor, "processor"}, {DvfsScope::Node, "node"}});
inline const char* to_string(DvfsScope s) { return kDvfsScopeNames.name(s); }

/// What preempting a task and resuming it later costs (checkpoint / restart), for each node part of the task:
/// time = fixed time + the part's memory / bandwidth, during which the part's cores stay busy at their level
/// (drawing busy power) and make no progress, plus an energy lump. All 0 by default: preemption is free and
/// immediate. The manager learns of a preemption when its checkpoint is done.
/// `over_network`: the checkpoint is kept in a store behind the resource manager's link, so a part's data also
/// crosses the cluster interconnect (the node's link, then the manager's, both shared with every other
/// message and checkpoint: contention); its transfer then takes max(memory / bandwidth, the interconnect's
/// delivery time). `energy_j_per_byte`: energy of moving one byte of checkpoint (written or read), charged
/// to the part's cores as a lump.
struct PreemptionCost {
    Seconds checkpoint_s = 0;  ///< fixed time to checkpoint a part
    Joules checkpoint_j = 0;   ///< energy lump of a checkpoint (per part)
    Seconds resume_s = 0;      ///< fixed time to restore a part when the task resumes
    Joules resume_j = 0;       ///< energy lump of a restore (per part)
    double bandwidth_bytes_per_s = std::numeric_limits<double>::infinity();  ///< checkpoint write / read rate
    bool over_network = false;     ///< checkpoint data crosses the cluster interconnect to the store
    Joules energy_j_per_byte = 0;  ///< energy per checkpoint byte written or read
    bool free() const {
        return checkpoint_s == 0 && checkpoint_j == 0 && resume_s == 0 && resume_j == 0 &&
               bandwidth_bytes_per_s == std::numeric_limits<double>::infinity() && !over_network &&
               energy_j_per_byte == 0;
    }
};

struct PlatformSpec {
    std::string name;
    std::vector<CoreType> core_types;
    std::vector<ProcessorType> processor_types;
    std::vector<NodeType> node_types;
    std::vector<ClusterSpec> clusters;
    DvfsScope dvfs_domain = DvfsScope::Core;
    LinkSpec manager_link;      ///< the resource manager's link to the cluster interconnect
    PreemptionCost preemption;  ///< checkpoint / restart cost (platform-wide)

    std::uint32_t cores_per_node(NodeTypeId t) const;
    std::uint32_t total_nodes() const;
    std::uint64_t total_cores() const;
    NodeId first_node(ClusterId c) const;  ///< global index of the cluster's first node
    ClusterId cluster_of(NodeId n) const;
    /// Core type of local core `core` (processor by processor) of a node of type t.
    CoreTypeId core_type_of(NodeTypeId t, std::uint32_t core) const;
    /// Number of P-states shared by every core of node type t (the minimum over its core types).
    std::size_t pstate_count(NodeTypeId t) const;
};

}  // namespace rmsim
