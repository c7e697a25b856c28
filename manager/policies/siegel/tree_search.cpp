// Siegel (slides) static study; Braun et al. 2001 §3 (A*): tree search with a bounded frontier, adapted to
// expected energy under ψ >= R (tree_search.h).
#include "manager/policies/siegel/tree_search.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <numeric>

namespace rmsim::siegel {

namespace {

struct Node {
    Mapping mapping;
    std::vector<double> ready;  ///< per core: Σ E[T] of its tasks
};

struct Child {
    std::size_t parent = 0;
    Gene gene;
    Measures f;  ///< ψ and g + h
};

}  // namespace

Mapping tree_search(const StaticProblem& problem, const TreeSearchParams& params,
                    const std::function<void(const SearchProgress&)>& progress) {
    const auto t0 = std::chrono::steady_clock::now();
    const StochasticSystem& s = problem.system;
    const std::size_t n = problem.task_count();
    const std::uint32_t cores = static_cast<std::uint32_t>(s.cores.size());
    const std::uint32_t pstates = problem.pstate_count();
    std::vector<std::vector<std::uint32_t>> by_type;
    for (std::uint32_t k = 0; k < cores; ++k) {
        if (s.cores[k].type >= by_type.size()) by_type.resize(s.cores[k].type + 1);
        by_type[s.cores[k].type].push_back(k);
    }
    // Levels: longest first by the mean at P0 over the cores.
    std::vector<double> work(n, 0.0), least_busy(n, std::numeric_limits<double>::infinity());
    for (std::size_t t = 0; t < n; ++t) {
        for (std::uint32_t k = 0; k < cores; ++k) work[t] += problem.mean(t, Gene{k, 0});
        work[t] /= cores;
        for (const auto& type : by_type)
            if (!type.empty())
                for (std::uint32_t p = 0; p < pstates; ++p)
                    least_busy[t] = std::min(least_busy[t], problem.busy_energy(t, Gene{type.front(), p}));
    }
    std::vector<std::size_t> order(n);
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return work[a] > work[b]; });
    std::vector<double> h(n + 1, 0.0), floor(n, problem.robustness_floor);
    for (std::size_t i = n; i-- > 0;) h[i] = h[i + 1] + least_busy[order[i]];
    const double total = std::accumulate(work.begin(), work.end(), 0.0);
    double mapped = 0;
    std::vector<double> pace(n, 0.0);
    for (std::size_t i = 0; i < n; ++i) {
        mapped += work[order[i]];
        if (i + 1 < n) floor[i] = std::pow(problem.robustness_floor, mapped / total);
        pace[i] = problem.deadline * mapped / total + (n > 0 ? work[order[0]] : 0.0);
    }

    std::vector<Node> frontier;
    frontier.push_back(
        Node{Mapping(problem, std::vector<Gene>(n, Gene{Gene::kUnassigned, 0})), std::vector<double>(cores, 0.0)});
    for (std::size_t i = 0; i < n; ++i) {
        const std::size_t t = order[i];
        std::vector<Child> children;
        // The paced children first; if none is left, all of them.
        for (const bool paced : {true, false}) {
            for (std::size_t p = 0; p < frontier.size(); ++p) {
                const Node& node = frontier[p];
                for (const auto& type : by_type) {
                    if (type.empty()) continue;
                    std::uint32_t least = type.front();
                    std::uint32_t fullest = Gene::kUnassigned;
                    for (std::uint32_t k : type) {
                        if (node.ready[k] < node.ready[least]) least = k;
                        const bool fits = node.ready[k] + problem.mean(t, Gene{k, 0}) <= problem.deadline;
                        if (fits && (fullest == Gene::kUnassigned || node.ready[k] > node.ready[fullest])) fullest = k;
                    }
                    std::vector<std::uint32_t> candidates{least};
                    if (fullest != Gene::kUnassigned && fullest != least) candidates.push_back(fullest);
                    for (std::uint32_t k : candidates)
                        for (std::uint32_t ps = 0; ps < pstates; ++ps) {
                            const Gene g{k, ps};
                            if (paced && node.ready[k] + problem.mean(t, g) > pace[i]) continue;
                            const Measures m = node.mapping.preview(problem, {{t, g}});
                            children.push_back(Child{p, g, Measures{m.robustness, m.expected_energy + h[i + 1]}});
                        }
                }
            }
            if (!children.empty()) break;
        }
        std::stable_sort(children.begin(), children.end(),
                         [&](const Child& a, const Child& b) { return better(a.f, b.f, floor[i]); });
        std::vector<Child> kept;
        for (const Child& c : children) {
            if (kept.size() >= params.frontier) break;
            const bool twin = std::any_of(kept.begin(), kept.end(), [&](const Child& k) {
                return k.f.robustness == c.f.robustness && k.f.expected_energy == c.f.expected_energy;
            });
            if (!twin) kept.push_back(c);
        }
        // The last child of a parent takes the parent's mapping; the others copy it.
        std::vector<std::size_t> uses(frontier.size(), 0);
        for (const Child& c : kept) ++uses[c.parent];
        std::vector<Node> next;
        for (const Child& c : kept) {
            Node node = --uses[c.parent] == 0 ? std::move(frontier[c.parent]) : frontier[c.parent];
            node.mapping.set_gene(problem, t, c.gene);
            node.mapping.update(problem);
            node.ready[c.gene.core] += problem.mean(t, c.gene);
            next.push_back(std::move(node));
        }
        frontier = std::move(next);
        if (progress) {
            const Mapping& b = frontier.front().mapping;
            progress({i + 1, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(),
                      b.robustness(), b.expected_energy(), b.feasible(problem)});
        }
    }
    return std::move(frontier.front().mapping);
}

}  // namespace rmsim::siegel
