// Tarplee §3.7 and Table 3.2 (manager/policies/tarplee/convex_bound.h, energy_front.h): the loose, convex and
// exhaustive lower bounds of the area metric.
#include <catch2/catch.hpp>

#include <cmath>
#include <random>
#include <stdexcept>
#include <vector>

#include "manager/policies/tarplee/convex_bound.h"
#include "manager/policies/tarplee/energy_front.h"

using namespace rmsim;

namespace {

FrontPoint point(double e, double ms) { return FrontPoint{{}, e, ms}; }

}  // namespace

TEST_CASE("tarplee: loose and convex bounds of a four-point front by hand", "[manager][tarplee]") {
    // y1..y4 = (0, 6), (1, 3), (3, 1), (6, 0): slopes -3, -1, -1/3 (convex), nadir (6, 6). Sentinels: a vertical
    // line through y1, a horizontal one through y4.
    // Loose vertices: x1 = {e = 0} with line(y2, y3) (MS = 4 - e) = (0, 4); x2 = line(y1, y2) (MS = 6 - 3e) with
    // line(y3, y4) (MS = 2 - e/3): 6 - 3e = 2 - e/3, e = 1.5: (1.5, 1.5); x3 = line(y2, y3) with {MS = 0}: (4, 0).
    // Their triangles (y_i, x_i, y_i+1) have areas 1/2 x 2 x 1 = 1, 1/2 |0.5 x (-2) - (-1.5) x 2| = 1 and 1.
    // Region above the chords in the box: 36 - (4.5 + 4 + 1.5) = 26 (integral of MS below the chain); loose: 29.
    // Upper bound = the four points: staircase to (6, 6) = 5 x 3 + 3 x 2 = 21. Loose area 29 - 21 = 8.
    const std::vector<FrontPoint> y{point(0, 6), point(1, 3), point(3, 1), point(6, 0)};
    const std::vector<FrontPoint> loose = loose_outer(y);
    REQUIRE(loose.size() == 7);
    const double xe[3] = {0, 1.5, 4}, xm[3] = {4, 1.5, 0};
    for (int k = 0; k < 3; ++k) {
        CHECK(loose[2 * k + 1].energy == Approx(xe[k]));
        CHECK(loose[2 * k + 1].makespan == Approx(xm[k]));
    }
    CHECK(front_area(y, y) == Approx(8));
    CHECK(outer_area(loose, y, 6, 6) == Approx(8));
    // Convex bound (Eq. 23). Let z2 leave y2 with slope -u (u in [1, 3], 23d-e) and enter y3 with slope -v
    // (v in [1/3, 1], 23d, 23f). Convexity (23c) at y2 lets z1 enter y2 no flatter than -u; the largest triangle
    // 1 then has z1 on the vertical e = 0 and enters with slope -u: z1 = (0, 3 + u), area (3 - u)/2. Likewise
    // z3 on MS = 0 leaves y3 with slope -v: z3 = (3 + 1/v, 0), area (3 - 1/v)/2. Triangle 2: z2 meets the chord
    // MS = 4 - e at distance (4 - e - MS)/sqrt(2) over a chord of 2 sqrt(2): area 4 - e - MS of z2 =
    // 2 (u - 1)(1 - v)/(u - v). With t = u - 1, s = 1 - v >= 0 and (3 - 1/v)/2 = 1 - s/(2(1 - s)) <= 1 - s/2:
    //   sum <= 2 - (t + s)/2 + 2ts/(t + s) = 2 - (t - s)^2 / (2(t + s)) <= 2,
    // equal only at t = s = 0: z1 = x1, z3 = x3, z2 on the chord (everything on MS = 4 - e). Convex area
    // 26 + 2 = 28; against the four points 28 - 21 = 7.
    ConvexBoundStats st;
    const std::vector<FrontPoint> convex = convex_outer(y, &st);
    CHECK(st.free_points == 3);
    CHECK(st.iterations > 0);
    // The objective (23a) in normalised objectives (both spans 6): 2 / 36.
    CHECK(st.objective == Approx(2.0 / 36).epsilon(1e-6));
    CHECK(outer_area(convex, y, 6, 6) == Approx(7).epsilon(1e-6));
    // The optimum is flat along t = s (the sum is 2 - t^2/2 + O(t^3) there), so the points converge only to
    // about the square root of Ipopt's tolerance.
    REQUIRE(convex.size() == 7);
    CHECK(convex[1].energy == Approx(0).margin(1e-3));
    CHECK(convex[1].makespan == Approx(4).epsilon(1e-3));
    CHECK(convex[3].energy + convex[3].makespan == Approx(4).epsilon(1e-3));  // z2 on the chord
    CHECK(convex[5].energy == Approx(4).epsilon(1e-3));
    CHECK(convex[5].makespan == Approx(0).margin(1e-3));
}

TEST_CASE("tarplee: a single segment's convex bound is its loose triangle", "[manager][tarplee]") {
    // y1 = (0, 2), y2 = (4, 0): the sentinels' lines e = 0 and MS = 0 meet at (0, 0), and with no neighbour to
    // stay convex with, Eq. 23 puts z1 at that apex: the whole box, 8.
    const std::vector<FrontPoint> y{point(0, 2), point(4, 0)};
    const std::vector<FrontPoint> convex = convex_outer(y);
    REQUIRE(convex.size() == 3);
    CHECK(convex[1].energy == Approx(0).margin(1e-7));
    CHECK(convex[1].makespan == Approx(0).margin(1e-7));
    CHECK(outer_area(convex, {point(4, 2)}, 4, 2) == Approx(8).epsilon(1e-7));
    // One point: no segment, no solve.
    ConvexBoundStats st;
    CHECK(convex_outer({point(1, 1)}, &st).size() == 1);
    CHECK(st.status.empty());
}

TEST_CASE("tarplee: the exhaustive front of a small LP by hand", "[manager][tarplee]") {
    // Machines A and B (one each), every ETC 1 s; type 0 (3 tasks) 10 W on A, 30 W on B; type 1 (1 task)
    // 10 W on A, 20 W on B; no idle power. From all on A (40 J, MS 4): moving the type-1 task to B costs 10 J
    // per second of makespan saved, down to (50 J, 3 s); then type 0 costs 20 J per second until A and B balance
    // at (70 J, 2 s). The LP front: the vertices (40, 4), (50, 3), (70, 2) (slopes -1/10, -1/20).
    const TypeBag bag{{{1, 1}, {1, 1}}, {3, 1}, {1, 1}};
    const EnergyModel m{{{10, 30}, {10, 20}}, {0, 0}};
    WeightedSumStats ws;
    const std::vector<FrontPoint> exact = exhaustive_front(bag, m, &ws);
    REQUIRE(exact.size() == 3);
    const double e[3] = {40, 50, 70}, ms[3] = {4, 3, 2};
    for (int k = 0; k < 3; ++k) {
        CHECK(exact[k].energy == Approx(e[k]));
        CHECK(exact[k].makespan == Approx(ms[k]));
    }
    CHECK(exact[1].mu[1][1] == Approx(1));  // the type-1 task on B
    // Four lexicographic solves, then the chords: (40, 4)-(70, 2) finds (50, 3); its two halves are edges.
    CHECK(ws.solves == 7);
    // Two weights find only the ends. Against the upper bound {(40, 4), (50, 3), (70, 2)} in the box to (70, 4),
    // staircase (70 - 50)(4 - 3) = 20:
    //   loose: x1 = (40, 2) (e = 40 meets MS = 2): the whole box 30 x 2 = 60; area 40;
    //   convex: one segment, z1 at that apex: 40;
    //   exhaustive: above (40, 4) (50, 3) (70, 2): 10 x (0 + 1)/2 + 20 x (1 + 2)/2 = 35; area 15.
    const std::vector<FrontPoint> lower = weighted_sum_front(bag, m, 2);
    REQUIRE(lower.size() == 2);
    const std::vector<FrontPoint> upper{point(40, 4), point(50, 3), point(70, 2)};
    const double loose = front_area(lower, upper, 70, 4);
    const double convex = outer_area(convex_outer(lower), upper, 70, 4);
    const double exhaustive = outer_area(exact, upper, 70, 4);
    CHECK(loose == Approx(40));
    CHECK(convex == Approx(40).epsilon(1e-7));
    CHECK(exhaustive == Approx(15));
    CHECK_NOTHROW(check_bound_order(loose, convex, exhaustive));
    CHECK_THROWS_AS(check_bound_order(39, 40, 15), std::logic_error);
    CHECK_THROWS_AS(check_bound_order(40, 14, 15), std::logic_error);
    CHECK_NOTHROW(check_bound_order(40, 40 * (1 + 5e-10), 15));  // within 1e-9 of the larger
}

TEST_CASE("tarplee: loose >= convex >= exhaustive on random LP fronts", "[manager][tarplee]") {
    // 6 task types x 4 machine types, ETC U(1, 10) s, APC U(50, 150) W, idle 5 W; few weights, so that the
    // weighted sum misses vertices. Every weighted-sum point lies on the exhaustive front (within 1e-9), and the
    // three areas against the front's own recovered allocations are ordered (Table 3.2).
    std::mt19937_64 rng(7);
    std::uniform_real_distribution<double> t(1, 10), w(50, 150);
    for (int trial = 0; trial < 5; ++trial) {
        TypeBag bag;
        EnergyModel m;
        bag.etc.assign(6, std::vector<double>(4));
        m.apc.assign(6, std::vector<double>(4));
        for (std::size_t i = 0; i < 6; ++i)
            for (std::size_t j = 0; j < 4; ++j) bag.etc[i][j] = t(rng), m.apc[i][j] = w(rng);
        bag.tasks = {20, 30, 10, 25, 15, 40};
        bag.machines = {3, 2, 4, 1};
        m.idle_power.assign(4, 5.0);
        const std::vector<FrontPoint> lower = weighted_sum_front(bag, m, 4);
        const std::vector<FrontPoint> exact = exhaustive_front(bag, m);
        REQUIRE(exact.size() >= lower.size());
        for (const FrontPoint& p : lower) {
            // The exact front's makespan at p's energy (piecewise linear between its vertices).
            std::size_t k = 1;
            while (k + 1 < exact.size() && exact[k].energy < p.energy) ++k;
            const FrontPoint& a = exact[k - 1];
            const FrontPoint& b = exact[k];
            const double f = a.makespan + (b.makespan - a.makespan) * (p.energy - a.energy) / (b.energy - a.energy);
            CHECK(p.makespan == Approx(f).epsilon(1e-9));
        }
        std::vector<FrontPoint> fulls;
        for (const FrontPoint& p : convex_fill(lower, 0.05)) fulls.push_back(recover_full(bag, m, p));
        const std::vector<FrontPoint> upper = non_dominated(fulls);
        double ne = 0, nm = 0;
        for (const auto* set : {&lower, &upper})
            for (const FrontPoint& p : *set) ne = std::max(ne, p.energy), nm = std::max(nm, p.makespan);
        const double loose = front_area(lower, upper, ne, nm);
        const double convex = outer_area(convex_outer(lower), upper, ne, nm);
        const double exhaustive = outer_area(exact, upper, ne, nm);
        if (lower.size() >= 3) CHECK(loose > convex);  // convexity at an inner y_i cuts the loose triangles
        CHECK_NOTHROW(check_bound_order(loose, convex, exhaustive));
    }
}
