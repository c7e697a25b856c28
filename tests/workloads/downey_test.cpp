#include "workloads/downey.h"

#include <catch2/catch.hpp>
#include <stdexcept>

using namespace rmsim;

TEST_CASE("downey: high-variance T(n) for A=4 and sigma=1 by hand", "[workloads][downey]") {
    // Maximum parallelism A + Aσ - σ = 4 + 4 - 1 = 7. T(n) = 1 + 7/n up to n = 7, then σ + 1 = 2.
    DowneyParams p{4, 1};
    CHECK(downey_high_variance_time(p, 1) == Approx(8.0).epsilon(1e-12));  // = A(σ+1)
    CHECK(downey_high_variance_time(p, 2) == Approx(4.5).epsilon(1e-12));
    CHECK(downey_high_variance_time(p, 7) == Approx(2.0).epsilon(1e-12));
    CHECK(downey_high_variance_time(p, 100) == Approx(2.0).epsilon(1e-12));
    CHECK(downey_high_variance_speedup(p, 2) == Approx(8.0 / 4.5).epsilon(1e-12));
    CHECK(downey_high_variance_speedup(p, 100) == Approx(4.0).epsilon(1e-12));  // capped at A
    // exec(n) = single · T(n)/T(1): 3600 s on one node -> 3600·4.5/8 = 2025 s on two.
    CHECK(downey_execution_time(3600, p, 2) == Approx(2025).epsilon(1e-12));
}

TEST_CASE("downey: Machovec-range sigma matches Downey's closed form", "[workloads][downey]") {
    // A = 16, σ = 6: S(n) = nA(σ+1)/(σ(n+A-1)+A). n = 8: 8·16·7/(6·23+16) = 896/154.
    DowneyParams p{16, 6};
    CHECK(downey_high_variance_speedup(p, 8) == Approx(896.0 / 154.0).epsilon(1e-12));
    CHECK(downey_speedup(p, 8) == Approx(896.0 / 154.0).epsilon(1e-12));  // σ > 1 -> high variance
    // Beyond A + Aσ - σ = 16 + 96 - 6 = 106 nodes: speedup A.
    CHECK(downey_speedup(p, 106) == Approx(16).epsilon(1e-12));
    CHECK(downey_speedup(p, 200) == Approx(16).epsilon(1e-12));
}

TEST_CASE("downey: low-variance model by hand", "[workloads][downey]") {
    // A = 4, σ = 0.5.
    DowneyParams p{4, 0.5};
    // n = 3 <= A: 4·3/(4 + 0.5·2/2) = 12/4.5
    CHECK(downey_low_variance_speedup(p, 3) == Approx(12.0 / 4.5).epsilon(1e-12));
    // n = 6 in [A, 2A-1]: 4·6/(0.5·3.5 + 6·0.75) = 24/6.25
    CHECK(downey_low_variance_speedup(p, 6) == Approx(24.0 / 6.25).epsilon(1e-12));
    // n >= 2A - 1 = 7: A
    CHECK(downey_low_variance_speedup(p, 7) == Approx(4.0).epsilon(1e-12));
    CHECK(downey_speedup(p, 9) == Approx(4.0).epsilon(1e-12));
    // σ = 0: linear speedup up to A.
    CHECK(downey_low_variance_speedup({4, 0}, 3) == Approx(3.0).epsilon(1e-12));
}

TEST_CASE("downey: the two models meet at sigma = 1", "[workloads][downey]") {
    for (double n : {1.0, 1.5, 2.0, 3.0, 4.0, 5.0, 6.5, 7.0, 20.0}) {
        INFO("n = " << n);
        CHECK(downey_low_variance_speedup({4, 1}, n) == Approx(downey_high_variance_speedup({4, 1}, n)).epsilon(1e-12));
    }
}

TEST_CASE("downey: rejects invalid parameters", "[workloads][downey]") {
    CHECK_THROWS_AS(downey_speedup({0.5, 2}, 2), std::invalid_argument);
    CHECK_THROWS_AS(downey_speedup({4, -1}, 2), std::invalid_argument);
    CHECK_THROWS_AS(downey_speedup({4, 2}, 0.5), std::invalid_argument);
}
