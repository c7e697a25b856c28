#pragma once
// Reads the machine's exact cumulative energy at the edges of the measurement window, so that the window's
// energy excludes the warm-up. It only waits: when the manager stops the simulation (every task finished,
// or run.end_s) before the window ends, the energy up to that moment is used.
#include <systemc>

#include "platform/builder.h"
#include "platform/sim_time.h"

namespace rmsim {

class WindowProbe : public sc_core::sc_module {
public:
    WindowProbe(sc_core::sc_module_name name, const Machine& machine, Seconds start_s, Seconds end_s)
        : sc_module(name), machine_(machine), start_s_(start_s), end_s_(end_s) {
        SC_HAS_PROCESS(WindowProbe);
        SC_THREAD(run);
    }

    /// Energy consumed in [start_s, min(end_s, now)); 0 if the window has not begun.
    Joules energy_in_window() const {
        if (!started_) return 0.0;
        return (ended_ ? end_energy_j_ : machine_.total_energy()) - start_energy_j_;
    }

private:
    void run() {
        if (start_s_ > 0) wait(from_seconds_round(start_s_) - sc_core::sc_time_stamp());
        start_energy_j_ = machine_.total_energy();
        started_ = true;
        if (end_s_ < 0) return;
        wait(from_seconds_round(end_s_) - sc_core::sc_time_stamp());
        end_energy_j_ = machine_.total_energy();
        ended_ = true;
    }

    const Machine& machine_;
    Seconds start_s_, end_s_;
    bool started_ = false, ended_ = false;
    Joules start_energy_j_ = 0, end_energy_j_ = 0;
};

}  // namespace rmsim
