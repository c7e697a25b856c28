#pragma once
// A task's allocation units by hardware node: its node parts. The hardware starts, runs and reports a task per
// node (one START, one COMPLETED per part), so the manager counts a task's parts, sends its STARTs and
// releases its cores part by part. Walking the parts costs two comparisons per unit, where locating each unit
// on its own (a division, the cluster's first node) costs a call per unit.
//
// Under node granularity a unit is a whole node (core kAllCores); under core granularity unit u is core
// u % cores_per_node of the cluster's node u / cores_per_node (TaskLedger's numbering). A part is a maximal run
// of consecutive units on one node: with a task's units ascending, all of its units on that node.
#include <cstdint>
#include <utility>

#include "manager/unit_list.h"
#include "platform/platform_spec.h"

namespace rmsim {

/// Where the units of one cluster lie (TaskLedger::unit_layout()).
struct UnitLayout {
    NodeId first_node = 0;  ///< global index of the cluster's first node
    std::uint32_t cores_per_node = 1;
    bool whole_nodes = false;  ///< Granularity::Node: a unit is a whole node

    /// Units per node: 1 for whole nodes, else the node's cores.
    std::uint32_t units_per_node() const { return whole_nodes ? 1 : cores_per_node; }
    /// The node and local core of a unit (core = kAllCores for a whole node).
    std::pair<NodeId, std::uint32_t> location(std::uint32_t unit) const {
        if (whole_nodes) return {first_node + unit, kAllCores};
        return {first_node + unit / cores_per_node, unit % cores_per_node};
    }
};

/// One node part: the units [first, last) on `node`.
struct NodePart {
    NodeId node = 0;
    const std::uint32_t* first = nullptr;
    const std::uint32_t* last = nullptr;
    std::uint32_t base = 0;  ///< the unit of the node's core 0 (its only unit for a whole node)
    bool whole_node = false;

    std::uint32_t units() const { return static_cast<std::uint32_t>(last - first); }
    /// The local core of one of the part's units (kAllCores for a whole node).
    std::uint32_t core(std::uint32_t unit) const { return whole_node ? kAllCores : unit - base; }
    /// The part's cores as a mask (bit i: local core i); nodes of up to 64 cores, not whole nodes.
    std::uint64_t core_mask() const {
        std::uint64_t mask = 0;
        for (const std::uint32_t* u = first; u != last; ++u) mask |= std::uint64_t{1} << (*u - base);
        return mask;
    }
};

/// Calls f(const NodePart&) for each node part of the units [first, last), in unit order.
template <typename F>
void for_each_node_part(const std::uint32_t* first, const std::uint32_t* last, const UnitLayout& layout, F&& f) {
    const std::uint32_t per_node = layout.units_per_node();
    while (first != last) {
        NodePart part;
        const std::uint32_t local = *first / per_node;
        part.node = layout.first_node + local;
        part.base = local * per_node;
        part.whole_node = layout.whole_nodes;
        part.first = first;
        const std::uint32_t end = part.base + per_node;  // the next node's first unit
        do {
            ++first;
        } while (first != last && *first >= part.base && *first < end);
        part.last = first;
        f(static_cast<const NodePart&>(part));
    }
}

template <typename F>
void for_each_node_part(const UnitList& units, const UnitLayout& layout, F&& f) {
    for_each_node_part(units.begin(), units.end(), layout, std::forward<F>(f));
}

}  // namespace rmsim
