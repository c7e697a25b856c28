#pragma once
// Siegel §3 (Apodaca et al., AICCSA 2011): a static mapping of a bag of independent tasks onto the
// node ▸ processor ▸ core hierarchy, each task on a (core, P-state), and its two measures, evaluated
// incrementally. StaticProblem holds what does not change (the system, each task's PMFs per core type and
// P-state, the common deadline δ); a Mapping holds one assignment and its cached measures:
//   per core   the finishing-time PMF D_k (its tasks convolved in task order, every intermediate merged to
//              max_pulses pulses, workloads/pmf_merge.h) and p(D_k, δ) = Σ pulses < δ;
//   per processor and per node   E[max_k D_k] over its cores with tasks;
//   in all     ψ = Π_k p(D_k, δ) and the expected energy (manager/stochastic_system.h).
// Changing genes marks their old and new cores dirty; update() recomputes only those cores and the
// processors and nodes above them (the GA changes a few genes per offspring out of thousands). A core that
// only gained tasks is updated by one convolution per new task (D ⊛ X); a core that lost one is recomputed.
// preview() gives the measures a set of gene changes would give, by the same code as update(), without making
// them (the local searches evaluate many candidate moves per move made). A gene may be unassigned
// (kUnassigned: a partial mapping, tree_search.h): its task is on no core and costs nothing.
#include <cstdint>
#include <limits>
#include <utility>
#include <vector>

#include "manager/stochastic_system.h"
#include "workloads/pmf.h"

namespace rmsim::siegel {

struct Gene {
    static constexpr std::uint32_t kUnassigned = std::numeric_limits<std::uint32_t>::max();
    std::uint32_t core = 0;  ///< index into StochasticSystem::cores, or kUnassigned
    std::uint32_t pstate = 0;
    bool operator==(const Gene& o) const { return core == o.core && pstate == o.pstate; }
};

struct StaticProblem {
    StochasticSystem system;
    /// pmfs[kind][core type][P-state]: the execution-time PMFs of one kind of task (normalised).
    std::vector<std::vector<std::vector<Pmf>>> pmfs;
    std::vector<std::uint32_t> task_kind;  ///< per task: its index into pmfs
    double deadline = 0;                   ///< δ (s)
    double robustness_floor = 0.9;         ///< R
    std::size_t max_pulses = 64;

    std::size_t task_count() const { return task_kind.size(); }
    std::uint32_t pstate_count() const { return system.pstate_count(); }
    const Pmf& pmf(std::size_t task, const Gene& g) const {
        return pmfs[task_kind[task]][system.cores[g.core].type][g.pstate];
    }
    /// E[T] of the task at its gene (cached per kind, core type and P-state by prepare()).
    double mean(std::size_t task, const Gene& g) const {
        return means_[task_kind[task]][system.cores[g.core].type][g.pstate];
    }
    Joules busy_energy(std::size_t task, const Gene& g) const {
        return mean(task, g) * system.busy_w[system.cores[g.core].type][g.pstate];
    }
    void prepare();  ///< caches the means; call after filling pmfs

private:
    std::vector<std::vector<std::vector<double>>> means_;
};

/// A mapping's two measures.
struct Measures {
    double robustness = 1;  ///< ψ
    Joules expected_energy = 0;
};

/// Siegel §3 (the GA's population order, shared by every search): true if a goes before b: measures with
/// ψ >= floor by increasing expected energy first, then the others by decreasing ψ.
bool better(const Measures& a, const Measures& b, double floor);

/// The quality of a search's best mapping so far (the searches' progress callbacks, bench_siegel).
struct SearchProgress {
    std::uint64_t step = 0;  ///< generation, iteration or level
    double wall_s = 0;
    double robustness = 0;
    Joules expected_energy = 0;
    bool feasible = false;
};

/// (task, new gene) changes of one candidate move.
using GeneChanges = std::vector<std::pair<std::size_t, Gene>>;

class Mapping {
public:
    Mapping() = default;
    /// Every task at its gene; evaluates everything.
    Mapping(const StaticProblem& problem, std::vector<Gene> genes);

    const std::vector<Gene>& genes() const { return genes_; }
    /// Changes one gene; the measures are stale until update().
    void set_gene(const StaticProblem& problem, std::size_t task, Gene g);
    void update(const StaticProblem& problem);

    /// The measures after applying `changes` in order (as set_gene + update would give them, to the last bit);
    /// the mapping must be up to date (no set_gene since the last update) and is not changed.
    Measures preview(const StaticProblem& problem, const GeneChanges& changes) const;

    double robustness() const { return psi_; }
    Joules expected_energy() const { return energy_; }
    Measures measures() const { return {psi_, energy_}; }
    bool feasible(const StaticProblem& problem) const { return psi_ >= problem.robustness_floor; }
    const std::vector<Pmf>& finishing() const { return finishing_; }

private:
    std::vector<Gene> genes_;
    std::vector<Pmf> finishing_;    ///< per core (empty: no task)
    std::vector<double> on_time_;   ///< per core p(D_k, δ)
    std::vector<double> proc_max_;  ///< per processor E[max]
    std::vector<double> node_max_;  ///< per node E[max]
    std::vector<std::uint32_t> dirty_cores_;
    std::vector<bool> is_dirty_;
    std::vector<bool> needs_full_;                 ///< per core: lost a task since the last update
    std::vector<std::vector<std::size_t>> added_;  ///< per core: tasks gained since (if not needs_full_)
    double psi_ = 1;
    Joules energy_ = 0;
};

/// The GA's order on mappings: better(a.measures(), b.measures(), R).
bool better(const StaticProblem& problem, const Mapping& a, const Mapping& b);

/// The finishing-time PMF of a core running these tasks back to back from 0 (in the given order).
Pmf core_finishing(const StaticProblem& problem, const std::vector<std::size_t>& tasks, const std::vector<Gene>& genes);

}  // namespace rmsim::siegel
