#include "workloads/pmf.h"

#include <catch2/catch.hpp>
#include <stdexcept>

using rmsim::Pmf;

TEST_CASE("pmf: construction sorts and merges and drops zero pulses", "[workloads][pmf]") {
    Pmf p({{5, 0.25}, {2, 0.5}, {5, 0.25}, {9, 0.0}});
    REQUIRE(p.size() == 2);
    CHECK(p.pulses()[0].value == 2);
    CHECK(p.pulses()[0].probability == 0.5);
    CHECK(p.pulses()[1].value == 5);
    CHECK(p.pulses()[1].probability == 0.5);
    CHECK(p.total_probability() == 1.0);
    CHECK_THROWS_AS(Pmf({{1, -0.1}}), std::invalid_argument);
}

TEST_CASE("pmf: histogram of samples (Siegel: frequency / samples)", "[workloads][pmf]") {
    auto p = Pmf::from_samples({3, 1, 3, 3});
    REQUIRE(p.size() == 2);
    CHECK(p.pulses()[0].probability == 0.25);
    CHECK(p.pulses()[1].probability == 0.75);
    CHECK(p.expectation() == Approx(2.5).epsilon(1e-12));  // 1·0.25 + 3·0.75
}

TEST_CASE("pmf: integer convolution by hand", "[workloads][pmf]") {
    // X: 1 w.p. 0.5, 2 w.p. 0.5.  Y: 0 w.p. 0.2, 2 w.p. 0.8.
    // X+Y: 1: 0.5·0.2 = 0.1; 2: 0.5·0.2 = 0.1; 3: 0.5·0.8 = 0.4; 4: 0.5·0.8 = 0.4.
    Pmf x({{1, 0.5}, {2, 0.5}});
    Pmf y({{0, 0.2}, {2, 0.8}});
    Pmf z = x.convolve(y);
    REQUIRE(z.size() == 4);
    const double v[] = {1, 2, 3, 4}, pr[] = {0.1, 0.1, 0.4, 0.4};
    for (int i = 0; i < 4; ++i) {
        CHECK(z.pulses()[i].value == v[i]);
        CHECK(z.pulses()[i].probability == Approx(pr[i]).epsilon(1e-12));
    }
    CHECK(z.expectation() == Approx(x.expectation() + y.expectation()).epsilon(1e-12));  // 1.5 + 1.6
    CHECK(z.cdf(2) == Approx(0.2).epsilon(1e-12));
    CHECK(z.probability_below(2) == Approx(0.1).epsilon(1e-12));
    CHECK(z.cdf(0.5) == 0.0);
    CHECK(z.cdf(100) == Approx(1.0).epsilon(1e-12));
}

TEST_CASE("pmf: non-integer convolution merges equal sums", "[workloads][pmf]") {
    // X: 0.5 / 1.5 each 0.5; Y: 1.0 / 0.0 each 0.5. Sums: 1.5 (twice: 0.5+1.0 and 1.5+0.0), 0.5, 2.5.
    Pmf x({{0.5, 0.5}, {1.5, 0.5}});
    Pmf y({{0.0, 0.5}, {1.0, 0.5}});
    Pmf z = x.convolve(y);
    REQUIRE(z.size() == 3);
    CHECK(z.pulses()[1].value == 1.5);
    CHECK(z.pulses()[1].probability == Approx(0.5).epsilon(1e-12));
}

TEST_CASE("pmf: sparse integer convolution with a wide span", "[workloads][pmf]") {
    // Span 10^7 > the dense limit for 2x2 pulses: takes the sorted path; same answer.
    Pmf x({{0, 0.5}, {10000000, 0.5}});
    Pmf y({{1, 0.5}, {2, 0.5}});
    Pmf z = x.convolve(y);
    REQUIRE(z.size() == 4);
    CHECK(z.pulses()[3].value == 10000002);
    CHECK(z.pulses()[3].probability == Approx(0.25).epsilon(1e-12));
}

TEST_CASE("pmf: shift and scale and truncate with renormalization", "[workloads][pmf]") {
    Pmf p = Pmf::from_weights(10, {1, 2, 1});  // 10: 0.25, 11: 0.5, 12: 0.25
    CHECK(p.pulses()[1].probability == 0.5);
    Pmf s = p.shifted(100);
    CHECK(s.min_value() == 110);
    CHECK(s.max_value() == 112);
    CHECK(p.scaled(2).max_value() == 24);
    // Running task: drop pulses before 11, renormalize: 11: 0.5/0.75, 12: 0.25/0.75.
    Pmf t = p.truncated_before(11);
    REQUIRE(t.size() == 2);
    CHECK(t.pulses()[0].probability == Approx(2.0 / 3).epsilon(1e-12));
    CHECK(t.total_probability() == Approx(1.0).epsilon(1e-12));
    // Overdue: nothing left at or after 20 -> point mass at 20.
    Pmf o = p.truncated_before(20);
    REQUIRE(o.size() == 1);
    CHECK(o.pulses()[0].value == 20);
    CHECK(o.pulses()[0].probability == 1.0);
}

TEST_CASE("pmf: normalize and empty", "[workloads][pmf]") {
    Pmf p({{1, 2.0}, {3, 6.0}});
    Pmf n = p.normalized();
    CHECK(n.pulses()[0].probability == Approx(0.25).epsilon(1e-12));
    CHECK(n.expectation() == Approx(p.expectation()).epsilon(1e-12));  // 1·0.25 + 3·0.75 = 2.5
    Pmf e;
    CHECK(e.empty());
    CHECK(e.cdf(1) == 0.0);
    CHECK(e.convolve(p).empty());
    CHECK_THROWS_AS(e.normalized(), std::logic_error);
    CHECK_THROWS_AS(e.expectation(), std::logic_error);
}

TEST_CASE("pmf: convolving many task PMFs stays exact and fast", "[workloads][pmf]") {
    // 100 tasks each uniform on {1..10}: sum has 901 pulses (100..1000), mean 550.
    std::vector<double> w(10, 1.0);
    Pmf one = Pmf::from_weights(1, w);
    Pmf sum = Pmf::point(0);
    for (int i = 0; i < 100; ++i) sum = sum.convolve(one);
    CHECK(sum.size() == 901);
    CHECK(sum.expectation() == Approx(550).epsilon(1e-9));
    CHECK(sum.total_probability() == Approx(1.0).epsilon(1e-9));
    // Symmetric about 550: P(X <= 549) = P(X >= 551) = (1 - P(X = 550)) / 2.
    REQUIRE(sum.pulses()[450].value == 550);
    CHECK(sum.cdf(549) == Approx((1.0 - sum.pulses()[450].probability) / 2).epsilon(1e-9));
}
