#pragma once
// A multicore processor: its cores plus the uncore (caches, memory controller), which draws
// uncore_power_w while the processor is on. With gate_when_idle the processor is switched off (0 W, and its
// cores draw nothing) whenever none of its cores has work, and wakes (latency, energy) for the next one.
// It is its cores' CoreHost and passes their reports on to its own host (the node).
#include <cstdint>
#include <memory>
#include <vector>

#include <systemc>

#include "modules/core.h"
#include "modules/core_host.h"
#include "modules/power_meter.h"
#include "platform/platform_spec.h"
#include "platform/prefetch.h"

namespace rmsim {

class Processor : public sc_core::sc_module, public CoreHost {
public:
    /// `type` and `core_type` must outlive the processor; `upper` is the node.
    Processor(sc_core::sc_module_name name, const ProcessorType& type, const CoreType& core_type,
              CoreTypeId core_type_id, CoreHost& upper, std::uint32_t first_core_index, EnergyAccount* account);

    /// Switches the processor on for work on one of its cores; returns when it is ready.
    sc_core::sc_time power_on(const sc_core::sc_time& node_ready);
    /// Node switched on/off: refresh every draw.
    void refresh_power();

    std::vector<std::unique_ptr<Core>>& cores() { return cores_; }
    const std::vector<std::unique_ptr<Core>>& cores() const { return cores_; }
    const ProcessorType& type() const { return type_; }
    const PowerMeter& meter() const { return meter_; }
    /// Reports every change of the draw of the processor's meter and of its cores' to `o` (nullptr: none).
    void observe_power(PowerObserver* o) {
        meter_.observe(o);
        for (auto& c : cores_) c->observe_power(o);
    }
    bool active() const { return cores_with_segment_ > 0; }  ///< some core has work
    /// On and ready at `now`: power_on() would change nothing and return at most now.
    bool ready_by(const sc_core::sc_time& now) const { return on_ && ready_at_ <= now; }
    /// Asks for the state a core's start and end read (platform/prefetch.h): the line of the busy-core count,
    /// which holds upper_ and on_ as well, and ready_at_.
    void prefetch() const {
        prefetch_bytes(&cores_with_segment_, sizeof(cores_with_segment_));
        prefetch_bytes(&ready_at_, sizeof(ready_at_));
    }

    // --- CoreHost (reports of its cores) ---
    bool powered() const override;
    void on_core_activity(Core& core, bool segment_began) override;
    void on_core_pstate(Core& core) override;
    void on_work_done(Core& core) override { upper_.on_work_done(core); }
    void on_projection(Core& core) override { upper_.on_projection(core); }
    void split_part(Core& core) override { upper_.split_part(core); }
    NodeId node_id() const override { return upper_.node_id(); }
    CoreTimer* core_timer() override { return upper_.core_timer(); }

private:
    // What a core's start and end read (on_core_activity, powered()) first, together.
    CoreHost& upper_;
    std::uint32_t cores_with_segment_ = 0;  ///< kept in step by on_core_activity (O(1) active())
    bool on_ = true;
    sc_core::sc_time ready_at_;
    const ProcessorType& type_;
    PowerMeter meter_;
    std::vector<std::unique_ptr<Core>> cores_;
};

}  // namespace rmsim
