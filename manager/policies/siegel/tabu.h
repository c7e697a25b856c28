#pragma once
// Siegel (slides) static study; Braun et al. 2001 §3 (Tabu): a tabu search for the §3 problem (minimise the
// expected energy of a static mapping subject to ψ >= R), which the slides only name. Braun et al.'s Tabu
// alternates short hops (local moves, kept while they improve the current mapping) and long hops (a jump to a
// region of the solution space away from the local optima already found, which a tabu list holds).
// Adapted (GAP choices, docs/fidelity.md "Siegel", static):
//   order        the GA's (static_mapping.h better()): ψ >= R by expected energy, then the rest by ψ;
//   start        the best of the Min-Min seeds (one per P-state), not a random mapping: at 4,000 tasks a
//                random mapping misses δ on every core and short hops would spend the budget repairing it;
//   short hop    Braun et al. try every pair of tasks and machines; here each iteration samples
//                `neighbourhood` candidate moves, each with equal chance one of: a task's P-state one step up
//                or down on its core; a task to another core at its P-state; two tasks on different cores
//                exchange their cores (each keeps its P-state). Candidates are evaluated incrementally
//                (Mapping::preview: only the cores a move touches, and the processors and nodes above them);
//                the best of them is made if it is better than the current mapping;
//   tabu moves   a task moved by a short hop is tabu (not sampled) for `tenure` iterations;
//   long hop     after `patience` iterations without an improving short hop the current mapping (a local
//                optimum) enters the tabu list (the last `tabu_list` kept) and the search jumps: from the best
//                mapping found, `long_hop_genes` random tasks move to random cores at their P-states; of up to
//                8 draws, the first that differs from every listed optimum in at least half that many genes;
//   stop         `iterations` iterations (each one sampled neighbourhood), deterministic; the best ever is
//                returned. A wall budget (bench_siegel) may stop it earlier.
#include <cstdint>
#include <functional>
#include <random>

#include "manager/policies/siegel/static_mapping.h"

namespace rmsim::siegel {

struct TabuParams {
    std::uint64_t iterations = 3000;
    std::size_t neighbourhood = 16;  ///< candidate moves sampled per iteration
    std::size_t tenure = 100;        ///< iterations a moved task stays tabu
    std::size_t patience = 100;      ///< iterations without improvement before a long hop
    std::size_t long_hop_genes = 20;
    std::size_t tabu_list = 8;  ///< local optima remembered
    double wall_budget_s = 0;   ///< > 0: also stop after this much wall time (not deterministic)
    std::uint64_t seed = 1;
};

class TabuSearch {
public:
    TabuSearch(const StaticProblem& problem, const TabuParams& params);
    /// Runs from `start`; calls `progress` after each iteration in which the best changed (and after the first).
    void run(const Mapping& start, const std::function<void(const SearchProgress&)>& progress = {});
    const Mapping& best() const { return best_; }
    std::uint64_t iterations_done() const { return iteration_; }
    std::uint64_t long_hops() const { return long_hops_; }
    std::uint64_t evaluations() const { return evaluations_; }

private:
    /// One random candidate move (empty if it drew a tabu task or nothing to change).
    GeneChanges candidate(const Mapping& current);
    void long_hop(Mapping& current);

    const StaticProblem& problem_;
    TabuParams params_;
    std::mt19937_64 rng_;
    Mapping best_;
    std::vector<std::uint64_t> tabu_until_;  ///< per task: the first iteration it may move again
    std::vector<std::vector<Gene>> optima_;  ///< the tabu list of local optima (oldest first)
    std::uint64_t iteration_ = 0;
    std::uint64_t long_hops_ = 0;
    std::uint64_t evaluations_ = 0;
};

}  // namespace rmsim::siegel
