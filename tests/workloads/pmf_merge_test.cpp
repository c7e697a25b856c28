#include "workloads/pmf_merge.h"

#include <catch2/catch.hpp>

using rmsim::MergeBound;
using rmsim::Pmf;

TEST_CASE("pmf merge: buckets of width (max-min)/K, each at its largest value", "[workloads][pmf][siegel]") {
    // Values 0..10, K = 2: width 5; [0,5) holds 0,1,2,3 -> one pulse at 3 with 0.1+0.2+0.3+0.1 = 0.7;
    // [5,10] holds 10 -> 0.3.
    Pmf x({{0, 0.1}, {1, 0.2}, {2, 0.3}, {3, 0.1}, {10, 0.3}});
    MergeBound bound;
    Pmf m = rmsim::merge_pulses(x, 2, &bound);
    REQUIRE(m.size() == 2);
    CHECK(m.pulses()[0].value == 3);
    CHECK(m.pulses()[0].probability == Approx(0.7));
    CHECK(m.pulses()[1].value == 10);
    CHECK(m.pulses()[1].probability == Approx(0.3));
    CHECK(bound.seconds == 5);
    // The documented bound: F_X(d - w) <= F_merged(d) <= F_X(d) for every d; E grows by at most w.
    for (double d = -1; d <= 16; d += 0.5) {
        CHECK(m.cdf(d) <= x.cdf(d) + 1e-12);
        CHECK(m.cdf(d) >= x.cdf(d - bound.seconds) - 1e-12);
    }
    // E[X] = 0.2 + 0.6 + 0.3 + 3 = 4.1; E[merged] = 2.1 + 3 = 5.1.
    CHECK(x.expectation() == Approx(4.1));
    CHECK(m.expectation() == Approx(5.1));
    // Small enough already: unchanged, no bound added.
    Pmf same = rmsim::merge_pulses(x, 5, &bound);
    CHECK(same.size() == 5);
    CHECK(bound.seconds == 5);
}
