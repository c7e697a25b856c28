#include "workloads/utility_function.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <stdexcept>

using rmsim::UtilityFunction;
using rmsim::UtilityPoint;

namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();
}

TEST_CASE("utility function: step keeps its value up to and at the deadline", "[workloads][utility]") {
    auto f = UtilityFunction::step(3.0, 100.0);
    CHECK(f.value_at(0) == 3.0);
    CHECK(f.value_at(100.0) == 3.0);  // deadline met at equality
    CHECK(f.value_at(100.000001) == 0.0);
    CHECK(f.max_value() == 3.0);
    CHECK(f.zero_after() == 100.0);
}

TEST_CASE("utility function: constant never decays", "[workloads][utility]") {
    auto f = UtilityFunction::constant(2.5);
    CHECK(f.value_at(1e12) == 2.5);
    CHECK(f.zero_after() == kInf);
    CHECK(UtilityFunction().value_at(5) == 1.0);  // default: constant 1
}

TEST_CASE("utility function: linear decay and Singh value curve", "[workloads][utility]") {
    auto lin = UtilityFunction::linear_decay(10.0, 200.0);
    CHECK(lin.value_at(50) == Approx(7.5).epsilon(1e-12));  // 10·(200-50)/200
    CHECK(lin.value_at(200) == 0.0);
    CHECK(lin.zero_after() == 200.0);

    // Singh 2015: 6 until 100 s, then linear to 0 at 400 s.
    auto vc = UtilityFunction::value_curve(6.0, 100.0, 400.0);
    CHECK(vc.value_at(100) == 6.0);
    CHECK(vc.value_at(250) == Approx(3.0).epsilon(1e-12));  // 6·(400-250)/(400-100)
    CHECK(vc.value_at(399) == Approx(0.02).epsilon(1e-9));  // 6·1/300
    CHECK(vc.value_at(500) == 0.0);
    CHECK(vc.zero_after() == 400.0);
}

TEST_CASE("utility function: exponential decay with plateau and cutoff", "[workloads][utility]") {
    auto f = UtilityFunction::exponential_decay(8.0, 0.01, 60.0, 1000.0);
    CHECK(f.value_at(30) == 8.0);
    CHECK(f.value_at(160) == Approx(8.0 * std::exp(-1.0)).epsilon(1e-12));  // 8·e^{-0.01·100}
    CHECK(f.value_at(1000) == Approx(8.0 * std::exp(-9.4)).epsilon(1e-12));
    CHECK(f.value_at(1000.5) == 0.0);
    CHECK(f.zero_after() == 1000.0);
    CHECK(UtilityFunction::exponential_decay(1.0, 0.5).zero_after() == kInf);
}

TEST_CASE("utility function: Machovec Ch.2 Eq. 1 value of service", "[workloads][utility]") {
    // v_max 1, v_min 0.4, soft 100, hard 300.
    auto f = UtilityFunction::value_of_service(1.0, 0.4, 100.0, 300.0);
    CHECK(f.value_at(0) == 1.0);
    CHECK(f.value_at(100) == 1.0);
    // (200-300)·(1-0.4)/(100-300) + 0.4 = 0.3 + 0.4
    CHECK(f.value_at(200) == Approx(0.7).epsilon(1e-12));
    CHECK(f.value_at(299.999) == Approx(0.4 + 0.6 * 0.001 / 200).epsilon(1e-9));
    CHECK(f.value_at(300) == 0.0);  // Obj >= Th_hard -> 0
    CHECK(f.zero_after() == 300.0);
    CHECK_THROWS_AS(UtilityFunction::value_of_service(1.0, 0.4, 300.0, 300.0), std::invalid_argument);
    CHECK_THROWS_AS(UtilityFunction::value_of_service(0.3, 0.4, 1.0, 3.0), std::invalid_argument);
}

TEST_CASE("utility function: piecewise linear interpolation and drops", "[workloads][utility]") {
    auto f = UtilityFunction::piecewise_linear({{0, 4}, {10, 2}, {10, 1}, {30, 0}});
    CHECK(f.value_at(5) == Approx(3.0).epsilon(1e-12));
    CHECK(f.value_at(10) == 2.0);                         // at the drop: the value before it
    CHECK(f.value_at(20) == Approx(0.5).epsilon(1e-12));  // 1 + (20-10)/(30-10)·(0-1)
    CHECK(f.value_at(31) == 0.0);
    CHECK(f.zero_after() == 30.0);
    CHECK(f.points().size() == 4);

    auto tail = UtilityFunction::piecewise_linear({{0, 4}, {10, 1}});
    CHECK(tail.value_at(1e9) == 1.0);
    CHECK(tail.zero_after() == kInf);
}

TEST_CASE("utility function: shared shape scaled in value and time", "[workloads][utility]") {
    auto shape = std::make_shared<const std::vector<UtilityPoint>>(std::vector<UtilityPoint>{{0, 1}, {1, 0}});
    auto f = UtilityFunction::scaled_shape(shape, 5.0, 200.0);
    auto g = UtilityFunction::scaled_shape(shape, 2.0, 50.0);
    CHECK(f.value_at(50) == Approx(3.75).epsilon(1e-12));  // 5·(1 - 50/200)
    CHECK(g.value_at(25) == Approx(1.0).epsilon(1e-12));   // 2·(1 - 25/50)
    CHECK(f.zero_after() == 200.0);
    CHECK(&f.points() == &g.points());  // one shape, not copied
}

TEST_CASE("utility function: rejects increasing or malformed shapes", "[workloads][utility]") {
    CHECK_THROWS_AS(UtilityFunction::piecewise_linear({{0, 1}, {5, 2}}), std::invalid_argument);
    CHECK_THROWS_AS(UtilityFunction::piecewise_linear({{1, 1}, {5, 0}}), std::invalid_argument);
    CHECK_THROWS_AS(UtilityFunction::piecewise_linear({{0, 1}, {5, 0.5}, {3, 0}}), std::invalid_argument);
    CHECK_THROWS_AS(UtilityFunction::piecewise_linear({{0, 3}, {5, 2}, {5, 1}, {5, 0}}), std::invalid_argument);
    CHECK_THROWS_AS(UtilityFunction::value_curve(1, 10, 10), std::invalid_argument);
    CHECK_THROWS_AS(UtilityFunction::step(-1, 10), std::invalid_argument);
}

TEST_CASE("utility function: compact enough to embed in every task", "[workloads][utility]") {
    CHECK(sizeof(UtilityFunction) <= 48);
}
