#include "workloads/utility_classes.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <set>
#include <stdexcept>

using namespace rmsim;

TEST_CASE("utility classes: class 0 reproduces the Machovec Fig. 20 example", "[workloads][utility]") {
    // Priority 8, urgency 0.6: horizon 2160 s / 0.6 = 3600 s. Ch.3 Fig. 20 / Ch.4 §4.2.2: 5.18 at 15 min,
    // 2.84 at 40 min, zero after about 60 min.
    auto f = make_machovec_utility(8.0, 0.6, 0);
    CHECK(f.max_value() == 8.0);
    CHECK(f.value_at(15 * 60) == Approx(5.18).epsilon(1e-9));
    CHECK(f.value_at(40 * 60) == Approx(2.84).epsilon(1e-9));
    CHECK(f.zero_after() == Approx(3600).epsilon(1e-12));
    CHECK(f.value_at(3601) == 0.0);
}

TEST_CASE("utility classes: every class starts at the priority and decays to 0 monotonically", "[workloads][utility]") {
    std::set<std::string> names;
    for (std::size_t c = 0; c < kMachovecUtilityClasses; ++c) {
        INFO("class " << c);
        auto f = make_machovec_utility(4.0, 0.2, c);  // horizon 2160/0.2 = 10800 s
        CHECK(f.max_value() == 4.0);
        double prev = f.value_at(0);
        for (int i = 1; i <= 1100; ++i) {
            double v = f.value_at(i * 10.0);
            CHECK(v <= prev + 1e-12);
            prev = v;
        }
        CHECK(f.zero_after() <= 10800 * (1 + 1e-12));
        CHECK(f.value_at(10801) == 0.0);
        names.insert(machovec_class_name(c));
    }
    CHECK(names.size() == kMachovecUtilityClasses);
    CHECK_THROWS_AS(make_machovec_utility(1, 0.1, kMachovecUtilityClasses), std::invalid_argument);
    CHECK_THROWS_AS(make_machovec_utility(1, 0.0, 0), std::invalid_argument);
}

TEST_CASE("utility classes: higher urgency decays faster", "[workloads][utility]") {
    // Class 1 is linear: value = priority·(1 - t·urgency/2160).
    auto slow = make_machovec_utility(2.0, 0.01, 1);
    auto fast = make_machovec_utility(2.0, 0.6, 1);
    CHECK(slow.value_at(1800) == Approx(2.0 * (1 - 1800 * 0.01 / 2160)).epsilon(1e-12));
    CHECK(fast.value_at(1800) == Approx(2.0 * (1 - 1800 * 0.6 / 2160)).epsilon(1e-12));  // = 1.0
    CHECK(fast.value_at(1800) < slow.value_at(1800));
    // Tasks of one class share the shape.
    CHECK(&make_machovec_utility(1, 0.1, 5).points() == &make_machovec_utility(7, 0.6, 5).points());
}

TEST_CASE("utility classes: step-shaped classes", "[workloads][utility]") {
    // Class 11 (deadline): full value until the horizon, 0 after. Horizon 2160/0.1 = 21600 s.
    auto d = make_machovec_utility(3.0, 0.1, 11);
    CHECK(d.value_at(21600) == 3.0);
    CHECK(d.value_at(21600.5) == 0.0);
    // Class 12 (staircase4): 1, 0.75, 0.5, 0.25 of the priority in each quarter.
    auto s = make_machovec_utility(4.0, 0.1, 12);
    CHECK(s.value_at(5400.5) == Approx(3.0).epsilon(1e-12));
    CHECK(s.value_at(16200.5) == Approx(1.0).epsilon(1e-12));
}

TEST_CASE("utility classes: Machovec Ch.4 decaying class", "[workloads][utility]") {
    // Priority 8, plateau 10 min, urgency 0.3 (k = 3), 200 min of decay.
    auto f = make_machovec_decaying_utility(8.0, 600.0);
    CHECK(f.value_at(600) == 8.0);
    // Midway (x = 0.5, a knot): 8·(e^{-1.5} - e^{-3})/(1 - e^{-3}).
    double mid = 8.0 * (std::exp(-1.5) - std::exp(-3.0)) / (1 - std::exp(-3.0));
    CHECK(f.value_at(600 + 6000) == Approx(mid).epsilon(1e-12));
    CHECK(f.zero_after() == Approx(600 + 12000).epsilon(1e-12));
    CHECK(f.value_at(12601) == 0.0);
}
