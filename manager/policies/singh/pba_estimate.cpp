#include "manager/policies/singh/pba_estimate.h"

#include <algorithm>
#include <stdexcept>

#include "manager/policies/singh/value_per_energy.h"

namespace rmsim::singh {

ValueEnergyEstimate pba_estimate(const Job& job, const JobProfile& profile, std::uint32_t max_bid, Seconds now_s) {
    if (max_bid == 0) throw std::invalid_argument("singh PBA estimate: maxBid must be > 0");
    const std::uint32_t k = std::min(max_bid, profile.best_core_count());
    ValueEnergyEstimate e;
    e.entry = &profile.entry(k);
    e.cores = e.entry->plan.cores_used();
    e.value = plan_value(job, e.entry->plan, now_s);
    e.energy_j = e.entry->energy_j;
    e.value_per_energy = value_per_energy(e.value, e.energy_j);
    return e;
}

}  // namespace rmsim::singh
