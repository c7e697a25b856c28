#include "modules/energy_store.h"

#include <stdexcept>

namespace rmsim {

using sc_core::sc_time;

EnergyStore::EnergyStore(sc_core::sc_module_name name, Joules capacity_j, EnergyStoreListener& listener)
    : sc_module(name), capacity_j_(capacity_j), listener_(listener), event_("empty") {
    if (!(capacity_j > 0)) throw std::invalid_argument(std::string(this->name()) + ": capacity must be > 0");
    SC_HAS_PROCESS(EnergyStore);
    SC_METHOD(on_event);
    sensitive << event_.event();
    dont_initialize();
}

void EnergyStore::attach(DeliveryQueue& q) { event_.attach(q, *this); }

void EnergyStore::on_power_change(const sc_time& now, Watts delta_w) {
    if (!depleted_) {
        advance(now);
        draw_w_ += delta_w;
        schedule(now);
    }
    if (next_) next_->on_power_change(now, delta_w);
}

void EnergyStore::on_energy_lump(const sc_time& now, Joules j) {
    if (!depleted_ && j != 0) {
        advance(now);
        used_j_ += j;
        schedule(now);
    }
    if (next_) next_->on_energy_lump(now, j);
}

void EnergyStore::schedule(const sc_time& now) {
    const Joules left = capacity_j_ - used_j_;
    if (left <= 0) {
        due_ = now;  // a lump emptied it: the node stops at this instant (in the next delta cycle)
    } else if (draw_w_ > 0 && left / draw_w_ < 0.5 * to_seconds(sc_core::sc_max_time() - now)) {
        due_ = now + from_seconds_ceil(left / draw_w_);
    } else {
        due_set_ = false;  // nothing drawn (or not within the kernel's time): never; an armed event finds nothing
        return;
    }
    due_set_ = true;
    if (armed_ && armed_at_ <= due_) return;  // it fires first and is armed again for due_
    armed_ = true;
    armed_at_ = due_;
    event_.arm(due_ - now);  // replaces a later pending notification
}

void EnergyStore::on_event() {
    armed_ = false;
    const sc_time now = sim_now();
    if (depleted_ || !due_set_) return;
    if (due_ > now) {  // the draw fell since the event was armed
        armed_ = true;
        armed_at_ = due_;
        event_.arm(due_ - now);
        return;
    }
    advance(now);
    depleted_ = true;
    depleted_at_ = now;
    listener_.on_store_empty();
}

}  // namespace rmsim
