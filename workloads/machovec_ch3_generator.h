#pragma once
// Machovec Ch.3 §3.4.2 synthetic workload: 100 task types per trial, 60 general-purpose (run on
// the general-purpose clusters only) and 20 + 20 special-purpose (each runs on one special cluster only).
// Per task type (draw order in machovec_ch3_generator.cpp):
//   priority level and urgency from Table 3 (joint), starting utility uniform in the level's range (B2.2);
//   Table 4 row, then the core count uniform in [min, max] (B2.4);
//   single-core times, APC and P-state factors per cluster by generate_machovec_ch3_type (B2.3, B2.6);
//   Downey σ ~ U[4, 10], A = mean node count of the type over its clusters (B2.5);
//   arrivals: cores <= 4096 sinusoidal rate, cores > 4096 2λ during 09:00-18:00 and 0.4λ otherwise (B2.4).
// Per task: a utility class uniform among the 20 classes (Ch.3 §3.4.2.3: "for each task of a task type, a
// utility class ... is randomly selected").
// GAPs (documented at the parameter): reference cluster; which cluster's "max cores" applies in Table 4;
// cores -> nodes; Downey tie to the single-core time; sinusoid amplitude/phase; Poisson arrivals; clock time
// of t = 0.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <random>
#include <vector>

#include "platform/platform_spec.h"
#include "platform/work_model.h"
#include "workloads/downey.h"
#include "workloads/machovec_etc.h"
#include "workloads/task.h"

namespace rmsim {

/// One cluster as the generator sees it.
struct MachovecCh3Cluster {
    CoreTypeId core_type = 0;  ///< key of the type's TimeTable row (each cluster has its own core type)
    std::uint32_t nodes = 1;
    std::uint32_t cores_per_node = 1;
    int special_index = -1;  ///< -1 = general-purpose, 0 / 1 = special-purpose cluster 1 / 2
};

/// Clusters of a platform: names starting "gp" are general-purpose, "sp" special-purpose (in order of
/// appearance), as in configs/platforms/machovec-ch3.yaml. Throws std::invalid_argument for another name, for
/// two clusters sharing a core type (the TimeTable is keyed by core type), or for a node type whose cores are
/// not all of one core type.
std::vector<MachovecCh3Cluster> machovec_ch3_clusters(const PlatformSpec& platform);

struct MachovecCh3Params {
    std::vector<MachovecCh3Cluster> clusters;
    double tasks_per_day = 5000;                        ///< B2.1: 5,000 or 10,000 (mean; each type gets 1/types of it)
    Seconds horizon_s = 28 * 3600.0;                    ///< B2.1: 28 h (first 4 h warm-up)
    std::size_t general_types = 60;                     ///< B2.1
    std::size_t special_types_per_cluster = 20;         ///< B2.1, for each special cluster
    std::vector<double> power_scaling{1.0, 0.75, 0.5};  ///< B2.6
    /// AMBIG (B1): APC is "the average power consumption of the nodes that a task will utilize". PerNode (the
    /// default): every node of the task draws APC, each of its cores APC / cores per node. PerTask: the whole
    /// task draws APC, each of its cores APC / (nodes x cores per node).
    ApcScope apc_scope = ApcScope::PerNode;
    /// GAP: the clock time of t = 0. 20:00, so that the 4 h warm-up is the end of the previous day and the
    /// analysed 24 h run from midnight to midnight (as the Curie workload does, B2.7).
    Seconds start_clock_s = 20 * 3600.0;
    /// GAP: sinusoidal rate λ̄(1 + a·sin(2π(t - φ)/24 h)) with a = 0.5 and φ uniform in [0, 24 h) per type.
    double sinusoid_amplitude = 0.5;
    /// Beyond the papers (after Machovec Ch.4 §4.4.3): mean burst size B of same-type arrivals. B = 1 (the
    /// default) is Ch.3's single arrivals, with its draws unchanged. B > 1: each type's arrival process runs at
    /// 1/B of its rate and each arrival becomes a burst of uniform size in [ceil(B/2), floor(3B/2)], sharing
    /// one utility class (drawn per burst), so the mean task rate is unchanged. At most 1e6.
    std::uint32_t burst_size = 1;
    /// GAP: the reference cluster of B2.3 is the first eligible cluster of the type (the first general
    /// cluster for general types).
    /// GAP: Table 4 "max cores of cluster" = the smallest total core count among the type's eligible clusters,
    /// so the task fits on each of them; nodes on cluster c = ceil(cores / cores_per_node(c)).
    /// GAP: exec(c, p) = single_core_time(c) · time_factor(c, p) / S(nodes_c) with Downey's speedup S
    /// (the natural choice, the single-core time read as the one-node time).
};

/// Everything drawn for one task type. Tables are [cluster][P-state]; -1 where the type cannot run.
struct MachovecCh3TaskType {
    double priority = 1;  ///< starting utility
    double urgency = 0.1;
    int special_index = -1;  ///< as MachovecCh3Cluster::special_index
    std::uint32_t cores = 1;
    DowneyParams downey;
    std::shared_ptr<const std::vector<std::uint32_t>> nodes_per_cluster;  ///< 0 where it cannot run
    std::shared_ptr<const TimeTable> time_table;  ///< [core type][P-state], parallel times (for WorkModel)
    std::vector<std::vector<Seconds>> time_s;     ///< [cluster][P-state] at the type's node count
    std::vector<std::vector<Watts>> apc_w;        ///< [cluster][P-state], per node or per task (AMBIG B1)
    std::vector<Seconds> single_core_time_s;      ///< [cluster], P0 before P-state scaling; -1 if not eligible
};

struct MachovecCh3Workload {
    std::vector<MachovecCh3TaskType> types;  ///< general types first, then special cluster 1, then 2
    std::vector<Task> tasks;                 ///< sorted by arrival; ids 0, 1, ... in that order
    /// ETC/APC as MachovecEtc: one listed node count per (type, cluster, P-state), the type's count there.
    MachovecEtc etc(ApcScope scope) const;
};

/// A task of the type arriving at `arrival_s` with the given utility class (id and type left to the caller).
Task make_machovec_ch3_task(const MachovecCh3TaskType& type, Seconds arrival_s, std::size_t utility_class);

/// Deterministic for a given generator state. Throws std::invalid_argument for bad parameters (no general
/// cluster, fewer than 2 special clusters when special types are requested, a cluster of <= 4096 cores when
/// Table 4's row 4097..max would be empty, tasks_per_day <= 0, ...).
MachovecCh3Workload generate_machovec_ch3(const MachovecCh3Params& p, std::mt19937_64& rng);

/// Table 3 cell sampling (exposed for tests): returns (priority, urgency).
struct MachovecPriorityUrgency {
    double priority = 1;
    double urgency = 0.1;
};
MachovecPriorityUrgency sample_machovec_ch3_priority_urgency(std::mt19937_64& rng);

/// One task type of `cores` cores on the clusters `eligible` (indices into p.clusters, the first one the
/// reference cluster; the caller makes sure the type fits on each): node counts, single-core times, APC and
/// P-state factors (B2.3, B2.6), Downey σ and A (B2.5), in the draw order of the header. Used by the
/// synthetic generator (after drawing `pu` and `cores`) and by the trace workload (workloads/machovec_trace.h).
/// reference_p0_time_s > 0 (Ch.3 §3.4.3): the single-core times are scaled so that the type's time at P0 on
/// the reference cluster is exactly this; <= 0: the §3.4.2 times as drawn.
MachovecCh3TaskType make_machovec_ch3_type(const MachovecCh3Params& p, const std::vector<std::size_t>& eligible,
                                           int special_index, const MachovecPriorityUrgency& pu, std::uint32_t cores,
                                           Seconds reference_p0_time_s, std::mt19937_64& rng);
/// Table 4: core count for a type whose largest allowed count is max_cores (> 4097).
std::uint32_t sample_machovec_ch3_cores(std::uint32_t max_cores, std::mt19937_64& rng);

}  // namespace rmsim
