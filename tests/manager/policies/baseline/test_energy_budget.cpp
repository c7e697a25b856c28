// The daily energy budget binds the comparison heuristics too (manager/policies/baseline/backfill_common.h,
// Machovec Ch.3 §3.2.4): an option whose estimated energy exceeds what the period has left is not taken.
#include <catch2/catch.hpp>

#include "manager/policies/baseline/conservative.h"
#include "manager/policies/baseline/easy.h"
#include "manager/policies/baseline/fcfs.h"
#include "manager/policies/baseline/random_policy.h"
#include "tests/manager/policies/baseline/baseline_fixture.h"

using namespace rmsim;
using namespace rmsim::test;
using namespace rmsim::time_literals;

namespace {

// 4 one-core nodes; a busy core draws 10 W at P0 (small_platform), no uncore or node base power, so a
// 1-node task of d seconds needs 10 x d J. Budget 250 J per 1000 s period from 0; nothing is consumed
// yet (no meters), so what is left = 250 - the estimates of running and reserved tasks.
//   t0, t1: 1 node x 10 s = 100 J each -> 200 J committed, 50 J left
//   t2:     1 node x 10 s = 100 J      -> 100 > 50: not started although nodes 2 and 3 are idle
//   t3:     1 node x 4 s  =  40 J      -> 40 <= 50: starts (10 J left)
const EnergyBudget kBudget{250.0, 1000_s, 0_s, {}};

std::vector<Task> budget_tasks() {
    return {node_task(0, 1, 10.0), node_task(1, 1, 10.0), node_task(2, 1, 10.0), node_task(3, 1, 4.0)};
}

void check_first_event(const PolicyView& view) {
    CHECK(view.exec_energy(2, 0, 0) == Approx(10.0 * 10.0));
    CHECK(view.record(0).state == TaskState::Running);
    CHECK(view.record(1).state == TaskState::Running);
    CHECK(view.record(2).state == TaskState::Waiting);
    CHECK(view.record(3).state == TaskState::Running);
    CHECK(view.energy_remaining() == Approx(250.0 - 100 - 100 - 40));
}

}  // namespace

TEST_CASE("baseline budget: backfilling skips a task the period cannot afford", "[manager][policies][energy]") {
    const PlatformSpec plat = small_platform({4});
    const std::vector<Task> tasks = budget_tasks();
    for (int kind = 0; kind < 2; ++kind) {
        Bookkeeping books(plat, tasks, Granularity::Node);
        const PolicyView& view = books.view();
        books.energy().set_budget(kBudget);
        std::unique_ptr<Policy> policy;
        if (kind == 0)
            policy = std::make_unique<EasyPolicy>(EasyPolicy::Rule::PinnedReservation, 0, Granularity::Node,
                                                  NodeChoice::Lowest);
        else
            policy = std::make_unique<ConservativePolicy>(0, Granularity::Node, NodeChoice::Lowest);
        arrive_all(books, tasks);
        event_at(books, *policy, 0.0_s);
        check_first_event(view);
        CHECK(books.next_reserved_start() == SimTime::infinity());  // nothing reserved for t2

        // At 10 t0, t1 and t3 are done: the meters read their 240 J, so 10 J are left in this period and
        // t2 (100 J) still waits although every node is idle.
        Joules consumed = 240.0;
        books.energy().set_reader([&consumed] { return consumed; });
        event_at(books, *policy, 10.0_s, {0, 1, 3});
        CHECK(view.energy_remaining() == Approx(10.0));
        CHECK(view.record(2).state == TaskState::Waiting);
        // The next period starts at 1000 with the meters at 240 J: 250 J are free again and t2 starts.
        books.energy().begin_period(1000.0_s, consumed);
        event_at(books, *policy, 1000.0_s);
        CHECK(view.record(2).state == TaskState::Running);
    }
}

TEST_CASE("baseline budget: strict FCFS blocks behind a head it cannot afford", "[manager][policies][energy]") {
    const PlatformSpec plat = small_platform({4});
    const std::vector<Task> tasks = budget_tasks();
    Bookkeeping books(plat, tasks, Granularity::Node);
    const PolicyView& view = books.view();
    books.energy().set_budget(kBudget);
    FcfsPolicy fcfs(0, Granularity::Node);
    arrive_all(books, tasks);
    event_at(books, fcfs, 0.0_s);
    CHECK(view.record(0).state == TaskState::Running);
    CHECK(view.record(1).state == TaskState::Running);
    CHECK(view.record(2).state == TaskState::Waiting);  // 100 J > 50 J left
    CHECK(view.record(3).state == TaskState::Waiting);  // affordable (40 J) but behind the head
}

TEST_CASE("baseline budget: Random never books an option above what is left", "[manager][policies][energy]") {
    // One node, budget 250 J: the three 10 s tasks cost 100 J at P0 or 10 s x 2 (P1 time) x 5 W = 100 J at
    // P1, so at most two of them are ever booked (2 x 100 <= 250 < 3 x 100), whatever the draws.
    const PlatformSpec plat = small_platform({1});
    const std::vector<Task> tasks{node_task(0, 1, 10.0), node_task(1, 1, 10.0), node_task(2, 1, 10.0)};
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
        Bookkeeping books(plat, tasks, Granularity::Node);
        const PolicyView& view = books.view();
        books.energy().set_budget(kBudget);
        RandomPolicy random(seed, Granularity::Node, NodeChoice::Lowest);
        arrive_all(books, tasks);
        event_at(books, random, 0.0_s);
        int booked = 0;
        for (TaskId t = 0; t < 3; ++t) booked += view.record(t).state != TaskState::Waiting;
        CHECK(booked == 2);
        CHECK(view.energy_remaining() == Approx(50.0));
    }
}

// Conservative's compression under a budget that no longer affords a reservation. 2 one-core nodes, budget
// 300 J per 1000 s period: t0 2 nodes x 10 s = 200 J runs at 0; t1 2 nodes x 5 s = 100 J is reserved at 10
// (300 J committed, 0 left). t0's notice comes at 4 (early) with the meters reading 250 J (more than its
// estimate): at the event at 4 the compression cancels t1's reservation, and 300 - 250 = 50 J < 100 J left
// means no affordable start; the permanent reservation is kept as it was (at 10, nodes 0 and 1) rather than
// lost or moved later.
TEST_CASE("baseline budget: conservative's compression keeps a reservation the period can no longer afford",
          "[manager][policies][energy]") {
    const PlatformSpec plat = small_platform({2});
    const std::vector<Task> tasks{node_task(0, 2, 10.0), node_task(1, 2, 5.0)};
    Bookkeeping books(plat, tasks, Granularity::Node);
    const PolicyView& view = books.view();
    books.energy().set_budget(EnergyBudget{300.0, 1000_s, 0_s, {}});
    ConservativePolicy policy(0, Granularity::Node, NodeChoice::Lowest);
    arrive_all(books, tasks);
    event_at(books, policy, 0.0_s);
    REQUIRE(view.record(1).state == TaskState::Reserved);
    CHECK(view.planned_start(1) == 10.0_s);
    Joules consumed = 250.0;
    books.energy().set_reader([&consumed] { return consumed; });
    event_at(books, policy, 4.0_s, {0});
    CHECK(view.early_ends() == 1);
    CHECK(view.record(1).state == TaskState::Reserved);
    CHECK(view.planned_start(1) == 10.0_s);
    CHECK(view.record(1).units == std::vector<LocalNodeIndex>{0, 1});
}
