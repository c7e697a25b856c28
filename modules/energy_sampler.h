#pragma once
// Samples the machine's power and cumulative energy at fixed simulated times (energy.csv) and, for a trace,
// keeps every change of the machine's total draw (the power counter of trace.json).
//
// It observes the machine's EnergyAccount instead of running a SystemC process: a timer process would keep
// the simulation alive after the last task (or move its end), whereas an observer only sees what happens
// anyway. A sample at time t is taken when the account first moves past t, from the account's lazily
// integrated state: energy(t) = E(last) + P x (t - last), exact because the draw is constant over
// [last, now). A sample therefore includes every change and energy lump that happens at t itself, and its
// power is the draw in force just after t.
#include <array>
#include <cstdint>
#include <systemc>
#include <vector>

#include "modules/power_meter.h"

namespace rmsim {

class EnergySampler : public EnergyObserver {
public:
    struct Sample {
        sc_core::sc_time at;                           ///< exact, at the kernel's resolution
        std::uint64_t at_ns;                           ///< `at` in whole ns (rounded up): the outputs' clock
        std::array<Watts, kEnergyCategories> power_w;  ///< draw per category just after `at`
        EnergyBreakdown energy_j;                      ///< cumulative energy per category up to `at`
    };
    /// The machine's total draw from at_ns on (until the next point).
    struct PowerPoint {
        std::uint64_t at_ns;
        Watts total_w;
    };

    /// Samples at 0, interval, 2 x interval, ... (`interval` > 0). `record_power`: keep every change of the
    /// total draw too (one point per simulated time at which it changed).
    EnergySampler(const sc_core::sc_time& interval, bool record_power);

    void on_span(const EnergyIntegrator& i, const sc_core::sc_time& now) override;
    /// The run ended at `end`: takes the samples due up to `end`, then a final one at `end` unless a
    /// sample fell exactly there (at `end` itself, whatever the resolution: no rounding, nothing
    /// extrapolated past it). Call once, after sc_start returned, with `i` the observed account.
    void finish(const EnergyIntegrator& i, const sc_core::sc_time& end);

    const std::vector<Sample>& samples() const { return samples_; }
    const std::vector<PowerPoint>& power_points() const { return points_; }

private:
    void take(const EnergyIntegrator& i, const sc_core::sc_time& at);
    void point(std::uint64_t at_ns, Watts w);

    sc_core::sc_time interval_;
    sc_core::sc_time next_;
    bool record_power_;
    bool finished_ = false;
    std::vector<Sample> samples_;
    std::vector<PowerPoint> points_;
};

}  // namespace rmsim
