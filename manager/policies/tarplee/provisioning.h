#pragma once
// Tarplee Ch.5: provisioning machines in steady state (§5.3, Eq. 37) and its two-stage stochastic version
// (§5.5, Eqs. 47-48), each solved as one sparse LP on COIN-OR CLP (docs/policies.md, "Tarplee").
//
// First stage, decided before the uncertainty resolves: M^B_j, M^S_j >= 0, the machines of type j bought and
// sold (M_j = M^cur_j + M^B_j - M^S_j, fractional as in the dissertation; M^S_j <= M^cur_j, only machines
// owned are sold). Second stage, per scenario k: the
// steady-state schedule ptilde_ij >= 0, the effective number of type-j machines running type-i tasks (Eq. 36).
//   minimise  w_c (sum_j beta^B_j M^B_j - beta^S_j M^S_j) + w_p sum_j APC_0j M_j
//             + sum_k p_k ( -w_r sum_ij r_i ptilde^k_ij / ETC^k_ij + w_f sum_ij nu_j ptilde^k_ij
//                           + w_p sum_ij APC^dk_ij ptilde^k_ij )                                       (37a, 48)
//   first stage:  M^min_j <= M_j <= M^max_j (37b);  M^min <= sum_j M_j <= M^max (37c);  cost <= budget (37h)
//   per scenario: sum_j ptilde_ij / ETC_ij <= lambda_i (37e);  sum_i ptilde_ij <= M_j (37f);
//                 sum_ij nu_j ptilde_ij <= nu_max (37i);  sum_ij APC^d_ij ptilde_ij + sum_j APC_0j M_j <= P_max (37j)
// With K scenarios of probability 1/K that is the deterministic equivalent (DEP) of the SAA: 2M + K T M columns
// and (M + 2) + K (T + M + 2) rows (for E3 at K = 3,000: 270,018 x 63,011, as §5.9.3 states). One scenario with
// the mean parameters is the expected-value problem (MVP); a fixed first stage gives the second stage alone
// (EEV, the heuristics' evaluation).
#include <cstddef>
#include <limits>
#include <optional>
#include <vector>

namespace rmsim {

constexpr double kNoLimit = std::numeric_limits<double>::infinity();

/// What does not vary between scenarios (§5.3).
struct ProvisioningEnvironment {
    std::size_t task_types = 0;
    std::size_t machine_types = 0;
    std::vector<double> reward;          ///< r_i per completed task of type i
    std::vector<double> buy_price;       ///< beta^B_j per machine
    std::vector<double> sell_price;      ///< beta^S_j per machine (beta^B_j > beta^S_j >= 0)
    std::vector<double> current;         ///< M^cur_j
    std::vector<double> min_machines;    ///< M^min_j (empty: 0)
    std::vector<double> max_machines;    ///< M^max_j (empty: no limit)
    double total_min = 0;                ///< M^min
    double total_max = kNoLimit;         ///< M^max
    std::vector<double> failure_rate;    ///< nu_j per busy machine (empty: 0)
    std::vector<double> idle_power;      ///< APC_0j per machine (empty: 0)
    double budget = kNoLimit;            ///< beta: largest upgrade cost (37h)
    double max_failure_rate = kNoLimit;  ///< nu_max (37i)
    double max_power = kNoLimit;         ///< P_max (37j)
    /// The weights of the four objectives of Eq. 37a in the single objective solved: reward rate (maximised),
    /// upgrade cost, failure rate and power (minimised).
    double w_reward = 1, w_cost = 0, w_failure = 0, w_power = 0;

    /// std::invalid_argument naming the first inconsistency (sizes, negative values, beta^B <= beta^S).
    void validate() const;
};

/// What a scenario draws (§5.4): arrival rates, execution times and dynamic powers.
struct ProvisioningScenario {
    std::vector<double> arrival;                     ///< lambda_i
    std::vector<std::vector<double>> etc;            ///< ETC_ij > 0 (seconds per task)
    std::vector<std::vector<double>> dynamic_power;  ///< APC^d_ij (empty: 0)
};

/// The first-stage decision.
struct Purchase {
    std::vector<double> bought;  ///< M^B_j
    std::vector<double> sold;    ///< M^S_j
};

/// One scenario's second stage at the optimum.
struct SteadyState {
    std::vector<std::vector<double>> ptilde;  ///< [i][j]
    double reward_rate = 0;                   ///< sum_ij r_i ptilde_ij / ETC_ij
    double power = 0;                         ///< dynamic plus idle power
    double failure_rate = 0;                  ///< sum_ij nu_j ptilde_ij
    double objective = 0;                     ///< the scenario's part of the objective, idle power and cost included
};

struct ProvisioningSolution {
    Purchase purchase;
    std::vector<SteadyState> scenarios;  ///< in the order given
    double objective = 0;                ///< c^T x + sum_k p_k q_k^T y_k
    double upgrade_cost = 0;             ///< sum_j beta^B_j M^B_j - beta^S_j M^S_j
    double expected_reward_rate = 0;     ///< mean over the scenarios
    double expected_power = 0;
    std::size_t rows = 0, columns = 0;  ///< the LP's size
};

/// Solves the DEP over `scenarios` (equiprobable), or with `fixed` the second stages of that purchase alone.
/// std::runtime_error if CLP proves the problem infeasible or does not prove optimality (a fixed purchase that
/// breaks a first-stage constraint is refused as infeasible).
ProvisioningSolution solve_provisioning(const ProvisioningEnvironment& env,
                                        const std::vector<ProvisioningScenario>& scenarios,
                                        const std::optional<Purchase>& fixed = std::nullopt);

/// The second-stage objective coefficient of ptilde_ij in scenario `s` (before its probability):
/// -w_r r_i / ETC_ij + w_f nu_j + w_p APC^d_ij.
double ptilde_cost(const ProvisioningEnvironment& env, const ProvisioningScenario& s, std::size_t i, std::size_t j);

/// A purchase and every scenario's schedule ([k][i][j]) as a ProvisioningSolution: the cost, idle power,
/// reward and power of each scenario, and the objective (rows and columns left at 0).
ProvisioningSolution provisioning_solution(const ProvisioningEnvironment& env,
                                           const std::vector<ProvisioningScenario>& scenarios, Purchase purchase,
                                           std::vector<std::vector<std::vector<double>>> schedules);

}  // namespace rmsim
