// Singh 2015 planning: list schedule with communication delays and Eq. (1)-(2) energy.
#include <catch2/catch.hpp>
#include <stdexcept>

#include "manager/policies/singh/list_schedule.h"
#include "manager/policies/singh/planning_problem.h"
#include "tests/manager/policies/singh/singh_fixture.h"

using namespace rmsim;
using namespace rmsim::singh;

namespace {
void check_task(const JobPlan& p, std::uint32_t t, std::uint32_t core, std::uint32_t level, TimeNs start,
                TimeNs finish) {
    INFO("task " << t);
    CHECK(p.tasks[t].core == core);
    CHECK(p.tasks[t].level == level);
    CHECK(p.tasks[t].start_ns == start);
    CHECK(p.tasks[t].finish_ns == finish);
}
}  // namespace

TEST_CASE("singh list schedule: diamond on 2 cores at the top level", "[manager][singh]") {
    // A, B, D on core 0, C on core 1, all at L0 (1 GHz: 1 cycle = 1 ns).
    // exec: A 1000, B 3000, C 2000, D 1000 ns. Cross-core transfers (1 B = 1 ns, + 1000 ns latency):
    // A->C 4000 + 1000 = 5000, C->D 2000 + 1000 = 3000; A->B and B->D are on one core: 0.
    // Upward ranks: D = 1000; B = 3000 + 0 + 1000 = 4000; C = 2000 + 3000 + 1000 = 6000;
    //   A = 1000 + max(0 + 4000, 5000 + 6000) = 12000. Order: A, C (6000 > 4000), B, D.
    // A: core 0 [0, 1000].  C: core 1, start max(0, 1000 + 5000) = 6000, [6000, 8000].
    // B: core 0, start max(1000, 1000 + 0) = 1000, [1000, 4000].
    // D: core 0, start max(4000, 4000 + 0, 8000 + 3000) = 11000, [11000, 12000]. Response 12000 ns.
    const Job job = singh_test::diamond();
    for (bool gated : {true, false}) {
        const NodeModel node = singh_test::two_level_node(2, gated);
        const PlanningProblem pb(job, node);
        const JobPlan p = list_schedule(pb, {0, 0, 1, 0}, {0, 0, 0, 0});
        check_task(p, 0, 0, 0, 0, 1000);
        check_task(p, 1, 0, 0, 1000, 4000);
        check_task(p, 2, 1, 0, 6000, 8000);
        check_task(p, 3, 0, 0, 11000, 12000);
        CHECK(p.response_ns == 12000);
        CHECK(p.response_s() == Approx(12e-6).epsilon(1e-12));
        CHECK(p.cores_used() == 2);
        CHECK(p.core_sequence == std::vector<std::vector<std::uint32_t>>{{0, 1, 3}, {2}});
        // Eq. (2): E_dyn = (1000 + 3000 + 2000 + 1000) ns · (2.0 - 0.5) W = 7000e-9 · 1.5 = 1.05e-5 J.
        CHECK(p.dynamic_energy_j == Approx(1.05e-5).epsilon(1e-12));
        if (gated) {
            // Gated: static only while executing: 7000e-9 s · 0.5 W = 3.5e-6 J.
            CHECK(p.static_energy_j == Approx(3.5e-6).epsilon(1e-12));
            CHECK(p.energy_j() == Approx(1.4e-5).epsilon(1e-12));
        } else {
            // Not gated: 2 used cores · 12000e-9 s · 0.5 W (one level everywhere) = 1.2e-5 J.
            CHECK(p.static_energy_j == Approx(1.2e-5).epsilon(1e-12));
        }
    }
}

TEST_CASE("singh list schedule: a slower level for C changes priorities and idle-level static energy",
          "[manager][singh]") {
    // C at L1 (0.5 GHz): 2000 cycles = 4000 ns. Ranks: C = 4000 + 3000 + 1000 = 8000,
    //   A = 1000 + max(4000, 5000 + 8000) = 14000. Order A, C, B, D.
    // C: [6000, 10000]; B: [1000, 4000]; D: start max(4000, 10000 + 3000) = 13000, [13000, 14000].
    const Job job = singh_test::diamond();
    const NodeModel gated = singh_test::two_level_node(2, true);
    const PlanningProblem pb(job, gated);
    const JobPlan p = list_schedule(pb, {0, 0, 1, 0}, {0, 0, 1, 0});
    check_task(p, 2, 1, 1, 6000, 10000);
    check_task(p, 3, 0, 0, 13000, 14000);
    CHECK(p.response_ns == 14000);
    // E_dyn = 5000e-9 · 1.5 + 4000e-9 · (0.6 - 0.2) = 7.5e-6 + 1.6e-6 = 9.1e-6 J.
    CHECK(p.dynamic_energy_j == Approx(9.1e-6).epsilon(1e-12));
    // Gated E_static = 5000e-9 · 0.5 + 4000e-9 · 0.2 = 2.5e-6 + 0.8e-6 = 3.3e-6 J.
    CHECK(p.static_energy_j == Approx(3.3e-6).epsilon(1e-12));

    const NodeModel ungated = singh_test::two_level_node(2, false);
    const PlanningProblem pu(job, ungated);
    const JobPlan q = list_schedule(pu, {0, 0, 1, 0}, {0, 0, 1, 0});
    // Not gated, over [0, 14000]: busy static 3.3e-6 as above, plus idle stretches:
    //   core 0: B ends 4000, D starts 13000: 9000 ns at B's level L0 (0.5 W) = 4.5e-6;
    //   core 1: before C 6000 ns at C's level L1 (0.2 W) = 1.2e-6; after C 10000..14000 at 0.2 W = 0.8e-6.
    // E_static = 3.3e-6 + 4.5e-6 + 1.2e-6 + 0.8e-6 = 9.8e-6 J (= core 0: 14000e-9·0.5 = 7e-6 plus
    //   core 1: 14000e-9·0.2 = 2.8e-6).
    CHECK(q.static_energy_j == Approx(9.8e-6).epsilon(1e-12));
    CHECK(q.dynamic_energy_j == Approx(9.1e-6).epsilon(1e-12));
}

TEST_CASE("singh list schedule: one core serializes by rank, core labels are compacted", "[manager][singh]") {
    // All on one core (label 5): no transfers. Ranks: D 1000, B 4000, C 3000, A 1000 + 4000 = 5000.
    // Order A, B, C, D back to back: A [0,1000], B [1000,4000], C [4000,6000], D [6000,7000].
    const Job job = singh_test::diamond();
    const NodeModel node = singh_test::two_level_node(2, true);
    const PlanningProblem pb(job, node);
    const JobPlan p = list_schedule(pb, {5, 5, 5, 5}, {0, 0, 0, 0});
    check_task(p, 1, 0, 0, 1000, 4000);
    check_task(p, 2, 0, 0, 4000, 6000);
    check_task(p, 3, 0, 0, 6000, 7000);
    CHECK(p.cores_used() == 1);
    CHECK(compact_cores({7, 3, 7, 9}) == std::vector<std::uint32_t>{0, 1, 0, 2});
    CHECK(p.core_of_tasks() == std::vector<std::uint32_t>{0, 0, 0, 0});
    CHECK(p.level_of_tasks() == std::vector<std::uint32_t>{0, 0, 0, 0});
}

TEST_CASE("singh list schedule: equal ranks go to the lower task index", "[manager][singh]") {
    // Three independent 1000-cycle tasks on one core: equal ranks, order 0, 1, 2.
    const Job job = singh_test::make_job({1000, 1000, 1000}, {});
    const NodeModel node = singh_test::two_level_node(1, true);
    const PlanningProblem pb(job, node);
    const JobPlan p = list_schedule(pb, {0, 0, 0}, {0, 0, 0});
    CHECK(p.core_sequence.at(0) == std::vector<std::uint32_t>{0, 1, 2});
    CHECK(p.tasks[2].start_ns == 2000);
}

TEST_CASE("singh list schedule: bad allocations are rejected", "[manager][singh]") {
    const Job job = singh_test::diamond();
    const NodeModel node = singh_test::two_level_node(2, true);
    const PlanningProblem pb(job, node);
    CHECK_THROWS_AS(list_schedule(pb, {0, 0, 0}, {0, 0, 0, 0}), std::invalid_argument);
    CHECK_THROWS_AS(list_schedule(pb, {0, 0, 0, 0}, {0, 0, 2, 0}), std::invalid_argument);
    Job cyclic = singh_test::make_job({1, 1}, {{0, 1, 1}, {1, 0, 1}});
    CHECK_THROWS_AS(PlanningProblem(cyclic, node), std::invalid_argument);
    Job empty;
    CHECK_THROWS_AS(PlanningProblem(empty, node), std::invalid_argument);
}
