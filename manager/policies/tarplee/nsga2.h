#pragma once
// The NSGA-II baseline of Tarplee Ch.3 §3.3.3 (Deb et al. 2002) for the bi-objective (energy, makespan) bag
// scheduling problem. GAP (the operators, population and rates are in Friese et al. 2012, ref. [39], not in
// the dissertation; docs/fidelity.md):
//   chromosome: one gene per task, the machine it runs on (tasks listed by type); a machine's finishing time
//     is the sum of its tasks' ETC (order on a machine does not change either objective);
//   objectives: makespan = the largest finishing time; energy = sum of APC_ij ETC_ij over tasks + sum over
//     machines of APC_0j (makespan - finishing time), as FullAllocation::energy;
//   selection: binary tournament on (non-domination rank, crowding distance); crossover: two-point on the
//     gene vector, probability 0.9; mutation: each gene to a uniformly random machine with probability
//     1 / tasks; elitist (mu + lambda) survival by rank then crowding (Deb et al.).
//   seeding 1 ("basic", §3.3.3): the minimum-energy allocation (each task to its least-energy machine type,
//     spread evenly over that type's machines), the min-min allocation, and random ones;
//   seeding 2: the given full allocations (the LP ones), then random ones.
#include <cstdint>
#include <vector>

#include "manager/policies/tarplee/energy_front.h"

namespace rmsim {

struct Nsga2Params {
    std::size_t population = 100;
    std::size_t generations = 1000;
    double crossover_probability = 0.9;
    std::uint64_t seed = 1;
};

/// The final population's non-dominated points (mu: the type-level counts), sorted by energy.
/// `seeds`: full allocations placed in the first population (empty: seeding 1).
std::vector<FrontPoint> nsga2_front(const TypeBag& bag, const EnergyModel& m, const Nsga2Params& p,
                                    const std::vector<FullAllocation>& seeds);

}  // namespace rmsim
