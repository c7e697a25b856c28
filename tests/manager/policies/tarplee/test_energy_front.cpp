// Tarplee Ch.3 (manager/policies/tarplee/energy_front.h): weighted sums, convex fill, recovery, area.
#include <catch2/catch.hpp>

#include <vector>

#include "manager/policies/tarplee/energy_front.h"
#include "manager/policies/tarplee/nsga2.h"

using namespace rmsim;

namespace {

// Machines A and B (one each), every ETC 1 s. Type 0 (3 tasks): 10 W on A, 30 W on B; type 1 (1 task):
// 10 W on A, 20 W on B. No idle power.
//   all on A: MS 4, E 40 (the minimum energy);
//   moving the type-1 task to B costs 10 J and saves 1 s: (50 J, 3 s);
//   then a type-0 task (20 J more): (70 J, 2 s), the minimum makespan (the cheapest way to MS 2).
// The LP front is the two segments through these three vertices.
TypeBag kink_bag() { return TypeBag{{{1, 1}, {1, 1}}, {3, 1}, {1, 1}}; }
EnergyModel kink_power() { return EnergyModel{{{10, 30}, {10, 20}}, {0, 0}}; }

FrontPoint point(double e, double ms, std::vector<std::vector<double>> mu) {
    FrontPoint p;
    p.energy = e;
    p.makespan = ms;
    p.mu = std::move(mu);
    return p;
}

}  // namespace

TEST_CASE("tarplee: a weighted-sum point by hand", "[manager][tarplee]") {
    // Utopia (40, 2), nadir (70, 4): dE = 30, dMS = 2. Eq. 18 at the vertices, f = alpha E / 30 + (1 - alpha) MS / 2:
    //   (40, 4): 2 - 2 alpha / 3;  (50, 3): 1.5 + alpha / 6;  (70, 2): 1 + 4 alpha / 3.
    // (50, 3) is the optimum for 3/7 < alpha < 3/5, so alpha = 0.5 (the middle of three weights) finds it.
    const std::vector<FrontPoint> front = weighted_sum_front(kink_bag(), kink_power(), 3);
    REQUIRE(front.size() == 3);
    CHECK(front[0].energy == Approx(40));
    CHECK(front[0].makespan == Approx(4));
    CHECK(front[1].energy == Approx(50));
    CHECK(front[1].makespan == Approx(3));
    CHECK(front[1].mu[0][0] == Approx(3));  // type 0 stays on A
    CHECK(front[1].mu[1][1] == Approx(1));  // the type-1 task on B
    CHECK(front[2].energy == Approx(70));   // lexicographic: of the MS-2 allocations, the cheapest
    CHECK(front[2].makespan == Approx(2));
    // With 2 weights (alpha 0 and 1) only the end points.
    CHECK(weighted_sum_front(kink_bag(), kink_power(), 2).size() == 2);
}

TEST_CASE("tarplee: weighted sum with idle power (Eq. 10)", "[manager][tarplee]") {
    // Idle power 2 W on A and B. Eq. 10 at all-on-A (MS 4): 4 tasks x 1 s x (10 - 2) + (1 + 1) x 2 W x 4 s = 48.
    EnergyModel m = kink_power();
    m.idle_power = {2, 2};
    CHECK(lp_energy(kink_bag(), m, {{3, 0}, {1, 0}}, 4.0) == Approx(48));
    const std::vector<FrontPoint> front = weighted_sum_front(kink_bag(), m, 11);
    // (50, 3) becomes 3 x 8 + 1 x 18 + 2 x 2 x 3 = 54; (70, 2): 2 x 8 + 28 + 18 + 2 x 2 x 2 = 70.
    REQUIRE(front.size() == 3);
    CHECK(front[0].energy == Approx(48));
    CHECK(front[1].energy == Approx(54));
    CHECK(front[2].energy == Approx(70));
}

TEST_CASE("tarplee: convex fill on a three-point front by hand", "[manager][tarplee]") {
    // y = (0, 10), (4, 4), (10, 0): utopia (0, 0), nadir (10, 10), normalised (0, 1), (.4, .4), (1, 0);
    // each step has L1 length 1 (the total is 2, Eq. 21). s = 0.3: n = ceil(1 / 0.3) - 1 = 3 points per step,
    // at lambda = 1/4, 1/2, 3/4.
    const std::vector<FrontPoint> front{point(0, 10, {{4, 0}}), point(4, 4, {{2, 2}}), point(10, 0, {{0, 4}})};
    const std::vector<FrontPoint> filled = convex_fill(front, 0.3);
    REQUIRE(filled.size() == 9);
    const double e[9] = {0, 1, 2, 3, 4, 5.5, 7, 8.5, 10};
    const double ms[9] = {10, 8.5, 7, 5.5, 4, 3, 2, 1, 0};
    for (int k = 0; k < 9; ++k) {
        CHECK(filled[k].energy == Approx(e[k]));
        CHECK(filled[k].makespan == Approx(ms[k]));
    }
    CHECK(filled[1].mu[0][0] == Approx(3.5));  // 3/4 x 4 + 1/4 x 2
    CHECK(filled[6].mu[0][1] == Approx(3.0));  // 1/2 x 2 + 1/2 x 4
    // s = 1: n = ceil(1) - 1 = 0: nothing added.
    CHECK(convex_fill(front, 1.0).size() == 3);
}

TEST_CASE("tarplee: recovery and the area metric by hand", "[manager][tarplee]") {
    // Recovery of the integral vertex (50, 3): rounding keeps it, LPT on one machine each: A runs 3 s, B 1 s.
    const FrontPoint full = recover_full(kink_bag(), kink_power(), point(50, 3, {{3, 0}, {0, 1}}));
    CHECK(full.makespan == Approx(3));
    CHECK(full.energy == Approx(50));
    // Area: lower bound y = (40, 4), (50, 3), (70, 2); full allocations (40, 4), (52, 3), (70, 2.5).
    // Nadir (70, 4). Outer vertices: between y1, y2: vertical e = 40 meets line(y2, y3) (MS = 3 - (e - 50)/20)
    // at (40, 3.5); between y2, y3: line(y1, y2) (MS = 4 - (e - 40)/10) meets horizontal MS = 2 at (60, 2).
    // Outer polygon (40, 4) (40, 4) (40, 3.5) (50, 3) (60, 2) (70, 2) (70, 2) (70, 4): area by shoelace =
    // trapezoids above the polyline to MS 4: [40, 50]: mean height (0.5 + 1)/2 x 10 = 7.5;
    // [50, 60]: (1 + 2)/2 x 10 = 15; [60, 70]: 2 x 10 = 20: 42.5.
    // Inner staircase to (70, 4): (70 - 40)(4 - 4) + (70 - 52)(4 - 3) + (70 - 70)(3 - 2.5) = 18. Metric 24.5.
    const std::vector<FrontPoint> lower{point(40, 4, {}), point(50, 3, {}), point(70, 2, {})};
    const std::vector<FrontPoint> upper{point(40, 4, {}), point(52, 3, {}), point(70, 2.5, {})};
    CHECK(front_area(lower, upper) == Approx(24.5));
    // Dominance (Eq. 12): (60, 3.5) is dominated by (52, 3).
    std::vector<FrontPoint> pts = upper;
    pts.push_back(point(60, 3.5, {}));
    CHECK(non_dominated(pts).size() == 3);
}

TEST_CASE("tarplee: solution progression through rounding and local assignment by hand", "[manager][tarplee]") {
    // One task type, 6 tasks; machine type A: 2 machines, 2 s and 10 W a task; B: 1 machine, 3 s and 20 W.
    // The minimum-makespan point mu = (4.5, 1.5): F_A = 4.5 x 2 / 2 = 4.5, F_B = 1.5 x 3 = 4.5 (Eq. 2).
    // Rounding (Alg. 1): floors (4, 1), one more to the larger fraction, a tie (0.5, 0.5) to the lower type:
    // (5, 1), F_A = 5, F_B = 3: MS 4.5 -> 5. LPT puts 5 tasks of 2 s on A's 2 machines as 6 s and 4 s: MS 6.
    // A second, integral point (6, 0): MS 6 x 2 / 2 = 6 and LPT 3 + 3 tasks: nothing moves.
    const TypeBag bag{{{2, 3}}, {6}, {2, 1}};
    EnergyModel m{{{10, 20}}, {0, 0}};
    std::vector<FrontPoint> lower{front_point(bag, m, {{4.5, 1.5}}), front_point(bag, m, {{6, 0}})};
    // No idle power: E 4.5 x 2 x 10 + 1.5 x 3 x 20 = 180 -> rounded 5 x 20 + 60 = 160 (down) -> full 160.
    CHECK(lower[0].makespan == Approx(4.5));
    CHECK(lower[0].energy == Approx(180));
    // Counts: points; rounding makespan up, down, energy up, down; assignment makespan up, down, energy up, down.
    auto counts = [](const Progression& g) {
        return std::vector<int>{g.points,
                                g.rounding_makespan_up,
                                g.rounding_makespan_down,
                                g.rounding_energy_up,
                                g.rounding_energy_down,
                                g.assignment_makespan_up,
                                g.assignment_makespan_down,
                                g.assignment_energy_up,
                                g.assignment_energy_down};
    };
    // The assignment leaves the energy alone without idle power (Tarplee §3.4.3).
    CHECK(counts(solution_progression(bag, m, lower)) == std::vector<int>{2, 1, 0, 0, 1, 1, 0, 0, 0});
    // Idle power 1 W on both types (Eq. 10): 4.5 x 2 x 9 + 1.5 x 3 x 19 + 3 machines x 1 W x 4.5 s = 180;
    // rounded 5 x 2 x 9 + 3 x 19 + 3 x 5 = 162; the full allocation draws 160 J of tasks and idles A's second
    // machine 2 s and B 3 s until MS 6: 165, up (§3.4.3: local assignment costs energy with idle power).
    m.idle_power = {1, 1};
    lower = {front_point(bag, m, {{4.5, 1.5}}), front_point(bag, m, {{6, 0}})};
    CHECK(lower[0].energy == Approx(180));
    CHECK(recover_full(bag, m, lower[0]).energy == Approx(165));
    CHECK(counts(solution_progression(bag, m, lower)) == std::vector<int>{2, 1, 0, 0, 1, 1, 0, 1, 0});
}

TEST_CASE("tarplee: NSGA-II finds the integer front of a small instance", "[manager][tarplee]") {
    // The kink instance has 2^4 = 16 allocations; its integer front is the three LP vertices (all integral):
    // (40 J, 4 s), (50 J, 3 s), (70 J, 2 s). Every other allocation is dominated (e.g. two type-0 tasks on B:
    // 80 J at 2 s; type 0 on B alone: 60 J at 3 s).
    Nsga2Params p;
    p.population = 20;
    p.generations = 60;
    p.seed = 3;
    for (bool seeded : {false, true}) {
        std::vector<FullAllocation> seeds;
        if (seeded)
            for (const FrontPoint& lp : weighted_sum_front(kink_bag(), kink_power(), 3)) {
                seeds.emplace_back();
                recover_full(kink_bag(), kink_power(), lp, &seeds.back());
            }
        const std::vector<FrontPoint> front = nsga2_front(kink_bag(), kink_power(), p, seeds);
        REQUIRE(front.size() == 3);
        CHECK(front[0].energy == Approx(40));
        CHECK(front[0].makespan == Approx(4));
        CHECK(front[1].energy == Approx(50));
        CHECK(front[1].makespan == Approx(3));
        CHECK(front[2].energy == Approx(70));
        CHECK(front[2].makespan == Approx(2));
        CHECK(front[1].mu[1][1] == 1);  // (50, 3): the type-1 task on B
    }
}
