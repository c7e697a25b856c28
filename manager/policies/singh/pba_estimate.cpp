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
    // Singh 2015 §IV-A: "the exact number of cores to be used by the job computed as minimum between maxBid
    // and the number of cores to be used to achieve maximum value/energy": k* is the profiled count of maximum
    // value/energy over EVERY profiled count (value at the allocation time), then k = min(maxBid, k*). Not the
    // best count among those <= maxBid: a job whose k* exceeds the bid takes all maxBid cores.
    if (profile.entries.empty()) profile.entry(1);  // throws: nothing was profiled
    const auto profiled = static_cast<std::uint32_t>(profile.entries.size());
    std::uint32_t best_k = 1;
    double best_vpe = estimate_with(job, profile.entry(1), now_s).value_per_energy;
    for (std::uint32_t k = 2; k <= profiled; ++k) {
        const double vpe = estimate_with(job, profile.entry(k), now_s).value_per_energy;
        if (vpe > best_vpe) {
            best_vpe = vpe;
            best_k = k;
        }
    }
    return estimate_with(job, profile.entry(std::min(max_bid, best_k)), now_s);
}

}  // namespace rmsim::singh
