#pragma once
// Choosing units for a start, shared by every policy: the lowest-index units idle over a window (the
// baselines' tie-break toward the lowest node and core index, so schedules are reproducible and comparable
// with other simulators).
#include <vector>

#include "manager/availability_profile.h"

namespace rmsim {

/// The k lowest-index units idle throughout [start, end), ascending; empty if fewer are idle (or k == 0).
/// Served from the profile's index of empty units (AvailabilityProfile::lowest_idle_nodes), not a scan.
std::vector<LocalNodeIndex> lowest_idle_units(const AvailabilityProfile& p, std::uint32_t k, SimTime start,
                                              SimTime end);

}  // namespace rmsim
