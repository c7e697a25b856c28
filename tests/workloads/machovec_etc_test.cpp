#include "workloads/machovec_etc.h"

#include <catch2/catch.hpp>
#include <stdexcept>

using namespace rmsim;

namespace {
// Machovec Ch.3 Table 2, task type 1 at one cluster and P-state, with an APC of 100 W at every
// listed count except 32 nodes (200 W), so the APC interpolation is visible too.
MachovecEtc table2(ApcScope scope) {
    MachovecEtc etc(3, 2, 1, scope);
    etc.set_points(0, 0, 0, {{1, 100, 100}, {2, 70, 100}, {4, 50, 100}, {16, 25, 100}, {32, 30, 200}});
    etc.set_points(1, 0, 0, {{256, 300, 100}, {512, 200, 100}});
    etc.set_points(2, 0, 0, {{8, 100, 100}, {16, 80, 100}, {64, 70, 100}});
    return etc;
}
}  // namespace

TEST_CASE("machovec_etc: Table 2 values and linear interpolation by hand", "[workloads][machovec_etc]") {
    MachovecEtc etc = table2(ApcScope::PerTask);
    CHECK(etc.time_s(0, 0, 0, 4) == Approx(50).epsilon(1e-12));  // listed
    // Spec B7: type 1 at 8 nodes = 50 + (25 - 50)·(8 - 4)/(16 - 4) = 125/3.
    CHECK(etc.time_s(0, 0, 0, 8) == Approx(125.0 / 3.0).epsilon(1e-12));
    // Rising time between 16 and 32 nodes: 25 + (30 - 25)·(24 - 16)/16 = 27.5.
    CHECK(etc.time_s(0, 0, 0, 24) == Approx(27.5).epsilon(1e-12));
    // Type 2 at 384 nodes: 300 + (200 - 300)·128/256 = 250. Type 3 at 40: 80 + (70 - 80)·24/48 = 75.
    CHECK(etc.time_s(1, 0, 0, 384) == Approx(250).epsilon(1e-12));
    CHECK(etc.time_s(2, 0, 0, 40) == Approx(75).epsilon(1e-12));
    // APC at 24 nodes: 100 + 100·8/16 = 150 W.
    CHECK(etc.apc_w(0, 0, 0, 24) == Approx(150).epsilon(1e-12));
}

TEST_CASE("machovec_etc: out-of-range node counts clamp to the nearest listed count (GAP)",
          "[workloads][machovec_etc]") {
    MachovecEtc etc = table2(ApcScope::PerTask);
    CHECK(etc.time_s(1, 0, 0, 100) == Approx(300).epsilon(1e-12));   // below 256
    CHECK(etc.time_s(1, 0, 0, 1000) == Approx(200).epsilon(1e-12));  // above 512
    CHECK(etc.time_s(0, 0, 0, 64) == Approx(30).epsilon(1e-12));
    CHECK(interpolate_clamped({2}, {7}, 5) == Approx(7).epsilon(1e-12));  // a single point is constant
}

TEST_CASE("machovec_etc: energy per task or per node (AMBIG B1)", "[workloads][machovec_etc]") {
    // 24 nodes: time 27.5 s, APC 150 W -> per task 4125 J; per node 4125·24 = 99000 J.
    CHECK(table2(ApcScope::PerTask).energy_j(0, 0, 0, 24) == Approx(4125).epsilon(1e-12));
    CHECK(table2(ApcScope::PerNode).energy_j(0, 0, 0, 24) == Approx(99000).epsilon(1e-12));
    // 8 nodes: 125/3 s × 100 W × 8 = 100000/3 J.
    CHECK(table2(ApcScope::PerNode).energy_j(0, 0, 0, 8) == Approx(100000.0 / 3.0).epsilon(1e-12));
}

TEST_CASE("machovec_etc: missing entries and invalid points", "[workloads][machovec_etc]") {
    MachovecEtc etc = table2(ApcScope::PerNode);
    CHECK(etc.runs_on(0, 0));
    CHECK_FALSE(etc.runs_on(0, 1));  // cluster 1 never set
    CHECK_THROWS_AS(etc.time_s(0, 1, 0, 4), std::out_of_range);
    CHECK_THROWS_AS(etc.time_s(3, 0, 0, 4), std::out_of_range);
    CHECK_THROWS_AS(etc.set_points(0, 0, 0, {{4, 10, 1}, {4, 12, 1}}), std::invalid_argument);
    CHECK_THROWS_AS(etc.set_points(0, 0, 0, {{0.5, 10, 1}}), std::invalid_argument);
    CHECK_THROWS_AS(etc.set_points(0, 0, 0, {{1, 0, 1}}), std::invalid_argument);
    CHECK_THROWS_AS(etc.set_points(0, 0, 0, {{1, 5, -1}}), std::invalid_argument);
}
