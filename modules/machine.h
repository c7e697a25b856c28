#pragma once
// Instantiates the module tree of a platform and binds it, like a *_top netlist:
//   ControlPort (resource manager side) ─┐
//                                         ├─ cluster Interconnect ─┬─ Node 0..N-1 (each: Processors ▸ Cores,
//                                         │                        │   DVFS domains, on-node Interconnect)
//                                         │                        └─ MachineMeter (energy, debug reads)
// Endpoint 0 of the cluster interconnect is the manager; endpoint 1 + n is node n; endpoint N + 1 the meter.
#include <memory>
#include <vector>

#include "modules/activity_log.h"
#include "modules/control_port.h"
#include "modules/delivery_queue.h"
#include "modules/interconnect.h"
#include "modules/machine_meter.h"
#include "modules/node.h"
#include "modules/power_cap.h"
#include "modules/power_meter.h"
#include "platform/platform_spec.h"

namespace rmsim {

/// What an experiment adds to the platform's hardware (docs/dvfs.md).
struct MachineOptions {
    GovernorMaker governor;  ///< the DVFS governor of every domain (empty: the scheduler sets the levels)
    std::vector<PowerCapSpec> power_caps;
};

class Machine {
public:
    /// Builds under the current module hierarchy (call during elaboration), at the time resolution the host
    /// design has set (rmsim's runs: 1 ns, set_time_resolution() in modules/sim_time.h; SystemC's default is
    /// 1 ps). InputError naming the value if a latency, timeout or checkpoint time of the platform is not a
    /// whole number of ticks of that resolution.
    explicit Machine(const PlatformSpec& spec, const MachineOptions& options = {});
    Machine(const Machine&) = delete;
    Machine& operator=(const Machine&) = delete;

    const PlatformSpec& spec() const { return spec_; }
    ControlPort& manager_port() { return *port_; }
    Interconnect& network() { return *network_; }
    std::size_t node_count() const { return nodes_.size(); }
    Node& node(NodeId n) { return *nodes_.at(n); }
    const Node& node(NodeId n) const { return *nodes_.at(n); }
    Core& core_at(NodeId n, std::uint32_t core) { return nodes_.at(n)->core(core); }

    /// Machine-wide energy, O(1), exact up to now.
    Joules total_energy() const { return account_.total_energy(sc_core::sc_time_stamp()); }
    EnergyBreakdown energy_breakdown() const { return account_.breakdown(sc_core::sc_time_stamp()); }
    Watts power() const { return account_.total_power(); }
    /// The same, summed over every component meter (O(components)): for the end-of-run invariant check.
    EnergyBreakdown sum_of_components() const;
    /// The machine-wide integrator behind total_energy(), power() and energy_breakdown().
    const EnergyAccount& energy_account() const { return account_; }

    const std::vector<std::unique_ptr<PowerCapController>>& power_caps() const { return caps_; }

    /// Every core reports its segments and P-state switches to `log` (nullptr: none). Attach before sc_start.
    void attach_log(ActivityLog* log);
    /// `o` sees the machine-wide draw before each change (nullptr: none), after the machine's meter (which
    /// observes it for its interval readings). Attach before sc_start.
    void observe_energy(EnergyObserver* o) { meter_->forward_to(o); }

private:
    PlatformSpec spec_;
    EnergyAccount account_;
    std::unique_ptr<ControlPort> port_;
    std::unique_ptr<Interconnect> network_;
    std::unique_ptr<DeliveryQueue> delivery_;  ///< the network's messages in flight to the nodes
    std::vector<std::unique_ptr<Node>> nodes_;
    std::unique_ptr<MachineMeter> meter_;
    std::vector<std::unique_ptr<PowerCapController>> caps_;
};

}  // namespace rmsim
