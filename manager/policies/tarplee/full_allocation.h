#pragma once
// A full allocation (Tarplee §2.2.3): for every machine k of every machine type j, the number of tasks of each
// type it runs, y_ijk (counts, not task lists: §2.2.3.3 and Alg. 4's optimisation 5), and its ready time (the
// time at which all its work completes). Memory: sum_j M_j x T counts, independent of the number of tasks.
#include <vector>

#include "manager/policies/tarplee/type_bag.h"

namespace rmsim {

class FullAllocation {
public:
    FullAllocation() = default;
    FullAllocation(std::size_t task_types, const std::vector<Count>& machines);

    std::size_t task_types() const { return T_; }
    std::size_t machine_types() const { return machines_.size(); }
    Count machines(std::size_t j) const { return machines_[j]; }

    Count count(std::size_t i, std::size_t j, std::size_t k) const { return counts_[j][k * T_ + i]; }
    Count& count(std::size_t i, std::size_t j, std::size_t k) { return counts_[j][k * T_ + i]; }
    double ready(std::size_t j, std::size_t k) const { return ready_[j][k]; }
    double& ready(std::size_t j, std::size_t k) { return ready_[j][k]; }

    /// The maximum ready time (the makespan of the allocation on dedicated machines).
    double makespan() const;
    /// sum_k y_ijk: the type-level counts (what rounding produced, for LP-makespan).
    CountMatrix type_counts() const;
    /// Energy of the allocation (GAP, Tarplee §3.4.3 gives no formula; spec §4.2 NOTE): every task draws
    /// APC_ij for ETC_ij, every machine draws its idle power APC_0j from its ready time to the makespan.
    double energy(const Matrix& etc, const Matrix& apc, const std::vector<double>& idle_power) const;

private:
    std::size_t T_ = 0;
    std::vector<Count> machines_;
    std::vector<std::vector<Count>> counts_;  ///< [j][k*T + i]
    std::vector<std::vector<double>> ready_;  ///< [j][k]
};

}  // namespace rmsim
