// energy.csv samples: exact cumulative energy at fixed simulated times, taken without a SystemC process.
// Platform: one node (base 10 W), one processor (uncore 3 W), one core: P0 = 1 GHz, busy 2 W, idle 0.5 W.
#include <catch2/catch.hpp>

#include "modules/energy_marks.h"
#include "modules/energy_sampler.h"
#include "tests/modules/hw_fixture.h"

using namespace rmsim;
using namespace rmsim::test;

namespace {

PlatformSpec platform() {
    PlatformSpec spec = metered_platform();
    return spec;
}

constexpr std::size_t kDyn = std::size_t(EnergyCategory::CoreDynamic);
constexpr std::size_t kStat = std::size_t(EnergyCategory::CoreStatic);
constexpr std::size_t kUncore = std::size_t(EnergyCategory::Uncore);
constexpr std::size_t kNode = std::size_t(EnergyCategory::NodeBase);
constexpr std::size_t kTrans = std::size_t(EnergyCategory::Transition);

}  // namespace

TEST_CASE("energy sampler: samples mid-task are exact and a final row ends the run", "[modules][energy_sampler]") {
    Machine m(at_ns(platform()));
    EnergySampler sampler(from_seconds_ceil(0.75), true);
    m.observe_energy(&sampler);
    Script s("script", m.manager_port());
    s.at(0.5, start(0, 0, 1, cycles(2e9), 0));  // 2 s at 1 GHz: busy over [0.5, 2.5)
    run_until(4.0);
    sampler.finish(m.energy_account(), sc_core::sc_time_stamp());

    // Samples at 0, 0.75, ..., 3.75, then the end at 4.
    const auto& v = sampler.samples();
    REQUIRE(v.size() == 7);
    const double times[] = {0, 0.75, 1.5, 2.25, 3.0, 3.75, 4.0};
    for (std::size_t k = 0; k < v.size(); ++k) {
        const double t = times[k];
        INFO("sample at " << t);
        CHECK(v[k].at_ns == from_seconds_ceil(t).value());
        const bool busy = t >= 0.5 && t < 2.5;
        CHECK(v[k].power_w[kDyn] == Approx(busy ? 2.0 - 0.5 : 0.0).margin(1e-12));
        CHECK(v[k].power_w[kStat] == Approx(0.5).epsilon(1e-12));
        CHECK(v[k].power_w[kUncore] == Approx(3.0).epsilon(1e-12));
        CHECK(v[k].power_w[kNode] == Approx(10.0).epsilon(1e-12));
        // Dynamic energy: 1.5 W over the part of [0.5, 2.5] before t.
        CHECK(v[k].energy_j[kDyn] == Approx(1.5 * (std::min(std::max(t, 0.5), 2.5) - 0.5)).margin(1e-12));
        CHECK(v[k].energy_j[kStat] == Approx(0.5 * t).margin(1e-12));
        CHECK(v[k].energy_j[kUncore] == Approx(3.0 * t).margin(1e-12));
        CHECK(v[k].energy_j[kNode] == Approx(10.0 * t).margin(1e-12));
        CHECK(v[k].energy_j[kTrans] == 0.0);
    }
    // The last row is the machine's total: (10 + 3 + 0.5) W x 4 s + 1.5 W x 2 s = 57 J.
    double last = 0;
    for (double j : v.back().energy_j) last += j;
    CHECK(last == Approx(13.5 * 4 + 1.5 * 2).epsilon(1e-12));
    CHECK(last == Approx(m.total_energy()).epsilon(1e-15));

    // The machine's total draw: 13.5 W idle, 15 W while the task runs.
    const auto& p = sampler.power_points();
    REQUIRE(p.size() == 3);
    CHECK(p[0].at_ns == 0);
    CHECK(p[0].total_w == Approx(13.5).epsilon(1e-12));
    CHECK(p[1].at_ns == 500000000ull);
    CHECK(p[1].total_w == Approx(15.0).epsilon(1e-12));
    CHECK(p[2].at_ns == 2500000000ull);
    CHECK(p[2].total_w == Approx(13.5).epsilon(1e-12));
}

TEST_CASE("energy sampler: an energy lump counts only in samples at or after its time", "[modules][energy_sampler]") {
    PlatformSpec spec = platform();
    spec.core_types[0].transition_energy_j = 0.05;  // P0 and P1 idle powers are equal: the switch is a lump only
    Machine m(at_ns(spec));
    EnergySampler sampler(from_seconds_ceil(0.5), false);
    m.observe_energy(&sampler);
    Script s("script", m.manager_port());
    s.at(1.2, command(Op::SetPState, 0, 0, 0, 1));
    s.at(1.5, command(Op::SetPState, 0, 0, 0, 0));  // a second lump exactly at a sample time
    run_until(2.0);
    sampler.finish(m.energy_account(), sc_core::sc_time_stamp());

    const auto& v = sampler.samples();
    REQUIRE(v.size() == 5);  // 0, 0.5, 1, 1.5, 2 (the end falls on a sample)
    CHECK(v[2].at_ns == 1000000000ull);
    CHECK(v[2].energy_j[kTrans] == 0.0);
    CHECK(v[3].at_ns == 1500000000ull);
    CHECK(v[3].energy_j[kTrans] == Approx(0.05 + 0.05).epsilon(1e-12));  // the lump at 1.5 s is in
    CHECK(v[4].energy_j[kTrans] == Approx(0.1).epsilon(1e-12));
    CHECK(v[4].energy_j[kStat] == Approx(0.5 * 2).epsilon(1e-12));
    CHECK(sampler.power_points().empty());  // not recorded without record_power
}

TEST_CASE("energy sampler: sampling does not keep the simulation alive", "[modules][energy_sampler]") {
    Machine m(at_ns(platform()));
    EnergySampler sampler(from_seconds_ceil(1.0), false);
    m.observe_energy(&sampler);
    Script s("script", m.manager_port());
    s.at(0.5, start(0, 0, 1, cycles(2e9), 0));
    sc_core::sc_start();  // until no event is left

    // The last event is the completion at 2.5 s, not a later sample time.
    CHECK(sc_core::sc_time_stamp() == from_seconds_ceil(2.5));
    sampler.finish(m.energy_account(), sc_core::sc_time_stamp());
    const auto& v = sampler.samples();
    REQUIRE(v.size() == 4);  // 0, 1, 2, then the end at 2.5
    CHECK(v.back().at_ns == 2500000000ull);
}

TEST_CASE("energy marks: exact energy at chosen instants without extending the run", "[modules][energy_sampler]") {
    Machine m(at_ns(platform()));
    EnergyMarks marks({from_seconds_ceil(1.0), from_seconds_ceil(2.0), from_seconds_ceil(9.0)});
    m.observe_energy(&marks);
    Script s("script", m.manager_port());
    s.at(0.5, start(0, 0, 1, cycles(2e9), 0));  // busy over [0.5, 2.5)
    run_until(4.0);
    marks.finish(m.energy_account(), sc_core::sc_time_stamp());
    // Always: node 10 W + uncore 3 W; the core idles at 0.5 W and draws 2 W while busy.
    // At 1 s: 13 x 1 + 0.5 x 0.5 + 2 x 0.5 = 14.25 J; at 2 s: 13 x 2 + 0.5 x 0.5 + 2 x 1.5 = 29.25 J.
    CHECK(marks.at(0) == Approx(14.25).epsilon(1e-12));
    CHECK(marks.at(1) == Approx(29.25).epsilon(1e-12));
    // 9 s is after the run (4 s): the energy at the end, 13 x 4 + 0.5 x 2 + 2 x 2 = 57 J.
    CHECK(marks.at(2) == Approx(57.0).epsilon(1e-12));
}
