#pragma once
// The greedy V/F identification shared by Singh 2015 Algorithm 3 (FTPS: groups = single tasks), its FCPS
// baseline (groups = the tasks of one core, Sec. V-A, after their ref. [17]) and the GA's seeding:
//   every group starts at `initial_level` (GAP: the level of not-yet-fixed groups while evaluating is not
//   given; the callers use the highest level, P0);
//   repeat
//     for each unfixed group g (ascending index), for each level v (ascending, 0 = fastest):
//       set g's tasks to v, list-schedule the job, score the plan (no score = not admissible)
//     fix the (g, v) with the highest score (ties: lower group index, then lower level index = faster)
//   until every group is fixed, or no candidate of a round is admissible (then the unfixed groups stay at
//   `initial_level` and `complete` is false).
#include <cstdint>
#include <functional>
#include <optional>
#include <utility>
#include <vector>

#include "manager/policies/singh/job_plan.h"
#include "manager/policies/singh/planning_problem.h"

namespace rmsim::singh {

struct LevelSelection {
    std::vector<std::uint32_t> level_of_task;
    JobPlan plan;  ///< list_schedule of the allocation at level_of_task
    /// (group, level) in the order they were fixed; group = task index (FTPS) or core (FCPS).
    std::vector<std::pair<std::uint32_t, std::uint32_t>> fixing_order;
    bool complete = true;  ///< every group fixed by an admissible score
    std::uint64_t schedules_evaluated = 0;
};

/// Higher is better; std::nullopt = not admissible.
using PlanScore = std::function<std::optional<double>(const JobPlan&)>;

/// `groups` partition the tasks (std::invalid_argument otherwise, or if initial_level is out of range).
LevelSelection greedy_fix_levels(const PlanningProblem& problem, const std::vector<std::uint32_t>& core_of_task,
                                 const std::vector<std::vector<std::uint32_t>>& groups, std::uint32_t initial_level,
                                 const PlanScore& score);

}  // namespace rmsim::singh
