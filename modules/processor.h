#pragma once
// A multicore processor: its cores plus the uncore (caches, memory controller), which draws
// uncore_power_w while the processor is on. With gate_when_idle the processor is switched off (0 W, and its
// cores draw nothing) whenever none of its cores has work, and wakes (latency, energy) for the next one.
#include <cstdint>
#include <memory>
#include <vector>

#include <systemc>

#include "modules/core.h"
#include "modules/power_meter.h"
#include "platform/platform_spec.h"

namespace rmsim {

class Node;

class Processor : public sc_core::sc_module {
public:
    Processor(sc_core::sc_module_name name, const ProcessorType& type, const CoreType& core_type,
              CoreTypeId core_type_id, Node& node, std::uint32_t first_core_index, EnergyAccount* account);

    /// True while the processor draws power (the node is on and the processor is not gated).
    bool powered() const;
    /// Switches the processor on for work on one of its cores; returns when it is ready.
    sc_core::sc_time power_on(const sc_core::sc_time& node_ready);
    /// A core started (`segment_began`) or ended a segment: gate or keep on, refresh draws.
    void on_core_activity(bool segment_began);
    /// A core's P-state changed (uncore and node power may depend on it).
    void on_core_pstate();
    /// Node switched on/off: refresh every draw.
    void refresh_power();

    std::vector<std::unique_ptr<Core>>& cores() { return cores_; }
    const ProcessorType& type() const { return type_; }
    const PowerMeter& meter() const { return meter_; }
    Node& node() { return node_; }
    bool active() const { return cores_with_segment_ > 0; }  ///< some core has work

private:
    const ProcessorType& type_;
    Node& node_;
    PowerMeter meter_;
    std::vector<std::unique_ptr<Core>> cores_;
    bool on_ = true;
    std::uint32_t cores_with_segment_ = 0;  ///< kept in step by on_core_activity (O(1) active())
    sc_core::sc_time ready_at_;
};

}  // namespace rmsim
