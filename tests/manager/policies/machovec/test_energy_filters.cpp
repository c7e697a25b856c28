// Energy filters (Machovec Ch.3 §3.3.8, Eqs. 6-9) and the energy goal curve (§3.3.6).
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <stdexcept>

#include "manager/policies/machovec/energy_filters.h"
#include "manager/policy_registry.h"
#include "tests/manager/policies/machovec/machovec_fixture.h"

using namespace rmsim;
using namespace rmsim::test;
using namespace rmsim::time_literals;

TEST_CASE("machovec energy: Eq. 6 resources remaining and energy remaining", "[manager][machovec]") {
    const PlatformSpec plat = two_cluster_platform(2, 1);
    const std::vector<Task> tasks = two_tasks();
    Bookkeeping books(plat, tasks, Granularity::Node);
    const PolicyView& view = books.view();
    books.energy().set_budget(EnergyBudget{5000.0, 86400.0_s, 0.0_s, {}});
    books.energy().set_reader([] { return 300.0; });
    arrive_tasks(books, tasks);
    books.begin_event(0.0_s);
    books.decisions().start(0, 0, {0}, 0);  // t0 on cluster 0 node 0 at P0: [0, 100), 100 s x 10 W = 1000 J
    // Cluster 0: node 0 idle over [100, 1000) = 900 s, node 1 1000 s, 1 core each -> 1900 core-s.
    // Cluster 1: 1 node of 2 cores idle 1000 s -> 2000 core-s. Total 3900.
    CHECK(resources_remaining(view, 1000_s) == Approx(3900.0).epsilon(1e-12));
    // Committed = consumed 300 + the running task's 1000 J = 1300; remaining = 5000 - 1300 = 3700.
    CHECK(view.energy_remaining() == Approx(3700.0).epsilon(1e-12));
    // 200 J of the consumed energy belong to an earlier period: 5000 - (1300 - 200) = 3900.
    books.energy().begin_period(0.0_s, 200.0);
    CHECK(view.energy_remaining() == Approx(3900.0).epsilon(1e-12));
    books.energy().set_budget(EnergyBudget{0.0, 86400.0_s, 0.0_s, {}});
    CHECK(std::isinf(view.energy_remaining()));  // no budget
}

TEST_CASE("machovec energy: per-resource filter (Eq. 9) keeps options up to EPR_budget", "[manager][machovec]") {
    // EPR_budget = 4.0 x 3900 J / 3900 core-s = 4 J per core-s.
    CHECK(epr_budget(4.0, 3900.0, 3900.0) == Approx(4.0).epsilon(1e-12));
    EnergyFilter f(FilterKind::PerResource, 4.0);
    f.begin_event(3900.0, 3900.0, 0.0);
    CHECK(f.budget() == Approx(4.0).epsilon(1e-12));
    CHECK_FALSE(f.keep(1000.0, 200.0));  // 5 J/core-s > 4: removed
    CHECK(f.keep(600.0, 200.0));         // 3 J/core-s: kept
    CHECK(f.keep(800.0, 200.0));         // exactly 4: kept (only "greater than" is removed)
    // No energy left: every option goes.
    f.begin_event(0.0, 3900.0, 0.0);
    CHECK_FALSE(f.keep(1.0, 200.0));
}

TEST_CASE("machovec energy: a task none of whose options a filter keeps is told by its least measures",
          "[manager][machovec]") {
    constexpr double kNever = -std::numeric_limits<double>::infinity();
    // Per resource, EPR_budget = 4 J per core-s (as above): options of 1000 J / 200 core-s (5) and 900 J / 200
    // core-s (4.5) are both removed, least 4.5 > 4; with a third of 800 J / 200 core-s (4: kept) the least is 4.
    EnergyFilter epr(FilterKind::PerResource, 4.0);
    epr.begin_event(3900.0, 3900.0, 0.0);
    CHECK_FALSE(epr.keep(1000.0, 200.0));
    CHECK_FALSE(epr.keep(900.0, 200.0));
    CHECK(epr.keeps_none(900.0, 900.0 / 200.0));
    CHECK(epr.keep(800.0, 200.0));
    CHECK_FALSE(epr.keeps_none(800.0, 800.0 / 200.0));
    CHECK_FALSE(epr.keeps_none(1e12, kNever));  // a measure not known: never told
    // Per task, budget 2600 J (as below): least 2700 J removes every option, least 2600 J keeps one.
    EnergyFilter task(FilterKind::PerTask, 2.0);
    task.begin_event(3900.0, 3900.0, 1300.0);
    CHECK(task.keeps_none(2700.0, 1e12));
    CHECK_FALSE(task.keeps_none(2600.0, 1e12));
    CHECK_FALSE(task.keeps_none(kNever, 1e12));
    EnergyFilter none(FilterKind::None, 1.0);
    none.begin_event(0.0, 0.0, 0.0);
    CHECK_FALSE(none.keeps_none(1e12, 1e12));
}

TEST_CASE("machovec energy: per-task filter (GAP Eqs. 7-8) keeps options up to the task budget",
          "[manager][machovec]") {
    // Eq. 7 (GAP): 3900 core-s / 1300 core-s per task = 3 tasks; Eq. 8 (GAP): 2.0 x 3900 J / 3 = 2600 J.
    CHECK(estimated_tasks_remaining(3900.0, 1300.0) == Approx(3.0).epsilon(1e-12));
    CHECK(per_task_budget(2.0, 3900.0, 3.0) == Approx(2600.0).epsilon(1e-12));
    CHECK_THROWS_AS(estimated_tasks_remaining(3900.0, 0.0), std::invalid_argument);
    EnergyFilter f(FilterKind::PerTask, default_leniency(FilterKind::PerTask));
    CHECK(f.leniency() == 2.0);
    f.begin_event(3900.0, 3900.0, 1300.0);
    CHECK(f.budget() == Approx(2600.0).epsilon(1e-12));
    CHECK_FALSE(f.keep(2700.0, 1.0));
    CHECK(f.keep(2500.0, 1.0));
    // Nothing seen yet: no estimate, nothing filtered.
    f.begin_event(3900.0, 3900.0, 0.0);
    CHECK(f.keep(1e12, 1.0));
    EnergyFilter none(FilterKind::None, 1.0);
    none.begin_event(0.0, 0.0, 0.0);
    CHECK(none.keep(1e12, 1.0));
    CHECK(default_leniency(FilterKind::PerResource) == 4.0);
}

TEST_CASE("machovec energy: linear goal curve and budget periods", "[manager][machovec]") {
    const EnergyBudget b{86400.0, 86400_s, 0_s, {}};  // 1 J per second of the day
    const PlatformSpec plat = two_cluster_platform(2, 1);
    const std::vector<Task> tasks = two_tasks();
    Bookkeeping books(plat, tasks, Granularity::Node);
    const PolicyView& view = books.view();
    books.energy().set_budget(b);
    CHECK(view.energy_goal(0.0_s) == 0.0);
    CHECK(view.energy_goal(43200.0_s) == Approx(43200.0).epsilon(1e-12));
    books.energy().begin_period(86400.0_s, 50000.0);  // what the manager does at the day boundary
    CHECK(view.energy_goal(86400_s + 21600_s) == Approx(21600.0).epsilon(1e-12));  // second day
    CHECK(period_start(b, 100_s) == 0_s);
    CHECK(period_end(b, 100_s) == 86400_s);
    CHECK(period_start(b, 90000_s) == 86400_s);
    CHECK(period_end(b, 90000_s) == 172800_s);
    CHECK(period_start(b, 86400_s) == 86400_s);  // a period starts at its boundary (integer arithmetic)
}

namespace {

// Max UPR with the per-resource filter (leniency 4) at 06:00 of a day whose goal follows a two-step price curve
// (1 in the first half of the day, 3 in the second: shares 1 and 1/3). One task of the fixture's times (10 s at
// P0, 20 s at P1 on either cluster; c0 P0 100 J on 1 core, c0 P1 80 J, c1 P0 200 J on 2 cores, c1 P1 120 J).
// Energy per resource (J per core-second): c0 P0 100 / 10 = 10, c0 P1 80 / 20 = 4, c1 P0 200 / 20 = 10,
// c1 P1 120 / 40 = 3. Budget 400,000 J, 11,200 J consumed: 388,800 J left. Resources remaining to the end of
// the day (Eq. 6): 4 cores idle for 64,800 s = 259,200 core-s.
TaskState pstate_chosen(bool shaped, std::uint32_t& pstate) {
    const PlatformSpec plat = two_cluster_platform(2, 1);
    const std::vector<Task> tasks = {het_task(0, 21600, 10, 20, 10, 20, UtilityFunction::constant(1))};
    Bookkeeping books(plat, tasks, Granularity::Node);
    EnergyBudget b{400000.0, 86400_s, 0_s, {}};
    if (shaped) b.shape = {1.0, 1.0 / 3.0};
    books.energy().set_budget(b);
    books.energy().set_reader([] { return 11200.0; });
    books.arrive(0, 21600_s);
    books.begin_event(21600_s);
    builtin_policies()
        .create("max-upr", PolicyParams(YAML::Load("{filter: per-resource}"), "exp.yaml"), SourceLocation{"test", 0, 0})
        ->schedule(books.view(), books.decisions());
    pstate = books.view().record(0).pstate;
    return books.view().record(0).state;
}

}  // namespace

TEST_CASE("machovec energy: the EPR filter follows a two-step price curve", "[manager][machovec][energy]") {
    std::uint32_t pstate = 9;
    // Straight line: EPR_budget = 4 x 388,800 / 259,200 = 6 J per core-s: both P0 options (10) are removed; of
    // the rest Max UPR takes c0 P1 (UPR 1 / 20 against c1 P1's 1 / 40).
    REQUIRE(pstate_chosen(false, pstate) == TaskState::Running);
    CHECK(pstate == 1);
    // The curve: at 06:00 (x = 0.25) its rate is 1.8 times its mean over the rest of the day (test_energy_goal),
    // so EPR_budget = 6 x 1.8 = 10.8: c0 P0 (10) is kept and, with UPR 1 / 10, taken.
    REQUIRE(pstate_chosen(true, pstate) == TaskState::Running);
    CHECK(pstate == 0);
}
