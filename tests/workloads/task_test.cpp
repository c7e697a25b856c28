#include "workloads/task.h"

#include <catch2/catch.hpp>
#include <stdexcept>

using namespace rmsim;

TEST_CASE("task: compact enough for a million tasks", "[workloads][task]") {
    // 128 bytes -> 10^6 tasks in ~128 MB; per-type tables are shared through 8-byte interned pointers, not
    // copied, and the work model keeps one model's fields (24 bytes).
    CHECK(sizeof(WorkModel) <= 24);
    CHECK(sizeof(Task) <= 128);
}

TEST_CASE("task: optional fields and per-cluster node counts", "[workloads][task]") {
    Task t;
    CHECK_FALSE(t.requested_time().has_value());
    t.requested_time_s = 3600;
    CHECK(*t.requested_time() == 3600);
    t.nodes = 4;
    CHECK(t.nodes_on_cluster(2) == 4);
    auto per_cluster = std::make_shared<const std::vector<std::uint32_t>>(std::vector<std::uint32_t>{2, 0, 8});
    Task u = t;
    u.nodes_per_cluster = per_cluster;
    CHECK(u.nodes_on_cluster(0) == 2);
    CHECK(u.nodes_on_cluster(1) == 0);  // cannot run there
    CHECK(u.nodes_on_cluster(2) == 8);
    CHECK(u.nodes_on_cluster(7) == 0);
    CHECK(u.nodes_per_cluster.get() == per_cluster.get());  // shared, not copied
}

TEST_CASE("task: job DAG topological order", "[workloads][task]") {
    // Diamond 0 -> {1, 2} -> 3, plus 4 -> 2. Ready sets by smallest index: 0, 4 first; then 1, 2; then 3.
    Job j;
    j.tasks.resize(5);
    j.edges = {{0, 1, 100}, {0, 2, 200}, {1, 3, 50}, {2, 3, 50}, {4, 2, 10}};
    CHECK(j.topological_order() == std::vector<std::uint32_t>{0, 1, 4, 2, 3});
    CHECK(j.predecessors(2) == std::vector<std::uint32_t>{0, 4});
    CHECK(j.successors(0) == std::vector<std::uint32_t>{1, 2});
    CHECK(j.predecessors(0).empty());
}

TEST_CASE("task: job DAG errors", "[workloads][task]") {
    Job cyc;
    cyc.tasks.resize(3);
    cyc.edges = {{0, 1, 0}, {1, 2, 0}, {2, 1, 0}};
    CHECK_THROWS_AS(cyc.topological_order(), std::invalid_argument);
    Job bad;
    bad.tasks.resize(2);
    bad.edges = {{0, 5, 0}};
    CHECK_THROWS_AS(bad.topological_order(), std::invalid_argument);
    Job self;
    self.tasks.resize(2);
    self.edges = {{1, 1, 0}};
    CHECK_THROWS_AS(self.topological_order(), std::invalid_argument);
}
