#include "manager/policies/singh/node_model.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace rmsim::singh {

NodeModel NodeModel::from_platform(const PlatformSpec& platform, NodeTypeId t, bool cores_held_over_job) {
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
    m.power_gated = m.core_type.gate_when_idle && !cores_held_over_job;
    m.link = platform.node_types[t].network;
    return m;
}

TimeNs exec_time_ns(const WorkModel& work, const NodeModel& node, std::uint32_t level) {
    const Seconds d = work.duration(node.core_type, node.core_type_id, level);
    if (d < 0) throw std::invalid_argument("singh planning: a task cannot run on core type " + node.core_type.name);
    // The cores' own rounding, for a fresh start (the whole work left).
    return remaining_exec_ns(1.0, d, node.frequency_hz(level));
}

TimeNs transfer_time_ns(double bytes, const NodeModel& node) {
    const double bw = node.link.bandwidth_bytes_per_s;
    const TimeNs serialize = std::isinf(bw) || bytes <= 0 ? 0 : ceil_to_ns(bytes / bw);
    return serialize + ceil_to_ns(node.link.latency_s);
}

}  // namespace rmsim::singh
