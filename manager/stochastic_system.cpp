#include "manager/stochastic_system.h"

#include <algorithm>
#include <limits>

namespace rmsim {

StochasticSystem StochasticSystem::from_platform(const PlatformSpec& platform) {
    StochasticSystem s;
    for (const CoreType& ct : platform.core_types) {
        std::vector<Watts> w;
        for (const PState& p : ct.pstates) w.push_back(p.busy_power_w);
        s.busy_w.push_back(std::move(w));
    }
    for (const ClusterSpec& cl : platform.clusters) {
        const NodeType& nt = platform.node_types.at(cl.node_type);
        for (std::uint32_t n = 0; n < cl.nodes; ++n) {
            const auto node = static_cast<std::uint32_t>(s.nodes.size());
            s.nodes.push_back({nt.base_power_w.front(), {}});
            for (const NodeType::Processors& g : nt.processors) {
                const ProcessorType& pt = platform.processor_types.at(g.type);
                for (std::uint32_t j = 0; j < g.count; ++j) {
                    const auto proc = static_cast<std::uint32_t>(s.processors.size());
                    s.processors.push_back({node, pt.uncore_power_w.front(), {}});
                    for (std::uint32_t k = 0; k < pt.cores; ++k) {
                        const auto core = static_cast<std::uint32_t>(s.cores.size());
                        s.cores.push_back({proc, pt.core_type});
                        s.processors.back().cores.push_back(core);
                        s.nodes.back().cores.push_back(core);
                    }
                }
            }
        }
    }
    return s;
}

std::uint32_t StochasticSystem::pstate_count() const {
    std::size_t n = std::numeric_limits<std::size_t>::max();
    for (const auto& w : busy_w) n = std::min(n, w.size());
    return busy_w.empty() ? 0 : static_cast<std::uint32_t>(n);
}

double expected_max(const std::vector<const Pmf*>& pmfs) {
    if (pmfs.empty()) return 0;
    if (pmfs.size() == 1) return pmfs.front()->expectation();
    // Below the largest of the least values some F_k is 0, so F_max is 0 and those values add v · (0 − 0) = 0:
    // the sweep starts there (the cursors still add each PMF's pulses in order: the same sums). Each PMF's
    // values are sorted: they are merged, not sorted again.
    double start = pmfs.front()->min_value();
    for (const Pmf* p : pmfs) start = std::max(start, p->min_value());
    std::vector<double> values;
    for (const Pmf* p : pmfs) {
        const std::ptrdiff_t mid = static_cast<std::ptrdiff_t>(values.size());
        for (const auto& q : p->pulses())
            if (q.value >= start) values.push_back(q.value);
        std::inplace_merge(values.begin(), values.begin() + mid, values.end());
    }
    values.erase(std::unique(values.begin(), values.end()), values.end());
    // E[max] = Σ_v v · (F_max(v) − F_max(v⁻)), F_max = Π_k F_k. One sweep: each PMF's cumulative probability
    // advances with a cursor over its pulses (no search per value).
    std::vector<std::size_t> cursor(pmfs.size(), 0);
    std::vector<double> cdf(pmfs.size(), 0.0);
    double e = 0, previous = 0;
    for (double v : values) {
        double f = 1;
        for (std::size_t k = 0; k < pmfs.size(); ++k) {
            const auto& pulses = pmfs[k]->pulses();
            while (cursor[k] < pulses.size() && pulses[cursor[k]].value <= v) cdf[k] += pulses[cursor[k]++].probability;
            f *= cdf[k];
        }
        e += v * (f - previous);
        previous = f;
    }
    return e;
}

double robustness(const std::vector<Pmf>& finishing, double deadline) {
    double psi = 1;
    for (const Pmf& d : finishing)
        if (!d.empty()) psi *= d.probability_below(deadline);
    return psi;
}

Joules expected_overhead_energy(const StochasticSystem& system, const std::vector<Pmf>& finishing) {
    Joules e = 0;
    auto group = [&](const std::vector<std::uint32_t>& cores, Watts w) {
        std::vector<const Pmf*> used;
        for (std::uint32_t k : cores)
            if (!finishing.at(k).empty()) used.push_back(&finishing[k]);
        e += w * expected_max(used);
    };
    for (const auto& p : system.processors) group(p.cores, p.overhead_w);
    for (const auto& n : system.nodes) group(n.cores, n.overhead_w);
    return e;
}

}  // namespace rmsim
