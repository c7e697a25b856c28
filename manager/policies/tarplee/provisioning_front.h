#pragma once
// Tarplee Ch.5 §5.8: the multi-objective recourse problem. The front of expected reward rate against expected
// power (or upgrade cost) by the orthogonal weighted sum (§5.8.2, Eqs. 55-59), each point the recourse
// problem (provisioning.h) solved by the L-shaped method at one weight, with the 95 % confidence region of
// its mean objectives over the scenarios (§5.8.3, Eq. 60).
#include <cstddef>
#include <utility>
#include <vector>

#include "manager/policies/tarplee/provisioning.h"

namespace rmsim {

/// §5.8.2: weight vectors on the simplex sum_d w_d = 1 swept uniformly: w = (1/D) 1 + B a, with B the
/// Helmert orthonormal basis of the null space of 1_D^T (column k: (1, ..., 1, -k, 0, ...) / sqrt(k (k + 1)),
/// k = 1..D-1) and every a_d on `steps` evenly spaced values in [-Delta, +Delta], Delta = sqrt(1 - 1/D);
/// vectors with a component below -1e-12 are dropped, those within it clamped to 0. Order: the last
/// coordinate of a varies fastest. `steps` >= 2.
std::vector<std::vector<double>> orthogonal_weights(std::size_t objectives, std::size_t steps);

/// §5.8.3, Eq. 60 in two dimensions: the 100 (1 - alpha) % confidence region of the mean of n samples
/// (x_k, y_k): (ybar - mu)^T S^-1 (ybar - mu) <= (n - 1) p / ((n - p) n) F_{p, n-p}(1 - alpha), p = 2,
/// S the unbiased sample covariance.
struct ConfidenceEllipse {
    double mean_x = 0, mean_y = 0;
    double sxx = 0, sxy = 0, syy = 0;  ///< S
    double radius2 = 0;                ///< the right-hand side of Eq. 60
    std::size_t samples = 0;
    /// `points` points of the boundary, mean + sqrt(radius2) L (cos t, sin t), S = L L^T (Cholesky),
    /// t = 2 pi k / points; the mean alone when S is singular.
    std::vector<std::pair<double, double>> boundary(std::size_t points) const;
};
ConfidenceEllipse confidence_ellipse(const std::vector<double>& xs, const std::vector<double>& ys, double alpha = 0.05);

/// The second objective of the front, beside the expected reward rate.
enum class FrontObjective { kPower, kCost };

struct ProvisioningFrontPoint {
    double weight_reward = 0, weight_other = 0;  ///< omega (Eq. 59)
    ProvisioningSolution solution;
    double reward_rate = 0;     ///< expected, over the scenarios
    double other = 0;           ///< expected power (W) or upgrade cost
    ConfidenceEllipse ellipse;  ///< of (reward rate, other) over the scenarios (cost: the same in all)
};

/// The front (Eqs. 55-59): the utopia and nadir from the two single-objective recourse problems (the most
/// reward, the least power or cost), the objectives normalised by their span (Eq. 57), then the recourse
/// problem at each of orthogonal_weights(2, steps); points whose objectives another point dominates (Eq. 54,
/// within 1e-9 relative) or repeats are removed; sorted by reward rate ascending. The environment's own
/// weights are replaced; its constraints (budget, P_max, ...) stay.
std::vector<ProvisioningFrontPoint> provisioning_front(const ProvisioningEnvironment& env,
                                                       const std::vector<ProvisioningScenario>& scenarios,
                                                       FrontObjective other, std::size_t steps);

}  // namespace rmsim
