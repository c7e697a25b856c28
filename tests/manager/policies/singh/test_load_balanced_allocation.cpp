// Singh 2015 NBA step i: load-balanced allocation with co-location of heavily communicating tasks.
#include <catch2/catch.hpp>
#include <stdexcept>

#include "manager/policies/singh/load_balanced_allocation.h"
#include "manager/policies/singh/planning_problem.h"
#include "tests/manager/policies/singh/singh_fixture.h"

using namespace rmsim;
using namespace rmsim::singh;

TEST_CASE("singh load balancing: |T| <= available cores gives one task per core", "[manager][singh]") {
    const Job job = singh_test::diamond();
    const NodeModel node = singh_test::two_level_node(8, true);
    const PlanningProblem pb(job, node);
    CHECK(load_balanced_allocation(pb, 8) == std::vector<std::uint32_t>{0, 1, 2, 3});
    CHECK(load_balanced_allocation(pb, 4) == std::vector<std::uint32_t>{0, 1, 2, 3});
    CHECK_THROWS_AS(load_balanced_allocation(pb, 0), std::invalid_argument);
    CHECK_THROWS_AS(load_balanced_allocation(pb, 2, -0.1), std::invalid_argument);
}

TEST_CASE("singh load balancing: independent tasks by LPT", "[manager][singh]") {
    // Loads 4, 3, 2, 1 (x 1e3 ns) on 2 cores, no edges: LPT 4 -> c0, 3 -> c1, 2 -> c1 (3 < 4),
    // 1 -> c0 (4 < 5): both cores carry 5. Compacted by first use: [0, 1, 1, 0].
    const Job job = singh_test::make_job({4000, 3000, 2000, 1000}, {});
    const NodeModel node = singh_test::two_level_node(8, true);
    const PlanningProblem pb(job, node);
    CHECK(load_balanced_allocation(pb, 2) == std::vector<std::uint32_t>{0, 1, 1, 0});
}

TEST_CASE("singh load balancing: heaviest edges are co-located within the balance bound", "[manager][singh]") {
    // Six 1000-cycle tasks, k = 3, tolerance 0.25: bound = max(1000, 1.25 · 6000 / 3) = 2500.
    // Edges by volume: 1->2 (200 B) merge {1,2} (2000); 0->1 (100 B): {0}+{1,2} = 3000 > 2500, skip;
    // 2->3 (90 B): 3000, skip; 4->5 (80 B): merge {4,5} (2000). 4 clusters remain (> k, no edges left).
    // LPT: {1,2} -> c0, {4,5} -> c1 (equal load, lower root first), {0} -> c2, {3} -> c2 (1000 < 2000).
    // Task cores: 0:c2 1:c0 2:c0 3:c2 4:c1 5:c1 -> compacted [0, 1, 1, 0, 2, 2]; every core carries 2000.
    const Job job =
        singh_test::make_job({1000, 1000, 1000, 1000, 1000, 1000}, {{0, 1, 100}, {2, 3, 90}, {4, 5, 80}, {1, 2, 200}});
    const NodeModel node = singh_test::two_level_node(8, true);
    const PlanningProblem pb(job, node);
    CHECK(load_balanced_allocation(pb, 3) == std::vector<std::uint32_t>{0, 1, 1, 0, 2, 2});
    // Tolerance 1: bound = 2 · 2000 = 4000: 1->2 merges {1,2}, 0->1 merges {0,1,2} (3000), 2->3 merges
    // {0,1,2,3} (4000); 3 clusters = k: stop. LPT: {0..3} -> c0, {4} -> c1, {5} -> c2: [0,0,0,0,1,2].
    CHECK(load_balanced_allocation(pb, 3, 1.0) == std::vector<std::uint32_t>{0, 0, 0, 0, 1, 2});
}

TEST_CASE("singh load balancing: a chain on fewer cores keeps the heavy edge local", "[manager][singh]") {
    // Chain 0->1 (10 B), 1->2 (30 B), 2->3 (20 B), loads 1000 each, k = 2: bound = max(1000, 1.25·2000) = 2500.
    // 1->2 merges {1,2}; 2->3 and 0->1 would make 3000: skip. LPT: {1,2} -> c0, {0} -> c1, {3} -> c1.
    // Compacted: [0, 1, 1, 0].
    const Job job = singh_test::make_job({1000, 1000, 1000, 1000}, {{0, 1, 10}, {1, 2, 30}, {2, 3, 20}});
    const NodeModel node = singh_test::two_level_node(8, true);
    const PlanningProblem pb(job, node);
    CHECK(load_balanced_allocation(pb, 2) == std::vector<std::uint32_t>{0, 1, 1, 0});
    CHECK(load_balanced_allocation(pb, 1) == std::vector<std::uint32_t>{0, 0, 0, 0});
}
