// Machovec Ch.2 §2.3 value of service, by hand: Eq. 1 in each of its segments (performance and energy
// instances), the Table 3 weights by category and usage period, and Eq. 2 with its zero rule.
#include <catch2/catch.hpp>

#include "workloads/vos_value.h"

using namespace rmsim;

namespace {

/// γ = 2; v_p: 1 until 100 s, linear to 0.4 at 300 s, then 0; v_e: 1 until 50 J, linear to 0.2 at 250 J.
VosTerms terms(VosCategory c) {
    VosTerms t;
    t.importance = 2;
    t.category = c;
    t.performance = UtilityFunction::value_of_service(1.0, 0.4, 100.0, 300.0);
    t.energy = UtilityFunction::value_of_service(1.0, 0.2, 50.0, 250.0);
    return t;
}

constexpr Seconds h = 3600;

}  // namespace

TEST_CASE("vos: Eq. 1 in each segment, performance and energy instances", "[workloads][vos]") {
    const VosTerms t = terms(VosCategory::Regular);
    // Obj <= soft: v_max.
    CHECK(t.performance.value_at(0) == 1.0);
    CHECK(t.performance.value_at(100) == 1.0);
    // soft < Obj < hard: (Obj - hard)(v_max - v_min)/(soft - hard) + v_min.
    // 200 s: (200 - 300)(0.6)/(-200) + 0.4 = 0.3 + 0.4 = 0.7.
    CHECK(t.performance.value_at(200) == Approx(0.7));
    // 250 s: (-50)(0.6)/(-200) + 0.4 = 0.15 + 0.4 = 0.55.
    CHECK(t.performance.value_at(250) == Approx(0.55));
    // Obj >= hard: 0 (a step down from v_min).
    CHECK(t.performance.value_at(300) == 0.0);
    CHECK(t.performance.value_at(1e6) == 0.0);
    // Energy: 150 J: (150 - 250)(0.8)/(-200) + 0.2 = 0.4 + 0.2 = 0.6; 249 J: (-1)(0.8)/(-200) + 0.2 = 0.204.
    CHECK(t.energy.value_at(50) == 1.0);
    CHECK(t.energy.value_at(150) == Approx(0.6));
    CHECK(t.energy.value_at(249) == Approx(0.204));
    CHECK(t.energy.value_at(250) == 0.0);
}

TEST_CASE("vos: usage periods of §2.5.1 and the Table 3 weights", "[workloads][vos]") {
    // low 00-04, medium 04-10 and 18-24, high 10-18; time 0 is midnight, days repeat.
    CHECK(usage_period(0) == UsagePeriod::Low);
    CHECK(usage_period(4 * h - 1) == UsagePeriod::Low);
    CHECK(usage_period(4 * h) == UsagePeriod::Medium);
    CHECK(usage_period(10 * h - 1) == UsagePeriod::Medium);
    CHECK(usage_period(10 * h) == UsagePeriod::High);
    CHECK(usage_period(18 * h - 1) == UsagePeriod::High);
    CHECK(usage_period(18 * h) == UsagePeriod::Medium);
    CHECK(usage_period(24 * h + 3 * h) == UsagePeriod::Low);  // the next day
    CHECK(usage_period(24 * h + 12 * h) == UsagePeriod::High);
    const auto w = [](VosCategory c, UsagePeriod p) {
        const VosWeights x = table3_weights(c, p);
        return std::pair{x.performance, x.energy};
    };
    CHECK(w(VosCategory::Regular, UsagePeriod::Low) == std::pair{1.0, 1.0});
    CHECK(w(VosCategory::Regular, UsagePeriod::Medium) == std::pair{1.0, 2.0});
    CHECK(w(VosCategory::Regular, UsagePeriod::High) == std::pair{1.0, 4.0});
    for (UsagePeriod p : {UsagePeriod::Low, UsagePeriod::Medium, UsagePeriod::High}) {
        CHECK(w(VosCategory::HighPerformance, p) == std::pair{10.0, 1.0});
        CHECK(w(VosCategory::EnergyConservative, p) == std::pair{1.0, 10.0});  // the table, not the prose
    }
}

TEST_CASE("vos: Eq. 2 task value with γ, the weights of the submission period, and the zero rule", "[workloads][vos]") {
    const VosTerms reg = terms(VosCategory::Regular);
    // Submitted at 02:00 (low, <1,1>), 200 s and 150 J: 2 x (1 x 0.7 + 1 x 0.6) = 2.6.
    TaskValue v = task_value(reg, 2 * h, 200, 150);
    CHECK(v.performance == Approx(0.7));
    CHECK(v.energy == Approx(0.6));
    CHECK(v.value == Approx(2.6));
    // At 12:00 (high, <1,4>): 2 x (0.7 + 4 x 0.6) = 6.2; at 20:00 (medium, <1,2>): 2 x (0.7 + 1.2) = 3.8.
    CHECK(task_value(reg, 12 * h, 200, 150).value == Approx(6.2));
    CHECK(task_value(reg, 20 * h, 200, 150).value == Approx(3.8));
    // High-performance <10,1>: 2 x (10 x 0.7 + 0.6) = 15.2; energy-conservative <1,10>: 2 x (0.7 + 6) = 13.4.
    CHECK(task_value(terms(VosCategory::HighPerformance), 12 * h, 200, 150).value == Approx(15.2));
    CHECK(task_value(terms(VosCategory::EnergyConservative), 12 * h, 200, 150).value == Approx(13.4));
    // V = 0 if either value is 0, though the other is not.
    v = task_value(reg, 12 * h, 300, 10);  // v_p = 0, v_e = 1
    CHECK(v.performance == 0.0);
    CHECK(v.energy == 1.0);
    CHECK(v.value == 0.0);
    v = task_value(reg, 12 * h, 10, 250);  // v_p = 1, v_e = 0
    CHECK(v.performance == 1.0);
    CHECK(v.value == 0.0);
}
