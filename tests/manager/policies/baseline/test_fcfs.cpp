// FCFS without backfilling (manager/policies/baseline/fcfs.h) on hand-built schedules.
#include <catch2/catch.hpp>

#include "manager/policies/baseline/fcfs.h"
#include "tests/manager/policies/baseline/baseline_fixture.h"

using namespace rmsim;
using namespace rmsim::test;
using Units = std::vector<LocalNodeIndex>;
using namespace rmsim::time_literals;

// 4 nodes. t0: 3 nodes x 10 s, t1: 2 nodes x 10 s, t2: 1 node x 5 s, all at time 0.
TEST_CASE("baseline fcfs: the head blocks a smaller task behind it", "[manager][policies]") {
    const PlatformSpec plat = small_platform({4});
    const std::vector<Task> tasks{node_task(0, 3, 10.0), node_task(1, 2, 10.0), node_task(2, 1, 5.0)};
    Bookkeeping books(plat, tasks, Granularity::Node);
    const PolicyView& view = books.view();
    FcfsPolicy fcfs(0, Granularity::Node);
    arrive_all(books, tasks);

    event_at(books, fcfs, 0.0_s);
    CHECK(view.record(0).state == TaskState::Running);
    CHECK(view.record(0).units == Units{0, 1, 2});
    // t1 needs 2 nodes, 1 is idle: it waits, and t2 (1 node, would fit) must not overtake it.
    CHECK(view.record(1).state == TaskState::Waiting);
    CHECK(view.record(2).state == TaskState::Waiting);

    // t0 ends at 0 + 10 = 10: t1 starts on nodes 0,1 and then t2 on node 2 (lowest index).
    event_at(books, fcfs, 10.0_s, {0});
    CHECK(view.start_time(1) == 10.0_s);
    CHECK(view.record(1).units == Units{0, 1});
    CHECK(view.start_time(2) == 10.0_s);
    CHECK(view.record(2).units == Units{2});
}
