#include "modules/machine.h"

#include <cmath>
#include <string>

#include "modules/sim_time.h"
#include "platform/exec_rounding.h"
#include "platform/input_error.h"
#include "platform/short_number.h"

namespace rmsim {

namespace {

/// `what` (a platform time, s seconds) must be a whole number of ticks of the kernel's resolution: the
/// hardware applies it exactly, and a resolution that cannot is refused rather than rounded.
void check_ticks(const PlatformSpec& spec, Seconds s, const std::string& what) {
    if (!(s > 0)) return;
    const double ticks = s * ticks_per_second();
    if (std::fabs(ticks - nearest_whole(ticks)) <= 1e-6 + 1e-15 * ticks) return;
    const double resolution_s = 1 / ticks_per_second();
    throw InputError(SourceLocation{"platform '" + spec.name + "'", 0, 0},
                     "the kernel's time resolution (" + short_number(resolution_s) + " s) is too coarse: " + what +
                         " (" + short_number(s) + " s) is not a whole number of its ticks; set a finer resolution " +
                         "with sc_core::sc_set_time_resolution before building the Machine");
}

/// Every time of the platform that the hardware applies as it is (latencies, timeouts, checkpoint times).
/// Execution times are not among them: a core rounds them up to whole clock periods, then to whole ticks.
void check_resolution(const PlatformSpec& spec) {
    for (const CoreType& c : spec.core_types) {
        check_ticks(spec, c.transition_latency_s, "core type '" + c.name + "' transition_latency_s");
        check_ticks(spec, c.wake_latency_s, "core type '" + c.name + "' wake_latency_s");
    }
    for (const ProcessorType& p : spec.processor_types)
        check_ticks(spec, p.wake_latency_s, "processor type '" + p.name + "' wake_latency_s");
    for (const NodeType& n : spec.node_types) {
        check_ticks(spec, n.switch_off_timeout_s, "node type '" + n.name + "' switch_off_timeout_s");
        check_ticks(spec, n.wake_latency_s, "node type '" + n.name + "' wake_latency_s");
        check_ticks(spec, n.network.latency_s, "node type '" + n.name + "' on-node network latency");
    }
    for (const ClusterSpec& c : spec.clusters)
        check_ticks(spec, c.network.latency_s, "cluster '" + c.name + "' network latency");
    check_ticks(spec, spec.manager_link.latency_s, "the manager's link latency");
    check_ticks(spec, spec.preemption.checkpoint_s, "preemption checkpoint_s");
    check_ticks(spec, spec.preemption.resume_s, "preemption resume_s");
}

}  // namespace

Machine::Machine(const PlatformSpec& spec, const MachineOptions& options) : spec_(spec) {
    check_resolution(spec_);
    port_ = std::make_unique<ControlPort>("manager_port");
    std::vector<LinkSpec> links{spec_.manager_link};
    for (const ClusterSpec& c : spec_.clusters)
        for (std::uint32_t i = 0; i < c.nodes; ++i) links.push_back(c.network);
    links.push_back(LinkSpec{});  // the meter: read by debug transport only
    network_ = std::make_unique<Interconnect>("network", std::move(links));
    delivery_ = std::make_unique<DeliveryQueue>("delivery");
    nodes_.reserve(spec_.total_nodes());
    NodeId id = 0;
    for (const ClusterSpec& c : spec_.clusters)
        for (std::uint32_t i = 0; i < c.nodes; ++i, ++id) {
            NodeParams params = NodeParams::from_platform(spec_, c.node_type, id);
            params.governor = options.governor;
            nodes_.push_back(
                std::make_unique<Node>(("node" + std::to_string(id)).c_str(), std::move(params), &account_));
        }
    // Bind in endpoint order: the multi-sockets number their ports in binding order.
    port_->out.bind(network_->in);
    network_->out.bind(port_->in);
    for (auto& n : nodes_) {
        network_->out.bind(n->net_in);
        n->net_out.bind(network_->in);
        n->attach_checkpoint_store(*network_, kManagerEndpoint);  // used if spec_.preemption.over_network
        n->attach_delivery(*delivery_, network_.get());
    }
    meter_ = std::make_unique<MachineMeter>("meter", account_);
    network_->out.bind(meter_->socket);
    port_->set_meter_endpoint(static_cast<std::uint32_t>(nodes_.size()) + 1);
    for (auto& n : nodes_)
        if (n->energy_store()) meter_->add_energy_store(n->id(), n->energy_store());
    for (std::size_t i = 0; i < options.power_caps.size(); ++i) {
        const PowerCapSpec& cap = options.power_caps[i];
        std::vector<Node*> scope;
        for (auto& n : nodes_) {
            const bool in = cap.scope == PowerCapSpec::Scope::Machine ||
                            (cap.scope == PowerCapSpec::Scope::Node && n->id() == cap.index) ||
                            (cap.scope == PowerCapSpec::Scope::Cluster && spec_.cluster_of(n->id()) == cap.index);
            if (in) scope.push_back(n.get());
        }
        const EnergyAccount* whole = cap.scope == PowerCapSpec::Scope::Machine ? &account_ : nullptr;
        caps_.push_back(std::make_unique<PowerCapController>(("power_cap" + std::to_string(i)).c_str(), cap, scope,
                                                             whole, delivery_.get()));
    }
}

void Machine::attach_log(ActivityLog* log) {
    for (auto& n : nodes_)
        for (std::uint32_t c = 0; c < n->core_count(); ++c) n->core(c).attach_log(log);
}

EnergyBreakdown Machine::sum_of_components() const {
    EnergyBreakdown b{};
    for (const auto& n : nodes_) {
        EnergyBreakdown x = n->energy_breakdown();
        for (std::size_t i = 0; i < kEnergyCategories; ++i) b[i] += x[i];
    }
    return b;
}

}  // namespace rmsim
