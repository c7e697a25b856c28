#include "manager/policies/singh/fcps_levels.h"

#include <algorithm>

#include "manager/policies/singh/list_schedule.h"
#include "manager/policies/singh/value_per_energy.h"

namespace rmsim::singh {

LevelSelection fcps_levels(const PlanningProblem& problem, const std::vector<std::uint32_t>& core_of_task,
                           Seconds start_s) {
    const std::vector<std::uint32_t> core = compact_cores(core_of_task);
    const std::uint32_t k = core.empty() ? 0 : *std::max_element(core.begin(), core.end()) + 1;
    std::vector<std::vector<std::uint32_t>> groups(k);
    for (std::uint32_t t = 0; t < core.size(); ++t) groups[core[t]].push_back(t);
    return greedy_fix_levels(problem, core, groups, 0, value_per_energy_score(problem.job(), start_s));
}

}  // namespace rmsim::singh
