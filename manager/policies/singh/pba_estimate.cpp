#include "manager/policies/singh/pba_estimate.h"

#include <algorithm>
#include <stdexcept>

#include "manager/policies/singh/value_per_energy.h"

namespace rmsim::singh {

namespace {

ValueEnergyEstimate estimate_with(const Job& job, const ProfileEntry& entry, Seconds now_s) {
    ValueEnergyEstimate e;
    e.entry = &entry;
    e.cores = entry.plan.cores_used();
    e.value = plan_value(job, entry.plan, now_s);
    e.energy_j = entry.energy_j;
    e.value_per_energy = value_per_energy(e.value, e.energy_j);
    return e;
}

}  // namespace

ValueEnergyEstimate pba_estimate(const Job& job, const JobProfile& profile, std::uint32_t max_bid, Seconds now_s,
                                 PbaCoreCount rule) {
    if (max_bid == 0) throw std::invalid_argument("singh PBA estimate: maxBid must be > 0");
    if (rule == PbaCoreCount::MinResponseEnergy)
        return estimate_with(job, profile.entry(std::min(max_bid, profile.best_core_count())), now_s);
    // Singh §IV-A: the profiled count of maximum value/energy that the node's free cores allow.
    if (profile.entries.empty()) profile.entry(1);  // throws: nothing was profiled
    const auto kmax = static_cast<std::uint32_t>(std::min<std::size_t>(max_bid, profile.entries.size()));
    ValueEnergyEstimate best = estimate_with(job, profile.entry(1), now_s);
    for (std::uint32_t k = 2; k <= kmax; ++k) {
        ValueEnergyEstimate e = estimate_with(job, profile.entry(k), now_s);
        if (e.value_per_energy > best.value_per_energy) best = e;
    }
    return best;
}

}  // namespace rmsim::singh
