#include "manager/energy_stores.h"

namespace rmsim {

EnergyStores::EnergyStores(const PlatformSpec& platform) : platform_(platform) {
    for (const NodeType& t : platform.node_types) any_ = any_ || t.energy_store_j > 0;
}

Joules energy_store_capacity(const PlatformSpec& platform, NodeId n) {
    return platform.node_types.at(platform.clusters.at(platform.cluster_of(n)).node_type).energy_store_j;
}

Joules EnergyStores::capacity_j(NodeId n) const { return any_ ? energy_store_capacity(platform_, n) : 0.0; }

EnergyStoreLevel EnergyStores::level(NodeId n) const {
    EnergyStoreLevel l;
    l.capacity_j = capacity_j(n);
    if (l.capacity_j > 0 && reader_) l = reader_(n);
    l.depleted = l.depleted || depleted(n);
    return l;
}

bool EnergyStores::mark_depleted(NodeId n, SimTime now) {
    if (depleted_.empty()) depleted_.assign(platform_.total_nodes(), 0);
    if (depleted_.at(n)) return false;
    depleted_[n] = 1;
    depletions_.push_back({n, now});
    return true;
}

}  // namespace rmsim
