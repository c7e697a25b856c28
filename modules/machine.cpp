#include "modules/machine.h"

#include <string>

namespace rmsim {

Machine::Machine(const PlatformSpec& spec, const MachineOptions& options) : spec_(spec) {
    set_time_resolution();
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
            nodes_.push_back(std::make_unique<Node>(("node" + std::to_string(id)).c_str(), std::move(params), &account_));
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
        caps_.push_back(
            std::make_unique<PowerCapController>(("power_cap" + std::to_string(i)).c_str(), cap, scope, whole));
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
