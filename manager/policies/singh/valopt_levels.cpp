#include "manager/policies/singh/valopt_levels.h"

#include "manager/policies/singh/list_schedule.h"

namespace rmsim::singh {

JobPlan valopt_plan(const PlanningProblem& problem, const std::vector<std::uint32_t>& core_of_task) {
    return list_schedule(problem, core_of_task, std::vector<std::uint32_t>(problem.tasks(), 0));
}

}  // namespace rmsim::singh
