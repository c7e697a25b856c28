#include "manager/preemption_costs.h"

#include <algorithm>
#include <cmath>

namespace rmsim {

namespace {

// As Node::cost_time (modules/node.cpp), with the store link carrying every part of the task.
SimTime task_time(const PlatformSpec& spec, ClusterId c, Seconds fixed_s, std::uint64_t memory_bytes,
                  std::uint32_t nodes) {
    const PreemptionCost& cost = spec.preemption;
    const std::uint32_t n = std::max(1u, nodes);
    const double part = static_cast<double>(part_bytes(memory_bytes, n));
    Seconds data = part > 0 && std::isfinite(cost.bandwidth_bytes_per_s) ? part / cost.bandwidth_bytes_per_s : 0.0;
    if (cost.over_network && part > 0) {
        const LinkSpec& node = spec.clusters.at(c).network;
        const LinkSpec& store = spec.manager_link;
        const Seconds via_node = std::isfinite(node.bandwidth_bytes_per_s) ? part / node.bandwidth_bytes_per_s : 0.0;
        const Seconds via_store =
            std::isfinite(store.bandwidth_bytes_per_s) ? part * n / store.bandwidth_bytes_per_s : 0.0;
        data = std::max({data, via_node, via_store}) + std::max(node.latency_s, store.latency_s);
    }
    return SimTime::from_seconds(fixed_s + data);
}

Joules lumps(const PreemptionCost& cost, Joules fixed_j, std::uint64_t memory_bytes, std::uint32_t nodes) {
    const std::uint32_t n = std::max(1u, nodes);
    return n * (fixed_j + cost.energy_j_per_byte * static_cast<double>(part_bytes(memory_bytes, n)));
}

}  // namespace

SimTime checkpoint_time(const PlatformSpec& spec, ClusterId c, std::uint64_t memory_bytes, std::uint32_t nodes) {
    return task_time(spec, c, spec.preemption.checkpoint_s, memory_bytes, nodes);
}

SimTime restore_time(const PlatformSpec& spec, ClusterId c, std::uint64_t memory_bytes, std::uint32_t nodes) {
    return task_time(spec, c, spec.preemption.resume_s, memory_bytes, nodes);
}

Joules checkpoint_lumps(const PreemptionCost& cost, std::uint64_t memory_bytes, std::uint32_t nodes) {
    return lumps(cost, cost.checkpoint_j, memory_bytes, nodes);
}

Joules restore_lumps(const PreemptionCost& cost, std::uint64_t memory_bytes, std::uint32_t nodes) {
    return lumps(cost, cost.resume_j, memory_bytes, nodes);
}

}  // namespace rmsim
