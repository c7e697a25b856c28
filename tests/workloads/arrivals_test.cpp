#include "workloads/arrivals.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <stdexcept>

using namespace rmsim;

namespace {
constexpr double kPi = 3.14159265358979323846;
bool sorted_in(const std::vector<Seconds>& t, Seconds horizon) {
    return std::is_sorted(t.begin(), t.end()) && (t.empty() || (t.front() >= 0 && t.back() < horizon));
}
}  // namespace

TEST_CASE("arrivals: homogeneous Poisson count and determinism", "[workloads][arrivals]") {
    // 0.5 /s over 20,000 s: mean 10,000 arrivals, sd 100. Within 3 %.
    std::mt19937_64 rng(42);
    auto t = poisson_arrivals(0.5, 20000, rng);
    CHECK(sorted_in(t, 20000));
    CHECK(std::fabs(static_cast<double>(t.size()) - 10000) < 300);
    std::mt19937_64 again(42);
    CHECK(poisson_arrivals(0.5, 20000, again) == t);
    CHECK(poisson_arrivals(0.0, 1000, rng).empty());
}

TEST_CASE("arrivals: sinusoidal rate by thinning follows the sinusoid", "[workloads][arrivals]") {
    // λ(t) = 0.2·(1 + 0.8·sin(2πt/86400)) over 10 days: expected 0.2·864000 = 172,800 arrivals. The first
    // half of each day carries 0.2·(43200 + 0.8·86400/π) = 13,040.1 expected, the second half 4,239.9.
    SinusoidalRate r{0.2, 0.8, 86400, 0};
    std::mt19937_64 rng(7);
    auto t = sinusoidal_arrivals(r, 864000, rng);
    CHECK(sorted_in(t, 864000));
    CHECK(std::fabs(static_cast<double>(t.size()) - 172800) < 0.02 * 172800);
    double first = 0, second = 0;
    for (double x : t) (std::fmod(x, 86400) < 43200 ? first : second) += 1;
    const double e_first = 10 * 0.2 * (43200 + 0.8 * 86400 / kPi);
    const double e_second = 10 * 0.2 * (43200 - 0.8 * 86400 / kPi);
    CHECK(std::fabs(first - e_first) < 0.03 * e_first);
    CHECK(std::fabs(second - e_second) < 0.03 * e_second);
    CHECK_THROWS_AS(sinusoidal_arrivals({1, 1.5, 10, 0}, 10, rng), std::invalid_argument);
}

TEST_CASE("arrivals: thinning never accepts in a zero-rate interval", "[workloads][arrivals]") {
    // Rate 1 /s on [0, 100), 0 on [100, 200), 1 again from 200 (not periodic).
    PiecewiseRate r;
    r.segments = {{0, 1.0}, {100, 0.0}, {200, 1.0}};
    std::mt19937_64 rng(3);
    for (int rep = 0; rep < 20; ++rep) {
        auto t = piecewise_arrivals(r, 300, rng);
        CHECK(sorted_in(t, 300));
        CHECK(std::none_of(t.begin(), t.end(), [](double x) { return x >= 100 && x < 200; }));
        CHECK_FALSE(t.empty());
    }
    // The rate function itself.
    CHECK(r.at(99.9) == 1.0);
    CHECK(r.at(100) == 0.0);
    CHECK(r.at(1e6) == 1.0);
}

TEST_CASE("arrivals: Machovec peak/off-peak rate", "[workloads][arrivals]") {
    // λ = 1 task / 36 s = 100 per hour on average; 200/h from 09:00 to 18:00, 40/h otherwise.
    const double lambda = 1.0 / 36;
    PiecewiseRate r = machovec_peak_offpeak_rate(lambda);
    CHECK(r.at(8.99 * 3600) == Approx(0.4 * lambda).epsilon(1e-12));
    CHECK(r.at(9 * 3600) == Approx(2 * lambda).epsilon(1e-12));
    CHECK(r.at(86400 + 12 * 3600) == Approx(2 * lambda).epsilon(1e-12));  // periodic
    CHECK(r.at(20 * 3600) == Approx(0.4 * lambda).epsilon(1e-12));
    // Daily mean equals λ: 9 h·2λ + 15 h·0.4λ = 24 h·λ. Over 20 days: expected 48,000 arrivals,
    // 36,000 of them in peak hours.
    std::mt19937_64 rng(11);
    auto t = piecewise_arrivals(r, 20 * 86400.0, rng);
    CHECK(std::fabs(static_cast<double>(t.size()) - 48000) < 0.03 * 48000);
    double peak = 0;
    for (double x : t) {
        double h = std::fmod(x, 86400) / 3600;
        if (h >= 9 && h < 18) peak += 1;
    }
    CHECK(std::fabs(peak - 36000) < 0.03 * 36000);
}

TEST_CASE("arrivals: bursts of same-type tasks", "[workloads][arrivals]") {
    std::mt19937_64 rng(5);
    std::vector<Seconds> times(2000);
    for (std::size_t i = 0; i < times.size(); ++i) times[i] = 10.0 * i;
    // B = 64: sizes uniform on [32, 96], mean 64.
    auto b = make_bursts(times, 64, rng);
    REQUIRE(b.size() == 2000);
    double sum = 0;
    std::uint32_t lo = 1000, hi = 0;
    for (const auto& x : b) {
        sum += x.size;
        lo = std::min(lo, x.size);
        hi = std::max(hi, x.size);
    }
    CHECK(lo >= 32);
    CHECK(hi <= 96);
    CHECK(sum / b.size() == Approx(64).epsilon(0.02));
    // B = 1: no bursts (size always 1).
    auto single = make_bursts({1.0, 2.0}, 1, rng);
    CHECK(single[0].size == 1);
    CHECK(single[1].size == 1);
    auto flat = expand_bursts({{1.0, 3}, {2.0, 2}});
    CHECK(flat == std::vector<Seconds>{1.0, 1.0, 1.0, 2.0, 2.0});
}
