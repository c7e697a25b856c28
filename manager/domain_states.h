#pragma once
// What the manager knows of each DVFS domain (PolicyView::domain_state): the level it is at and how many of
// its cores hold a task now.
// The level: the P-state of the last START to one of its cores, while the scheduler sets the domain's
// levels. Once a governor or a power cap has set it, the hardware reports every change (DOMAIN_LEVEL
// notices, modules/protocol.h) and the STARTs no longer set it here.
// The busy cores: counted from the manager's own STARTs and the ends of the tasks.
#include <cstdint>
#include <vector>

#include "manager/node_parts.h"
#include "platform/platform_spec.h"

namespace rmsim {

struct DomainState {
    std::uint32_t level = 0;
    std::uint32_t cores = 0;           ///< cores of the domain
    std::uint32_t busy_cores = 0;      ///< of them, holding a task now
    bool hardware_controlled = false;  ///< a governor or a power cap sets its level (reported by the hardware)
    double utilization() const { return cores ? static_cast<double>(busy_cores) / cores : 0.0; }
};

class DomainStates {
public:
    explicit DomainStates(const PlatformSpec& platform);
    /// A START of `pstate` to `core` of node `n` (kAllCores: every core of the node).
    void started(NodeId n, std::uint32_t core, std::uint32_t pstate);
    /// The task on `core` of node `n` (kAllCores: on the node) ended.
    void ended(NodeId n, std::uint32_t core);
    /// started() / ended() for every unit of a task's node part (manager/node_parts.h), in unit order: the
    /// node's layout is looked up once per part.
    void started(const NodePart& part, std::uint32_t pstate);
    void ended(const NodePart& part);
    /// DOMAIN_LEVEL: the domain of `core` of node `n` is at `level`, set by the hardware.
    void reported(NodeId n, std::uint32_t core, std::uint32_t level);
    DomainState state(NodeId n, std::uint32_t core) const;

private:
    /// The global index of the domain of `core` of node `n`.
    std::uint32_t domain_of(NodeId n, std::uint32_t core) const;
    template <class F>
    void for_cores(NodeId n, std::uint32_t core, F&& f);
    /// A START's and a task end's effect on domain d (one core of it).
    void start_on(std::uint32_t d, std::uint32_t pstate);
    void end_on(std::uint32_t d);
    /// f(domain) for each core of each unit of the part, as for_cores() per unit.
    template <class F>
    void for_part_cores(const NodePart& part, F&& f);

    struct NodeLayout {
        std::vector<std::uint32_t> domain_of_core;   ///< local domain index per core
        std::vector<std::uint32_t> cores_of_domain;  ///< per local domain
    };
    std::vector<NodeLayout> layouts_;          ///< per node type
    std::vector<std::uint32_t> node_type_;     ///< per node
    std::vector<std::uint32_t> first_domain_;  ///< per node
    /// One domain's state, kept together: a START and a task end read and write all of it (one cache line
    /// touched per domain, not one per field).
    struct Domain {
        std::uint32_t level = 0;
        std::uint32_t busy = 0;  ///< cores holding a task
        bool hardware = false;   ///< a governor or a power cap sets its level
    };
    std::vector<Domain> domains_;  ///< per domain
};

}  // namespace rmsim
