#pragma once
// Machovec Ch.3 §3.6 testbed workload, simulated: a few task types (the NAS benchmarks IS.8, MG.8, MG.16,
// IS_CG.8) with a fixed number of cores each, an ETC (seconds) and an EEC (joules) per cluster (Tables 6-7),
// arriving on average every 120 s in a fixed mix (40 % IS.8, 40 % IS_CG.8, 10 % MG.16, 10 % MG.8) over 3 h,
// each with a maximum utility uniform among the integers 1-4 that starts to decay after 2.5 x the task's
// minimum execution time.
// Per task (draw order): the inter-arrival time, the type by its weight, the maximum utility.
// Each task runs on ceil(cores / cores per node) nodes of a cluster, every core of those nodes busy; each of
// those cores draws EEC / (ETC x nodes x cores per node), so that a task's energy on an idle-free platform
// is exactly its EEC entry (the paper's dynamic energy).
// GAPs (documented at the parameter): Poisson arrivals; the shape of the decay.
#include <cstdint>
#include <memory>
#include <random>
#include <vector>

#include "platform/platform_spec.h"
#include "platform/work_model.h"
#include "workloads/task.h"

namespace rmsim {

/// One cluster as the testbed workload sees it: its core type (the key of the TimeTable row; each cluster
/// has one of its own) and its cores per node.
struct MachovecTestbedCluster {
    CoreTypeId core_type = 0;
    std::uint32_t cores_per_node = 1;
};

/// Clusters of a platform whose clusters each have a core type of their own with one P-state (the testbed's
/// one fixed frequency per cluster, §3.6.3). std::invalid_argument otherwise.
std::vector<MachovecTestbedCluster> machovec_testbed_clusters(const PlatformSpec& platform);

/// One task type: its cores and, per cluster (platform order), its ETC and EEC; ETC < 0 where it cannot run.
struct MachovecTestbedType {
    std::uint32_t cores = 1;
    double weight = 1;           ///< relative frequency in the arrival mix
    std::vector<Seconds> etc_s;  ///< [cluster] Table 6; < 0 = n.a.
    std::vector<Joules> eec_j;   ///< [cluster] Table 7; ignored where etc_s < 0
};

struct MachovecTestbedParams {
    std::vector<MachovecTestbedCluster> clusters;
    std::vector<MachovecTestbedType> types;
    Seconds horizon_s = 3 * 3600.0;     ///< §3.6.2: a three-hour workload
    Seconds mean_interarrival_s = 120;  ///< §3.6.2: "at a regular interval of 120 seconds (on average)";
                                        ///< GAP: Poisson arrivals (exponential gaps of this mean)
    std::uint32_t utility_min = 1;      ///< §3.6.2: maximum utility uniform among the integers min..max
    std::uint32_t utility_max = 4;
    double plateau_factor = 2.5;  ///< §3.6.2: the utility starts to decay at this x the minimum execution time
    /// GAP: the decay's shape. Linear from the maximum at plateau_factor x T_min to 0 at zero_factor x T_min.
    double zero_factor = 5.0;
};

/// The per-type tables a task carries: nodes per cluster, and the TimeTable (seconds at P0 and the busy
/// power of each core, [core type][P-state 0]). Throws std::invalid_argument for a bad type.
struct MachovecTestbedTables {
    std::shared_ptr<const std::vector<std::uint32_t>> nodes_per_cluster;
    std::shared_ptr<const TimeTable> time_table;
    Seconds min_time_s = 0;  ///< the type's shortest ETC entry
};
MachovecTestbedTables machovec_testbed_tables(const MachovecTestbedType& type,
                                              const std::vector<MachovecTestbedCluster>& clusters,
                                              std::size_t core_types);

/// Tasks sorted by arrival, ids 0, 1, ..., type = index into p.types. Deterministic for a given generator
/// state. Throws std::invalid_argument for bad parameters.
std::vector<Task> generate_machovec_testbed(const MachovecTestbedParams& p, std::size_t core_types,
                                            std::mt19937_64& rng);

}  // namespace rmsim
