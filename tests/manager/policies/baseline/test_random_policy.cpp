// Random (manager/policies/baseline/random_policy.h, Machovec Ch.3 §3.3.4.2): determinism per seed.
#include <tuple>

#include <catch2/catch.hpp>

#include "manager/policies/baseline/random_policy.h"
#include "tests/manager/policies/baseline/baseline_fixture.h"

using namespace rmsim;
using namespace rmsim::test;

namespace {
using Placement = std::tuple<ClusterId, std::uint32_t, SimTime, std::vector<LocalNodeIndex>>;
using namespace rmsim::time_literals;

// 2 clusters x 3 nodes, 30 single- and multi-node tasks at time 0 (times 5..34 s at P0, twice at P1).
std::vector<Placement> run(std::uint64_t seed) {
    const PlatformSpec plat = small_platform({3, 3});
    std::vector<Task> tasks;
    for (TaskId i = 0; i < 30; ++i) tasks.push_back(node_task(i, 1 + i % 3, 5.0 + i));
    Bookkeeping books(plat, tasks, Granularity::Node);
    const PolicyView& view = books.view();
    RandomPolicy policy(seed, Granularity::Node, NodeChoice::Lowest);
    arrive_all(books, tasks);
    event_at(books, policy, 0.0_s);
    std::vector<Placement> out;
    for (TaskId i = 0; i < 30; ++i) {
        const TaskRecord& r = view.record(i);
        REQUIRE((r.state == TaskState::Running || r.state == TaskState::Reserved));
        REQUIRE(r.pstate < 2);
        // The booked duration is the table entry of the drawn P-state: 5 + i at P0, 2 x (5 + i) at P1.
        const Booking* b = view.profile(r.cluster).booking(i);
        REQUIRE(b != nullptr);
        CHECK(b->end - b->start == SimTime::from_whole_seconds((5 + i) * (r.pstate == 0 ? 1 : 2)));
        out.emplace_back(r.cluster, r.pstate,
                         r.state == TaskState::Running ? view.start_time(i) : view.planned_start(i), r.units);
    }
    return out;
}
}  // namespace

TEST_CASE("baseline random: the same seed gives the same schedule, another seed another", "[manager][policies]") {
    const auto a = run(1);
    CHECK(a == run(1));
    const auto b = run(2);
    CHECK(a != b);
    // Both clusters and both P-states are drawn over 30 tasks.
    bool c0 = false, c1 = false, p0 = false, p1 = false;
    for (const auto& x : a) {
        (std::get<0>(x) == 0 ? c0 : c1) = true;
        (std::get<1>(x) == 0 ? p0 : p1) = true;
    }
    CHECK((c0 && c1 && p0 && p1));
}
