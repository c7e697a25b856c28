#pragma once
// Periodic mapping events for any policy (Machovec Ch.3 §3.3.1: the resource manager maps "every 60 s"; the
// comparison heuristics of Figs. 25-32 run at the same mapping events as the utility heuristics).
#include <memory>

#include "manager/policy.h"

namespace rmsim {

/// Wraps a policy so that its mapping events happen every `period` only, no longer at every arrival and
/// completion. A period <= 0: the policy itself, unwrapped (event-driven).
std::unique_ptr<Policy> with_mapping_period(std::unique_ptr<Policy> inner, SimTime period);

}  // namespace rmsim
