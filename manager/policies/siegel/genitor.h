#pragma once
// Siegel §3 (Apodaca et al. 2011): the Genitor-style steady-state genetic algorithm that minimises the
// expected energy of a static mapping subject to ψ ≥ R.
//   chromosome  one gene per task, (core, P-state) (the core names node, processor and core); the order of
//               the tasks within a core is irrelevant (a core's finishing time is a sum);
//   ordering    chromosomes with ψ ≥ R by increasing expected energy first, then the others by decreasing ψ;
//   seeding     Min-Min once per fixed P-state (5 seeds), the rest by the simple greedy heuristic
//               (min_min.h);
//   one generation:
//     S times: with probability p_c, two parents (GAP: Genitor's linear-bias rank selection, bias 1.5)
//              cross over at two cut points x < y (genes x..y swapped) → two offspring, each inserted in
//              order and the population trimmed back to S;
//     for each chromosome: with p_tm, a copy whose every gene with p_tmg gets a random core in a random
//              P-state → inserted, trimmed;
//     for each chromosome: with p_pm, a copy whose every gene with p_pmg gets a random P-state → inserted,
//              trimmed;
//   the best ever is the head of the population (insertion keeps it).
// GAP: "for each chromosome" walks the population as it stands when the step begins; the stopping rule is a
// number of generations or a wall-clock budget (the slides give neither).
#include <chrono>
#include <cstdint>
#include <functional>
#include <random>
#include <vector>

#include "manager/policies/siegel/static_mapping.h"

namespace rmsim::siegel {

struct GenitorParams {
    std::size_t population = 100;  ///< S
    double p_c = 0.005;
    double p_tm = 0.25;
    double p_tmg = 0.001;
    double p_pm = 0.025;
    double p_pmg = 0.0005;
    double selection_bias = 1.5;  ///< GAP: linear bias of parent selection
    std::uint64_t generations = 1000;
    double wall_budget_s = 0;  ///< > 0: also stop after this much wall time (not deterministic)
    std::uint64_t seed = 1;
};

/// step: the generation; the rest of the best.
using GenitorProgress = SearchProgress;

class Genitor {
public:
    Genitor(const StaticProblem& problem, const GenitorParams& params);
    /// The initial population: the given seeds, then greedy chromosomes up to S.
    void seed(const std::vector<std::vector<Gene>>& seeds);
    /// Runs generations until the count or the wall budget is reached; calls `progress` after each
    /// generation in which the best changed (and after the first).
    void run(const std::function<void(const GenitorProgress&)>& progress = {});
    const Mapping& best() const { return population_.front(); }
    std::uint64_t generations_done() const { return generation_; }
    std::uint64_t offspring() const { return offspring_; }

private:
    void insert(Mapping m);
    std::size_t select();
    void crossover();
    void assignment_mutation(Mapping c);  ///< c: a copy of the parent
    void pstate_mutation(Mapping c);
    /// Indices of genes chosen each with probability p (geometric skips: one draw per chosen gene).
    std::vector<std::size_t> chosen_genes(double p);

    const StaticProblem& problem_;
    GenitorParams params_;
    std::mt19937_64 rng_;
    std::vector<Mapping> population_;  ///< ordered (better first)
    std::uint64_t generation_ = 0;
    std::uint64_t offspring_ = 0;
};

}  // namespace rmsim::siegel
