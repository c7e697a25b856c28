// Execution and DVFS on one core, with hand-computed time and energy.
// Core: P0 = 1 GHz, busy 2 W, idle 0.5 W; P1 = 0.5 GHz, busy 1 W, idle 0.25 W.
#include <catch2/catch.hpp>

#include "tests/modules/hw_fixture.h"

using namespace rmsim;
using namespace rmsim::test;

namespace {
std::vector<PState> two_levels() { return {{1e9, 1.0, 2.0, 0.5}, {0.5e9, 0.8, 1.0, 0.25}}; }
}  // namespace

TEST_CASE("core: a P-state change mid-run reschedules completion and splits the energy", "[modules][dvfs]") {
    PlatformSpec spec = simple_platform(two_levels(), 1, 1);
    Machine m(at_ns(spec));
    Script s("script", m.manager_port());
    // 2e9 cycles: 2 s at P0. At t = 1 s half is done; the other 1e9 cycles take 1e9 / 0.5e9 = 2 s at P1.
    s.at(0.0, start(0, 0, 7, cycles(2e9), 0));
    s.at(1.0, command(Op::SetPState, 0, 0, 0, 1));
    run_until(5.0);

    REQUIRE(s.received.size() == 1);
    CHECK(s.received[0].msg.op == Op::Completed);
    CHECK(s.received[0].msg.task == 7);
    CHECK(seconds(s.received[0].at) == Approx(1.0 + 2.0).epsilon(1e-12));
    // Task energy = 2 W x 1 s + 1 W x 2 s = 4 J.
    CHECK(s.received[0].msg.energy_j == Approx(2.0 * 1 + 1.0 * 2).epsilon(1e-12));
    const EnergyBreakdown b = m.energy_breakdown();
    // Up to 5 s: dynamic (2-0.5) x 1 + (1-0.25) x 2 = 3 J; static 0.5 x 1 + 0.25 x 2 + idle at P1 0.25 x 2 = 1.5 J.
    CHECK(b[size_t(EnergyCategory::CoreDynamic)] == Approx(1.5 * 1 + 0.75 * 2).epsilon(1e-12));
    CHECK(b[size_t(EnergyCategory::CoreStatic)] == Approx(0.5 * 1 + 0.25 * 2 + 0.25 * 2).epsilon(1e-12));
    CHECK(m.total_energy() == Approx(4.5).epsilon(1e-12));
    CHECK(m.core_at(0, 0).pstate() == 1);
}

TEST_CASE("core: a DVFS transition stalls the core for its latency and costs its energy", "[modules][dvfs]") {
    PlatformSpec spec = simple_platform(two_levels(), 1, 1);
    spec.core_types[0].transition_latency_s = 0.1;
    spec.core_types[0].transition_energy_j = 0.05;
    Machine m(at_ns(spec));
    Script s("script", m.manager_port());
    s.at(0.0, start(0, 0, 1, cycles(2e9), 0));
    s.at(1.0, command(Op::SetPState, 0, 0, 0, 1));
    run_until(4.0);

    // 1 s at P0 (half done), 0.1 s stalled, then 1e9 cycles at 0.5 GHz = 2 s: done at 3.1 s.
    REQUIRE(s.received.size() == 1);
    CHECK(seconds(s.received[0].at) == Approx(1.0 + 0.1 + 2.0).epsilon(1e-12));
    // 2 W x 1 s + idle(P0) 0.5 W x 0.1 s (stalled) + 0.05 J switch + 1 W x 2 s = 4.1 J.
    CHECK(s.received[0].msg.energy_j == Approx(2.0 + 0.5 * 0.1 + 0.05 + 2.0).epsilon(1e-12));
    CHECK(m.energy_breakdown()[size_t(EnergyCategory::Transition)] == Approx(0.05).epsilon(1e-12));
}

TEST_CASE("core: completion is rounded up to whole clock periods", "[modules][dvfs]") {
    // 3 GHz: one period = 1/3 ns. 10 cycles = 3.33 ns -> rounded up to 4 ns (whole ns, never shortened).
    PlatformSpec spec = simple_platform({{3e9, 1.0, 1.0, 0.0}}, 1, 1);
    Machine m(at_ns(spec));
    Script s("script", m.manager_port());
    s.at(0.0, start(0, 0, 1, cycles(10), 0));
    run_until(1e-6);
    REQUIRE(s.received.size() == 1);
    CHECK(s.received[0].at.value() == 4);
}

TEST_CASE("core: the memory part of analytic work does not scale with frequency", "[modules][dvfs]") {
    PlatformSpec spec = simple_platform(two_levels(), 1, 1);
    Machine m(at_ns(spec));
    Script s("script", m.manager_port());
    WorkModel w = cycles(1e9);
    w.set_memory_s(1.0);
    s.at(0.0, start(0, 0, 1, w, 1));  // at P1: 1e9 / 0.5e9 + 1 = 3 s
    run_until(10);
    REQUIRE(s.received.size() == 1);
    CHECK(seconds(s.received[0].at) == Approx(2.0 + 1.0).epsilon(1e-12));
}

TEST_CASE("core: tabular work takes the table's time for the core type and P-state", "[modules][dvfs]") {
    PlatformSpec spec = simple_platform(two_levels(), 1, 1);
    Machine m(at_ns(spec));
    Script s("script", m.manager_port());
    auto table = std::make_shared<TimeTable>();
    table->seconds = {{4.0, 6.0}};
    WorkModel w;
    w.set_table(table);
    w.set_table_scale(0.5);
    s.at(0.0, start(0, 0, 1, w, 1));  // 0.5 x 6 s = 3 s
    run_until(10);
    REQUIRE(s.received.size() == 1);
    CHECK(seconds(s.received[0].at) == Approx(3.0).epsilon(1e-12));
}
