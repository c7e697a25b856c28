#pragma once
// A guard against livelock: a process that runs again and again at one instant (each run notifying the next
// in a delta cycle) would spin forever without simulated time advancing, and a run would hang with no word.
// Every process of rmsim's modules and manager counts its activations at the current instant; past
// kActivationsPerInstant it reports an error of type msg_type::watchdog (modules/report.h) naming itself and
// the instant: by default the report is thrown and ends the run (an rmsim bug, exit 1). Legitimate bursts are
// far below the limit: a process runs once per delta cycle at most, and an instant has a handful of delta
// cycles (a START, its acknowledgement, a completion of zero work, ...).
#include <cstdint>
#include <string>

#include <systemc>

#include "modules/report.h"
#include "modules/sim_time.h"

namespace rmsim {

constexpr std::uint32_t kActivationsPerInstant = 1'000'000;

class InstantWatchdog {
public:
    /// Counts one activation of `owner` now; reports once it has run kActivationsPerInstant times at this
    /// instant (and again after as many more, if a host's actions let the report pass).
    void activation(const sc_core::sc_object& owner) {
        const sc_core::sc_time now = sim_now();
        if (now != at_) {
            at_ = now;
            count_ = 0;
        }
        if (++count_ > kActivationsPerInstant) {
            count_ = 1;
            report_error(msg_type::watchdog,
                         std::string("watchdog: ") + owner.name() + " ran " + std::to_string(kActivationsPerInstant) +
                             " times at t = " + now.to_string() + " without simulated time advancing (a livelock)");
        }
    }

private:
    sc_core::sc_time at_;
    std::uint32_t count_ = 0;
};

}  // namespace rmsim
