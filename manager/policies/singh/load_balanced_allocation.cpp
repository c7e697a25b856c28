#include "manager/policies/singh/load_balanced_allocation.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>

#include "manager/policies/singh/list_schedule.h"

namespace rmsim::singh {

namespace {

std::uint32_t find_root(std::vector<std::uint32_t>& parent, std::uint32_t x) {
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
}

}  // namespace

std::vector<std::uint32_t> load_balanced_allocation(const PlanningProblem& problem, std::uint32_t available_cores,
                                                    double balance_tolerance) {
    if (available_cores == 0) throw std::invalid_argument("singh load balancing: no available core");
    if (!(balance_tolerance >= 0) || !std::isfinite(balance_tolerance))
        throw std::invalid_argument("singh load balancing: balance tolerance must be finite and >= 0");
    const std::uint32_t n = problem.tasks();
    const std::uint32_t k = std::min(available_cores, n);
    std::vector<double> load(n);
    for (std::uint32_t t = 0; t < n; ++t) load[t] = static_cast<double>(problem.exec_ns(t, 0));

    // Union-find clusters; cluster_load is valid at roots.
    std::vector<std::uint32_t> parent(n);
    std::iota(parent.begin(), parent.end(), 0u);
    std::vector<double> cluster_load = load;
    std::uint32_t clusters = n;
    if (n > k) {
        const double total = std::accumulate(load.begin(), load.end(), 0.0);
        const double bound = std::max(*std::max_element(load.begin(), load.end()), (1 + balance_tolerance) * total / k);
        const auto& edges = problem.job().edges;
        std::vector<std::size_t> order(edges.size());
        std::iota(order.begin(), order.end(), std::size_t{0});
        std::stable_sort(order.begin(), order.end(),
                         [&](std::size_t a, std::size_t b) { return edges[a].data_bytes > edges[b].data_bytes; });
        for (std::size_t e : order) {
            if (clusters <= k) break;
            const std::uint32_t a = find_root(parent, edges[e].from), b = find_root(parent, edges[e].to);
            if (a == b || cluster_load[a] + cluster_load[b] > bound) continue;
            const std::uint32_t root = std::min(a, b), other = std::max(a, b);
            parent[other] = root;
            cluster_load[root] += cluster_load[other];
            --clusters;
        }
    }

    // LPT over clusters. A root is the lowest task index of its cluster (merges keep the smaller root).
    std::vector<std::uint32_t> roots;
    for (std::uint32_t t = 0; t < n; ++t)
        if (find_root(parent, t) == t) roots.push_back(t);
    std::stable_sort(roots.begin(), roots.end(),
                     [&](std::uint32_t a, std::uint32_t b) { return cluster_load[a] > cluster_load[b]; });
    std::vector<double> core_load(k, 0.0);
    std::vector<std::uint32_t> core_of_root(n, 0);
    for (std::uint32_t r : roots) {
        const auto c =
            static_cast<std::uint32_t>(std::min_element(core_load.begin(), core_load.end()) - core_load.begin());
        core_of_root[r] = c;
        core_load[c] += cluster_load[r];
    }
    std::vector<std::uint32_t> core(n);
    for (std::uint32_t t = 0; t < n; ++t) core[t] = core_of_root[find_root(parent, t)];
    return compact_cores(core);
}

}  // namespace rmsim::singh
