#include "manager/unit_choice.h"

namespace rmsim {

// The profile's empty-unit bitmap answers this without visiting every unit (32,768 cores on a cluster of
// 1,024 32-core nodes), with the same answer as the full scan (AvailabilityProfile::lowest_idle_nodes).
std::vector<LocalNodeIndex> lowest_idle_units(const AvailabilityProfile& p, std::uint32_t k, SimTime start,
                                              SimTime end) {
    return p.lowest_idle_nodes(k, start, end);
}

}  // namespace rmsim
