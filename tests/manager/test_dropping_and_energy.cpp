// Shared manager machinery of the utility papers: dropping by a utility threshold (Machovec Ch.3 §3.3.3)
// and the energy accounts of a budget period with the linear goal curve (§3.2.4, §3.3.6).
#include <catch2/catch.hpp>

#include "manager/bookkeeping.h"
#include "manager/dropping.h"
#include "manager/policy_registry.h"
#include "tests/manager/policies/baseline/baseline_fixture.h"

using namespace rmsim;
using namespace rmsim::test;
using namespace rmsim::time_literals;

TEST_CASE("dropping: tasks whose best utility is below the threshold are dropped", "[manager][dropping]") {
    // Two clusters of one node; both tasks take 40 s at P0 on a whole node.
    const PlatformSpec p = small_platform({1, 1});
    std::vector<Task> tasks{make_task(0, 0, 1, 1, 40), make_task(1, 0, 1, 1, 40)};
    // Utility 1 until 50 s after arrival, then 0.4 until 200 s (a step down), then 0.
    tasks[0].utility = UtilityFunction::piecewise_linear({{0, 1.0}, {50, 1.0}, {50, 0.4}, {200, 0.4}, {200, 0}});
    tasks[1].utility = UtilityFunction::constant(0.45);
    Bookkeeping books(p, tasks, Granularity::Node);
    const PolicyView& view = books.view();
    books.arrive(0, 0_s);
    books.arrive(1, 0_s);
    books.begin_event(5_s);
    // At 5 s: task 0 would finish at 45 s -> utility 1 >= 0.5, kept; task 1's bound 0.45 < 0.5: dropped.
    CHECK(utility_upper_bound(view, 0) == Approx(1.0));
    CHECK(drop_below_threshold(view, books.decisions(), 0.5) == 1);
    CHECK(view.record(1).state == TaskState::Dropped);
    CHECK(view.record(0).state == TaskState::Waiting);
    // At 20 s: task 0 would finish at 60 s -> 0.4 < 0.5: dropped.
    books.begin_event(20_s);
    CHECK(utility_upper_bound(view, 0) == Approx(0.4));
    CHECK(drop_below_threshold(view, books.decisions(), 0.5) == 1);
    CHECK(view.record(0).state == TaskState::Dropped);
    CHECK(drop_below_threshold(view, books.decisions(), -1) == 0);  // no dropping
}

TEST_CASE("energy accounts: period, committed, remaining and goal", "[manager][energy]") {
    const PlatformSpec p = small_platform({2});
    std::vector<Task> tasks{make_task(0, 0, 1, 1, 100)};
    Bookkeeping books(p, tasks, Granularity::Node);
    const PolicyView& view = books.view();
    Joules meter = 0;
    books.energy().set_reader([&] { return meter; });
    books.energy().set_budget(EnergyBudget{1000, 86400_s, 0_s, {}});
    books.arrive(0, 0_s);
    meter = 250;  // consumed before the first period boundary
    books.energy().begin_period(86400_s, 250);
    books.begin_event(86400_s);
    CHECK(view.budget_period_start() == 86400_s);
    CHECK(view.energy_consumed_in_period() == 0);
    // Start task 0 on one node at P0: 100 s x (1 core x 10 W busy; no uncore or base power) = 1000 J estimated.
    books.decisions().start(0, 0, {0}, 0);
    CHECK(view.energy_committed_in_period() == Approx(1000.0));
    CHECK(view.energy_remaining() == Approx(0.0));
    // Goal: 1000 J x (t - 86400) / 86400: a quarter of the day in, 250 J.
    CHECK(view.energy_goal(86400_s + 21600_s) == Approx(250.0));
    // Half the task done and 600 J metered in the period: committed = 600 + half of 1000.
    meter = 250 + 600;
    books.begin_event(86450_s);
    CHECK(view.energy_consumed_in_period() == Approx(600.0));
    CHECK(view.energy_committed_in_period() == Approx(600.0 + 500.0));
    CHECK(view.energy_remaining() == Approx(1000.0 - 1100.0));
}

TEST_CASE("dropping: a baseline with a dropping threshold drops before it schedules", "[manager][dropping]") {
    // One 1-node cluster; task 0 keeps utility 1, task 1's best is 0.2 (< 0.5): dropped, then FCFS starts 0.
    const PlatformSpec p = small_platform({1});
    std::vector<Task> tasks{make_task(0, 0, 1, 1, 40), make_task(1, 0, 1, 1, 40)};
    tasks[1].utility = UtilityFunction::constant(0.2);
    Bookkeeping books(p, tasks, Granularity::Node);
    const PolicyView& view = books.view();
    YAML::Node params = YAML::Load("{granularity: node, dropping_threshold: 0.5}");
    auto policy = builtin_policies().create("fcfs", PolicyParams(params, "test"), SourceLocation{"test", 0, 0});
    arrive_all(books, tasks);
    event_at(books, *policy, 0_s);
    CHECK(view.record(1).state == TaskState::Dropped);
    CHECK(view.record(0).state == TaskState::Running);
    PolicyReport r;
    policy->report(r);
    REQUIRE_FALSE(r.figures.empty());
    CHECK(r.figures.back() == std::make_pair(std::string("dropped"), 1.0));
    // Without the parameter nothing is dropped.
    Bookkeeping books2(p, tasks, Granularity::Node);
    const PolicyView& view2 = books2.view();
    auto plain = builtin_policies().create("fcfs", PolicyParams(YAML::Load("{granularity: node}"), "test"),
                                           SourceLocation{"test", 0, 0});
    arrive_all(books2, tasks);
    event_at(books2, *plain, 0_s);
    CHECK(view2.record(1).state == TaskState::Waiting);
}
