// Shared manager machinery of the utility papers: dropping by a utility threshold (Machovec Ch.3 §3.3.3)
// and the energy accounts of a budget period with the linear goal curve (§3.2.4, §3.3.6).
#include <catch2/catch.hpp>

#include "manager/dropping.h"
#include "manager/policy_registry.h"
#include "manager/scheduling_context.h"
#include "tests/manager/policies/baseline/baseline_fixture.h"

using namespace rmsim;
using namespace rmsim::test;

TEST_CASE("dropping: tasks whose best utility is below the threshold are dropped", "[manager][dropping]") {
    // Two clusters of one node; both tasks take 40 s at P0 on a whole node.
    const PlatformSpec p = small_platform({1, 1});
    std::vector<Task> tasks{make_task(0, 0, 1, 1, 40), make_task(1, 0, 1, 1, 40)};
    // Utility 1 until 50 s after arrival, then 0.4 until 200 s (a step down), then 0.
    tasks[0].utility = UtilityFunction::piecewise_linear({{0, 1.0}, {50, 1.0}, {50, 0.4}, {200, 0.4}, {200, 0}});
    tasks[1].utility = UtilityFunction::constant(0.45);
    SchedulingContext ctx(p, tasks, Granularity::Node);
    ctx.arrive(0, 0);
    ctx.arrive(1, 0);
    ctx.begin_event(5);
    // At 5 s: task 0 would finish at 45 s -> utility 1 >= 0.5, kept; task 1's bound 0.45 < 0.5: dropped.
    CHECK(utility_upper_bound(ctx, 0) == Approx(1.0));
    CHECK(drop_below_threshold(ctx, 0.5) == 1);
    CHECK(ctx.record(1).state == TaskState::Dropped);
    CHECK(ctx.record(0).state == TaskState::Waiting);
    // At 20 s: task 0 would finish at 60 s -> 0.4 < 0.5: dropped.
    ctx.begin_event(20);
    CHECK(utility_upper_bound(ctx, 0) == Approx(0.4));
    CHECK(drop_below_threshold(ctx, 0.5) == 1);
    CHECK(ctx.record(0).state == TaskState::Dropped);
    CHECK(drop_below_threshold(ctx, -1) == 0);  // no dropping
}

TEST_CASE("energy accounts: period, committed, remaining and goal", "[manager][energy]") {
    const PlatformSpec p = small_platform({2});
    std::vector<Task> tasks{make_task(0, 0, 1, 1, 100)};
    SchedulingContext ctx(p, tasks, Granularity::Node);
    Joules meter = 0;
    ctx.set_energy_reader([&] { return meter; });
    ctx.set_budget(EnergyBudget{1000, 86400, 0});
    ctx.arrive(0, 0);
    meter = 250;  // consumed before the first period boundary
    ctx.begin_budget_period(86400, 250);
    ctx.begin_event(86400);
    CHECK(ctx.budget_period_start() == 86400);
    CHECK(ctx.energy_consumed_in_period() == 0);
    // Start task 0 on one node at P0: 100 s x (1 core x 10 W busy; no uncore or base power) = 1000 J estimated.
    ctx.start(0, 0, {0}, 0);
    CHECK(ctx.energy_committed_in_period() == Approx(1000.0));
    CHECK(ctx.energy_remaining() == Approx(0.0));
    // Goal: 1000 J x (t - 86400) / 86400: a quarter of the day in, 250 J.
    CHECK(ctx.energy_goal(86400 + 21600) == Approx(250.0));
    // Half the task done and 600 J metered in the period: committed = 600 + half of 1000.
    meter = 250 + 600;
    ctx.begin_event(86450);
    CHECK(ctx.energy_consumed_in_period() == Approx(600.0));
    CHECK(ctx.energy_committed_in_period() == Approx(600.0 + 500.0));
    CHECK(ctx.energy_remaining() == Approx(1000.0 - 1100.0));
}

TEST_CASE("dropping: a baseline with a dropping threshold drops before it schedules", "[manager][dropping]") {
    // One 1-node cluster; task 0 keeps utility 1, task 1's best is 0.2 (< 0.5): dropped, then FCFS starts 0.
    const PlatformSpec p = small_platform({1});
    std::vector<Task> tasks{make_task(0, 0, 1, 1, 40), make_task(1, 0, 1, 1, 40)};
    tasks[1].utility = UtilityFunction::constant(0.2);
    SchedulingContext ctx(p, tasks, Granularity::Node);
    YAML::Node params = YAML::Load("{granularity: node, dropping_threshold: 0.5}");
    auto policy = builtin_policies().create("fcfs", PolicyParams(params, "test"), SourceLocation{"test", 0, 0});
    arrive_all(ctx, tasks);
    event_at(ctx, *policy, 0);
    CHECK(ctx.record(1).state == TaskState::Dropped);
    CHECK(ctx.record(0).state == TaskState::Running);
    PolicyReport r;
    policy->report(r);
    REQUIRE_FALSE(r.figures.empty());
    CHECK(r.figures.back() == std::make_pair(std::string("dropped"), 1.0));
    // Without the parameter nothing is dropped.
    SchedulingContext ctx2(p, tasks, Granularity::Node);
    auto plain = builtin_policies().create("fcfs", PolicyParams(YAML::Load("{granularity: node}"), "test"),
                                           SourceLocation{"test", 0, 0});
    arrive_all(ctx2, tasks);
    event_at(ctx2, *plain, 0);
    CHECK(ctx2.record(1).state == TaskState::Waiting);
}
