#pragma once
// ValOpt (Singh 2015 Sec. V-A, after their ref. [8]): NBA without V/F identification; every core, so every
// task, at the highest V/F level (P0) to maximize value only.
#include <cstdint>
#include <vector>

#include "manager/policies/singh/job_plan.h"
#include "manager/policies/singh/planning_problem.h"

namespace rmsim::singh {

JobPlan valopt_plan(const PlanningProblem& problem, const std::vector<std::uint32_t>& core_of_task);

}  // namespace rmsim::singh
