#pragma once
// The pieces of the provisioning LPs (Tarplee Ch.5, Eq. 37) that the deterministic equivalent
// (provisioning.cpp) and the L-shaped method's master and second stages (provisioning_lshaped.cpp) share.
#include <cstddef>
#include <vector>

#include "manager/policies/tarplee/lp_columns.h"
#include "manager/policies/tarplee/provisioning.h"

namespace rmsim {

/// v[j], or `otherwise` for an optional per-type list left empty.
inline double value_or(const std::vector<double>& v, std::size_t j, double otherwise) {
    return v.empty() ? otherwise : v[j];
}

/// A bound as CLP takes it: infinity as COIN_DBL_MAX.
double clp_bound(double v);

/// sum_j APC_0j M^cur_j: the idle power of the machines owned, whatever is decided.
double current_idle_power(const ProvisioningEnvironment& env);

/// Starts the column of M^B_j (sign 1) or M^S_j (sign -1) with its entries in the first-stage rows j (37b), M
/// (37c) and M + 1 (37h); returns its objective coefficient, +-(w_c beta_j + w_p APC_0j) (beta^B when bought,
/// beta^S when sold).
double add_purchase_column(LpColumns& columns, const ProvisioningEnvironment& env, std::size_t j, int sign);

/// The upper bound of M^B_j (sign 1: none) or M^S_j (sign -1: M^cur_j, only machines owned can be sold).
double purchase_upper_bound(const ProvisioningEnvironment& env, std::size_t j, int sign);

/// The bounds of the M + 2 first-stage rows (37b, 37c, 37h) into lo[0 .. M + 1], up[0 .. M + 1].
void first_stage_row_bounds(const ProvisioningEnvironment& env, std::vector<double>& lo, std::vector<double>& up);

/// Starts the column of ptilde_ij of scenario `s` with its entries in that scenario's rows from `r0`: arrival
/// i (37e), utilisation T + j (37f), failures T + M (37i) and power T + M + 1 (37j).
void add_ptilde_column(LpColumns& columns, const ProvisioningEnvironment& env, const ProvisioningScenario& s,
                       std::size_t i, std::size_t j, int r0);

}  // namespace rmsim
