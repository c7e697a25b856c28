#pragma once
// Recovery phase 1 of LP-makespan (Tarplee Alg. 1, §2.2.3.2): round each row of the fractional LP allocation
// mu* to integers keeping the row sum T_i, minimising sum_j |muhat_ij - mu*_ij| (L1-optimal row rounding):
// floor every entry, then round up the n = T_i - sum_j floor(mu*_ij) entries with the largest fractional parts.
// Entries within 1e-9 (relative) of an integer count as that integer (the solver returns 8.9999999 for 9).
// GAP (tie-break among equal fractional parts, the dissertation is silent): the lower machine-type index is
// rounded up first.
#include <vector>

#include "manager/policies/tarplee/type_bag.h"

namespace rmsim {

CountMatrix round_allocation(const std::vector<std::vector<double>>& mu, const std::vector<Count>& tasks);

}  // namespace rmsim
