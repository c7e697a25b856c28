// AvailabilityProfile's memory (Machovec Ch.2 §2.2, §2.4.2): the cluster's memory as a second resource
// planned beside its nodes. Definitions in availability_profile.h.
#include <algorithm>
#include <stdexcept>

#include "manager/availability_profile.h"

namespace rmsim {

void AvailabilityProfile::set_memory_capacity(double capacity_gb) {
    if (!bookings_.empty())
        throw std::logic_error("AvailabilityProfile::set_memory_capacity: the profile already has bookings");
    memory_.emplace(capacity_gb);
}

std::optional<SimTime> AvailabilityProfile::earliest_start_with_memory(std::uint32_t k, SimTime duration,
                                                                       double memory_gb, SimTime not_before,
                                                                       SimTime deadline) const {
    if (!memory_ || memory_gb <= 0) return earliest_start(k, duration, not_before, deadline);
    if (memory_gb > memory_->capacity_gb()) return std::nullopt;
    // Alternate the two resources: the memory's earliest fit from t, then the nodes' earliest start from
    // there, until both agree (each step only moves later, to a time the other resource allows as a lower
    // bound).
    SimTime t = not_before;
    for (;;) {
        const SimTime m = memory_->earliest_fit(std::max(t, now_), duration, memory_gb);
        if (m.is_infinite() || !(m < deadline)) return std::nullopt;
        const std::optional<SimTime> c = earliest_start(k, duration, m, deadline);
        if (!c || *c == m || memory_->fits(*c, *c + duration, memory_gb)) return c;
        t = *c;
    }
}

}  // namespace rmsim
