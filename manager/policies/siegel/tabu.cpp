// Siegel (slides) static study; Braun et al. 2001 §3 (Tabu): Tabu search adapted to expected energy under ψ >= R
// (tabu.h).
#include "manager/policies/siegel/tabu.h"

#include <chrono>

namespace rmsim::siegel {

TabuSearch::TabuSearch(const StaticProblem& problem, const TabuParams& params)
    : problem_(problem), params_(params), rng_(params.seed), tabu_until_(problem.task_count(), 0) {}

GeneChanges TabuSearch::candidate(const Mapping& current) {
    const std::vector<Gene>& g = current.genes();
    const std::uint32_t cores = static_cast<std::uint32_t>(problem_.system.cores.size());
    const std::uint32_t pstates = problem_.pstate_count();
    std::uniform_int_distribution<std::size_t> task(0, g.size() - 1);
    std::uniform_int_distribution<std::uint32_t> core(0, cores - 1);
    std::uniform_int_distribution<int> kind(0, 2);
    const int k = kind(rng_);
    const std::size_t t = task(rng_);
    if (tabu_until_[t] > iteration_) return {};
    if (k == 0) {  // P-state one step up or down (the other way at the ends)
        if (pstates < 2) return {};
        const bool up = std::bernoulli_distribution(0.5)(rng_);
        const std::uint32_t p = g[t].pstate;
        const std::uint32_t q = (up && p + 1 < pstates) || p == 0 ? p + 1 : p - 1;
        return {{t, Gene{g[t].core, q}}};
    }
    if (k == 1) {  // another core, same P-state
        const std::uint32_t c = core(rng_);
        if (c == g[t].core) return {};
        return {{t, Gene{c, g[t].pstate}}};
    }
    const std::size_t u = task(rng_);  // swap the cores of two tasks
    if (tabu_until_[u] > iteration_ || g[u].core == g[t].core) return {};
    return {{t, Gene{g[u].core, g[t].pstate}}, {u, Gene{g[t].core, g[u].pstate}}};
}

void TabuSearch::long_hop(Mapping& current) {
    ++long_hops_;
    optima_.push_back(current.genes());
    if (optima_.size() > params_.tabu_list) optima_.erase(optima_.begin());
    const std::size_t n = problem_.task_count();
    std::uniform_int_distribution<std::size_t> task(0, n - 1);
    std::uniform_int_distribution<std::uint32_t> core(0, static_cast<std::uint32_t>(problem_.system.cores.size() - 1));
    std::vector<Gene> jump;
    for (int attempt = 0; attempt < 8; ++attempt) {
        jump = best_.genes();
        for (std::size_t i = 0; i < params_.long_hop_genes; ++i) {
            const std::size_t t = task(rng_);
            jump[t].core = core(rng_);
        }
        bool far = true;
        for (const auto& o : optima_) {
            std::size_t differ = 0;
            for (std::size_t t = 0; t < n; ++t) differ += !(jump[t] == o[t]);
            far = far && 2 * differ >= params_.long_hop_genes;
        }
        if (far) break;
    }
    current = Mapping(problem_, std::move(jump));
}

void TabuSearch::run(const Mapping& start, const std::function<void(const SearchProgress&)>& progress) {
    const auto t0 = std::chrono::steady_clock::now();
    auto wall = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(); };
    const double floor = problem_.robustness_floor;
    Mapping current = start;
    best_ = start;
    std::size_t stale = 0;
    Measures reported{-1, -1};
    if (problem_.task_count() == 0) return;
    for (std::uint64_t it = 0; it < params_.iterations; ++it) {
        if (params_.wall_budget_s > 0 && wall() >= params_.wall_budget_s) break;
        GeneChanges chosen;
        Measures chosen_m{};
        for (std::size_t i = 0; i < params_.neighbourhood; ++i) {
            GeneChanges c = candidate(current);
            if (c.empty()) continue;
            const Measures m = current.preview(problem_, c);
            ++evaluations_;
            if (chosen.empty() || better(m, chosen_m, floor)) {
                chosen = std::move(c);
                chosen_m = m;
            }
        }
        if (!chosen.empty() && better(chosen_m, current.measures(), floor)) {  // short hop
            for (const auto& [t, g] : chosen) {
                current.set_gene(problem_, t, g);
                tabu_until_[t] = iteration_ + 1 + params_.tenure;
            }
            current.update(problem_);
            stale = 0;
            if (better(problem_, current, best_)) best_ = current;
        } else if (++stale >= params_.patience) {
            long_hop(current);
            stale = 0;
        }
        ++iteration_;
        const Measures b = best_.measures();
        if (progress && (b.expected_energy != reported.expected_energy || b.robustness != reported.robustness)) {
            reported = b;
            progress({iteration_, wall(), b.robustness, b.expected_energy, best_.feasible(problem_)});
        }
    }
}

}  // namespace rmsim::siegel
