#pragma once
// Siegel §3 (Apodaca et al. 2011) seeds of the GA: Min-Min run once per fixed P-state, and the simple greedy
// heuristic that fills the rest of the initial population.
//   Min-Min (P-state p fixed for every task): while tasks are unmapped, for each the core with the minimum
//   expected completion time (the core's expected ready time + E[T] at p); among those pairs the task with
//   the minimum; assign it. GAP: "completion time" is the expected value (the slides do not say), ties go
//   to the lower task, then core index.
//   Greedy (GAP: the slides say only "a simple greedy heuristic that meets the constraint"): the tasks in a
//   random order, each to the core of minimum expected completion time at P0 (the most robust P-state).
#include <cstdint>
#include <random>
#include <vector>

#include "manager/policies/siegel/static_mapping.h"

namespace rmsim::siegel {

std::vector<Gene> min_min(const StaticProblem& problem, std::uint32_t pstate);
/// Min-Min once per P-state (P0 first): the GA's seeds, and the local searches' start (best_of).
std::vector<std::vector<Gene>> min_min_per_pstate(const StaticProblem& problem);
/// The first of these mappings that no later one is better than (the GA's order).
Mapping best_of(const StaticProblem& problem, const std::vector<std::vector<Gene>>& candidates);
std::vector<Gene> greedy_random_order(const StaticProblem& problem, std::mt19937_64& rng);

}  // namespace rmsim::siegel
