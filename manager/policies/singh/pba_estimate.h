#pragma once
// Singh 2015 Algorithm 1 lines 11-16 (PBA at run time): the value/energy estimate of a queued job if it were
// allocated now on the node with maxBid free cores, from its design-time profile, using
// k = min(maxBid, profiled best core count) (JobProfile::best_core_count for the GAP) and the value curve
// at now + the profiled response time.
#include <cstdint>

#include "manager/policies/singh/profile_store.h"
#include "workloads/task.h"

namespace rmsim::singh {

struct ValueEnergyEstimate {
    const ProfileEntry* entry = nullptr;  ///< the profile entry to follow (points into the JobProfile)
    std::uint32_t cores = 0;              ///< cores the plan needs (entry->plan.cores_used() <= k)
    double value = 0;                     ///< value curve at now + response
    Joules energy_j = 0;
    double value_per_energy = 0;          ///< value / energy (value_per_energy.h)
};

/// std::invalid_argument if max_bid == 0.
ValueEnergyEstimate pba_estimate(const Job& job, const JobProfile& profile, std::uint32_t max_bid, Seconds now_s);

}  // namespace rmsim::singh
