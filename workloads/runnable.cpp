#include "workloads/runnable.h"

#include <algorithm>
#include <cmath>

#include "platform/model_limits.h"
#include "platform/short_number.h"

namespace rmsim {
namespace {

const std::string kRange = "past the end of simulated time (" + short_number(kMaxSeconds) + " s, 292 years)";

}  // namespace

RunnableCheck::RunnableCheck(const PlatformSpec& platform) : platform_(platform) {
    for (const ClusterSpec& c : platform.clusters) {
        Cluster k;
        k.nodes = c.nodes;
        k.cores_per_node = platform.cores_per_node(c.node_type);
        k.first_core_type = platform.core_type_of(c.node_type, 0);
        for (const auto& g : platform.node_types.at(c.node_type).processors) {
            const CoreTypeId ct = platform.processor_types.at(g.type).core_type;
            if (std::find(k.core_types.begin(), k.core_types.end(), ct) == k.core_types.end())
                k.core_types.push_back(ct);
        }
        k.pstates = platform.pstate_count(c.node_type);
        largest_cores_ = std::max(largest_cores_, std::uint64_t(k.nodes) * k.cores_per_node);
        largest_nodes_ = std::max(largest_nodes_, k.nodes);
        clusters_.push_back(std::move(k));
    }
}

TaskProblem RunnableCheck::problem(const Task& t) const {
    if (!(t.arrival_s >= 0 && t.arrival_s <= kMaxSeconds))
        return {TaskFault::Arrival, "arrives at " + short_number(t.arrival_s) + " s, " +
                                        (t.arrival_s < 0 ? std::string("before time 0") : kRange)};
    bool fits = false, runs = false;
    for (std::size_t c = 0; c < clusters_.size(); ++c) {
        const Cluster& k = clusters_[c];
        const std::uint32_t nodes = t.nodes_on_cluster(c);
        const bool here =
            t.nodes_per_cluster
                ? nodes > 0 && nodes <= k.nodes
                : (nodes > 0 ? nodes <= k.nodes : std::uint64_t(t.cores) <= std::uint64_t(k.nodes) * k.cores_per_node);
        if (!here) continue;
        fits = true;
        const CoreType& first = platform_.core_types.at(k.first_core_type);
        bool can = false;
        for (std::size_t p = 0; p < k.pstates; ++p) can = can || t.work.duration(first, k.first_core_type, p) >= 0;
        if (!can) continue;
        runs = true;
        for (CoreTypeId ct : k.core_types) {
            const CoreType& type = platform_.core_types.at(ct);
            for (std::size_t p = 0; p < k.pstates; ++p) {
                const Seconds d = t.work.duration(type, ct, p);
                if (d < 0) continue;
                if (!(t.arrival_s + d <= kMaxSeconds))
                    return {TaskFault::Work, "runs " + short_number(d) + " s on core type '" + type.name + "' at P" +
                                                 std::to_string(p) + " (cluster '" + platform_.clusters[c].name +
                                                 "'), ending " + kRange};
            }
        }
    }
    if (!fits) {
        if (t.nodes_per_cluster) return {TaskFault::Request, "needs more nodes than every cluster it may use has"};
        if (t.nodes > 0)
            return {TaskFault::Request, "asks for " + std::to_string(t.nodes) + " nodes, but the largest cluster has " +
                                            std::to_string(largest_nodes_)};
        return {TaskFault::Request, "asks for " + std::to_string(t.cores) + " cores, but the largest cluster has " +
                                        std::to_string(largest_cores_)};
    }
    if (!runs) return {TaskFault::Work, "fits only on clusters whose core type its work cannot run on"};
    return {};
}

}  // namespace rmsim
