#pragma once
// The hardware side of a DVFS governor: one SystemC module per DVFS domain that samples the domain's load and
// asks its governor (modules/governors/governor.h) for a level, which it requests of the domain.
//
// Samples fall on the grid of the governor's period from the start of the run (period x periods_to_next()
// after the previous sample). The load of a core over a window is exact: the time it held a segment
// (Core::busy_time) over the window's length.
//
// Idle and steadily busy domains cost nothing: after a sample whose window saw no change of activity on the
// domain's cores, and after which the governor is steady (the same sample would give the same level and leave
// it unchanged), the module stops sampling. The next change of activity (a segment beginning or ending on one
// of the domain's cores) resumes it at the grid instant where it would have sampled next, with the window's
// start reading reconstructed from the cores' constant state since the last sample. The levels and their times
// are then exactly those of sampling without a pause.
//
// On a machine the samples are control timers of the machine's DeliveryQueue (attach()): governors sampling at
// one instant run in the order of their nodes and domains, after the cores due then.
#include <cstdint>
#include <memory>
#include <vector>

#include <systemc>

#include "modules/delivery_queue.h"
#include "modules/dvfs_domain.h"
#include "modules/governors/governor.h"
#include "modules/instant_watchdog.h"

namespace rmsim {

class Core;

class GovernorModule : public sc_core::sc_module, public ControlTarget {
public:
    GovernorModule(sc_core::sc_module_name name, DvfsDomain& domain, std::unique_ptr<Governor> governor);

    /// Samples as a control timer of `q` instead of an event of its own (before the simulation starts).
    void attach(DeliveryQueue& q) { alarm_.attach(q, *this); }
    void timer_due() override { on_sample(); }

    /// `core` (of this domain) took (`began`) or gave up a segment, now. O(1) unless sampling was paused.
    void on_activity(const Core& core, bool began);

    const Governor& governor() const { return *governor_; }
    Governor& governor() { return *governor_; }
    /// Samples taken so far (decide() calls).
    std::uint64_t samples() const { return samples_; }
    /// The load (busiest core) of the last sample.
    double last_load() const { return last_load_; }
    /// True while sampling is paused (the domain's load cannot change before the next activity).
    bool paused() const { return paused_; }

private:
    void on_sample();
    void begin();

    DvfsDomain& domain_;
    std::unique_ptr<Governor> governor_;
    sc_core::sc_time period_;
    ControlAlarm alarm_;  ///< the next sample
    InstantWatchdog watchdog_;
    bool started_ = false;
    bool paused_ = false;
    std::uint32_t wanted_ = 0;
    sc_core::sc_time window_start_;             ///< the current window began here (the previous sample)
    sc_core::sc_time next_window_;              ///< the length of the next window
    sc_core::sc_time last_activity_;            ///< the latest change of activity on the domain's cores
    std::vector<sc_core::sc_time> start_busy_;  ///< each core's busy time at window_start_
    std::uint64_t samples_ = 0;
    double last_load_ = 0;
};

}  // namespace rmsim
