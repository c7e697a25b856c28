#include "manager/policies/tarplee/min_min.h"

#include <limits>
#include <vector>

namespace rmsim {

namespace {

struct MachineRef {
    std::size_t j = 0, k = 0;
};

std::vector<MachineRef> machine_list(const TypeBag& bag) {
    std::vector<MachineRef> out;
    for (std::size_t j = 0; j < bag.machine_types(); ++j)
        for (std::size_t k = 0; k < static_cast<std::size_t>(bag.machines[j]); ++k) out.push_back({j, k});
    return out;
}

bool better(double a, double b, BatchSelection s) { return s == BatchSelection::MinMin ? a < b : a > b; }

}  // namespace

// Tarplee Alg. 3 §2.5.1.
FullAllocation min_min_classic(const TypeBag& bag, BatchSelection selection) {
    bag.validate();
    FullAllocation out(bag.task_types(), bag.machines);
    const std::vector<MachineRef> machines = machine_list(bag);
    std::vector<std::size_t> unassigned;  // U: one entry per task, its type, in type order
    for (std::size_t i = 0; i < bag.task_types(); ++i)
        for (Count n = 0; n < bag.tasks[i]; ++n) unassigned.push_back(i);
    while (!unassigned.empty()) {
        std::size_t best_t = 0;
        MachineRef best_m;
        double best_mct = 0;
        for (std::size_t t = 0; t < unassigned.size(); ++t) {
            const std::size_t i = unassigned[t];
            double mct = std::numeric_limits<double>::infinity();
            MachineRef m_t;
            for (const MachineRef& m : machines) {  // line 5: mct_t = min_m (rt_m + ETC)
                const double c = out.ready(m.j, m.k) + bag.etc[i][m.j];
                if (c < mct) {
                    mct = c;
                    m_t = m;
                }
            }
            if (t == 0 || better(mct, best_mct, selection)) {  // line 8: argmin_t (max-min: argmax_t)
                best_t = t;
                best_m = m_t;
                best_mct = mct;
            }
        }
        const std::size_t i = unassigned[best_t];
        out.count(i, best_m.j, best_m.k) += 1;
        out.ready(best_m.j, best_m.k) = best_mct;
        unassigned.erase(unassigned.begin() + static_cast<std::ptrdiff_t>(best_t));
    }
    return out;
}

FullAllocation min_min_optimized(const TypeBag& bag, BatchSelection selection) {
    return min_min_optimized(bag, selection, nullptr);
}

// Tarplee Alg. 4 §2.5.2.
FullAllocation min_min_optimized(const TypeBag& bag, BatchSelection selection, MinMinStats* stats) {
    bag.validate();
    const std::size_t T = bag.task_types();
    FullAllocation out(T, bag.machines);
    std::vector<Count> n = bag.tasks;
    std::vector<std::size_t> G;  // task types with tasks left, in type order (optimisation 4: purged at 0)
    for (std::size_t i = 0; i < T; ++i)
        if (n[i] > 0) G.push_back(i);
    std::vector<MachineRef> best(T);
    std::vector<bool> cached(T, false);
    MachineRef prior;
    bool have_prior = false;
    const std::size_t J = bag.machine_types();
    while (!G.empty()) {
        std::size_t best_g = 0;  // optimisation 1: the running best (task type, machine)
        double best_mct = 0;
        for (std::size_t g = 0; g < G.size(); ++g) {
            const std::size_t i = G[g];
            const bool valid = cached[i] && !(have_prior && best[i].j == prior.j && best[i].k == prior.k);
            if (stats && cached[i]) {
                ++stats->cache_reads;
                if (valid) ++stats->cache_hits;
            }
            if (!valid) {  // optimisation 3: recompute best_i only when the last assignment used it
                double mct = std::numeric_limits<double>::infinity();
                for (std::size_t j = 0; j < J; ++j) {
                    const double e = bag.etc[i][j];
                    for (std::size_t k = 0; k < static_cast<std::size_t>(bag.machines[j]); ++k) {
                        const double c = out.ready(j, k) + e;
                        if (c < mct) {
                            mct = c;
                            best[i] = {j, k};
                        }
                    }
                }
                cached[i] = true;
            }
            const double mct = out.ready(best[i].j, best[i].k) + bag.etc[i][best[i].j];
            if (g == 0 || better(mct, best_mct, selection)) {
                best_g = g;
                best_mct = mct;
            }
        }
        const std::size_t i = G[best_g];
        const MachineRef m = best[i];
        out.count(i, m.j, m.k) += 1;
        out.ready(m.j, m.k) = best_mct;
        if (--n[i] == 0) G.erase(G.begin() + static_cast<std::ptrdiff_t>(best_g));
        prior = m;
        have_prior = true;
    }
    return out;
}

}  // namespace rmsim
