#pragma once
// A node's finite energy store (a battery, NodeType::energy_store_j): everything the node draws comes out of it.
// It observes every meter of its node (the node's own, its processors' and its cores': all of
// Node::energy_breakdown()) as a PowerObserver, so it knows the node's total draw, constant between changes,
// and integrates it in O(1) per change. At each change of draw (and each energy lump) it computes when the
// store will be empty at the present draw: now + (capacity - used) / draw, rounded up to the kernel's time
// resolution (from_seconds_ceil, modules/sim_time.h). Power is piecewise constant, so that instant is exact.
// One SystemC event (on a machine, a control timer of its DeliveryQueue) is armed at the earliest such instant;
// if the draw fell since, it fires early and is armed again at the instant then due. At that instant the store
// tells its node (EnergyStoreListener), which stops for good (modules/node.h). A node without a store has none
// of this.
//
// Another observer of the node's power (waves.vcd) is passed every report after the store (forward_to()).
#include <systemc>

#include "modules/delivery_queue.h"

#include "modules/power_meter.h"
#include "modules/sim_time.h"

namespace rmsim {

/// Told when the store is used up (the node).
class EnergyStoreListener {
public:
    virtual ~EnergyStoreListener() = default;
    virtual void on_store_empty() = 0;
};

class EnergyStore : public sc_core::sc_module, public PowerObserver, public ControlTarget {
public:
    /// `capacity_j` > 0.
    EnergyStore(sc_core::sc_module_name name, Joules capacity_j, EnergyStoreListener& listener);
    /// On a machine: the event is a control timer of `q` (modules/delivery_queue.h), so that the store empties
    /// after the cores and messages due at that instant. Before the simulation starts.
    void attach(DeliveryQueue& q);
    void timer_due() override { on_event(); }

    Joules capacity_j() const { return capacity_j_; }
    /// Energy drawn from the store up to now (frozen once depleted: the node draws nothing afterwards). It may
    /// pass the capacity by the draw of the last tick of the rounding, or by a lump that emptied the store.
    Joules used_j() const { return depleted_ ? used_j_ : used_j_ + draw_w_ * to_seconds(sim_now() - last_); }
    bool depleted() const { return depleted_; }
    /// When it was used up (valid if depleted()).
    const sc_core::sc_time& depleted_at() const { return depleted_at_; }
    /// The node's total draw now.
    Watts draw_w() const { return draw_w_; }
    /// Passes every report on to `o` (nullptr: none).
    void forward_to(PowerObserver* o) { next_ = o; }

    // --- PowerObserver (the node's meters) ---
    void on_power_change(const sc_core::sc_time& now, Watts delta_w) override;
    void on_energy_lump(const sc_core::sc_time& now, Joules j) override;

private:
    void advance(const sc_core::sc_time& now) {
        if (now == last_) return;
        used_j_ += draw_w_ * to_seconds(now - last_);
        last_ = now;
    }
    /// Computes when the store empties at the present draw and arms the event if that is earlier than armed.
    void schedule(const sc_core::sc_time& now);
    void on_event();

    Joules capacity_j_;
    EnergyStoreListener& listener_;
    PowerObserver* next_ = nullptr;
    Joules used_j_ = 0;  ///< at last_
    Watts draw_w_ = 0;
    sc_core::sc_time last_;
    bool depleted_ = false;
    sc_core::sc_time depleted_at_;
    bool due_set_ = false;  ///< due_ holds when the store empties at the present draw
    sc_core::sc_time due_;
    bool armed_ = false;  ///< the event is pending at armed_at_
    sc_core::sc_time armed_at_;
    ControlAlarm event_;
};

}  // namespace rmsim
