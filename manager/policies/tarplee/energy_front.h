#pragma once
// Tarplee Ch.3: the energy/makespan Pareto front of a bag of tasks.
//  - Eq. 10: E_LB = sum_ij mu_ij ETC_ij (APC_ij - APC_0j) + sum_j M_j APC_0j MS_LB (idle power APC_0j drawn
//    by every machine until the makespan).
//  - §3.3.2: weighted sums (Eq. 18) over evenly spaced alpha in [0, 1], normalised by the utopia-nadir span
//    (Eq. 17), each LP warm-started from the previous basis (primal simplex), duplicates removed.
//  - §3.3.4 Alg. 5: convex fill between consecutive lower-bound points (L1 spacing s in normalised objectives).
//  - recovery of each point by rounding (Alg. 1) and local assignment (Alg. 2); dominated full allocations
//    removed.
//  - §3.3.5: the area between the lower bound (outer polygon) and the full allocations (inner polygon); the
//    outer polygon from the loose bound, or (§3.7, Table 3.2) the exhaustive LP front; the convex bound is in
//    convex_bound.h.
#include <vector>

#include "manager/policies/tarplee/allocation_lp.h"
#include "manager/policies/tarplee/full_allocation.h"

namespace rmsim {

struct EnergyModel {
    Matrix apc;                      ///< APC_ij, watts while a type-i task runs on a type-j machine
    std::vector<double> idle_power;  ///< APC_0j, watts of an idle type-j machine
};

/// One point of the front: the (fractional or integral) allocation and its objectives.
struct FrontPoint {
    std::vector<std::vector<double>> mu;
    double energy = 0;    ///< J
    double makespan = 0;  ///< s
};

/// Eq. 10 at makespan `ms`.
double lp_energy(const TypeBag& bag, const EnergyModel& m, const std::vector<std::vector<double>>& mu, double ms);
/// A point from an allocation: MS = Eq. 2 of mu, E = Eq. 10 at that MS.
FrontPoint front_point(const TypeBag& bag, const EnergyModel& m, std::vector<std::vector<double>> mu);

struct WeightedSumStats {
    int solves = 0;
    double first_solve_s = 0;      ///< wall time of the first (cold) LP solve
    double warm_solve_mean_s = 0;  ///< mean wall time of the warm re-solves
};

/// §3.3.2 steps 1-3: the lower-bound front from `weights` evenly spaced alpha in [0, 1] (alpha = 0: makespan
/// only, 1: energy only), sorted by energy ascending, duplicates (same objectives within 1e-7 relative) and
/// weakly dominated points removed. The end points (alpha = 0 and 1) are lexicographic solves: one objective,
/// then the other with the first capped at its optimum (spec §4.1 NOTE).
std::vector<FrontPoint> weighted_sum_front(const TypeBag& bag, const EnergyModel& m, int weights,
                                           WeightedSumStats* stats = nullptr);

/// §3.3.2 step 1: the least E_LB (Eq. 10) over the LP relaxation, the energy-only solve. The lexicographic
/// minimum-energy end of weighted_sum_front() may lie above it by the slack of its energy cap (it trades that
/// slack for makespan), so a bound that must be the minimum itself (Tarplee §4.5.1's E_min) is this one.
double minimum_energy(const TypeBag& bag, const EnergyModel& m);

/// Tarplee §3.7 / Table 3.2 "exhaustive": every vertex of the LP front, sorted by energy, by the dichotomic
/// (Aneja-Nair) scheme on the same weighted-sum LP (warm-started): from the lexicographic end points, the
/// weight normal to the chord between two known vertices (in objectives normalised as Eqs. 19-20); a solution
/// strictly below the chord (by 1e-9 of the weights) is a new vertex and both sides are examined, else the
/// chord is an edge. 2V - 3 weighted solves for V vertices besides the four lexicographic ones;
/// std::runtime_error beyond `max_solves` in all.
std::vector<FrontPoint> exhaustive_front(const TypeBag& bag, const EnergyModel& m, WeightedSumStats* stats = nullptr,
                                         int max_solves = 1000000);

/// Alg. 5: between each consecutive pair of `front` (sorted by energy), ceil(d / s) - 1 convex combinations,
/// d the L1 distance in objectives normalised by the front's utopia-nadir span (Eqs. 19-21). Returns the
/// input points and the new ones, in order.
std::vector<FrontPoint> convex_fill(const std::vector<FrontPoint>& front, double s);

/// Rounding (Alg. 1) and local assignment (Alg. 2) of a front point: its full allocation's objectives
/// (energy: FullAllocation::energy, idle machines drawing APC_0j until the makespan).
FrontPoint recover_full(const TypeBag& bag, const EnergyModel& m, const FrontPoint& p, FullAllocation* out = nullptr);

/// Tarplee §3.4.3 (Fig. 3.6): how the points of a lower bound move through rounding (Alg. 1: the rounded
/// allocation's Eq. 2 makespan and Eq. 10 energy) and then local assignment (Alg. 2: the full allocation's
/// makespan and energy), counted per direction; a change within 1e-9 relative counts as none.
struct Progression {
    int points = 0;
    int rounding_makespan_up = 0, rounding_makespan_down = 0;
    int rounding_energy_up = 0, rounding_energy_down = 0;
    int assignment_makespan_up = 0, assignment_makespan_down = 0;
    int assignment_energy_up = 0, assignment_energy_down = 0;
};
/// `full[k]` is recover_full() of `lower[k]` (its mu is the rounded allocation).
Progression solution_progression(const TypeBag& bag, const EnergyModel& m, const std::vector<FrontPoint>& lower,
                                 const std::vector<FrontPoint>& full);
/// The same, recovering each point itself.
Progression solution_progression(const TypeBag& bag, const EnergyModel& m, const std::vector<FrontPoint>& lower);

/// The points no other point dominates (Eq. 12), sorted by energy; duplicates kept once (makespans within
/// 1e-7 relative count as equal).
std::vector<FrontPoint> non_dominated(std::vector<FrontPoint> points);

/// The loose outer vertex between lower[k] and lower[k + 1] (`lower` sorted by energy): the intersection of
/// line(y_{k-1}, y_k) and line(y_{k+1}, y_{k+2}), with the sentinels y_0 = y_1 + (0, 1) and
/// y_{N+2} = y_{N+1} + (1, 0) (spec §4.5 NOTE, GAP: inferred from Tarplee Eq. 23 and Fig. 3.13). False if the
/// two lines are (nearly) parallel: four collinear points, the chord itself is then the bound.
bool loose_vertex(const std::vector<FrontPoint>& lower, std::size_t k, FrontPoint& x);
/// The loose outer chain: y_1, x_1, y_2, ..., x_N, y_{N+1} (points without mu; an x_k only where it exists).
std::vector<FrontPoint> loose_outer(const std::vector<FrontPoint>& lower);

/// §3.3.5 area metric (J s): area(outer) - area(inner) within the box from the utopia to the nadir. Outer:
/// the polygon of the outer chain `outer` (from its least-energy to its least-makespan point, as
/// loose_outer(), convex_outer() of convex_bound.h or exhaustive_front() give it) closed through
/// (outer_1 energy, nadir makespan), (nadir energy, outer_last makespan) and the nadir; inner: the union of the
/// regions up and right of each point of `upper`.
double outer_area(const std::vector<FrontPoint>& outer, const std::vector<FrontPoint>& upper, double nadir_energy,
                  double nadir_makespan);
/// outer_area() of the loose bound of `lower` (sorted by energy) within the overall nadir of both sets.
double front_area(const std::vector<FrontPoint>& lower, const std::vector<FrontPoint>& upper);
/// The same within a given nadir (to compare several upper bounds against one box, Table 3.1).
double front_area(const std::vector<FrontPoint>& lower, const std::vector<FrontPoint>& upper, double nadir_energy,
                  double nadir_makespan);

}  // namespace rmsim
