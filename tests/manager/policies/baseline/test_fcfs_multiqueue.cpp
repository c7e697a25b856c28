// FCFS with multiple queues (manager/policies/baseline/fcfs_multiqueue.h, Machovec Ch.3 §3.3.4.5).
#include <catch2/catch.hpp>

#include "manager/policies/baseline/fcfs_multiqueue.h"
#include "tests/manager/policies/baseline/baseline_fixture.h"

using namespace rmsim;
using namespace rmsim::test;
using Units = std::vector<LocalNodeIndex>;
using Ids = std::vector<TaskId>;
using Q = SizeQueue;
using namespace rmsim::time_literals;

TEST_CASE("baseline fcfs-multiqueue: round robin takes 1 large, 4 medium, 8 small per cycle", "[manager][policies]") {
    // Tasks 0..18 in arrival order: L = {0, 5, 9}, M = {1, 2, 3, 4, 6, 7}, S = {8, 10..18}.
    const Ids tasks{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18};
    const std::vector<Q> q{Q::Large,  Q::Medium, Q::Medium, Q::Medium, Q::Medium, Q::Large, Q::Medium,
                           Q::Medium, Q::Small,  Q::Large,  Q::Small,  Q::Small,  Q::Small, Q::Small,
                           Q::Small,  Q::Small,  Q::Small,  Q::Small,  Q::Small};
    // cycle 1: L 0 | M 1 2 3 4 | S 8 10 11 12 13 14 15 16
    // cycle 2: L 5 | M 6 7     | S 17 18
    // cycle 3: L 9
    const Ids expected{0, 1, 2, 3, 4, 8, 10, 11, 12, 13, 14, 15, 16, 5, 6, 7, 17, 18, 9};
    CHECK(FcfsMultiQueuePolicy::round_robin_order(tasks, q) == expected);
}

namespace {
// 1 cluster, 4 nodes x 2 cores, whole nodes. Eq. 1 resources = time x nodes x 2 cores:
//   t0: 1 node x 10 s  ->  20 core-s   small  (< 0.3 x 800 = 240)
//   t1: 4 nodes x 100 s -> 800          large  (the largest)
//   t2: 2 nodes x 60 s  -> 240          medium (not below 240)
//   t3: 1 node x 100 s  -> 200          small
//   t4: 3 nodes x 80 s  -> 480          medium (not above 0.6 x 800 = 480)
//   t5: 4 nodes x 61 s  -> 488          large
std::vector<Task> six_tasks() {
    return {node_task(0, 1, 10.0),  node_task(1, 4, 100.0), node_task(2, 2, 60.0),
            node_task(3, 1, 100.0), node_task(4, 3, 80.0),  node_task(5, 4, 61.0)};
}
}  // namespace

TEST_CASE("baseline fcfs-multiqueue: queues by resources averaged over clusters", "[manager][policies]") {
    const PlatformSpec plat = small_platform({4}, 2);
    const std::vector<Task> tasks = six_tasks();
    Bookkeeping books(plat, tasks, Granularity::Node);
    const PolicyView& view = books.view();
    CHECK(FcfsMultiQueuePolicy::average_resources(view, 1, 0) == Approx(800.0).epsilon(1e-12));
    CHECK(FcfsMultiQueuePolicy::classify(view, {0, 1, 2, 3, 4, 5}, 0) ==
          std::vector<Q>{Q::Small, Q::Large, Q::Medium, Q::Small, Q::Medium, Q::Large});

    // Two clusters (4 and 2 nodes): t1 (4 nodes) runs only on cluster 0, so its average is over that one
    // cluster: 800; t0 runs on both: (20 + 20) / 2 = 20.
    const PlatformSpec two = small_platform({4, 2}, 2);
    Bookkeeping books2(two, tasks, Granularity::Node);
    const PolicyView& view2 = books2.view();
    CHECK(FcfsMultiQueuePolicy::average_resources(view2, 1, 0) == Approx(800.0).epsilon(1e-12));
    CHECK(FcfsMultiQueuePolicy::average_resources(view2, 0, 0) == Approx(20.0).epsilon(1e-12));
}

TEST_CASE("baseline fcfs-multiqueue: assigns in round-robin order as conservative", "[manager][policies]") {
    const PlatformSpec plat = small_platform({4}, 2);
    const std::vector<Task> tasks = six_tasks();
    Bookkeeping books(plat, tasks, Granularity::Node);
    const PolicyView& view = books.view();
    FcfsMultiQueuePolicy mq(0, Granularity::Node, NodeChoice::Lowest);
    arrive_all(books, tasks);
    event_at(books, mq, 0.0_s);
    // Order: t1 (L) | t2 t4 (M) | t0 t3 (S) | t5 (L).
    CHECK(view.record(1).state == TaskState::Running);  // [0,100) on all nodes
    CHECK(view.planned_start(2) == 100.0_s);            // [100,160) on {0,1}
    CHECK(view.record(2).units == Units{0, 1});
    CHECK(view.planned_start(4) == 160.0_s);  // 3 nodes idle for 80 s first at 160: {0,1,2}
    CHECK(view.record(4).units == Units{0, 1, 2});
    CHECK(view.planned_start(0) == 100.0_s);  // [100,110) in node 2's void before t4
    CHECK(view.record(0).units == Units{2});
    CHECK(view.planned_start(3) == 100.0_s);  // [100,200) on node 3 (not needed by t4)
    CHECK(view.record(3).units == Units{3});
    CHECK(view.planned_start(5) == 240.0_s);  // all 4 nodes: after t4 ends at 160 + 80 = 240
}
