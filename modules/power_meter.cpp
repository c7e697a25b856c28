#include "modules/power_meter.h"

#include "modules/sim_time.h"

namespace rmsim {

const char* to_string(EnergyCategory c) {
    switch (c) {
        case EnergyCategory::CoreDynamic: return "core_dynamic";
        case EnergyCategory::CoreStatic: return "core_static";
        case EnergyCategory::Uncore: return "uncore";
        case EnergyCategory::NodeBase: return "node_base";
        case EnergyCategory::Transition: return "transition";
    }
    return "?";
}

Watts EnergyIntegrator::total_power() const {
    Watts w = 0;
    for (Watts p : power_) w += p;
    return w;
}

Joules EnergyIntegrator::energy(EnergyCategory c, const sc_core::sc_time& now) const {
    return energy_[idx(c)] + power_[idx(c)] * to_seconds(now - last_);
}

EnergyBreakdown EnergyIntegrator::breakdown(const sc_core::sc_time& now) const {
    EnergyBreakdown b{};
    const double dt = to_seconds(now - last_);
    for (std::size_t i = 0; i < kEnergyCategories; ++i) b[i] = energy_[i] + power_[i] * dt;
    return b;
}

Joules EnergyIntegrator::total_energy(const sc_core::sc_time& now) const {
    // The sum of breakdown(now), term by term in the same order (the same rounding), without the array.
    const double dt = to_seconds(now - last_);
    Joules j = 0;
    for (std::size_t i = 0; i < kEnergyCategories; ++i) j += energy_[i] + power_[i] * dt;
    return j;
}

void PowerMeter::add_energy(EnergyCategory c, Joules j) {
    own_.add_energy(c, j);
    if (account_) account_->add_energy(c, j, sim_now());
    if (observer_) observer_->on_energy_lump(sim_now(), j);
}

}  // namespace rmsim
