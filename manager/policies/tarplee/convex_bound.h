#pragma once
// Tarplee §3.7: the tighter, convex lower bound on the energy/makespan Pareto front. The LP front is convex
// (§3.2) and passes through the weighted-sum points y_1..y_{N+1}; between y_i and y_{i+1} it lies in the
// triangle of the loose bound (y_i, x_i, y_{i+1}, energy_front.h loose_vertex). One unknown point z_i per
// segment, the polygon y_1 z_1 y_2 ... z_N y_{N+1} convex and of maximum area (Eq. 23):
//   maximise    sum_i area(z_i, y_{i+1}, y_i)                                  (23a)
//   subject to  area(z_i, y_{i+1}, z_{i+1}) >= 0,  i = 1..N-1  (weak collinear, quadratic: 23c)
//               area(z_i, y_{i+1}, y_i) >= 0    (upper, 23d)
//               area(z_i, y_{i-1}, y_i) >= 0    (left, 23e; y_0 = y_1 + (0, 1))
//               area(z_i, y_{i+1}, y_{i+2}) >= 0 (bottom, 23f; y_{N+2} = y_{N+1} + (1, 0))
// with area(A, B, C) the signed area of Eq. 22. A non-convex QCLP, solved locally from z_i = (y_i + y_{i+1})/2
// by Ipopt's interior point method (the dissertation: Mathematica's FindMaximum[]), in objectives
// normalised to the front's utopia-nadir box. Its optimum is a local one (§3.7.2: "seems to converge to the
// global maxima in practice").
#include <string>
#include <vector>

#include "manager/policies/tarplee/energy_front.h"

namespace rmsim {

struct ConvexBoundStats {
    int free_points = 0;   ///< the z_i solved for (the others, on a degenerate segment, are its midpoint)
    int iterations = 0;    ///< Ipopt iterations
    double objective = 0;  ///< sum_i area(z_i, y_{i+1}, y_i) at the optimum, in normalised objectives
    std::string status;    ///< Ipopt's return status ("Solve_Succeeded", ...); empty when not called
};

/// The convex outer chain y_1, z_1, y_2, ..., z_N, y_{N+1} of `lower` (sorted by energy, as weighted_sum_front
/// gives it) for outer_area(). A segment whose loose triangle is degenerate (no loose vertex, or a triangle
/// within 1e-12 of the normalised box) keeps z_i at its midpoint, on the chord. Each z_i is returned inside its
/// loose triangle (a violation within Ipopt's tolerance is clamped), so the convex polygon lies within the loose
/// one. Deterministic; Ipopt prints nothing. std::runtime_error if Ipopt fails to converge.
std::vector<FrontPoint> convex_outer(const std::vector<FrontPoint>& lower, ConvexBoundStats* stats = nullptr);

/// Table 3.2's order, a theorem here: the area between the same upper bound and the loose, the convex and the
/// exhaustive lower bound (one box) is loose >= convex >= exhaustive (the exact LP front is a convex chain
/// through the weighted-sum points, feasible for Eq. 23; the convex polygon lies within the loose one).
/// std::logic_error if either step is violated by more than 1e-9 of the larger area.
void check_bound_order(double loose, double convex, double exhaustive);

/// Eq. 22: the signed area of triangle (a, b, c) in the (energy, makespan) plane, > 0 counter-clockwise.
double signed_area(const FrontPoint& a, const FrontPoint& b, const FrontPoint& c);

}  // namespace rmsim
