#pragma once
// Singh 2015 Algorithm 3 (Sec. IV-B step ii, NBA-FTPS "fixing tasks power states"): for a fixed allocation,
// fix the V/F level of one task per round, the (task, level) with the highest value per unit energy of the
// whole job (value at completion > 0 only), until every task is fixed. Tasks on one core may get different
// levels. Details (greedy_levels.h): unfixed tasks run at the highest level (P0) while evaluating (GAP);
// ties go to the lower task index, then the faster level (GAP). If the job has no value even with every
// task at P0, nothing is admissible: all tasks stay at P0, fixing_order is empty and `complete` is false
// (the caller rejects such a job, Sec. III-C).
#include <cstdint>
#include <vector>

#include "manager/policies/singh/greedy_levels.h"

namespace rmsim::singh {

/// `start_s`: absolute time at which the job would start (the mapping event's now); its value curve is
/// taken at start_s + response time.
LevelSelection ftps_levels(const PlanningProblem& problem, const std::vector<std::uint32_t>& core_of_task,
                           Seconds start_s);

}  // namespace rmsim::singh
