#include "manager/policies/singh/greedy_levels.h"

#include <stdexcept>

#include "manager/policies/singh/list_schedule.h"

namespace rmsim::singh {

LevelSelection greedy_fix_levels(const PlanningProblem& problem, const std::vector<std::uint32_t>& core_of_task,
                                 const std::vector<std::vector<std::uint32_t>>& groups, std::uint32_t initial_level,
                                 const PlanScore& score) {
    const std::uint32_t n = problem.tasks();
    if (initial_level >= problem.levels())
        throw std::invalid_argument("singh greedy levels: initial level out of range");
    std::vector<int> seen(n, 0);
    for (const auto& g : groups)
        for (std::uint32_t t : g) {
            if (t >= n) throw std::invalid_argument("singh greedy levels: group names a task out of range");
            ++seen[t];
        }
    for (std::uint32_t t = 0; t < n; ++t)
        if (seen[t] != 1) throw std::invalid_argument("singh greedy levels: groups must partition the tasks");

    LevelSelection r;
    r.level_of_task.assign(n, initial_level);
    std::vector<bool> fixed(groups.size(), false);
    for (std::size_t round = 0; round < groups.size(); ++round) {
        bool found = false;
        double best_score = 0;
        std::uint32_t best_group = 0, best_level = 0;
        std::vector<std::uint32_t> trial = r.level_of_task;
        for (std::uint32_t g = 0; g < groups.size(); ++g) {
            if (fixed[g]) continue;
            for (std::uint32_t v = 0; v < problem.levels(); ++v) {
                for (std::uint32_t t : groups[g]) trial[t] = v;
                const JobPlan plan = list_schedule(problem, core_of_task, trial);
                ++r.schedules_evaluated;
                const std::optional<double> s = score(plan);
                if (s && (!found || *s > best_score)) {
                    found = true;
                    best_score = *s;
                    best_group = g;
                    best_level = v;
                }
            }
            for (std::uint32_t t : groups[g]) trial[t] = r.level_of_task[t];
        }
        if (!found) {
            r.complete = false;
            break;
        }
        fixed[best_group] = true;
        for (std::uint32_t t : groups[best_group]) r.level_of_task[t] = best_level;
        r.fixing_order.emplace_back(best_group, best_level);
    }
    r.plan = list_schedule(problem, core_of_task, r.level_of_task);
    return r;
}

}  // namespace rmsim::singh
