#include "platform/platform_spec.h"

#include <algorithm>
#include <stdexcept>

namespace rmsim {

std::uint32_t PlatformSpec::cores_per_node(NodeTypeId t) const {
    std::uint32_t n = 0;
    for (const auto& p : node_types.at(t).processors) n += p.count * processor_types.at(p.type).cores;
    return n;
}

std::uint32_t PlatformSpec::total_nodes() const {
    std::uint32_t n = 0;
    for (const auto& c : clusters) n += c.nodes;
    return n;
}

std::uint64_t PlatformSpec::total_cores() const {
    std::uint64_t n = 0;
    for (const auto& c : clusters) n += std::uint64_t(c.nodes) * cores_per_node(c.node_type);
    return n;
}

NodeId PlatformSpec::first_node(ClusterId c) const {
    NodeId n = 0;
    for (ClusterId i = 0; i < c; ++i) n += clusters.at(i).nodes;
    return n;
}

ClusterId PlatformSpec::cluster_of(NodeId n) const {
    for (ClusterId c = 0; c < clusters.size(); ++c) {
        if (n < clusters[c].nodes) return c;
        n -= clusters[c].nodes;
    }
    throw std::out_of_range("node index beyond the platform");
}

CoreTypeId PlatformSpec::core_type_of(NodeTypeId t, std::uint32_t core) const {
    for (const auto& p : node_types.at(t).processors) {
        const auto& pt = processor_types.at(p.type);
        std::uint32_t span = p.count * pt.cores;
        if (core < span) return pt.core_type;
        core -= span;
    }
    throw std::out_of_range("core index beyond the node");
}

std::size_t PlatformSpec::pstate_count(NodeTypeId t) const {
    std::size_t n = SIZE_MAX;
    for (const auto& p : node_types.at(t).processors)
        n = std::min(n, core_types.at(processor_types.at(p.type).core_type).pstates.size());
    return n == SIZE_MAX ? 0 : n;
}

}  // namespace rmsim
