// Tarplee Ch.4 maximum profit (manager/policies/tarplee/max_profit.h).
#include <catch2/catch.hpp>

#include <limits>

#include "manager/policies/tarplee/max_profit.h"

using namespace rmsim;

namespace {

// One task type, 2 tasks; machine A: 1 s at 10 W (10 J a task), machine B: 2 s at 4 W (8 J). No idle power.
TypeBag two_machine_bag() { return TypeBag{{{1, 2}}, {2}, {1, 1}}; }
EnergyModel two_machine_power() { return EnergyModel{{{10, 4}}, {0, 0}}; }

}  // namespace

TEST_CASE("tarplee: profit of a two-machine instance by hand", "[manager][tarplee]") {
    // p = 30 per bag, c = 1 per J. a tasks on A, 2 - a on B: E = 10a + 8(2 - a) = 16 + 2a,
    // MS = max(a, 2(2 - a)). Rate (30 - E) / MS = (14 - 2a)/(4 - 2a) rising for a <= 4/3, 14/a - 2 falling
    // after: the optimum a = 4/3, MS = 4/3, E = 56/3, rate (34/3)/(4/3) = 8.5 (Eq. 28 bound).
    // Charnes-Cooper: r = 3/4, z = mu r = (1, 1/2), Pbar = 1 x 10 + 1/2 x 8 = 14 W: 30 x 0.75 - 14 = 8.5.
    const double inf = std::numeric_limits<double>::infinity();
    const ProfitResult r = max_profit(two_machine_bag(), two_machine_power(), 30, 1, inf);
    REQUIRE(r.runs);
    CHECK(r.upper_bound == Approx(8.5));
    CHECK(r.power == Approx(14));
    CHECK(r.lp.makespan == Approx(4.0 / 3));
    CHECK(r.lp.mu[0][0] == Approx(4.0 / 3));
    CHECK(r.lp.energy == Approx(56.0 / 3));
    // Rounding (4/3, 2/3): floors (1, 0), one up: the larger fraction (B): (1, 1): MS 2, E 18, rate 6.
    CHECK(r.full.makespan == Approx(2));
    CHECK(r.full.energy == Approx(18));
    CHECK(r.lower_bound == Approx(6));
    CHECK(profit_rate(30, 1, 18, 2) == Approx(6));
    // gamma: E_min (no idle power) = 2 x min(10, 8) = 16 J, the minimum itself. The lexicographic
    // minimum-energy end (makespan minimised with E_LB capped at 16 (1 + 1e-10) + 1e-10) moves a = 8.5e-10
    // tasks to A: E = 16 + 2a = 16 + 1.7e-9 J, MS = 4 - 2a. E_min must not carry that slack.
    CHECK(min_energy_bound(two_machine_bag(), two_machine_power()) == Approx(16).epsilon(1e-12));
    const auto front = weighted_sum_front(two_machine_bag(), two_machine_power(), 2);
    CHECK(front.front().energy == Approx(16 + 1.7e-9).epsilon(1e-12));
    CHECK(front.front().makespan == Approx(4 - 1.7e-9).epsilon(1e-12));
    // With 1 W idle on each machine, Eq. 10 with a tasks on A: E = 9a + 3 x 2(2 - a) + (1 + 1) x 1 W x MS
    // = 12 + 3a + 2 MS, MS = max(a, 4 - 2a). For a <= 4/3: 12 + 3a + 8 - 4a = 20 - a, falling; beyond:
    // 12 + 5a, rising. The minimum: a = 4/3, E = 56/3.
    EnergyModel idle = two_machine_power();
    idle.idle_power = {1, 1};
    CHECK(min_energy_bound(two_machine_bag(), idle) == Approx(56.0 / 3).epsilon(1e-12));
}

TEST_CASE("tarplee: profit under a power cap by hand", "[manager][tarplee]") {
    // P_max = 12 W. With x = z_A: z_B = 2r - x, Pbar = 10x + 8(2r - x) = 2x + 16r, objective 30r - Pbar
    // = 14r - 2x; r <= (1 + 2x)/4 (B's makespan row), 2x + 16r <= 12. Both bind at x = 0.8, r = 0.65:
    // 14 x 0.65 - 1.6 = 7.5 (x = 1: r = 0.625, 6.75; x = 0: r = 0.25, 3.5).
    const ProfitResult r = max_profit(two_machine_bag(), two_machine_power(), 30, 1, 12);
    REQUIRE(r.runs);
    CHECK(r.upper_bound == Approx(7.5));
    CHECK(r.power == Approx(12));
    CHECK(r.lp.makespan == Approx(1 / 0.65));
    // A price below the cheapest energy: not running pays best (r* = 0).
    CHECK_FALSE(max_profit(two_machine_bag(), two_machine_power(), 10, 1, 1e9).runs);
}
