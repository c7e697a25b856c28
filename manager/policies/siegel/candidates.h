#pragma once
// Siegel §4 (Young et al. 2013): the candidate assignments of an arriving task in immediate mode, one per
// (core, P-state), with what the heuristics and filters read: the probability of meeting the deadline from
// the completion-time PMF (the core's queue ⊛ the task at that P-state), the expected completion time, the
// expected execution energy En_ex = E[execution time] × power, and the core's queue length.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "platform/platform_spec.h"
#include "platform/units.h"

namespace rmsim::siegel {

struct Candidate {
    std::uint32_t core = 0;  ///< the policy's global core index
    std::uint32_t pstate = 0;
    double on_time = 0;              ///< P(completion ≤ deadline), in [0, 1]
    double expected_completion = 0;  ///< absolute (s)
    Joules expected_energy = 0;      ///< En_ex
    std::size_t queue_length = 0;    ///< tasks executing or queued on the core (before this one)
};

}  // namespace rmsim::siegel
