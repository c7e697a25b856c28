// The machine meter's interval readings: the energy at each boundary of a grid set by a debug write, exact,
// holding nothing that happens at the boundary, read back later without anything having woken there.
// Platform: one node (base 10 W), one processor (uncore 3 W), one core: P0 = 1 GHz busy 2 W idle 0.5 W,
// P1 = 0.5 GHz busy 1 W idle 0.5 W, a DVFS switch costs 0.25 J.
#include <catch2/catch.hpp>

#include <vector>

#include "tests/modules/hw_fixture.h"

using namespace rmsim;
using namespace rmsim::test;

namespace {

PlatformSpec platform() {
    PlatformSpec spec = metered_platform();
    spec.core_types[0].transition_energy_j = 0.25;
    return spec;
}

/// Sets the interval grid at 0, then reads the meter at the given times.
struct Reader : sc_core::sc_module {
    SC_HAS_PROCESS(Reader);
    Reader(sc_core::sc_module_name n, ControlPort& port, std::vector<double> at) : sc_module(n), port_(port), at_(at) {
        SC_THREAD(run);
    }
    std::vector<EnergyReading> readings;

private:
    void run() {
        if (!port_.set_meter_interval(from_seconds_ceil(1.0), from_seconds_ceil(1.0)))
            throw std::logic_error("refused");
        for (double t : at_) {
            wait(from_seconds_ceil(t) - sc_core::sc_time_stamp());
            readings.push_back(port_.read_meter());
        }
    }
    ControlPort& port_;
    std::vector<double> at_;
};

}  // namespace

TEST_CASE("machine meter: interval readings are exact at each boundary", "[modules][meter]") {
    Machine m(at_ns(platform()));
    Script s("script", m.manager_port());
    s.at(0.5, start(0, 0, 1, cycles(2e9), 0));      // busy from 0.5 s at 1 GHz
    s.at(2.0, command(Op::SetPState, 0, 0, 0, 1));  // at the boundary 2 s: to 0.5 GHz, a 0.25 J lump
    Reader r("reader", m.manager_port(), {0.9, 1.5, 2.0, 3.7, 5.5});
    run_until(6.0);
    REQUIRE(r.readings.size() == 5);
    // Always drawn: 10 + 3 + 0.5 = 13.5 W. Busy adds 1.5 W at P0 over [0.5, 2): 1.5 s x 1 GHz = 1.5e9 of the
    // 2e9 cycles; the remaining 0.5e9 at 0.5 GHz take [2, 3), adding 0.5 W.
    CHECK(r.readings[0].interval_start_j == 0.0);                                          // before the first boundary
    CHECK(r.readings[1].interval_start_j == Approx(13.5 * 1 + 1.5 * 0.5).epsilon(1e-12));  // E(1) = 14.25
    // E(2) holds nothing that happens at 2 s (the switch's lump): 27 + 2.25.
    CHECK(r.readings[2].interval_start_j == Approx(13.5 * 2 + 1.5 * 1.5).epsilon(1e-12));
    // E(3) = 40.5 + 2.25 + 0.5 x 1 + 0.25, recorded when the task's end at 3 s changed the draw.
    const double e3 = 13.5 * 3 + 1.5 * 1.5 + 0.5 * 1 + 0.25;
    CHECK(r.readings[3].interval_start_j == Approx(e3).epsilon(1e-12));
    CHECK(r.readings[3].total_j == Approx(e3 + 13.5 * 0.7).epsilon(1e-12));
    // Nothing changed after 3 s: E(5) is integrated at the read, 2 s at 13.5 W later.
    CHECK(r.readings[4].interval_start_j == Approx(e3 + 13.5 * 2).epsilon(1e-12));
}

TEST_CASE("machine meter: a grid whose boundary has passed is refused", "[modules][meter]") {
    Machine m(at_ns(platform()));
    Script s("script", m.manager_port());
    s.at(0.5, start(0, 0, 1, cycles(1e9), 0));  // a change of draw at 0.5 s
    run_until(1.0);
    // At 1 s, a grid starting at 0.25 s: the energy at 0.25 s was not recorded.
    // (An answer, not an exception: an exception thrown after sc_start() has switched to SystemC's coroutine
    // stacks leaves AddressSanitizer with a stale view of the main stack.)
    CHECK_FALSE(m.manager_port().set_meter_interval(from_seconds_ceil(0.25), from_seconds_ceil(1.0)));
    // One starting now or later is fine.
    CHECK(m.manager_port().set_meter_interval(from_seconds_ceil(2.0), from_seconds_ceil(1.0)));
}
