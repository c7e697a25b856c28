#pragma once
// Task (one schedulable unit) and Job (a DAG of tasks with data volumes on its edges, Singh 2015 §III-B).
// Memory: a Task is 128 bytes on x86-64 (tests/workloads/task_test.cpp checks <= 128), so 10^6 tasks take
// ~128 MB; its work model keeps the fields of one model only (24 bytes). A trace's user and group ids stay in
// its SwfJob records (no policy reads them). Per-type data is shared, never copied per task: the work model's
// TimeTable, the per-cluster node counts and a Machovec utility class's shape, each through an 8-byte
// Interned pointer (platform/interned.h).
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <vector>

#include "platform/time.h"
#include "platform/work_model.h"
#include "workloads/utility_function.h"

namespace rmsim {

using TaskTypeId = std::uint32_t;

struct Task {
    // Field order packs the 4-byte fields together (128 bytes in all).
    TaskId id = 0;
    Seconds arrival_s = 0;
    TaskTypeId type = 0;
    std::uint32_t cores = 1;   ///< cores requested (1 = serial); used when nodes == 0
    std::uint32_t nodes = 0;   ///< nodes requested; 0 = the request is in cores
    bool preemptible = false;  ///< can be preempted (Machovec Ch.4 §4.2.3 can_be_preempted)
    bool can_preempt = false;  ///< may preempt others (Machovec Ch.4 §4.2.3)
    /// Machovec Ch.3 §3.2.2: nodes the task needs on each cluster (fixed per task type; 0 = cannot run on
    /// that cluster). Null when the request is the same everywhere (cores / nodes above).
    Interned<std::vector<std::uint32_t>> nodes_per_cluster;
    WorkModel work;                  ///< duration on a core type at a P-state (platform/work_model.h)
    UtilityFunction utility;         ///< utility / value as a function of completion - arrival
    Seconds requested_time_s = -1;   ///< user's runtime estimate (SWF field 9); < 0 = unknown
    std::uint64_t memory_bytes = 0;  ///< memory footprint of the whole task (0 = none known): its checkpoint

    /// The arrival on the simulation's time grid: arrival_s rounded up to the next whole nanosecond (the one
    /// conversion between a workload's continuous time and the simulation's, platform/time.h).
    SimTime arrival() const { return SimTime::from_seconds(arrival_s); }
    std::optional<Seconds> requested_time() const {
        return requested_time_s >= 0 ? std::optional<Seconds>(requested_time_s) : std::nullopt;
    }
    /// Nodes needed on cluster c: the per-cluster table if present, else `nodes`.
    std::uint32_t nodes_on_cluster(std::size_t c) const {
        if (!nodes_per_cluster) return nodes;
        return c < nodes_per_cluster->size() ? (*nodes_per_cluster)[c] : 0;
    }
};

/// Arrival order, the order of every queue: arrival on the simulation's grid, then id.
inline bool arrives_before(const Task& a, const Task& b) {
    return a.arrival() != b.arrival() ? a.arrival() < b.arrival() : a.id < b.id;
}

/// An edge of a job's DAG: `to` needs the output of `from`; indices into Job::tasks.
struct DataEdge {
    std::uint32_t from = 0;
    std::uint32_t to = 0;
    double data_bytes = 0;  ///< volume sent from `from` to `to`
};

struct Job {
    std::uint32_t id = 0;
    Seconds arrival_s = 0;
    std::vector<Task> tasks;  ///< tasks[i].arrival_s should equal arrival_s
    std::vector<DataEdge> edges;
    UtilityFunction value;  ///< value curve of the whole job (Singh 2015 §III-C)

    /// Kahn's algorithm; among ready tasks the smallest index goes first, so the order is deterministic.
    /// Throws std::invalid_argument on an edge index out of range, a self-loop or a cycle.
    std::vector<std::uint32_t> topological_order() const;
    std::vector<std::uint32_t> predecessors(std::uint32_t task) const;  ///< in edge order
    std::vector<std::uint32_t> successors(std::uint32_t task) const;    ///< in edge order
};

}  // namespace rmsim
