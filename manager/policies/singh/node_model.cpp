#include "manager/policies/singh/node_model.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace rmsim::singh {

NodeModel NodeModel::from_platform(const PlatformSpec& platform, NodeTypeId t) {
    if (t >= platform.node_types.size())
        throw std::invalid_argument("singh node model: no node type " + std::to_string(t));
    NodeModel m;
    m.cores = platform.cores_per_node(t);
    const std::string& name = platform.node_types[t].name;
    if (m.cores == 0) throw std::invalid_argument("singh node model: node type " + name + " has no cores");
    m.core_type_id = platform.core_type_of(t, 0);
    for (std::uint32_t c = 1; c < m.cores; ++c)
        if (platform.core_type_of(t, c) != m.core_type_id)
            throw std::invalid_argument("singh node model: node type " + name +
                                        " mixes core types; Singh 2015 nodes are homogeneous (Sec. III-A)");
    m.core_type = platform.core_types.at(m.core_type_id);
    if (m.core_type.pstates.empty())
        throw std::invalid_argument("singh node model: core type " + m.core_type.name + " has no P-states");
    m.power_gated = m.core_type.gate_when_idle;
    m.link = platform.node_types[t].network;
    return m;
}

TimeNs ceil_to_ns(Seconds s) {
    if (!(s > 0)) return 0;
    const double ns = s * 1e9;
    const double r = std::nearbyint(ns);
    return std::fabs(ns - r) < 1e-6 * std::max(1.0, r) ? static_cast<TimeNs>(r)
                                                       : static_cast<TimeNs>(std::ceil(ns));
}

TimeNs exec_time_ns(const WorkModel& work, const NodeModel& node, std::uint32_t level) {
    const Seconds d = work.duration(node.core_type, node.core_type_id, level);
    if (d < 0)
        throw std::invalid_argument("singh planning: a task cannot run on core type " + node.core_type.name);
    // Same expression as Core::reschedule with done = 0.
    const double f = node.frequency_hz(level);
    const double cycles = std::ceil(d * f - 1e-9);
    return ceil_to_ns(std::max(0.0, cycles) / f);
}

TimeNs transfer_time_ns(double bytes, const NodeModel& node) {
    const double bw = node.link.bandwidth_bytes_per_s;
    const TimeNs serialize = std::isinf(bw) || bytes <= 0 ? 0 : ceil_to_ns(bytes / bw);
    return serialize + ceil_to_ns(node.link.latency_s);
}

}  // namespace rmsim::singh
