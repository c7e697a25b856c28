#include "workloads/etc_generation.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>

using namespace rmsim;

namespace {
struct Stats {
    double mean = 0, cov = 0;
};
Stats stats(const std::vector<double>& x) {
    double m = 0;
    for (double v : x) m += v;
    m /= x.size();
    double var = 0;
    for (double v : x) var += (v - m) * (v - m);
    var /= (x.size() - 1);
    return {m, std::sqrt(var) / m};
}
}  // namespace

TEST_CASE("etc generation: gamma by mean and COV", "[workloads][etc]") {
    std::mt19937_64 rng(1);
    std::vector<double> x(40000);
    for (auto& v : x) v = sample_gamma_mean_cov(133, 0.2, rng);  // Machovec APC: 133 W, COV 0.2
    auto s = stats(x);
    CHECK(s.mean == Approx(133).epsilon(0.01));
    CHECK(s.cov == Approx(0.2).epsilon(0.03));
    CHECK(sample_gamma_mean_cov(5, 0, rng) == 5.0);
}

TEST_CASE("etc generation: CVB method means and heterogeneities", "[workloads][etc]") {
    // μ_task 10 s, V_task 0.6, V_mach 0.6 (Tarplee §7 random environments), 400 x 50.
    std::mt19937_64 rng(2);
    CvbEtcParams p{400, 50, 10.0, 0.6, 0.6, EtcConsistency::Inconsistent};
    Matrix etc = generate_etc_cvb(p, rng);
    REQUIRE(etc.size() == 400);
    std::vector<double> all, row_cov;
    for (const auto& row : etc) {
        all.insert(all.end(), row.begin(), row.end());
        row_cov.push_back(stats(row).cov);
    }
    CHECK(stats(all).mean == Approx(10).epsilon(0.05));
    double mean_row_cov = 0;
    for (double c : row_cov) mean_row_cov += c / row_cov.size();
    CHECK(mean_row_cov == Approx(0.6).epsilon(0.05));  // within-row spread = machine heterogeneity
    std::mt19937_64 again(2);
    CHECK(generate_etc_cvb(p, again) == etc);
}

TEST_CASE("etc generation: range-based method", "[workloads][etc]") {
    // E[τ]·E[x] = (1+100)/2 · (1+10)/2 = 50.5 · 5.5 = 277.75.
    std::mt19937_64 rng(3);
    Matrix etc = generate_etc_range({2000, 20, 100, 10, EtcConsistency::Inconsistent}, rng);
    std::vector<double> all;
    for (const auto& row : etc) {
        for (double e : row) {
            // each entry is τ_i·x_ij with τ in [1, 100], x in [1, 10]
            CHECK((e >= 1 && e <= 1000));
        }
        all.insert(all.end(), row.begin(), row.end());
    }
    CHECK(stats(all).mean == Approx(277.75).epsilon(0.04));
}

TEST_CASE("etc generation: consistency options", "[workloads][etc]") {
    Matrix m = {{5, 4, 3, 2, 1}, {1, 9, 0.5, 8, 7}};
    Matrix c = m;
    apply_consistency(c, EtcConsistency::Consistent);
    CHECK(c[0] == std::vector<double>{1, 2, 3, 4, 5});
    CHECK(c[1] == std::vector<double>{0.5, 1, 7, 8, 9});
    Matrix pc = m;
    apply_consistency(pc, EtcConsistency::PartiallyConsistent);  // even columns sorted among themselves
    CHECK(pc[0] == std::vector<double>{1, 4, 3, 2, 5});
    CHECK(pc[1] == std::vector<double>{0.5, 9, 1, 8, 7});
    std::mt19937_64 rng(4);
    Matrix g = generate_etc_cvb({30, 8, 10, 0.3, 0.5, EtcConsistency::Consistent}, rng);
    for (const auto& row : g) CHECK(std::is_sorted(row.begin(), row.end()));
}

TEST_CASE("etc generation: Machovec Ch.3 correlated single-core time", "[workloads][etc]") {
    CHECK(machovec_correlated_single_core_mean_s(1) == Approx(3600).epsilon(1e-12));
    CHECK(machovec_correlated_single_core_mean_s(8) == Approx(18 * 3600).epsilon(1e-12));
    // U = 4.5: 1 + 3.5·17/7 = 9.5 h
    CHECK(machovec_correlated_single_core_mean_s(4.5) == Approx(9.5 * 3600).epsilon(1e-12));
}

TEST_CASE("etc generation: Machovec Ch.3 type tables statistics", "[workloads][etc]") {
    // Starting utility 4.5 -> mean 9.5 h on the reference cluster; 6 clusters, 3 P-states, general purpose.
    std::mt19937_64 rng(5);
    MachovecCh3TypeParams p;
    p.starting_utility = 4.5;
    p.clusters = 6;
    const int n = 6000;
    std::vector<double> ref_t, other_t, ref_apc, other_apc, pf2, tf2, r_time;
    for (int i = 0; i < n; ++i) {
        auto t = generate_machovec_ch3_type(p, rng);
        REQUIRE(t.single_core_time_s.size() == 6);
        REQUIRE(t.time_factor[3].size() == 3);
        ref_t.push_back(t.single_core_time_s[0]);
        other_t.push_back(t.single_core_time_s[3] / t.single_core_time_s[0]);
        ref_apc.push_back(t.apc_w[0]);
        other_apc.push_back(t.apc_w[5] / t.apc_w[0]);
        pf2.push_back(t.power_factor[2][2]);
        tf2.push_back(t.time_factor[2][2]);
        CHECK(t.time_s(1, 0) == t.single_core_time_s[1] * t.time_factor[1][0]);
    }
    auto st = stats(ref_t);
    CHECK(st.mean == Approx(9.5 * 3600).epsilon(0.01));
    CHECK(st.cov == Approx(0.15).epsilon(0.05));
    CHECK(stats(other_t).mean == Approx(1.0).epsilon(0.02));  // Gamma with mean = reference sample
    CHECK(stats(other_t).cov == Approx(0.3).epsilon(0.05));
    CHECK(stats(ref_apc).mean == Approx(133).epsilon(0.01));
    CHECK(stats(other_apc).mean == Approx(1.0).epsilon(0.02));
    // P2: power factor mean = 0.5·E[r] = 0.5; time factor = 1/Gamma(sqrt(0.5 r)) -> mean about 1.41 and more
    // (Jensen), i.e. a slower P-state.
    CHECK(stats(pf2).mean == Approx(0.5).epsilon(0.03));
    CHECK(stats(tf2).mean > 1.35);
    CHECK(stats(tf2).mean < 1.75);
}

TEST_CASE("etc generation: a Gamma time as equally likely pulses at its quantiles", "[workloads][etc]") {
    // COV 1 is shape 1, the exponential: quantile q of mean m is -m ln(1 - q). Two pulses at q = 0.25 and 0.75:
    // -ln 0.75 = 0.287682, -ln 0.25 = 1.386294, mean 0.836988; scaled to mean 10: 3.43712 and 16.56288.
    const std::vector<TimePulse> two = gamma_pulses(10, 1, 2);
    REQUIRE(two.size() == 2);
    const double a = -std::log(0.75), b = -std::log(0.25), s = 10 / ((a + b) / 2);
    CHECK(two[0].seconds == Approx(a * s).epsilon(1e-12));
    CHECK(two[1].seconds == Approx(b * s).epsilon(1e-12));
    CHECK(two[0].seconds == Approx(3.43712).epsilon(1e-5));
    CHECK(two[1].seconds == Approx(16.56288).epsilon(1e-5));
    CHECK(two[0].probability == 0.5);
    // One pulse is the median scaled to the mean: the mean itself.
    CHECK(gamma_pulses(7, 0.3, 1)[0].seconds == Approx(7).epsilon(1e-12));
    // A narrow Gamma: 20 ascending pulses whose spread follows the COV.
    const std::vector<TimePulse> twenty = gamma_pulses(100, 0.1, 20);
    double mean = 0, var = 0;
    for (const TimePulse& q : twenty) mean += q.seconds / 20;
    for (const TimePulse& q : twenty) var += (q.seconds - mean) * (q.seconds - mean) / 20;
    CHECK(mean == Approx(100).epsilon(1e-12));
    CHECK(std::sqrt(var) / mean == Approx(0.1).epsilon(0.1));  // the midpoints lose a little of the tails
    for (std::size_t k = 1; k < 20; ++k) CHECK(twenty[k].seconds > twenty[k - 1].seconds);
    CHECK_THROWS_AS(gamma_pulses(10, 0, 5), std::invalid_argument);
    CHECK_THROWS_AS(gamma_pulses(10, 0.2, 0), std::invalid_argument);
}
