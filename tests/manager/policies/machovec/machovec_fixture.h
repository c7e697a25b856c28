#pragma once
// A hand-made heterogeneous instance for the Machovec Ch.3 heuristics (no SystemC): two clusters of one node
// each, with different core types and two P-states, and tasks with exact per-(cluster, P-state) times.
//   cluster 0: 1 node of 1 core,  core type A: P0 10 W, P1 4 W  -> node power 10 W / 4 W
//   cluster 1: 1 node of 2 cores, core type B: P0 10 W, P1 3 W  -> node power 20 W / 6 W
// With whole nodes, energy = time x node power, and cores allocated = 1 on cluster 0, 2 on cluster 1.
#include <memory>
#include <vector>

#include "manager/bookkeeping.h"
#include "manager/policy.h"
#include "platform/platform_spec.h"
#include "workloads/task.h"

namespace rmsim::test {

inline PlatformSpec two_cluster_platform(std::uint32_t nodes0 = 1, std::uint32_t nodes1 = 1) {
    PlatformSpec p;
    p.name = "machovec-test";
    CoreType a;
    a.name = "A";
    a.pstates = {PState{1e9, 1.0, 10.0, 1.0}, PState{5e8, 0.8, 4.0, 1.0}};
    CoreType b;
    b.name = "B";
    b.pstates = {PState{1e9, 1.0, 10.0, 1.0}, PState{5e8, 0.8, 3.0, 1.0}};
    p.core_types = {a, b};
    ProcessorType pa;
    pa.name = "pa";
    pa.core_type = 0;
    pa.cores = 1;
    ProcessorType pb;
    pb.name = "pb";
    pb.core_type = 1;
    pb.cores = 2;
    p.processor_types = {pa, pb};
    NodeType na;
    na.name = "na";
    na.processors = {NodeType::Processors{0, 1}};
    NodeType nb;
    nb.name = "nb";
    nb.processors = {NodeType::Processors{1, 1}};
    p.node_types = {na, nb};
    ClusterSpec c0;
    c0.name = "c0";
    c0.node_type = 0;
    c0.nodes = nodes0;
    ClusterSpec c1;
    c1.name = "c1";
    c1.node_type = 1;
    c1.nodes = nodes1;
    p.clusters = {c0, c1};
    return p;
}

/// A one-node task taking a0/a1 s on cluster 0 at P0/P1 and b0/b1 s on cluster 1.
inline Task het_task(TaskId id, Seconds arrival_s, Seconds a0, Seconds a1, Seconds b0, Seconds b1,
                     UtilityFunction utility) {
    Task t;
    t.id = id;
    t.arrival_s = arrival_s;
    t.nodes = 1;
    t.cores = 1;
    auto table = std::make_shared<TimeTable>();
    table->seconds = {{a0, a1}, {b0, b1}};
    t.work.set_table(table);
    t.utility = utility;
    return t;
}

/// The instance of the Max <M> tests:
///   t0: A 100/200 s, B 50/100 s, utility 10 x (1 - elapsed/1000)
///   t1: A  40/ 80 s, B 20/ 40 s, utility 4 (constant)
inline std::vector<Task> two_tasks() {
    return {het_task(0, 0.0, 100, 200, 50, 100, UtilityFunction::linear_decay(10.0, 1000.0)),
            het_task(1, 0.0, 40, 80, 20, 40, UtilityFunction::constant(4.0))};
}

inline void arrive_tasks(Bookkeeping& books, const std::vector<Task>& tasks) {
    for (const Task& t : tasks) books.arrive(t.id, t.arrival());
}

/// Due reservations, then one mapping event at now (as the ResourceManager does).
inline void map_at(Bookkeeping& books, Policy& policy, SimTime now) {
    books.start_due_reservations(now, now);
    books.begin_event(now);
    policy.schedule(books.view(), books.decisions());
}

}  // namespace rmsim::test
