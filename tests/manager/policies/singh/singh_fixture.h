#pragma once
// Small hand-checkable nodes and jobs for the Singh 2015 planner tests.
#include <cstdint>
#include <vector>

#include "manager/policies/singh/node_model.h"
#include "workloads/task.h"

namespace singh_test {

/// Two V/F levels with round numbers:
///   L0: 1 GHz,   busy 2.0 W, idle 0.5 W  (dynamic 1.5 W)
///   L1: 0.5 GHz, busy 0.6 W, idle 0.2 W  (dynamic 0.4 W)
/// On-node link: latency 1 µs, 1e9 B/s (1 byte = 1 ns).
inline rmsim::singh::NodeModel two_level_node(std::uint32_t cores, bool gated) {
    rmsim::singh::NodeModel m;
    m.cores = cores;
    m.core_type.name = "test";
    m.core_type.pstates = {{1.0e9, 1.0, 2.0, 0.5}, {0.5e9, 0.8, 0.6, 0.2}};
    m.core_type.gate_when_idle = gated;
    m.power_gated = gated;
    m.link = {1.0e-6, 1.0e9};
    return m;
}

inline rmsim::Job make_job(const std::vector<double>& cycles, const std::vector<rmsim::DataEdge>& edges,
                           rmsim::UtilityFunction value = rmsim::UtilityFunction::constant(1.0)) {
    rmsim::Job j;
    j.id = 7;
    j.tasks.resize(cycles.size());
    for (std::size_t i = 0; i < cycles.size(); ++i) {
        j.tasks[i].id = i;
        j.tasks[i].work.set_cycles(cycles[i]);
    }
    j.edges = edges;
    j.value = value;
    return j;
}

/// The 4-task diamond A(0) -> B(1), A -> C(2), B -> D(3), C -> D with 1000/3000/2000/1000 cycles and
/// edge volumes A->B 500, A->C 4000, B->D 1000, C->D 2000 bytes.
inline rmsim::Job diamond() {
    return make_job({1000, 3000, 2000, 1000}, {{0, 1, 500}, {0, 2, 4000}, {1, 3, 1000}, {2, 3, 2000}});
}

}  // namespace singh_test
