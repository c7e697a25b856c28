#include "workloads/machovec_etc.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace rmsim {

std::vector<CoreTypeId> machovec_cluster_core_types(const PlatformSpec& platform) {
    std::vector<CoreTypeId> out;
    for (const ClusterSpec& c : platform.clusters) {
        const std::uint32_t cores = platform.cores_per_node(c.node_type);
        if (cores == 0) throw std::invalid_argument("cluster " + c.name + " has no cores");
        const CoreTypeId type = platform.core_type_of(c.node_type, 0);
        for (std::uint32_t k = 1; k < cores; ++k)
            if (platform.core_type_of(c.node_type, k) != type)
                throw std::invalid_argument("cluster " + c.name + ": Machovec nodes need one core type");
        if (std::find(out.begin(), out.end(), type) != out.end())
            throw std::invalid_argument("cluster " + c.name +
                                        " shares its core type with another cluster; the per-type "
                                        "TimeTable is keyed by core type");
        out.push_back(type);
    }
    return out;
}

double interpolate_clamped(const std::vector<double>& xs, const std::vector<double>& ys, double x) {
    if (xs.empty() || xs.size() != ys.size()) throw std::invalid_argument("interpolate_clamped: bad point lists");
    for (std::size_t i = 1; i < xs.size(); ++i)
        if (!(xs[i] > xs[i - 1])) throw std::invalid_argument("interpolate_clamped: x not strictly increasing");
    // GAP: clamp outside the listed node counts (see machovec_etc.h).
    if (x <= xs.front()) return ys.front();
    if (x >= xs.back()) return ys.back();
    const std::size_t hi = static_cast<std::size_t>(std::upper_bound(xs.begin(), xs.end(), x) - xs.begin());
    const std::size_t lo = hi - 1;
    const double f = (x - xs[lo]) / (xs[hi] - xs[lo]);
    return ys[lo] + (ys[hi] - ys[lo]) * f;
}

MachovecEtc::MachovecEtc(std::size_t task_types, std::size_t clusters, std::size_t pstates, ApcScope scope)
    : types_(task_types), clusters_(clusters), pstates_(pstates), scope_(scope),
      entries_(task_types * clusters * pstates) {
    if (pstates == 0) throw std::invalid_argument("MachovecEtc: at least one P-state is needed");
}

std::size_t MachovecEtc::index(std::size_t type, std::size_t cluster, std::size_t pstate) const {
    if (type >= types_ || cluster >= clusters_ || pstate >= pstates_)
        throw std::out_of_range("MachovecEtc: (type " + std::to_string(type) + ", cluster " + std::to_string(cluster) +
                                ", P-state " + std::to_string(pstate) + ") out of range");
    return (type * clusters_ + cluster) * pstates_ + pstate;
}

void MachovecEtc::set_points(std::size_t type, std::size_t cluster, std::size_t pstate, std::vector<EtcNodePoint> pts) {
    Entry e;
    for (std::size_t i = 0; i < pts.size(); ++i) {
        const EtcNodePoint& p = pts[i];
        if (!(p.nodes >= 1)) throw std::invalid_argument("MachovecEtc: node count must be >= 1");
        if (i > 0 && !(p.nodes > pts[i - 1].nodes))
            throw std::invalid_argument("MachovecEtc: node counts must be strictly increasing");
        if (!(p.time_s > 0)) throw std::invalid_argument("MachovecEtc: execution time must be > 0");
        if (!(p.apc_w >= 0)) throw std::invalid_argument("MachovecEtc: APC must be >= 0");
        e.nodes.push_back(p.nodes);
        e.time_s.push_back(p.time_s);
        e.apc_w.push_back(p.apc_w);
    }
    entries_[index(type, cluster, pstate)] = std::move(e);
}

const MachovecEtc::Entry& MachovecEtc::entry(std::size_t type, std::size_t cluster, std::size_t pstate) const {
    const Entry& e = entries_[index(type, cluster, pstate)];
    if (e.nodes.empty())
        throw std::out_of_range("MachovecEtc: task type " + std::to_string(type) + " has no entry for cluster " +
                                std::to_string(cluster) + " P-state " + std::to_string(pstate));
    return e;
}

bool MachovecEtc::runs_on(std::size_t type, std::size_t cluster) const {
    for (std::size_t p = 0; p < pstates_; ++p)
        if (!entries_[index(type, cluster, p)].nodes.empty()) return true;
    return false;
}

Seconds MachovecEtc::time_s(std::size_t type, std::size_t cluster, std::size_t pstate, double nodes) const {
    const Entry& e = entry(type, cluster, pstate);
    return interpolate_clamped(e.nodes, e.time_s, nodes);
}

Watts MachovecEtc::apc_w(std::size_t type, std::size_t cluster, std::size_t pstate, double nodes) const {
    const Entry& e = entry(type, cluster, pstate);
    return interpolate_clamped(e.nodes, e.apc_w, nodes);
}

Joules MachovecEtc::energy_j(std::size_t type, std::size_t cluster, std::size_t pstate, double nodes) const {
    // Ch.3 §3.2.2: energy = execution time × APC; AMBIG whether APC is per node.
    const Joules per_task = time_s(type, cluster, pstate, nodes) * apc_w(type, cluster, pstate, nodes);
    return scope_ == ApcScope::PerNode ? per_task * nodes : per_task;
}

}  // namespace rmsim
