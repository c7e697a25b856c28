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
        if (!is_dirty_[genes_[t].core]) {
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
        if (!is_dirty_[k]) {
            is_dirty_[k] = true;
            dirty_cores_.push_back(k);
        }
    needs_full_[old.core] = true;  // it lost the task: recompute (no deconvolution)
    if (!needs_full_[g.core]) added_[g.core].push_back(task);
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
                if (needs_full_[genes_[t].core]) tasks[genes_[t].core].push_back(t);
        std::vector<std::uint32_t> procs, nodes;
        for (std::uint32_t k : dirty_cores_) {
            if (needs_full_[k]) {
                finishing_[k] = core_finishing(problem, tasks[k], genes_);
            } else {  // only gained tasks: D ⊛ X per new task
                for (std::size_t t : added_[k])
                    finishing_[k] =
                        finishing_[k].empty()
                            ? problem.pmf(t, genes_[t])
                            : merge_pulses(finishing_[k].convolve(problem.pmf(t, genes_[t])), problem.max_pulses);
            }
            needs_full_[k] = false;
            added_[k].clear();
            on_time_[k] = finishing_[k].empty() ? 1.0 : finishing_[k].probability_below(problem.deadline);
            is_dirty_[k] = false;
            procs.push_back(s.cores[k].processor);
            nodes.push_back(s.processors[s.cores[k].processor].node);
        }
        dirty_cores_.clear();
        auto unique = [](std::vector<std::uint32_t>& v) {
            std::sort(v.begin(), v.end());
            v.erase(std::unique(v.begin(), v.end()), v.end());
        };
        unique(procs);
        unique(nodes);
        auto group_max = [&](const std::vector<std::uint32_t>& cores) {
            std::vector<const Pmf*> used;
            for (std::uint32_t k : cores)
                if (!finishing_[k].empty()) used.push_back(&finishing_[k]);
            return expected_max(used);
        };
        for (std::uint32_t j : procs) proc_max_[j] = group_max(s.processors[j].cores);
        for (std::uint32_t n : nodes) node_max_[n] = group_max(s.nodes[n].cores);
    }
    busy_ = 0;  // summed afresh (no drift from adding and removing)
    for (std::size_t t = 0; t < genes_.size(); ++t) busy_ += problem.busy_energy(t, genes_[t]);
    psi_ = 1;
    for (double p : on_time_) psi_ *= p;
    Joules overhead = 0;
    for (std::size_t j = 0; j < proc_max_.size(); ++j)
        overhead += problem.system.processors[j].overhead_w * proc_max_[j];
    for (std::size_t n = 0; n < node_max_.size(); ++n) overhead += problem.system.nodes[n].overhead_w * node_max_[n];
    energy_ = busy_ + overhead;
}

}  // namespace rmsim::siegel
