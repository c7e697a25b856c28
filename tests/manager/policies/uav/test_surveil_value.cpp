// Machovec Ch.5 §5.2.2: partial surveils earn their fraction; a change of value mid-surveil splits it.
#include <catch2/catch.hpp>

#include "manager/policies/uav/surveil_value.h"

using namespace rmsim;
using Catch::Matchers::WithinRel;

TEST_CASE("surveil value: the priority doubles 3 h into a 5-h surveil", "[uav]") {
    SurveilValue v;
    const double h = 3600;
    v.open(1, 0, 5 * h, 100);
    v.rerate(1, 3 * h, 200);
    // 60 % of 100 + 40 % of 200 = 140.
    CHECK_THAT(v.close(1, 1.0), WithinRel(140.0, 1e-12));
    CHECK_THAT(v.total(), WithinRel(140.0, 1e-12));
}

TEST_CASE("surveil value: a partial surveil earns the fraction done", "[uav]") {
    SurveilValue v;
    const double h = 3600;
    v.open(2, 10 * h, 2 * h, 648);
    // Stopped 1.5 h in: 75 % of 648 = 486.
    CHECK_THAT(v.close(2, 0.75), WithinRel(486.0, 1e-12));
    // Split and stopped: 1 h at 300 of a 4-h surveil (25 %), then stopped after 10 % more at 600: 75 + 60.
    v.open(3, 0, 4 * h, 300);
    v.rerate(3, 1 * h, 600);
    CHECK_THAT(v.close(3, 0.35), WithinRel(135.0, 1e-12));
    // Closed at a time: the horizon 3 h into a 4-h surveil earns 75 %.
    v.open(4, 21 * h, 4 * h, 100);
    CHECK_THAT(v.close_at(4, 24 * h), WithinRel(75.0, 1e-12));
    CHECK_THAT(v.total(), WithinRel(486.0 + 135.0 + 75.0, 1e-12));
    CHECK_FALSE(v.is_open(4));
    CHECK_THROWS_AS(v.close(4, 1.0), std::logic_error);
}
