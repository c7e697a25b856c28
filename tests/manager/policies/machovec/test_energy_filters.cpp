// Energy filters (Machovec Ch.3 §3.3.8, Eqs. 6-9) and the energy goal curve (§3.3.6).
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <stdexcept>

#include "manager/policies/machovec/energy_filters.h"
#include "tests/manager/policies/machovec/machovec_fixture.h"

using namespace rmsim;
using namespace rmsim::test;
using namespace rmsim::time_literals;

TEST_CASE("machovec energy: Eq. 6 resources remaining and energy remaining", "[manager][machovec]") {
    const PlatformSpec plat = two_cluster_platform(2, 1);
    const std::vector<Task> tasks = two_tasks();
    Bookkeeping books(plat, tasks, Granularity::Node);
    const PolicyView& view = books.view();
    books.energy().set_budget(EnergyBudget{5000.0, 86400.0_s, 0.0_s});
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
    books.energy().set_budget(EnergyBudget{0.0, 86400.0_s, 0.0_s});
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
    const EnergyBudget b{86400.0, 86400_s, 0_s};  // 1 J per second of the day
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
