#pragma once
// Singh 2015 Algorithm 1 lines 11-16 (PBA at run time): the value/energy estimate of a queued job if it were
// allocated now on the node with maxBid free cores, from its design-time profile. §IV-A: the profile gives
// "the number of cores to be used to achieve maximum value/energy"; the value of a profiled allocation
// depends on when the job starts (the value curve at now + its response time), so that count k* is found at
// run time over every profiled count by value / energy, and the job uses "the minimum between maxBid and"
// k* cores (the paper's reading, the default): k = min(maxBid, k*), not the best count among k <= maxBid.
// The alternative rmsim had before, k = min(maxBid, the count of least response x energy, the GA's own
// fitness), is kept as PbaCoreCount::MinResponseEnergy.
#include <cstdint>

#include "manager/policies/singh/profile_store.h"
#include "workloads/task.h"

namespace rmsim::singh {

enum class PbaCoreCount : std::uint8_t {
    MaxValuePerEnergy,  ///< Singh §IV-A: min(maxBid, k*), k* of maximum value/energy at allocation time (ties: smaller k)
    MinResponseEnergy,  ///< k = min(maxBid, JobProfile::best_core_count()), the profile's min response x energy
};

struct ValueEnergyEstimate {
    const ProfileEntry* entry = nullptr;  ///< the profile entry to follow (points into the JobProfile)
    std::uint32_t cores = 0;              ///< cores the plan needs (entry->plan.cores_used() <= k)
    double value = 0;                     ///< value curve at now + response
    Joules energy_j = 0;
    double value_per_energy = 0;  ///< value / energy (value_per_energy.h)
};

/// std::invalid_argument if max_bid == 0.
ValueEnergyEstimate pba_estimate(const Job& job, const JobProfile& profile, std::uint32_t max_bid, Seconds now_s,
                                 PbaCoreCount rule = PbaCoreCount::MaxValuePerEnergy);

}  // namespace rmsim::singh
