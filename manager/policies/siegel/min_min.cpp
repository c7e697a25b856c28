#include "manager/policies/siegel/min_min.h"

#include <algorithm>
#include <limits>
#include <numeric>

namespace rmsim::siegel {

namespace {

/// Cores of one type are alike for a task: its best core is, over the core types, the type's core of least
/// expected ready time (the first on ties), so a choice costs O(core types), not O(cores).
class ReadyByType {
public:
    explicit ReadyByType(const StaticProblem& problem) : problem_(problem), ready_(problem.system.cores.size(), 0.0) {
        for (std::uint32_t k = 0; k < ready_.size(); ++k) {
            const CoreTypeId t = problem.system.cores[k].type;
            if (t >= by_type_.size()) by_type_.resize(t + 1);
            by_type_[t].push_back(k);
        }
        least_.resize(by_type_.size());
        for (std::size_t t = 0; t < by_type_.size(); ++t) refresh(t);
    }
    /// (core, expected completion) of task t at P-state p: minimum completion, then lowest core index.
    std::pair<std::uint32_t, double> best(std::size_t t, std::uint32_t p) const {
        std::uint32_t core = 0;
        double value = std::numeric_limits<double>::infinity();
        for (std::size_t j = 0; j < least_.size(); ++j) {
            if (by_type_[j].empty()) continue;
            const std::uint32_t k = least_[j];
            const double c = ready_[k] + problem_.mean(t, Gene{k, p});
            if (c < value || (c == value && k < core)) {
                value = c;
                core = k;
            }
        }
        return {core, value};
    }
    void assign(std::uint32_t k, double completion) {
        ready_[k] = completion;
        refresh(problem_.system.cores[k].type);
    }

private:
    void refresh(std::size_t type) {
        if (by_type_[type].empty()) return;
        std::uint32_t least = by_type_[type].front();
        for (std::uint32_t k : by_type_[type])
            if (ready_[k] < ready_[least]) least = k;
        least_[type] = least;
    }
    const StaticProblem& problem_;
    std::vector<double> ready_;
    std::vector<std::vector<std::uint32_t>> by_type_;
    std::vector<std::uint32_t> least_;
};

}  // namespace

std::vector<Gene> min_min(const StaticProblem& problem, std::uint32_t pstate) {
    const std::size_t n = problem.task_count();
    ReadyByType ready(problem);
    std::vector<Gene> genes(n);
    std::vector<std::size_t> unmapped(n);
    std::iota(unmapped.begin(), unmapped.end(), 0);
    while (!unmapped.empty()) {
        std::size_t pick = 0;
        auto pick_best = ready.best(unmapped[0], pstate);
        for (std::size_t i = 1; i < unmapped.size(); ++i) {
            const auto b = ready.best(unmapped[i], pstate);
            if (b.second < pick_best.second) {
                pick = i;
                pick_best = b;
            }
        }
        genes[unmapped[pick]] = Gene{pick_best.first, pstate};
        ready.assign(pick_best.first, pick_best.second);
        unmapped.erase(unmapped.begin() + static_cast<std::ptrdiff_t>(pick));
    }
    return genes;
}

std::vector<std::vector<Gene>> min_min_per_pstate(const StaticProblem& problem) {
    std::vector<std::vector<Gene>> seeds;
    for (std::uint32_t s = 0; s < problem.pstate_count(); ++s) seeds.push_back(min_min(problem, s));
    return seeds;
}

Mapping best_of(const StaticProblem& problem, const std::vector<std::vector<Gene>>& candidates) {
    Mapping best(problem, candidates.at(0));
    for (std::size_t i = 1; i < candidates.size(); ++i) {
        Mapping m(problem, candidates[i]);
        if (better(problem, m, best)) best = std::move(m);
    }
    return best;
}

std::vector<Gene> greedy_random_order(const StaticProblem& problem, std::mt19937_64& rng) {
    const std::size_t n = problem.task_count();
    std::vector<std::size_t> order(n);
    std::iota(order.begin(), order.end(), 0);
    std::shuffle(order.begin(), order.end(), rng);
    ReadyByType ready(problem);
    std::vector<Gene> genes(n);
    for (std::size_t t : order) {
        const auto [k, c] = ready.best(t, 0);
        genes[t] = Gene{k, 0};
        ready.assign(k, c);
    }
    return genes;
}

}  // namespace rmsim::siegel
