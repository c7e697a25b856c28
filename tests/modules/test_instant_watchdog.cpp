// The livelock guard: a process that runs again and again at one instant is stopped with its name (an rmsim
// report of type rmsim/watchdog); one that runs often but lets simulated time advance is not.
#include <catch2/catch.hpp>

#include <string>

#include <systemc>

#include "modules/instant_watchdog.h"

using namespace rmsim;

namespace {

/// Re-notifies itself: in a delta cycle (`step` 0, a livelock) or after `step`.
struct Spinner : sc_core::sc_module {
    SC_HAS_PROCESS(Spinner);
    Spinner(sc_core::sc_module_name n, sc_core::sc_time step) : sc_module(n), step_(step) {
        SC_METHOD(spin);
        sensitive << event_;
    }
    void spin() {
        watchdog_.activation(*this);
        ++runs;
        if (runs < stop_after) event_.notify(step_);
    }
    std::uint64_t runs = 0;
    std::uint64_t stop_after = UINT64_MAX;

private:
    sc_core::sc_time step_;
    sc_core::sc_event event_;
    InstantWatchdog watchdog_;
};

}  // namespace

TEST_CASE("watchdog: a process spinning at one instant is stopped, named", "[modules][watchdog]") {
    Spinner s("spinner", sc_core::SC_ZERO_TIME);
    std::string message, type;
    try {
        sc_core::sc_start(1, sc_core::SC_SEC);
    } catch (const std::exception& e) {
        message = e.what();
        if (const auto* r = dynamic_cast<const sc_core::sc_report*>(&e)) type = r->get_msg_type();
    }
    INFO(message);
    CHECK(message.find("watchdog: spinner ran 1000000 times at t = 0 s without simulated time advancing") !=
          std::string::npos);
    CHECK(type == msg_type::watchdog);  // an rmsim report (modules/report.h)
    // It ran exactly the limit; the next activation threw.
    CHECK(s.runs == kActivationsPerInstant);
}

TEST_CASE("watchdog: many activations spread over time are not a livelock", "[modules][watchdog]") {
    // Twice the limit in all, but one activation per nanosecond.
    Spinner s("ticker", sc_core::sc_time(1, sc_core::SC_NS));
    s.stop_after = 2 * std::uint64_t(kActivationsPerInstant);
    sc_core::sc_start();
    CHECK(s.runs == s.stop_after);
}
