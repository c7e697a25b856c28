#include "manager/policies/siegel/static_mapping.h"

#include <algorithm>

#include "workloads/pmf_merge.h"

namespace rmsim::siegel {

void StaticProblem::prepare() {
    means_.assign(pmfs.size(), {});
    for (std::size_t k = 0; k < pmfs.size(); ++k)
        for (const auto& ct : pmfs[k]) {
            std::vector<double> m;
            for (const Pmf& p : ct) m.push_back(p.expectation());
            means_[k].push_back(std::move(m));
        }
}

Pmf core_finishing(const StaticProblem& problem, const std::vector<std::size_t>& tasks,
                   const std::vector<Gene>& genes) {
    if (tasks.empty()) return Pmf();
    Pmf d = problem.pmf(tasks.front(), genes[tasks.front()]);
    for (std::size_t i = 1; i < tasks.size(); ++i)
        d = merge_pulses(d.convolve(problem.pmf(tasks[i], genes[tasks[i]])), problem.max_pulses);
    return merge_pulses(d, problem.max_pulses);
}

namespace {

constexpr std::uint32_t kNone = Gene::kUnassigned;

/// D ⊛ X for each task the core gained, in order (update() and preview() alike).
Pmf with_added(const StaticProblem& problem, Pmf d, const std::vector<std::size_t>& added,
               const std::vector<Gene>& genes) {
    for (std::size_t t : added)
        d = d.empty() ? problem.pmf(t, genes[t])
                      : merge_pulses(d.convolve(problem.pmf(t, genes[t])), problem.max_pulses);
    return d;
}

double on_time(const StaticProblem& problem, const Pmf& d) {
    return d.empty() ? 1.0 : d.probability_below(problem.deadline);
}

/// E[max] of the finishing times of the cores with tasks; `finishing(k)` gives core k's PMF.
template <class Finishing>
double group_max(const std::vector<std::uint32_t>& cores, Finishing finishing) {
    std::vector<const Pmf*> used;
    for (std::uint32_t k : cores)
        if (!finishing(k).empty()) used.push_back(&finishing(k));
    return expected_max(used);
}

void sort_unique(std::vector<std::uint32_t>& v) {
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
}

/// The processors and the nodes above these cores (sorted, unique).
std::pair<std::vector<std::uint32_t>, std::vector<std::uint32_t>> groups_above(
    const StochasticSystem& s, const std::vector<std::uint32_t>& cores) {
    std::vector<std::uint32_t> procs, nodes;
    for (std::uint32_t k : cores) {
        procs.push_back(s.cores[k].processor);
        nodes.push_back(s.processors[s.cores[k].processor].node);
    }
    sort_unique(procs);
    sort_unique(nodes);
    return {procs, nodes};
}

/// ψ and expected energy from the per-core p(D_k, δ) and the per-group E[max] (busy energy summed afresh:
/// no drift from adding and removing).
Measures totals(const StaticProblem& problem, const std::vector<Gene>& genes, const std::vector<double>& on_time,
                const std::vector<double>& proc_max, const std::vector<double>& node_max) {
    Joules busy = 0;
    for (std::size_t t = 0; t < genes.size(); ++t)
        if (genes[t].core != kNone) busy += problem.busy_energy(t, genes[t]);
    double psi = 1;
    for (double p : on_time) psi *= p;
    Joules overhead = 0;
    for (std::size_t j = 0; j < proc_max.size(); ++j) overhead += problem.system.processors[j].overhead_w * proc_max[j];
    for (std::size_t n = 0; n < node_max.size(); ++n) overhead += problem.system.nodes[n].overhead_w * node_max[n];
    return {psi, busy + overhead};
}

}  // namespace

bool better(const Measures& a, const Measures& b, double floor) {
    const bool fa = a.robustness >= floor, fb = b.robustness >= floor;
    if (fa != fb) return fa;
    if (fa) return a.expected_energy < b.expected_energy;
    return a.robustness > b.robustness;
}

bool better(const StaticProblem& problem, const Mapping& a, const Mapping& b) {
    return better(a.measures(), b.measures(), problem.robustness_floor);
}

Mapping::Mapping(const StaticProblem& problem, std::vector<Gene> genes) : genes_(std::move(genes)) {
    const std::size_t cores = problem.system.cores.size();
    finishing_.assign(cores, Pmf());
    on_time_.assign(cores, 1.0);
    proc_max_.assign(problem.system.processors.size(), 0.0);
    node_max_.assign(problem.system.nodes.size(), 0.0);
    is_dirty_.assign(cores, false);
    needs_full_.assign(cores, false);
    added_.assign(cores, {});
    for (std::size_t t = 0; t < genes_.size(); ++t) {
        if (genes_[t].core != kNone && !is_dirty_[genes_[t].core]) {
            is_dirty_[genes_[t].core] = true;
            needs_full_[genes_[t].core] = true;
            dirty_cores_.push_back(genes_[t].core);
        }
    }
    update(problem);
}

void Mapping::set_gene(const StaticProblem& problem, std::size_t task, Gene g) {
    const Gene old = genes_[task];
    if (old == g) return;
    genes_[task] = g;
    for (std::uint32_t k : {old.core, g.core})
        if (k != kNone && !is_dirty_[k]) {
            is_dirty_[k] = true;
            dirty_cores_.push_back(k);
        }
    if (old.core != kNone) needs_full_[old.core] = true;  // it lost the task: recompute (no deconvolution)
    if (g.core != kNone && !needs_full_[g.core]) added_[g.core].push_back(task);
}

void Mapping::update(const StaticProblem& problem) {
    if (!dirty_cores_.empty()) {
        const StochasticSystem& s = problem.system;
        // One pass over the genes collects the tasks of every core to recompute (task order).
        std::vector<std::vector<std::size_t>> tasks(s.cores.size());
        bool any_full = false;
        for (std::uint32_t k : dirty_cores_) any_full = any_full || needs_full_[k];
        if (any_full)
            for (std::size_t t = 0; t < genes_.size(); ++t)
                if (genes_[t].core != kNone && needs_full_[genes_[t].core]) tasks[genes_[t].core].push_back(t);
        for (std::uint32_t k : dirty_cores_) {
            finishing_[k] = needs_full_[k] ? core_finishing(problem, tasks[k], genes_)
                                           : with_added(problem, std::move(finishing_[k]), added_[k], genes_);
            needs_full_[k] = false;
            added_[k].clear();
            on_time_[k] = on_time(problem, finishing_[k]);
            is_dirty_[k] = false;
        }
        const auto [procs, nodes] = groups_above(s, dirty_cores_);
        dirty_cores_.clear();
        auto finishing = [&](std::uint32_t k) -> const Pmf& { return finishing_[k]; };
        for (std::uint32_t j : procs) proc_max_[j] = group_max(s.processors[j].cores, finishing);
        for (std::uint32_t n : nodes) node_max_[n] = group_max(s.nodes[n].cores, finishing);
    }
    const Measures m = totals(problem, genes_, on_time_, proc_max_, node_max_);
    psi_ = m.robustness;
    energy_ = m.expected_energy;
}

Measures Mapping::preview(const StaticProblem& problem, const GeneChanges& changes) const {
    const StochasticSystem& s = problem.system;
    std::vector<Gene> genes = genes_;
    // The cores set_gene would mark, in its order; per core whether it lost a task and the tasks it gained.
    std::vector<std::uint32_t> touched;
    std::vector<int> slot(s.cores.size(), -1);
    std::vector<bool> full;
    std::vector<std::vector<std::size_t>> added;
    auto mark = [&](std::uint32_t k) {
        if (slot[k] < 0) {
            slot[k] = static_cast<int>(touched.size());
            touched.push_back(k);
            full.push_back(false);
            added.emplace_back();
        }
        return static_cast<std::size_t>(slot[k]);
    };
    for (const auto& [t, g] : changes) {
        const Gene old = genes[t];
        if (old == g) continue;
        genes[t] = g;
        if (old.core != kNone) full[mark(old.core)] = true;
        if (g.core != kNone) {
            const std::size_t i = mark(g.core);
            if (!full[i]) added[i].push_back(t);
        }
    }
    if (touched.empty()) return measures();
    std::vector<std::vector<std::size_t>> tasks(touched.size());
    if (std::find(full.begin(), full.end(), true) != full.end())
        for (std::size_t t = 0; t < genes.size(); ++t)
            if (genes[t].core != kNone && slot[genes[t].core] >= 0 && full[slot[genes[t].core]])
                tasks[slot[genes[t].core]].push_back(t);
    std::vector<Pmf> fresh(touched.size());
    std::vector<double> on = on_time_;
    for (std::size_t i = 0; i < touched.size(); ++i) {
        const std::uint32_t k = touched[i];
        fresh[i] =
            full[i] ? core_finishing(problem, tasks[i], genes) : with_added(problem, finishing_[k], added[i], genes);
        on[k] = on_time(problem, fresh[i]);
    }
    auto finishing = [&](std::uint32_t k) -> const Pmf& { return slot[k] >= 0 ? fresh[slot[k]] : finishing_[k]; };
    const auto [procs, nodes] = groups_above(s, touched);
    std::vector<double> proc_max = proc_max_, node_max = node_max_;
    for (std::uint32_t j : procs) proc_max[j] = group_max(s.processors[j].cores, finishing);
    for (std::uint32_t n : nodes) node_max[n] = group_max(s.nodes[n].cores, finishing);
    return totals(problem, genes, on, proc_max, node_max);
}

}  // namespace rmsim::siegel
