#include "workloads/siegel_pmfs.h"

#include <catch2/catch.hpp>
#include <cmath>

using namespace rmsim;

namespace {
std::vector<CoreType> two_core_types() {
    CoreType a;
    a.pstates = {{2.0e9, 1.0, 10, 1}, {1.0e9, 0.9, 5, 1}};
    CoreType b;
    b.pstates = {{3.0e9, 1.0, 12, 1}, {1.5e9, 0.9, 6, 1}};
    return {a, b};
}
}  // namespace

TEST_CASE("siegel pmfs: without variation every histogram is one bin, P-state scaled by hand", "[workloads][siegel]") {
    // v_task = v_mach = 0 and COV 0: every run takes mean_task_s = 10.3 s at P0 -> bin (1 s, rounded up) 11.
    // β = 0.5 for every type: at P1 (f0/f1 = 2) a run takes 10.3·(0.5·2 + 0.5) = 15.45 s -> bin 16.
    SiegelPmfParams p;
    p.task_types = 2;
    p.mean_task_s = 10.3;
    p.v_task = p.v_mach = 0;
    p.cov_lo = p.cov_hi = 0;
    p.beta_lo = p.beta_hi = 0.5;
    p.samples = 10;
    std::mt19937_64 rng(1);
    SiegelPmfs pmfs = generate_siegel_pmfs(p, two_core_types(), rng);
    REQUIRE(pmfs.size() == 2);
    REQUIRE(pmfs[1].size() == 2);
    REQUIRE(pmfs[1][1].size() == 2);
    for (const auto& type : pmfs)
        for (const auto& core : type) {
            REQUIRE(core[0].size() == 1);
            CHECK(core[0].pulses()[0].value == 11);
            CHECK(core[1].pulses()[0].value == 16);
        }
}

TEST_CASE("siegel pmfs: histograms of samples, slower at lower P-states, deterministic", "[workloads][siegel]") {
    SiegelPmfParams p;
    p.task_types = 5;
    p.samples = 200;
    std::mt19937_64 a(7), b(7);
    SiegelPmfs x = generate_siegel_pmfs(p, two_core_types(), a);
    SiegelPmfs y = generate_siegel_pmfs(p, two_core_types(), b);
    for (std::size_t i = 0; i < x.size(); ++i)
        for (std::size_t j = 0; j < x[i].size(); ++j) {
            CHECK(x[i][j][1].expectation() >= x[i][j][0].expectation());
            CHECK(x[i][j][0].total_probability() == Approx(1.0));
            for (std::size_t k = 0; k < x[i][j][0].size(); ++k) {
                const auto& q = x[i][j][0].pulses()[k];
                CHECK(q.value == std::floor(q.value));                                  // whole bins
                CHECK(q.probability * 200 == Approx(std::round(q.probability * 200)));  // frequency / samples
                CHECK(q.value == y[i][j][0].pulses()[k].value);
            }
        }
    auto tables = siegel_time_tables(x);
    REQUIRE(tables.size() == 5);
    CHECK(tables[2]->seconds[1][0] == Approx(x[2][1][0].expectation()));
    CHECK(tables[2]->has_distribution(1, 1));
}
