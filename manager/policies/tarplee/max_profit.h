#pragma once
// Tarplee Ch.4: maximum profit per unit time of a bag, (p - c E) / MS (Eq. 27), with an average power cap
// E / MS <= P_max. The fractional problem (Eq. 29) is linearised by Charnes-Cooper (Eqs. 30-32): r = 1/MS_LB
// (bags per unit time) and z_ij = mu_ij / MS_LB:
//   maximise  p r - c Pbar,  Pbar = sum_ij z_ij ETC_ij (APC_ij - APC_0j) + sum_j M_j APC_0j      (Eqs. 31-32)
//   s.t.  sum_j z_ij = T_i r;  (1/M_j) sum_i z_ij ETC_ij <= 1;  Pbar <= P_max;  z, r >= 0.
// Recovery: mu = z / r, MS_LB = 1 / r, then rounding (Alg. 1) and local assignment (Alg. 2). The LP value
// p r* - c Pbar* is an upper bound on the profit rate (Eq. 28); the full allocation's rate a lower bound.
#include "manager/policies/tarplee/energy_front.h"

namespace rmsim {

struct ProfitResult {
    bool runs = false;       ///< false: r* = 0, running the bag never pays (spec §5.4 NOTE)
    double upper_bound = 0;  ///< p r* - c Pbar* ($ per s)
    double power = 0;        ///< Pbar* (W)
    FrontPoint lp;           ///< mu*, MS_LB = 1 / r*, E_LB (Eq. 10)
    FrontPoint full;         ///< the full allocation's objectives
    double lower_bound = 0;  ///< (p - c E_full) / MS_full
};

/// price p per bag, cost c per joule, P_max in watts (infinity: no cap). std::runtime_error if CLP fails.
ProfitResult max_profit(const TypeBag& bag, const EnergyModel& m, double price, double cost_per_j, double p_max);

/// Eq. 28 for an LP point: (p - c E_LB) / MS_LB.
double profit_rate(double price, double cost_per_j, double energy, double makespan);

/// Tarplee §4.5.1: E_min, "the lower bound on minimum energy ignoring makespan": the minimum of E_LB (Eq. 10)
/// over the LP relaxation, idle power included (GAP: the definition with idle power is not given; this one
/// keeps "gamma > 1: positive profit is achievable with divisible tasks"). Without idle power it is
/// sum_i T_i min_j ETC_ij APC_ij. The price of a profit ratio gamma is gamma c E_min.
double min_energy_bound(const TypeBag& bag, const EnergyModel& m);

}  // namespace rmsim
