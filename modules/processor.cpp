#include "modules/processor.h"

#include <string>

#include "modules/report.h"
#include "modules/sim_time.h"

namespace rmsim {

Processor::Processor(sc_core::sc_module_name name, const ProcessorType& type, const CoreType& core_type,
                     CoreTypeId core_type_id, CoreHost& upper, std::uint32_t first_core_index, EnergyAccount* account)
    : sc_module(name), upper_(upper), type_(type), meter_(account) {
    cores_.reserve(type.cores);
    for (std::uint32_t i = 0; i < type.cores; ++i)
        cores_.push_back(std::make_unique<Core>(("core" + std::to_string(i)).c_str(), core_type, core_type_id, *this,
                                                first_core_index + i, account));
    on_ = !type.gate_when_idle;
}

bool Processor::powered() const { return on_ && upper_.powered(); }

sc_core::sc_time Processor::power_on(const sc_core::sc_time& node_ready) {
    const sc_core::sc_time now = sim_now();
    if (!on_) {
        on_ = true;
        meter_.add_energy(EnergyCategory::Transition, type_.wake_energy_j);
        ready_at_ = std::max(node_ready, now) + from_seconds_ceil(type_.wake_latency_s);
        refresh_power();
    }
    return std::max(node_ready, ready_at_);
}

void Processor::on_core_activity(Core& core, bool segment_began) {
    if (segment_began) {
        ++cores_with_segment_;
    } else {
        if (cores_with_segment_ == 0)
            report_error(msg_type::processor, std::string(name()) + ": more segment ends than starts");
        else
            --cores_with_segment_;
    }
    const bool was_on = on_;
    if (type_.gate_when_idle) on_ = active();
    if (was_on != on_) refresh_power();
    upper_.on_core_activity(core, segment_began);
}

void Processor::on_core_pstate(Core& core) {
    if (type_.uncore_power_w.size() > 1) {
        const Watts w = powered() ? type_.uncore_power_w.at(cores_.front()->pstate()) : 0.0;
        meter_.set_power(EnergyCategory::Uncore, w);
    }
    upper_.on_core_pstate(core);
}

void Processor::refresh_power() {
    Watts w = 0;
    if (powered())
        w = type_.uncore_power_w.size() > 1 ? type_.uncore_power_w.at(cores_.front()->pstate())
                                            : type_.uncore_power_w.front();
    meter_.set_power(EnergyCategory::Uncore, w);
    for (auto& c : cores_) c->refresh_power();
}

}  // namespace rmsim
