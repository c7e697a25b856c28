#pragma once
// NBA-FCPS (Singh 2015 Sec. V-A): the greedy of their ref. [17] that fixes the V/F level of one CORE per
// round (all tasks on a core run at the core's level), extended to maximize value per energy as
// Algorithm 3 does. GAP details (greedy_levels.h): the core to fix next is the (core, level) with the
// highest value per unit energy over all unfixed cores (cores are the plan's compact cores, numbered by
// first use by task index); unfixed cores run at P0 while evaluating; ties go to the lower core index, then
// the faster level. fixing_order holds (core, level). No value even at P0: as ftps_levels.h.
#include <cstdint>
#include <vector>

#include "manager/policies/singh/greedy_levels.h"

namespace rmsim::singh {

LevelSelection fcps_levels(const PlanningProblem& problem, const std::vector<std::uint32_t>& core_of_task,
                           Seconds start_s);

}  // namespace rmsim::singh
