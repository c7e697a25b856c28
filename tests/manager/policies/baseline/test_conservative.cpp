// Conservative backfilling (manager/policies/baseline/conservative.h, Machovec Ch.3 §3.3.4.3) against EASY
// on the same hand-built schedule.
#include <catch2/catch.hpp>

#include "manager/policies/baseline/conservative.h"
#include "manager/policies/baseline/easy.h"
#include "tests/manager/policies/baseline/baseline_fixture.h"

using namespace rmsim;
using namespace rmsim::test;
using Units = std::vector<LocalNodeIndex>;
using namespace rmsim::time_literals;

namespace {
// 4 nodes, all at time 0:
//   t0: 3 nodes x 10 s -> now on {0,1,2}, ends 10
//   t1: 2 nodes x 10 s -> cannot start (1 idle); earliest start 10, on the lowest nodes idle over
//                         [10,20): {0,1}
//   t2: 2 nodes x 10 s -> conservative: earliest start 10 on {2,3} (reservation [10,20));
//                         EASY: no second reservation, waits
//   t3: 1 node  x 20 s -> node 3 is idle now; [0,20) overlaps t2's reservation [10,20) on node 3 but not
//                         t1's ({0,1}). EASY backfills it now; conservative must not and reserves it at the
//                         earliest 20 s window of one node: 20, on node 0.
std::vector<Task> four_tasks() {
    return {node_task(0, 3, 10.0), node_task(1, 2, 10.0), node_task(2, 2, 10.0), node_task(3, 1, 20.0)};
}
}  // namespace

TEST_CASE("baseline conservative: no backfill may delay any reservation", "[manager][policies]") {
    const PlatformSpec plat = small_platform({4});
    const std::vector<Task> tasks = four_tasks();
    Bookkeeping books(plat, tasks, Granularity::Node);
    const PolicyView& view = books.view();
    ConservativePolicy cons(0, Granularity::Node, NodeChoice::Lowest);
    arrive_all(books, tasks);
    event_at(books, cons, 0.0_s);
    CHECK(view.record(0).units == Units{0, 1, 2});
    CHECK(view.record(1).state == TaskState::Reserved);
    CHECK_FALSE(view.record(1).placeholder);
    CHECK(view.planned_start(1) == 10.0_s);
    CHECK(view.record(1).units == Units{0, 1});
    CHECK(view.planned_start(2) == 10.0_s);
    CHECK(view.record(2).units == Units{2, 3});
    CHECK(view.record(3).state == TaskState::Reserved);
    CHECK(view.planned_start(3) == 20.0_s);
    CHECK(view.record(3).units == Units{0});

    // Permanent: a later event keeps every reservation as it is.
    event_at(books, cons, 5.0_s);
    CHECK(view.planned_start(1) == 10.0_s);
    CHECK(view.planned_start(3) == 20.0_s);

    // At 10, t1 and t2 start as reserved.
    event_at(books, cons, 10.0_s, {0});
    CHECK(view.start_time(1) == 10.0_s);
    CHECK(view.start_time(2) == 10.0_s);
}

TEST_CASE("baseline conservative: EASY backfills the same case and delays the second task", "[manager][policies]") {
    const PlatformSpec plat = small_platform({4});
    const std::vector<Task> tasks = four_tasks();
    Bookkeeping books(plat, tasks, Granularity::Node);
    const PolicyView& view = books.view();
    EasyPolicy easy(EasyPolicy::Rule::PinnedReservation, 0, Granularity::Node, NodeChoice::Lowest);
    arrive_all(books, tasks);
    event_at(books, easy, 0.0_s);
    CHECK(view.planned_start(1) == 10.0_s);
    CHECK(view.record(2).state == TaskState::Waiting);
    CHECK(view.record(3).state == TaskState::Running);  // [0,20) on node 3
    CHECK(view.record(3).units == Units{3});
    // At 10 t1 starts on {0,1}; t2 needs 2 nodes, only node 2 is idle until t3 ends at 20: reserved at 20.
    event_at(books, easy, 10.0_s, {0});
    CHECK(view.start_time(1) == 10.0_s);
    CHECK(view.planned_start(2) == 20.0_s);
}

// A backfill into a void before a reservation: 2 nodes. t0: 1 node x 10 s now on {0}; t1: 2 nodes x 5 s
// reserved at 10; t2: 1 node x 10 s fits the void [0,10) on node 1 exactly (0 + 10 <= 10): starts now;
// t3: 1 node x 4 s: no node idle now; earliest 1-node 4 s window after 10 + 5 = 15: reserved at 15.
TEST_CASE("baseline conservative: later tasks backfill into voids before reservations", "[manager][policies]") {
    const PlatformSpec plat = small_platform({2});
    const std::vector<Task> tasks{node_task(0, 1, 10.0), node_task(1, 2, 5.0), node_task(2, 1, 10.0),
                                  node_task(3, 1, 4.0)};
    Bookkeeping books(plat, tasks, Granularity::Node);
    const PolicyView& view = books.view();
    ConservativePolicy cons(0, Granularity::Node, NodeChoice::Lowest);
    arrive_all(books, tasks);
    event_at(books, cons, 0.0_s);
    CHECK(view.planned_start(1) == 10.0_s);
    CHECK(view.record(2).state == TaskState::Running);
    CHECK(view.record(2).units == Units{1});
    CHECK(view.planned_start(3) == 15.0_s);
    CHECK(view.record(3).units == Units{0});
}

// Compression (Mu'alem & Feitelson 2001, §2) when a task ends before its estimate. 2 nodes, all at 0:
//   t0: 2 nodes x 10 s -> runs [0, 10) as booked
//   t1: 2 nodes x 5 s  -> reserved at 10 (both nodes busy until then), [10, 15)
//   t2: 1 node  x 5 s  -> reserved at 15 (t1 holds both nodes over [10, 15)), [15, 20)
// t0's notice comes at 4 (it ran 4 s of its 10 s estimate): at the event at 4, t1 moves to 4 (it starts
// now, [4, 9)), then t2 moves to its earliest start given t1's new booking: 9 = 4 + 5. Without compression
// they would start at 10 and 15.
TEST_CASE("baseline conservative: the schedule is compressed when a task ends before its estimate",
          "[manager][policies]") {
    const PlatformSpec plat = small_platform({2});
    const std::vector<Task> tasks{node_task(0, 2, 10.0), node_task(1, 2, 5.0), node_task(2, 1, 5.0)};
    Bookkeeping books(plat, tasks, Granularity::Node);
    const PolicyView& view = books.view();
    ConservativePolicy policy(0, Granularity::Node, NodeChoice::Lowest);
    arrive_all(books, tasks);
    event_at(books, policy, 0.0_s);
    REQUIRE(view.record(1).state == TaskState::Reserved);
    CHECK(view.planned_start(1) == 10.0_s);
    CHECK(view.planned_start(2) == 15.0_s);
    CHECK(view.early_ends() == 0);

    event_at(books, policy, 4.0_s, {0});  // t0 ends early
    CHECK(view.early_ends() == 1);
    CHECK(view.record(1).state == TaskState::Running);
    CHECK(view.start_time(1) == 4.0_s);
    CHECK(view.record(2).state == TaskState::Reserved);
    CHECK(view.planned_start(2) == 9.0_s);  // 4 + 5
    CHECK(view.record(2).units == Units{0});

    // Nothing ends early at 9 (t1 ran its 5 s): no compression, t2 starts as reserved.
    event_at(books, policy, 9.0_s, {1});
    CHECK(view.early_ends() == 1);
    CHECK(view.record(2).state == TaskState::Running);
    CHECK(view.start_time(2) == 9.0_s);
}
