// Energy goals over the time of day (beyond the papers; docs/experiments.md, "Energy goals over the time of
// day"): a budget's goal curve shaped by a share per slice of its period, or by a price per slice.
#include <catch2/catch.hpp>

#include "manager/energy_accounts.h"
#include "tests/manager/policies/machovec/machovec_fixture.h"

using namespace rmsim;
using namespace rmsim::test;
using namespace rmsim::time_literals;

namespace {
// A two-step price curve: 1 per kWh in the first half of the period, 3 in the second. Its shares are 1 / price:
// 1 and 1/3, 4/3 in all, so the first half gets 3/4 of the budget and the second 1/4.
const std::vector<double> kTwoStep = {1.0, 1.0 / 3.0};
}  // namespace

TEST_CASE("energy goal: the share of the budget by a point of the period", "[manager][energy]") {
    // A straight line without a shape.
    CHECK(goal_fraction({}, 0.3) == 0.3);
    // Two-step: at x = 0.25, half of slice 0: 0.5 x 1 / (4/3) = 0.375; at 0.5 all of it: 1 / (4/3) = 0.75; at
    // 0.75, slice 0 and half of slice 1: (1 + 0.5 / 3) / (4/3) = 7/8.
    CHECK(goal_fraction(kTwoStep, 0.0) == 0.0);
    CHECK(goal_fraction(kTwoStep, 0.25) == Approx(0.375).epsilon(1e-12));
    CHECK(goal_fraction(kTwoStep, 0.5) == Approx(0.75).epsilon(1e-12));
    CHECK(goal_fraction(kTwoStep, 0.75) == Approx(0.875).epsilon(1e-12));
    CHECK(goal_fraction(kTwoStep, 1.0) == Approx(1.0).epsilon(1e-12));
    // Equal shares are the straight line.
    CHECK(goal_fraction({2.0, 2.0, 2.0, 2.0}, 0.3) == Approx(0.3).epsilon(1e-12));
}

TEST_CASE("energy goal: the curve's rate now over its mean rate for the rest of the period", "[manager][energy]") {
    CHECK(goal_rate_factor({}, 0.25) == 1.0);
    // At x = 0.25 the rate is slice 0's, 1 x 2 slices / (4/3) = 1.5 budgets per period; the rest of the period
    // has 1 - 0.375 of the budget over 0.75 of the period, 0.8333: factor 1.5 / 0.8333 = 1.8.
    CHECK(goal_rate_factor(kTwoStep, 0.25) == Approx(1.8).epsilon(1e-12));
    // In the second half the rest is all at the dearer price: rate (1/3) x 2 / (4/3) = 0.5 = (1 - 0.875) / 0.25.
    CHECK(goal_rate_factor(kTwoStep, 0.75) == Approx(1.0).epsilon(1e-12));
    CHECK(goal_rate_factor(kTwoStep, 1.0) == 1.0);
    CHECK(goal_rate_factor({1.0, 1.0}, 0.25) == Approx(1.0).epsilon(1e-12));
}

TEST_CASE("energy goal: the accounts' goal follows the shape, period by period", "[manager][energy]") {
    const PlatformSpec plat = two_cluster_platform(2, 1);
    const std::vector<Task> tasks = two_tasks();
    Bookkeeping books(plat, tasks, Granularity::Node);
    const PolicyView& view = books.view();
    EnergyBudget b{1000.0, 86400_s, 0_s, {}};
    b.shape = kTwoStep;
    books.energy().set_budget(b);
    // 1000 J x 0.375 at 6:00, x 0.75 at 12:00, x 0.875 at 18:00 (a straight line: 250, 500, 750).
    CHECK(view.energy_goal(21600_s) == Approx(375.0).epsilon(1e-12));
    CHECK(view.energy_goal(43200_s) == Approx(750.0).epsilon(1e-12));
    CHECK(view.energy_goal(64800_s) == Approx(875.0).epsilon(1e-12));
    books.energy().begin_period(86400_s, 900.0);  // the second day starts the curve again
    CHECK(view.energy_goal(86400_s + 21600_s) == Approx(375.0).epsilon(1e-12));
}
