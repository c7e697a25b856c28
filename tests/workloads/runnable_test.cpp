// Whether a task can be simulated on a platform (workloads/runnable.h): its arrival, its request against the
// largest cluster, its work at every P-state of every cluster that can serve it.
#include <catch2/catch.hpp>

#include <memory>

#include "tests/modules/hw_fixture.h"
#include "workloads/runnable.h"

using namespace rmsim;

namespace {

/// Two clusters of one core type at 1 GHz (P0) and 0.5 GHz (P1): "small" 2 nodes x 4 cores, "big" 3 nodes
/// x 4 cores.
PlatformSpec two_clusters() {
    PlatformSpec p = test::simple_platform({{1e9, 1.0, 2.0, 0.5}, {0.5e9, 0.8, 1.0, 0.5}}, 4, 2);
    p.clusters[0].name = "small";
    ClusterSpec big = p.clusters[0];
    big.name = "big";
    big.nodes = 3;
    p.clusters.push_back(big);
    return p;
}

Task task(double arrival_s, double work_s, std::uint32_t cores) {
    Task t;
    t.arrival_s = arrival_s;
    t.cores = cores;
    t.work.set_cycles(work_s * 1e9);  // seconds at P0
    return t;
}

}  // namespace

TEST_CASE("runnable: requests are served within one cluster", "[workloads][runnable]") {
    const PlatformSpec p = two_clusters();
    const RunnableCheck check(p);
    CHECK_FALSE(check.problem(task(0, 10, 12)));  // big: 3 x 4 = 12 cores
    const TaskProblem wide = check.problem(task(0, 10, 13));
    CHECK(wide.fault == TaskFault::Request);
    CHECK(wide.message == "asks for 13 cores, but the largest cluster has 12");
    Task nodes = task(0, 10, 1);
    nodes.nodes = 3;
    CHECK_FALSE(check.problem(nodes));
    nodes.nodes = 4;
    CHECK(check.problem(nodes).message == "asks for 4 nodes, but the largest cluster has 3");
    // A per-cluster table: 0 = cannot run there; 3 nodes fit big only, 4 fit nowhere.
    Task table = task(0, 10, 1);
    table.nodes_per_cluster = std::make_shared<const std::vector<std::uint32_t>>(std::vector<std::uint32_t>{0, 3});
    CHECK_FALSE(check.problem(table));
    table.nodes_per_cluster = std::make_shared<const std::vector<std::uint32_t>>(std::vector<std::uint32_t>{3, 4});
    CHECK(check.problem(table).message == "needs more nodes than every cluster it may use has");
}

TEST_CASE("runnable: arrival and execution lie within simulated time", "[workloads][runnable]") {
    const PlatformSpec p = two_clusters();
    const RunnableCheck check(p);
    CHECK(check.problem(task(-1, 10, 1)).message == "arrives at -1 s, before time 0");
    CHECK(check.problem(task(9.3e9, 10, 1)).message ==
          "arrives at 9.3e+09 s, past the end of simulated time (9.2e+09 s, 292 years)");
    // 4e9 s at P0 is 8e9 s at P1 (1 GHz / 0.5 GHz): from 1e9 s it ends at 9e9 s, inside.
    CHECK_FALSE(check.problem(task(1e9, 4e9, 1)));
    // From 2e9 s it would end at 1e10 s at P1.
    const TaskProblem late = check.problem(task(2e9, 4e9, 1));
    CHECK(late.fault == TaskFault::Work);
    CHECK(late.message ==
          "runs 8e+09 s on core type 'core' at P1 (cluster 'small'), ending past the end of simulated "
          "time (9.2e+09 s, 292 years)");
    // Work that no core type can run: a table with no entry.
    Task none = task(0, 0, 1);
    auto table = std::make_shared<TimeTable>();
    table->seconds = {{-1, -1}};
    none.work.set_table(table);
    CHECK(check.problem(none).message == "fits only on clusters whose core type its work cannot run on");
}
