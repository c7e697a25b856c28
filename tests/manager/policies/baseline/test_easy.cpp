// EASY backfilling (manager/policies/baseline/easy.h) on hand-built schedules: Lifka's shadow-time rule (`easy`) and
// Machovec Ch.3 §3.3.4.4's one pinned reservation (`easy-reservation`).
#include <catch2/catch.hpp>

#include "manager/policies/baseline/easy.h"
#include "tests/manager/policies/baseline/baseline_fixture.h"

using namespace rmsim;
using namespace rmsim::test;
using Units = std::vector<LocalNodeIndex>;
using namespace rmsim::time_literals;

// 4 nodes, all tasks at 0 in id order:
//   t0: 2 nodes x 10 s  -> starts now on {0,1}, ends 10
//   t1: 4 nodes x 10 s  -> cannot start (2 idle): the reservation, at 10 (all four idle from 0 + 10)
//   t2: 2 nodes x 15 s  -> nodes 2,3 are idle now but 0 + 15 > 10 would delay t1: not started
//   t3: 2 nodes x 10 s  -> 0 + 10 <= 10 ends exactly at the reserved start: backfilled now on {2,3}
//   t4: 1 node  x 5 s   -> nothing idle any more: waits
TEST_CASE("baseline easy: a backfill that would delay the head reservation waits, one that fits starts",
          "[manager][policies]") {
    const PlatformSpec plat = small_platform({4});
    const std::vector<Task> tasks{node_task(0, 2, 10.0), node_task(1, 4, 10.0), node_task(2, 2, 15.0),
                                  node_task(3, 2, 10.0), node_task(4, 1, 5.0)};
    Bookkeeping books(plat, tasks, Granularity::Node);
    const PolicyView& view = books.view();
    EasyPolicy easy(EasyPolicy::Rule::PinnedReservation, 0, Granularity::Node, NodeChoice::Lowest);
    arrive_all(books, tasks);

    event_at(books, easy, 0.0_s);
    CHECK(view.record(0).state == TaskState::Running);
    CHECK(view.record(0).units == Units{0, 1});
    CHECK(view.record(1).state == TaskState::Reserved);
    CHECK(view.planned_start(1) == 10.0_s);
    CHECK(view.record(1).placeholder);  // recomputed at every mapping event (see easy.cpp)
    CHECK(view.record(2).state == TaskState::Waiting);
    CHECK(view.record(3).state == TaskState::Running);
    CHECK(view.start_time(3) == 0.0_s);
    CHECK(view.record(3).units == Units{2, 3});
    CHECK(view.record(4).state == TaskState::Waiting);

    // An arrival-style event at 4: the reservation is recomputed, still at 10 (never later).
    event_at(books, easy, 4.0_s);
    CHECK(view.record(1).state == TaskState::Reserved);
    CHECK(view.planned_start(1) == 10.0_s);
    CHECK(view.record(2).state == TaskState::Waiting);

    // At 10 t0 and t3 end and t1 starts as reserved; t1 holds all nodes until 10 + 10 = 20, so t2 is the
    // new head, reserved at 20, and t4 (1 node) cannot start now.
    event_at(books, easy, 10.0_s, {0, 3});
    CHECK(view.record(1).state == TaskState::Running);
    CHECK(view.start_time(1) == 10.0_s);
    CHECK(view.record(2).state == TaskState::Reserved);
    CHECK(view.planned_start(2) == 20.0_s);
    CHECK(view.record(4).state == TaskState::Waiting);

    // At 20: t2 starts on {0,1} (ends 35); t4 backfills on node 2 now (nodes 2,3 idle, no reservation).
    event_at(books, easy, 20.0_s, {1});
    CHECK(view.start_time(2) == 20.0_s);
    CHECK(view.record(2).units == Units{0, 1});
    CHECK(view.start_time(4) == 20.0_s);
    CHECK(view.record(4).units == Units{2});
}

// 5 nodes. t0: 3 nodes x 10 s on {0,1,2}; t1: 4 nodes x 10 s reserved at 10 on the lowest nodes idle then,
// {0,1,2,3}; t2: 1 node x 100 s may run long on node 4, which the reservation does not need.
TEST_CASE("baseline easy: a long backfill on units the reservation does not need starts now", "[manager][policies]") {
    const PlatformSpec plat = small_platform({5});
    const std::vector<Task> tasks{node_task(0, 3, 10.0), node_task(1, 4, 10.0), node_task(2, 1, 100.0)};
    Bookkeeping books(plat, tasks, Granularity::Node);
    const PolicyView& view = books.view();
    EasyPolicy easy(EasyPolicy::Rule::PinnedReservation, 0, Granularity::Node, NodeChoice::Lowest);
    arrive_all(books, tasks);
    event_at(books, easy, 0.0_s);
    CHECK(view.planned_start(1) == 10.0_s);
    CHECK(view.record(1).units == Units{0, 1, 2, 3});
    CHECK(view.record(2).state == TaskState::Running);
    CHECK(view.record(2).units == Units{4});
}

// Core granularity, 2 nodes x 4 cores = 8 units (unit = node x 4 + core). t0: 6 cores x 10 s spans both
// nodes ({0..5}: node 0 cores 0-3, node 1 cores 0-1), so its completion takes two notices (one per node).
// t1: 8 cores x 5 s waits (2 idle) and is reserved at 10 on all 8 units; t2: serial x 10 s backfills on
// unit 6 (0 + 10 <= 10); t3: serial x 11 s would end at 11 > 10 on unit 7, which the reservation needs:
// it waits.
TEST_CASE("baseline easy: core requests spanning nodes and serial backfills", "[manager][policies]") {
    const PlatformSpec plat = small_platform({2}, 4);
    const std::vector<Task> tasks{make_task(0, 0, 0, 6, 10.0), make_task(1, 0, 0, 8, 5.0), make_task(2, 0, 0, 1, 10.0),
                                  make_task(3, 0, 0, 1, 11.0)};
    Bookkeeping books(plat, tasks, Granularity::Core);
    const PolicyView& view = books.view();
    EasyPolicy easy(EasyPolicy::Rule::PinnedReservation, 0, Granularity::Core, NodeChoice::Lowest);
    arrive_all(books, tasks);
    event_at(books, easy, 0.0_s);
    CHECK(view.record(0).units == Units{0, 1, 2, 3, 4, 5});
    CHECK(view.record(0).parts_left == 2);
    CHECK(view.planned_start(1) == 10.0_s);
    CHECK(view.record(1).units == Units{0, 1, 2, 3, 4, 5, 6, 7});
    CHECK(view.record(2).units == Units{6});
    CHECK(view.record(3).state == TaskState::Waiting);

    // At 10 (two notices for t0, one for t2) t1 starts on both nodes; t3 becomes the head: reserved at
    // 10 + 5 = 15 on unit 0.
    event_at(books, easy, 10.0_s, {0, 2});
    CHECK(view.record(0).state == TaskState::Completed);
    CHECK(view.record(1).state == TaskState::Running);
    CHECK(view.record(1).parts_left == 2);
    CHECK(view.planned_start(3) == 15.0_s);
    CHECK(view.record(3).units == Units{0});
}

// Two clusters of 2 nodes. A task no cluster can run (2 nodes needed... on neither: per-cluster table
// {0, 0}) is rejected; one that only cluster 1 can run goes there; ties go to cluster 0.
TEST_CASE("baseline easy: unrunnable tasks are rejected, ties go to the lowest cluster", "[manager][policies]") {
    const PlatformSpec plat = small_platform({2, 2});
    std::vector<Task> tasks{node_task(0, 2, 10.0), node_task(1, 1, 10.0), node_task(2, 1, 10.0), node_task(3, 3, 10.0)};
    tasks[1].nodes_per_cluster = std::make_shared<const std::vector<std::uint32_t>>(std::vector<std::uint32_t>{0, 0});
    tasks[2].nodes_per_cluster = std::make_shared<const std::vector<std::uint32_t>>(std::vector<std::uint32_t>{0, 1});
    Bookkeeping books(plat, tasks, Granularity::Node);
    const PolicyView& view = books.view();
    EasyPolicy easy(EasyPolicy::Rule::PinnedReservation, 0, Granularity::Node, NodeChoice::Lowest);
    arrive_all(books, tasks);
    event_at(books, easy, 0.0_s);
    CHECK(view.record(0).cluster == 0);  // both clusters idle: the lowest
    CHECK(view.record(1).state == TaskState::Rejected);
    CHECK(view.record(2).state == TaskState::Running);
    CHECK(view.record(2).cluster == 1);
    CHECK(view.record(3).state == TaskState::Rejected);  // 3 nodes > 2 per cluster: units_needed 0 everywhere
}

// Lifka's rule and the pinned reservation differ (Mu'alem & Feitelson 2001, §2). 5 nodes, all tasks at 0:
//   t0: 3 nodes x 5 s  -> {0,1,2}, ends 5          t1: 2 nodes x 10 s -> {3,4}, ends 10
//   t2: 4 nodes x 10 s -> the head                  t3: 1 node x 100 s    t4: 1 node x 100 s    t5: 1 node x 4 s
// At 5 (t0 ended) nodes {0,1,2} are idle. The head's shadow time: nodes are free from 5, 5, 5, 10, 10; the
// 4th earliest is 10, so the shadow time is 10 and 5 - 4 = 1 node is extra.
//   Lifka: t3 ends at 5 + 100 = 105 > 10 but needs 1 <= 1 extra node: starts now on {0}, extra 1 - 1 = 0;
//          t4 ends at 105 > 10 and needs 1 > 0 extra: waits; t5 ends at 5 + 4 = 9 <= 10: starts on {1}.
//   Pinned: the head is booked at 10 on the lowest nodes idle over [10, 20), {0,1,2,3}: every idle node
//          is pinned, so t3 and t4 (ending at 105 > 10) wait; t5 (ending at 9 <= 10) starts on {0}.
// At 10 (t1 and t5 ended): Lifka starts the head on {1,2,3,4} (t3 keeps {0}); pinned starts it on
// {0,1,2,3} and t3 then runs on {4}. The head starts at 10 either way; t3 waits 5 s under Lifka, 10 s pinned.
TEST_CASE("baseline easy: Lifka's shadow time and extra nodes admit a backfill the pinned reservation refuses",
          "[manager][policies]") {
    const PlatformSpec plat = small_platform({5});
    const std::vector<Task> tasks{node_task(0, 3, 5.0),   node_task(1, 2, 10.0),  node_task(2, 4, 10.0),
                                  node_task(3, 1, 100.0), node_task(4, 1, 100.0), node_task(5, 1, 4.0)};
    for (const EasyPolicy::Rule rule : {EasyPolicy::Rule::ShadowTime, EasyPolicy::Rule::PinnedReservation}) {
        const bool lifka = rule == EasyPolicy::Rule::ShadowTime;
        INFO((lifka ? "easy (shadow time)" : "easy-reservation"));
        Bookkeeping books(plat, tasks, Granularity::Node);
        const PolicyView& view = books.view();
        EasyPolicy easy(rule, 0, Granularity::Node, NodeChoice::Lowest);
        arrive_all(books, tasks);
        event_at(books, easy, 0.0_s);
        CHECK(view.record(0).units == Units{0, 1, 2});
        CHECK(view.record(1).units == Units{3, 4});
        CHECK(view.record(2).state == (lifka ? TaskState::Waiting : TaskState::Reserved));

        if (lifka) {
            const auto s = shadow_time(view, 0, 4);
            REQUIRE(s);
            CHECK(s->time == 10.0_s);  // free from 5, 5, 5, 10, 10: the 4th earliest
            CHECK(s->extra == 5 - 4);
        }
        event_at(books, easy, 5.0_s, {0});
        if (lifka) {
            CHECK(view.record(3).state == TaskState::Running);
            CHECK(view.record(3).units == Units{0});
            CHECK(view.record(4).state == TaskState::Waiting);  // the extra node is taken
            CHECK(view.record(5).units == Units{1});
        } else {
            CHECK(view.planned_start(2) == 10.0_s);
            CHECK(view.record(2).units == Units{0, 1, 2, 3});
            CHECK(view.record(3).state == TaskState::Waiting);
            CHECK(view.record(4).state == TaskState::Waiting);
            CHECK(view.record(5).units == Units{0});
        }
        CHECK(view.start_time(5) == 5.0_s);

        event_at(books, easy, 10.0_s, {1, 5});
        CHECK(view.record(2).state == TaskState::Running);
        CHECK(view.start_time(2) == 10.0_s);
        CHECK(view.record(2).units == (lifka ? Units{1, 2, 3, 4} : Units{0, 1, 2, 3}));
        CHECK(view.start_time(3) == (lifka ? 5.0_s : 10.0_s));
        if (!lifka) CHECK(view.record(3).units == Units{4});
        // Every node is busy until 20 (the head) or 105 (t3): t4 is the new head, reserved at 20 when pinned.
        CHECK(view.record(4).state == (lifka ? TaskState::Waiting : TaskState::Reserved));
        if (!lifka) CHECK(view.planned_start(4) == 20.0_s);
    }
}

// With a shadow time on one cluster, a task that fits on another cluster starts there regardless: the rule
// protects the head only where it will run. Clusters of 2 and 1 nodes. t0: 2 nodes x 10 s on cluster 0;
// t1: 2 nodes x 10 s (only cluster 0 has 2): the head, shadow 10 on cluster 0, extra 0; t2: 1 node x 50 s
// cannot start on cluster 0 (busy) but starts now on cluster 1.
TEST_CASE("baseline easy: the shadow time binds only the head's cluster", "[manager][policies]") {
    const PlatformSpec plat = small_platform({2, 1});
    const std::vector<Task> tasks{node_task(0, 2, 10.0), node_task(1, 2, 10.0), node_task(2, 1, 50.0)};
    Bookkeeping books(plat, tasks, Granularity::Node);
    const PolicyView& view = books.view();
    EasyPolicy easy(EasyPolicy::Rule::ShadowTime, 0, Granularity::Node, NodeChoice::Lowest);
    arrive_all(books, tasks);
    event_at(books, easy, 0.0_s);
    CHECK(view.record(0).cluster == 0);
    CHECK(view.record(1).state == TaskState::Waiting);
    CHECK(view.record(2).state == TaskState::Running);
    CHECK(view.record(2).cluster == 1);
    event_at(books, easy, 10.0_s, {0});
    CHECK(view.start_time(1) == 10.0_s);
    CHECK(view.record(1).cluster == 0);
}
