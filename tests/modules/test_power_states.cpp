// Processor gating, node switch-off and the SimGrid host_energy convention, with hand-computed energy.
#include <catch2/catch.hpp>

#include "tests/modules/hw_fixture.h"

using namespace rmsim;
using namespace rmsim::test;

TEST_CASE("power: processor gating and node switch-off", "[modules][power]") {
    // One node, one processor with 2 cores (P0 = 1 GHz, busy 2 W, idle 0.5 W).
    // Processor: uncore 3 W, gated when no core has work. Node: base 10 W, off 1 W, switches off immediately,
    // wakes in 0.5 s for 2 J.
    PlatformSpec spec = simple_platform({{1e9, 1.0, 2.0, 0.5}}, 2, 1);
    spec.processor_types[0].uncore_power_w = {3.0};
    spec.processor_types[0].gate_when_idle = true;
    NodeType& nt = spec.node_types[0];
    nt.base_power_w = {10.0};
    nt.off_power_w = 1.0;
    nt.switch_off = SwitchOffPolicy::Immediately;
    nt.wake_latency_s = 0.5;
    nt.wake_energy_j = 2.0;
    Machine m(at_ns(spec));
    Script s("script", m.manager_port());
    s.at(0.0, start(0, 0, 1, cycles(1e9)));  // 1 s of work once the node is up at 0.5 s
    run_until(3.0);

    REQUIRE(s.received.size() == 1);
    CHECK(seconds(s.received[0].at) == Approx(0.5 + 1.0).epsilon(1e-12));
    CHECK(m.node(0).power_state() == Node::PowerState::Off);
    const EnergyBreakdown b = m.energy_breakdown();
    // Node: on 0..1.5 s at 10 W, off 1.5..3 s at 1 W: 15 + 1.5 J.
    CHECK(b[size_t(EnergyCategory::NodeBase)] == Approx(10 * 1.5 + 1 * 1.5).epsilon(1e-12));
    // Processor on from the wake-up at 0 s to the end of work at 1.5 s: 3 W x 1.5 s.
    CHECK(b[size_t(EnergyCategory::Uncore)] == Approx(3 * 1.5).epsilon(1e-12));
    // Core 0: waking 0..0.5 s at idle 0.5 W, running 0.5..1.5 s at 2 W (0.5 static + 1.5 dynamic).
    // Core 1: idle at 0.5 W while the processor is on (0..1.5 s). Nothing while gated.
    CHECK(b[size_t(EnergyCategory::CoreStatic)] == Approx(0.5 * 0.5 + 0.5 * 1.0 + 0.5 * 1.5).epsilon(1e-12));
    CHECK(b[size_t(EnergyCategory::CoreDynamic)] == Approx(1.5 * 1.0).epsilon(1e-12));
    CHECK(b[size_t(EnergyCategory::Transition)] == Approx(2.0).epsilon(1e-12));
    CHECK(m.total_energy() == Approx(16.5 + 4.5 + 1.5 + 1.5 + 2.0).epsilon(1e-12));
}

TEST_CASE("power: a node switches off after its idle timeout", "[modules][power]") {
    PlatformSpec spec = simple_platform({{1e9, 1.0, 2.0, 0.5}}, 1, 1);
    NodeType& nt = spec.node_types[0];
    nt.base_power_w = {10.0};
    nt.off_power_w = 0.0;
    nt.switch_off = SwitchOffPolicy::AfterTimeout;
    nt.switch_off_timeout_s = 2.0;
    Machine m(at_ns(spec));
    Script s("script", m.manager_port());
    s.at(1.0, start(0, 0, 1, cycles(1e9)));  // runs 1..2 s; the first idle timer (due at 2 s) is cancelled
    run_until(10.0);
    // Node on 0..4 s (idle from 2 s, off at 2 + 2 s): 10 W x 4 s. Core idle 0.5 W while on, except busy 1..2 s.
    const EnergyBreakdown b = m.energy_breakdown();
    CHECK(b[size_t(EnergyCategory::NodeBase)] == Approx(10.0 * 4).epsilon(1e-12));
    CHECK(b[size_t(EnergyCategory::CoreStatic)] == Approx(0.5 * 4).epsilon(1e-12));
    CHECK(b[size_t(EnergyCategory::CoreDynamic)] == Approx(1.5 * 1).epsilon(1e-12));
}

TEST_CASE("power: SimGrid host_energy convention with none, one and all cores busy", "[modules][power][simgrid]") {
    // SimGrid host with C = 4 cores and host_energy "100:120:200" (Idle:Epsilon:AllCores) at its one P-state.
    // Mapping (docs/config-platform.md): node base = Idle = 100 W; processor uncore = Epsilon - Idle = 20 W,
    // gated when no core is busy; core busy = (AllCores - Epsilon) / C = 20 W, core idle = 0.
    PlatformSpec spec = simple_platform({{1e9, 1.0, (200.0 - 120.0) / 4, 0.0}}, 4, 1);
    spec.dvfs_domain = DvfsScope::Node;
    spec.node_types[0].base_power_w = {100.0};
    spec.processor_types[0].uncore_power_w = {120.0 - 100.0};
    spec.processor_types[0].gate_when_idle = true;
    Machine m(at_ns(spec));
    Script s("script", m.manager_port());
    // 0..1 s nothing busy; 1..2 s one core; 2..3 s all four cores.
    s.at(1.0, start(0, 0, 1, cycles(2e9)));  // core 0 busy 1..3 s
    s.at(2.0, start(0, 1, 2, cycles(1e9)));
    s.at(2.0, start(0, 2, 3, cycles(1e9)));
    s.at(2.0, start(0, 3, 4, cycles(1e9)));
    std::vector<double> power;
    struct Probe : sc_core::sc_module {
        SC_HAS_PROCESS(Probe);
        Probe(sc_core::sc_module_name n, Machine& m, std::vector<double>& out) : sc_module(n), m_(m), out_(out) {
            SC_THREAD(run);
        }
        void run() {
            for (double t : {0.5, 1.5, 2.5, 3.5}) {
                wait(from_seconds_ceil(t) - sc_core::sc_time_stamp());
                out_.push_back(m_.power());
            }
        }
        Machine& m_;
        std::vector<double>& out_;
    } probe("probe", m, power);
    run_until(4.0);
    REQUIRE(power.size() == 4);
    CHECK(power[0] == Approx(100.0));                              // Idle
    CHECK(power[1] == Approx(120.0 + 1.0 / 4 * (200.0 - 120.0)));  // Epsilon + 1/C (AllCores - Epsilon) = 140
    CHECK(power[2] == Approx(200.0));                              // AllCores
    CHECK(power[3] == Approx(100.0));
    // Energy 0..4 s: 100 + 140 + 200 + 100 J.
    CHECK(m.total_energy() == Approx(100 + 140 + 200 + 100).epsilon(1e-12));
}

// A START that arrives at the instant the idle timer is due finds the node on: on a machine the node's
// messages come before its switch-off timer at one instant (modules/delivery_queue.h), so the node is busy
// when the timer looks, and neither switches off nor wakes (a wake would take 0.5 s and 2 J).
TEST_CASE("power: a start arriving as the idle timer falls due keeps the node on", "[modules][power]") {
    PlatformSpec spec = simple_platform({{1e9, 1.0, 2.0, 0.5}}, 1, 1);
    spec.manager_link.latency_s = 0.25;
    NodeType& nt = spec.node_types[0];
    nt.base_power_w = {10.0};
    nt.off_power_w = 0.0;
    nt.switch_off = SwitchOffPolicy::AfterTimeout;
    nt.switch_off_timeout_s = 2.0;  // idle from 0 s: due at 2 s
    nt.wake_latency_s = 0.5;
    nt.wake_energy_j = 2.0;
    Machine m(at_ns(spec));
    Script s("script", m.manager_port());
    s.at(1.75, start(0, 0, 1, cycles(1e9)));  // arrives at 1.75 + 0.25 = 2 s: runs 2..3 s
    run_until(10.0);
    REQUIRE(s.received.size() == 1);
    CHECK(seconds(s.received[0].at) == Approx(3.0 + 0.25).epsilon(1e-12));  // COMPLETED back over the link
    // Node on 0..5 s (idle again from 3 s, off at 3 + 2 s): 10 W x 5 s; no wake-up energy.
    const EnergyBreakdown b = m.energy_breakdown();
    CHECK(b[size_t(EnergyCategory::NodeBase)] == Approx(10.0 * 5).epsilon(1e-12));
    CHECK(b[size_t(EnergyCategory::Transition)] == 0.0);
    CHECK(b[size_t(EnergyCategory::CoreDynamic)] == Approx(1.5 * 1).epsilon(1e-12));
}
