#pragma once
// NBA step i (Singh 2015 Sec. IV-B, Algorithm 2 line 6): allocate a job on k = min(available cores, |T|)
// cores of a node, balancing the processing load over the cores and, when |T| > k, putting highly
// communicating tasks on the same core. The paper gives no algorithm; this deterministic one is a GAP:
//   load of a task = its execution time at the highest V/F level (P0; levels are chosen afterwards).
//   |T| <= k: one task per core.
//   |T| >  k: start with one cluster per task; take the edges by decreasing data volume (ties: lower edge
//     index) and merge the clusters of the two ends while more than k clusters remain and the merged load
//     stays within the bound max(largest task load, (1 + balance_tolerance) · total load / k); then assign
//     the clusters to the k cores by LPT (largest load first, ties: lowest task index in the cluster; each
//     to the least loaded core, ties: lower core index).
// Core labels in the result are 0 .. k-1 in order of first use by task index (compact_cores).
#include <cstdint>
#include <vector>

#include "manager/policies/singh/planning_problem.h"

namespace rmsim::singh {

/// std::invalid_argument if available_cores == 0 or balance_tolerance < 0.
std::vector<std::uint32_t> load_balanced_allocation(const PlanningProblem& problem, std::uint32_t available_cores,
                                                    double balance_tolerance = 0.25);

}  // namespace rmsim::singh
