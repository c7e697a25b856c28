#pragma once
// Tarplee Ch.5 §5.4-5.7 around the provisioning LP (provisioning.h): scenarios drawn from uniform
// distributions with a given mean and coefficient of variation, the values of information (§5.6, Eqs. 49-52)
// and the single-type heuristics H1-H3 (Eq. 53).
#include <cstdint>
#include <random>
#include <vector>

#include "manager/policies/tarplee/provisioning.h"

namespace rmsim {

/// Uniform with mean `mean` and coefficient of variation `cov`, the variance capped so that the values stay
/// non-negative (§5.4): U(m (1 - sqrt3 v), m (1 + sqrt3 v)) with v = min(cov, 1/sqrt3). Returns the bounds.
std::pair<double, double> uniform_bounds(double mean, double cov);

/// One draw of that uniform from `rng` (nothing drawn, `mean` returned, when cov <= 0 or mean <= 0).
double draw_uniform(double mean, double cov, std::mt19937_64& rng);

/// The uncertain parameters: the mean scenario and, per parameter, its CoV (0: deterministic).
struct ScenarioModel {
    ProvisioningScenario mean;
    std::vector<double> arrival_cov;           ///< per task type (empty: all 0)
    std::vector<std::vector<double>> etc_cov;  ///< per (i, j), each element independent (empty: all 0)
};

/// K scenarios drawn with a std::mt19937_64 seeded with `seed`: per scenario the arrival rates in type order,
/// then the ETC row by row, each uniform_bounds(mean, cov) (a parameter with CoV 0 draws nothing).
std::vector<ProvisioningScenario> draw_scenarios(const ScenarioModel& model, std::size_t K, std::uint64_t seed);

/// §5.6 on one sample of scenarios. The objective values are those minimised (Eq. 37a scalarised); the
/// reward rates are the expected ones over the scenarios.
struct ValueOfInformation {
    ProvisioningSolution rp;    ///< the recourse problem (the DEP over the scenarios), Eq. 50
    ProvisioningSolution mvp;   ///< the expected-value problem at the mean scenario, Eq. 51
    ProvisioningSolution eev;   ///< MVP's purchase over the scenarios, Eq. 52
    double ws = 0;              ///< wait-and-see: the mean over the scenarios of each one's optimum, Eq. 49
    double ws_reward_rate = 0;  ///< its expected reward rate
    double vss() const { return eev.objective - rp.objective; }  ///< >= 0
    double evpi() const { return rp.objective - ws; }            ///< >= 0
};

ValueOfInformation value_of_information(const ProvisioningEnvironment& env, const ScenarioModel& model,
                                        const std::vector<ProvisioningScenario>& scenarios);

enum class ProvisioningHeuristic { kH1, kH2, kH3 };

/// Eq. 53 on the mean scenario: the one machine type j* maximising sum_i 1/ETC_ij (H1), that divided by
/// beta^B_j (H2), or sum_i lambda_i r_i / ETC_ij / beta^B_j (H3) (ties: the lower type; a type with
/// M^max_j <= M^cur_j cannot be bought and is not a candidate); then as many of it as
/// the budget, M^max_j, M^max and P_max (at its idle power) allow, nothing sold.
Purchase heuristic_purchase(const ProvisioningEnvironment& env, const ProvisioningScenario& mean,
                            ProvisioningHeuristic h);

/// A whole number of machines for a fractional purchase, to build the machines (GAP: §5.3 leaves the counts
/// fractional, "simple rounding has negligible effect"): machines sold and bought to the nearest whole one
/// (halves up), the bought ones rounded up in decreasing order of their fractional part (ties: the lower type)
/// and only while the upgrade cost stays within the budget (37h), M_j within M^max_j (37b) and the total within
/// M^max (37c); otherwise down.
Purchase integer_purchase(const ProvisioningEnvironment& env, const Purchase& p);

}  // namespace rmsim
