#pragma once
// Exact energy for piecewise-constant power, integrated lazily (SimGrid host_energy style): before every
// change of draw the meter adds P_old x dt; reading the energy brings it up to date first.
// A meter may report to an EnergyAccount (the whole machine), which integrates the summed power the same
// way, so that the machine's total is an O(1) query at any simulated time.
#include <array>
#include <cstdint>
#include <string>

#include <systemc>

#include "modules/sim_time.h"

namespace rmsim {

/// Where energy goes (the breakdown of every result).
enum class EnergyCategory : std::uint8_t {
    CoreDynamic,  ///< busy power above the core's idle power at its P-state
    CoreStatic,   ///< core idle/leakage power while on, sleep power while asleep
    Uncore,       ///< processor overhead (caches, memory controller) while the processor is on
    NodeBase,     ///< node overhead (disks, fans, memory) while on; off power while off
    Transition,   ///< DVFS switches and wake-ups (energy lumps)
};
constexpr std::size_t kEnergyCategories = 5;
const char* to_string(EnergyCategory c);

using EnergyBreakdown = std::array<Joules, kEnergyCategories>;

class EnergyIntegrator;

/// Sees an integrator's draw before it changes (energy.csv samples, the trace's power counter): the draw
/// has been constant since `i.last()` and `i` still holds that span's state, so `i.breakdown(t)` is exact
/// for any t in [i.last(), now]. Called only when time has moved (now > i.last()), before a change of draw
/// or an energy lump at `now`. An observer must not keep SystemC alive: it adds no process or event.
class EnergyObserver {
public:
    virtual ~EnergyObserver() = default;
    virtual void on_span(const EnergyIntegrator& i, const sc_core::sc_time& now) = 0;
};

/// Accumulates P x dt for a set of power draws. Not a SystemC module: a core owns one, and there may be
/// 100,000 cores. Times are SystemC times.
class EnergyIntegrator {
public:
    /// Brings energy up to `now` at the current draw. (Inline, as the setters: a core changes its draw at
    /// every start and end of a segment.)
    void advance(const sc_core::sc_time& now) {
        if (now == last_) return;
        if (observer_) observer_->on_span(*this, now);
        const double dt = to_seconds(now - last_);
        for (std::size_t i = 0; i < kEnergyCategories; ++i) energy_[i] += power_[i] * dt;
        last_ = now;
    }
    void set_power(EnergyCategory c, Watts w, const sc_core::sc_time& now) {
        advance(now);
        power_[idx(c)] = w;
    }
    void add_power(EnergyCategory c, Watts dw, const sc_core::sc_time& now) {
        advance(now);
        power_[idx(c)] += dw;
    }
    void add_energy(EnergyCategory c, Joules j) { energy_[idx(c)] += j; }
    /// A lump at `now`: an observer first sees the span up to `now` without it.
    void add_energy(EnergyCategory c, Joules j, const sc_core::sc_time& now) {
        if (observer_ && now > last_) observer_->on_span(*this, now);
        energy_[idx(c)] += j;
    }
    /// At most one observer (nullptr: none).
    void observe(EnergyObserver* o) { observer_ = o; }
    /// The time up to which energy has been integrated.
    const sc_core::sc_time& last() const { return last_; }
    Watts power(EnergyCategory c) const { return power_[idx(c)]; }
    Watts total_power() const;
    /// Energy up to `now` without changing the integrator.
    Joules energy(EnergyCategory c, const sc_core::sc_time& now) const;
    EnergyBreakdown breakdown(const sc_core::sc_time& now) const;
    Joules total_energy(const sc_core::sc_time& now) const;

private:
    static std::size_t idx(EnergyCategory c) { return static_cast<std::size_t>(c); }
    sc_core::sc_time last_ = sc_core::SC_ZERO_TIME;
    std::array<Watts, kEnergyCategories> power_{};
    std::array<Joules, kEnergyCategories> energy_{};
    EnergyObserver* observer_ = nullptr;
};

/// The whole machine's energy: every PowerMeter adds its changes here.
using EnergyAccount = EnergyIntegrator;

/// Sees every change of one meter's draw (e.g. a node's power for waves.vcd): at `now`, the meter's total
/// draw moved by `delta_w`. Energy lumps (add_energy) are not draws: they go to on_energy_lump (by default
/// ignored). Like an EnergyObserver, it must not keep SystemC alive. Several meters may share one observer.
class PowerObserver {
public:
    virtual ~PowerObserver() = default;
    virtual void on_power_change(const sc_core::sc_time& now, Watts delta_w) = 0;
    /// The meter took a lump of `j` joules at `now` (a DVFS switch, a wake-up, a checkpoint).
    virtual void on_energy_lump(const sc_core::sc_time& /*now*/, Joules /*j*/) {}
};

/// The meter of one power-drawing component (core, processor, node).
class PowerMeter {
public:
    explicit PowerMeter(EnergyAccount* account = nullptr) : account_(account) {}
    void attach(EnergyAccount* account) { account_ = account; }
    /// Reports every later change of draw to `o` (nullptr: none, the normal case: one test per change).
    void observe(PowerObserver* o) { observer_ = o; }
    /// Sets the draw of one category from now on (the old draw is integrated up to now first).
    void set_power(EnergyCategory c, Watts w) {
        const Watts old = own_.power(c);
        if (w == old) return;
        const sc_core::sc_time now = sim_now();
        own_.set_power(c, w, now);
        if (account_) account_->add_power(c, w - old, now);
        if (observer_) observer_->on_power_change(now, w - old);
    }
    /// A lump of energy (a DVFS transition, a wake-up).
    void add_energy(EnergyCategory c, Joules j);
    Watts power(EnergyCategory c) const { return own_.power(c); }
    Watts total_power() const { return own_.total_power(); }
    Joules energy(EnergyCategory c) const { return own_.energy(c, sim_now()); }
    Joules total_energy() const { return own_.total_energy(sim_now()); }
    EnergyBreakdown breakdown() const { return own_.breakdown(sim_now()); }

private:
    EnergyIntegrator own_;
    EnergyAccount* account_;
    PowerObserver* observer_ = nullptr;
};

}  // namespace rmsim
