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
    CHECK(view.record(1).planned_start == 10.0_s);
    CHECK(view.record(1).units == Units{0, 1});
    CHECK(view.record(2).planned_start == 10.0_s);
    CHECK(view.record(2).units == Units{2, 3});
    CHECK(view.record(3).state == TaskState::Reserved);
    CHECK(view.record(3).planned_start == 20.0_s);
    CHECK(view.record(3).units == Units{0});

    // Permanent: a later event keeps every reservation as it is.
    event_at(books, cons, 5.0_s);
    CHECK(view.record(1).planned_start == 10.0_s);
    CHECK(view.record(3).planned_start == 20.0_s);

    // At 10, t1 and t2 start as reserved.
    event_at(books, cons, 10.0_s, {0});
    CHECK(view.record(1).start == 10.0_s);
    CHECK(view.record(2).start == 10.0_s);
}

TEST_CASE("baseline conservative: EASY backfills the same case and delays the second task",
          "[manager][policies]") {
    const PlatformSpec plat = small_platform({4});
    const std::vector<Task> tasks = four_tasks();
    Bookkeeping books(plat, tasks, Granularity::Node);
    const PolicyView& view = books.view();
    EasyPolicy easy(EasyPolicy::Rule::PinnedReservation, 0, Granularity::Node, NodeChoice::Lowest);
    arrive_all(books, tasks);
    event_at(books, easy, 0.0_s);
    CHECK(view.record(1).planned_start == 10.0_s);
    CHECK(view.record(2).state == TaskState::Waiting);
    CHECK(view.record(3).state == TaskState::Running);  // [0,20) on node 3
    CHECK(view.record(3).units == Units{3});
    // At 10 t1 starts on {0,1}; t2 needs 2 nodes, only node 2 is idle until t3 ends at 20: reserved at 20.
    event_at(books, easy, 10.0_s, {0});
    CHECK(view.record(1).start == 10.0_s);
    CHECK(view.record(2).planned_start == 20.0_s);
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
    CHECK(view.record(1).planned_start == 10.0_s);
    CHECK(view.record(2).state == TaskState::Running);
    CHECK(view.record(2).units == Units{1});
    CHECK(view.record(3).planned_start == 15.0_s);
    CHECK(view.record(3).units == Units{0});
}
