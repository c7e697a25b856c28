#pragma once
// What the manager knows of the nodes' energy stores (NodeType::energy_store_j, modules/energy_store.h): which
// nodes have reported DEPLETED (its own books, kept from the notices), and their levels, read from the hardware
// over TLM when a policy asks (PolicyView::energy_store; the machine's meter answers a debug read per node in
// O(1)). Without a reader (plain-C++ tests) a level is the platform's capacity with nothing used.
#include <algorithm>
#include <cstdint>
#include <functional>
#include <vector>

#include "platform/platform_spec.h"
#include "platform/time.h"

namespace rmsim {

/// One node's store as a policy sees it.
struct EnergyStoreLevel {
    Joules capacity_j = 0;  ///< 0: the node has no store
    Joules used_j = 0;      ///< drawn from it up to now (exact)
    bool depleted = false;
    bool present() const { return capacity_j > 0; }
    Joules left_j() const { return present() ? std::max(0.0, capacity_j - used_j) : 0.0; }
};

/// Node n's store capacity in the platform description (0: none).
Joules energy_store_capacity(const PlatformSpec& platform, NodeId n);

class EnergyStores {
public:
    /// Reads node n's store from the hardware now.
    using Reader = std::function<EnergyStoreLevel(NodeId)>;

    explicit EnergyStores(const PlatformSpec& platform);

    /// Some node of the platform has a store.
    bool any() const { return any_; }
    /// Node n's capacity from the platform description (0: no store).
    Joules capacity_j(NodeId n) const;
    void set_reader(Reader r) { reader_ = std::move(r); }
    /// Node n's level: the hardware's (through the reader) if the node has a store and a reader is set, else its
    /// capacity with nothing used; depleted if either the hardware or the manager's books say so.
    EnergyStoreLevel level(NodeId n) const;

    /// A DEPLETED notice of node n at `now`: true the first time (the node is booked as depleted from now on).
    bool mark_depleted(NodeId n, SimTime now);
    bool depleted(NodeId n) const { return !depleted_.empty() && depleted_[n] != 0; }
    /// The depleted nodes and when the manager heard of it, in that order.
    struct Depletion {
        NodeId node;
        SimTime at;
    };
    const std::vector<Depletion>& depletions() const { return depletions_; }
    /// Every node of the platform is depleted: nothing can run any more.
    bool all_depleted() const { return !depletions_.empty() && depletions_.size() == depleted_.size(); }

private:
    const PlatformSpec& platform_;
    bool any_ = false;
    Reader reader_;
    std::vector<std::uint8_t> depleted_;  ///< per node (empty until the first depletion)
    std::vector<Depletion> depletions_;
};

}  // namespace rmsim
