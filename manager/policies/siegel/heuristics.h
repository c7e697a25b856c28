#pragma once
// Siegel §4 (Young et al. 2013) immediate-mode heuristics: each picks one of the candidate assignments
// (manager/policies/siegel/candidates.h) left by the filters. Ties go to the earlier candidate (candidates
// are listed core by core, P0 first), so choices are deterministic.
//   Lightest Load   L = (100 − p) × En_ex, p the probability (%) of meeting the deadline; smallest L.
//   MECT            smallest expected completion time; GAP (the slides do not say how the P-state is
//                   chosen): the P-state that minimises it, ties → lower En_ex.
//   Shortest Queue  the core with the fewest tasks executing or queued; GAP: on it, the P-state with the
//                   highest p, ties → lower En_ex.
//   Random          uniform over the candidates.
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "manager/policies/siegel/candidates.h"

namespace rmsim::siegel {

enum class Heuristic { LightestLoad, Mect, ShortestQueue, Random };
/// "lightest-load", "mect", "shortest-queue", "random"; std::invalid_argument otherwise.
Heuristic heuristic_from_string(const std::string& name);
const char* to_string(Heuristic h);

double lightest_load_value(const Candidate& c);  ///< (100 − 100·p) × En_ex

/// The chosen candidate's index; nullopt if there is none. Random draws one number from rng.
std::optional<std::size_t> choose(Heuristic h, const std::vector<Candidate>& candidates, std::mt19937_64& rng);

}  // namespace rmsim::siegel
