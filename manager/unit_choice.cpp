#include "manager/unit_choice.h"

namespace rmsim {

std::vector<LocalNodeIndex> lowest_idle_units(const AvailabilityProfile& p, std::uint32_t k, Seconds start_s,
                                              Seconds end_s) {
    std::vector<LocalNodeIndex> idle = p.idle_nodes(start_s, end_s);
    if (idle.size() < k) return {};
    idle.resize(k);
    return idle;
}

}  // namespace rmsim
