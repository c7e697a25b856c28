#include "manager/domain_states.h"

#include <stdexcept>

namespace rmsim {

DomainStates::DomainStates(const PlatformSpec& platform) {
    for (const NodeType& t : platform.node_types) {
        NodeLayout l;
        std::uint32_t processor = 0;
        for (const auto& g : t.processors)
            for (std::uint32_t i = 0; i < g.count; ++i, ++processor)
                for (std::uint32_t c = 0; c < platform.processor_types.at(g.type).cores; ++c) {
                    std::uint32_t d = 0;
                    switch (platform.dvfs_domain) {
                        case DvfsScope::Core: d = static_cast<std::uint32_t>(l.domain_of_core.size()); break;
                        case DvfsScope::Processor: d = processor; break;
                        case DvfsScope::Node: d = 0; break;
                    }
                    l.domain_of_core.push_back(d);
                    if (d >= l.cores_of_domain.size()) l.cores_of_domain.resize(d + 1, 0);
                    ++l.cores_of_domain[d];
                }
        layouts_.push_back(std::move(l));
    }
    std::uint32_t domains = 0;
    for (const ClusterSpec& c : platform.clusters)
        for (std::uint32_t i = 0; i < c.nodes; ++i) {
            node_type_.push_back(c.node_type);
            first_domain_.push_back(domains);
            domains += static_cast<std::uint32_t>(layouts_.at(c.node_type).cores_of_domain.size());
        }
    domains_.assign(domains, Domain{});
}

std::uint32_t DomainStates::domain_of(NodeId n, std::uint32_t core) const {
    return first_domain_.at(n) + layouts_[node_type_[n]].domain_of_core.at(core);
}

template <class F>
void DomainStates::for_cores(NodeId n, std::uint32_t core, F&& f) {
    if (core != kAllCores) {
        f(domain_of(n, core));
        return;
    }
    const auto cores = static_cast<std::uint32_t>(layouts_[node_type_.at(n)].domain_of_core.size());
    for (std::uint32_t c = 0; c < cores; ++c) f(domain_of(n, c));
}

template <class F>
void DomainStates::for_part_cores(const NodePart& part, F&& f) {
    const std::uint32_t first = first_domain_.at(part.node);
    const std::vector<std::uint32_t>& domain_of_core = layouts_[node_type_[part.node]].domain_of_core;
    for (const std::uint32_t* u = part.first; u != part.last; ++u) {
        const std::uint32_t core = part.core(*u);
        if (core != kAllCores) {
            f(first + domain_of_core.at(core));
        } else {
            for (std::uint32_t d : domain_of_core) f(first + d);
        }
    }
}

void DomainStates::started(NodeId n, std::uint32_t core, std::uint32_t pstate) {
    for_cores(n, core, [&](std::uint32_t d) { start_on(d, pstate); });
}

void DomainStates::ended(NodeId n, std::uint32_t core) {
    for_cores(n, core, [&](std::uint32_t d) { end_on(d); });
}

void DomainStates::started(const NodePart& part, std::uint32_t pstate) {
    for_part_cores(part, [&](std::uint32_t d) { start_on(d, pstate); });
}

void DomainStates::ended(const NodePart& part) {
    for_part_cores(part, [&](std::uint32_t d) { end_on(d); });
}

void DomainStates::start_on(std::uint32_t d, std::uint32_t pstate) {
    Domain& dom = domains_[d];
    ++dom.busy;
    if (!dom.hardware) dom.level = pstate;
}

void DomainStates::end_on(std::uint32_t d) {
    std::uint32_t& busy = domains_[d].busy;
    if (busy == 0) throw std::logic_error("DomainStates: more task ends than starts");
    --busy;
}

void DomainStates::reported(NodeId n, std::uint32_t core, std::uint32_t level) {
    const std::uint32_t d = domain_of(n, core);
    domains_[d].hardware = true;
    domains_[d].level = level;
}

DomainState DomainStates::state(NodeId n, std::uint32_t core) const {
    const std::uint32_t d = domain_of(n, core);
    DomainState s;
    const Domain& dom = domains_[d];
    s.level = dom.level;
    s.cores = layouts_[node_type_[n]].cores_of_domain[d - first_domain_[n]];
    s.busy_cores = dom.busy;
    s.hardware_controlled = dom.hardware;
    return s;
}

}  // namespace rmsim
