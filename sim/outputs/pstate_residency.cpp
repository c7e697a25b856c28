#include "sim/outputs/pstate_residency.h"

#include <algorithm>
#include <numeric>
#include <stdexcept>

namespace rmsim {

namespace {

/// The cores of one node type, numbered processor by processor: each core's type, and the local index of
/// the first core of the same type in its DVFS domain (the core that stands for the domain when its
/// transitions are counted).
struct NodeLayout {
    std::vector<CoreTypeId> type;
    std::vector<std::uint32_t> representative;
};

NodeLayout layout_of(const PlatformSpec& spec, NodeTypeId t) {
    NodeLayout l;
    std::uint32_t processor_first = 0;
    for (const auto& group : spec.node_types.at(t).processors) {
        const ProcessorType& pt = spec.processor_types.at(group.type);
        for (std::uint32_t p = 0; p < group.count; ++p, processor_first += pt.cores) {
            for (std::uint32_t c = 0; c < pt.cores; ++c) {
                const std::uint32_t k = processor_first + c;
                l.type.push_back(pt.core_type);
                std::uint32_t rep = k;  // DvfsScope::Core: every core is its own domain
                if (spec.dvfs_domain == DvfsScope::Processor) rep = processor_first;
                if (spec.dvfs_domain == DvfsScope::Node)
                    rep = static_cast<std::uint32_t>(std::find(l.type.begin(), l.type.end(), pt.core_type) -
                                                     l.type.begin());
                l.representative.push_back(rep);
            }
        }
    }
    return l;
}

}  // namespace

PStateResidency pstate_residency(const PlatformSpec& spec, const std::vector<ActivityLog::PStateChange>& changes,
                                 std::uint64_t end_ns) {
    // The machine's cores: node n's local core k is global core first_core[n] + k.
    std::vector<NodeLayout> layouts;
    for (NodeTypeId t = 0; t < spec.node_types.size(); ++t) layouts.push_back(layout_of(spec, t));
    std::vector<NodeTypeId> node_type;
    std::vector<std::uint64_t> first_core{0};
    for (const ClusterSpec& c : spec.clusters)
        for (std::uint32_t i = 0; i < c.nodes; ++i) {
            node_type.push_back(c.node_type);
            first_core.push_back(first_core.back() + layouts.at(c.node_type).type.size());
        }
    const std::size_t cores = first_core.back();

    // Per core: the level in force since `since`, the level last requested at the instant being swept, and
    // (for domain representatives) the last instant whose transition was counted, as a group number.
    std::vector<std::uint32_t> level(cores, 0), pending(cores, 0);
    std::vector<std::uint64_t> since(cores, 0), counted(cores, 0);
    std::vector<std::vector<double>> residency_ns(spec.core_types.size());
    for (CoreTypeId t = 0; t < spec.core_types.size(); ++t)
        residency_ns[t].assign(spec.core_types[t].pstates.size(), 0.0);
    std::vector<std::uint64_t> transitions(spec.core_types.size(), 0);

    // Per core, effective times never decrease in request order, so a stable sort by (node, effective time)
    // keeps each core's records in request order.
    std::vector<std::size_t> order;
    for (std::size_t i = 0; i < changes.size(); ++i) {
        const auto& r = changes[i];
        if (r.effective_ns > end_ns) continue;
        if (r.node >= node_type.size() || r.core_first > r.core_last ||
            r.core_last >= layouts[node_type[r.node]].type.size())
            throw std::logic_error("pstate_residency: a P-state record names cores beyond the machine");
        order.push_back(i);
    }
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        const auto &x = changes[a], &y = changes[b];
        return x.node != y.node ? x.node < y.node : x.effective_ns < y.effective_ns;
    });

    std::uint64_t group = 0;
    for (std::size_t i = 0; i < order.size();) {
        const NodeId node = changes[order[i]].node;
        const std::uint64_t at = changes[order[i]].effective_ns;
        std::size_t j = i;
        while (j < order.size() && changes[order[j]].node == node && changes[order[j]].effective_ns == at) ++j;
        ++group;
        const NodeLayout& l = layouts[node_type[node]];
        const std::uint64_t base = first_core[node];
        // The last request of the instant wins...
        for (std::size_t k = i; k < j; ++k) {
            const auto& r = changes[order[k]];
            for (std::uint32_t c = r.core_first; c <= r.core_last; ++c) {
                if (r.level >= residency_ns[l.type[c]].size())
                    throw std::logic_error("pstate_residency: a P-state record names a level the core lacks");
                pending[base + c] = r.level;
            }
        }
        // ... and is in force from now on where it changes the level (each core once: then level == pending).
        for (std::size_t k = i; k < j; ++k) {
            const auto& r = changes[order[k]];
            for (std::uint32_t c = r.core_first; c <= r.core_last; ++c) {
                const std::uint64_t g = base + c;
                if (pending[g] == level[g]) continue;
                const CoreTypeId t = l.type[c];
                residency_ns[t][level[g]] += static_cast<double>(at - since[g]);
                level[g] = pending[g];
                since[g] = at;
                const std::uint64_t rep = base + l.representative[c];
                if (counted[rep] != group) {
                    counted[rep] = group;
                    ++transitions[t];
                }
            }
        }
        i = j;
    }

    std::vector<std::uint64_t> cores_of_type(spec.core_types.size(), 0);
    for (NodeId n = 0; n < node_type.size(); ++n) {
        const NodeLayout& l = layouts[node_type[n]];
        for (std::uint32_t c = 0; c < l.type.size(); ++c) {
            const std::uint64_t g = first_core[n] + c;
            residency_ns[l.type[c]][level[g]] += static_cast<double>(end_ns - since[g]);
            ++cores_of_type[l.type[c]];
        }
    }

    PStateResidency out;
    out.domain = spec.dvfs_domain;
    for (CoreTypeId t = 0; t < spec.core_types.size(); ++t) {
        if (cores_of_type[t] == 0) continue;
        PStateResidency::ByType b;
        b.type = t;
        b.cores = cores_of_type[t];
        for (double ns : residency_ns[t]) b.residency_s.push_back(ns / 1e9);
        b.transitions = transitions[t];
        out.by_type.push_back(std::move(b));
    }
    return out;
}

nlohmann::ordered_json to_json(const PStateResidency& r, const PlatformSpec& spec) {
    nlohmann::ordered_json by_type = nlohmann::ordered_json::object();
    for (const PStateResidency::ByType& b : r.by_type) {
        const double total_s = std::accumulate(b.residency_s.begin(), b.residency_s.end(), 0.0);
        nlohmann::ordered_json seconds = nlohmann::ordered_json::object(), fraction = nlohmann::ordered_json::object();
        for (std::size_t p = 0; p < b.residency_s.size(); ++p) {
            const std::string key = "p" + std::to_string(p);
            seconds[key] = b.residency_s[p];
            fraction[key] = total_s > 0 ? b.residency_s[p] / total_s : 0.0;
        }
        by_type[spec.core_types.at(b.type).name] = {
            {"residency_s", seconds}, {"residency_fraction", fraction}, {"transitions", b.transitions}};
    }
    return {{"domain", to_string(r.domain)}, {"by_core_type", by_type}};
}

}  // namespace rmsim
