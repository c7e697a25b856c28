#include "manager/policies/singh/ftps_levels.h"

#include "manager/policies/singh/value_per_energy.h"

namespace rmsim::singh {

LevelSelection ftps_levels(const PlanningProblem& problem, const std::vector<std::uint32_t>& core_of_task,
                           Seconds start_s) {
    std::vector<std::vector<std::uint32_t>> groups(problem.tasks());
    for (std::uint32_t t = 0; t < problem.tasks(); ++t) groups[t] = {t};
    return greedy_fix_levels(problem, core_of_task, groups, 0, value_per_energy_score(problem.job(), start_s));
}

}  // namespace rmsim::singh
