#include "manager/policies/tarplee/provisioning.h"

#include <cmath>
#include <stdexcept>
#include <string>

#include <ClpSimplex.hpp>

#include "manager/policies/tarplee/provisioning_lp.h"

namespace rmsim {

namespace {

void check_size(const std::vector<double>& v, std::size_t n, const char* what, bool may_be_empty) {
    if ((v.empty() && may_be_empty) || v.size() == n) return;
    throw std::invalid_argument(std::string("provisioning: ") + what + " has " + std::to_string(v.size()) +
                                " values, not " + std::to_string(n));
}

}  // namespace

void ProvisioningEnvironment::validate() const {
    const std::size_t T = task_types, M = machine_types;
    if (T == 0 || M == 0) throw std::invalid_argument("provisioning: no task or no machine types");
    check_size(reward, T, "reward", false);
    check_size(buy_price, M, "buy_price", false);
    check_size(sell_price, M, "sell_price", false);
    check_size(current, M, "current", false);
    check_size(min_machines, M, "min_machines", true);
    check_size(max_machines, M, "max_machines", true);
    check_size(failure_rate, M, "failure_rate", true);
    check_size(idle_power, M, "idle_power", true);
    for (std::size_t j = 0; j < M; ++j) {
        if (!(buy_price[j] > sell_price[j]) || sell_price[j] < 0)
            throw std::invalid_argument("provisioning: machine type " + std::to_string(j) +
                                        " needs buy price > sell price >= 0 (§5.3)");
        if (current[j] < 0) throw std::invalid_argument("provisioning: a negative machine count");
    }
}

ProvisioningSolution solve_provisioning(const ProvisioningEnvironment& env,
                                        const std::vector<ProvisioningScenario>& scenarios,
                                        const std::optional<Purchase>& fixed) {
    env.validate();
    const std::size_t T = env.task_types, M = env.machine_types, K = scenarios.size();
    if (K == 0) throw std::invalid_argument("provisioning: no scenario");
    for (const ProvisioningScenario& s : scenarios) {
        if (s.arrival.size() != T || s.etc.size() != T || (!s.dynamic_power.empty() && s.dynamic_power.size() != T))
            throw std::invalid_argument("provisioning: a scenario's sizes differ from the environment's");
        for (std::size_t i = 0; i < T; ++i) {
            if (s.etc[i].size() != M || (!s.dynamic_power.empty() && s.dynamic_power[i].size() != M))
                throw std::invalid_argument("provisioning: a scenario's sizes differ from the environment's");
            for (double e : s.etc[i])
                if (!(e > 0)) throw std::invalid_argument("provisioning: an ETC that is not positive");
        }
    }
    const double p = 1.0 / static_cast<double>(K);
    const int stage_rows = static_cast<int>(T + M + 2);
    const int rows = static_cast<int>(M + 2) + static_cast<int>(K) * stage_rows;
    const std::size_t cols = 2 * M + K * T * M;
    auto scenario_row = [&](std::size_t k) { return static_cast<int>(M + 2) + static_cast<int>(k) * stage_rows; };
    auto ptilde_col = [&](std::size_t k, std::size_t i, std::size_t j) { return 2 * M + (k * T + i) * M + j; };

    LpColumns columns;
    std::vector<double> col_lo(cols, 0.0), col_up(cols, COIN_DBL_MAX), obj(cols, 0.0);
    const double idle_now = current_idle_power(env);  // drawn whatever is decided
    // M^B_j, then M^S_j: the sign of a machine's change; each also frees or takes a machine in every scenario.
    for (int sign : {1, -1})
        for (std::size_t j = 0; j < M; ++j) {
            const double idle = value_or(env.idle_power, j, 0);
            obj[sign > 0 ? j : M + j] = add_purchase_column(columns, env, j, sign);
            col_up[sign > 0 ? j : M + j] = purchase_upper_bound(env, j, sign);
            for (std::size_t k = 0; k < K; ++k) {
                columns.add(scenario_row(k) + static_cast<int>(T + j), -sign);
                if (idle != 0) columns.add(scenario_row(k) + static_cast<int>(T + M + 1), sign * idle);
            }
        }
    for (std::size_t k = 0; k < K; ++k)
        for (std::size_t i = 0; i < T; ++i)
            for (std::size_t j = 0; j < M; ++j) {
                add_ptilde_column(columns, env, scenarios[k], i, j, scenario_row(k));
                obj[ptilde_col(k, i, j)] = p * ptilde_cost(env, scenarios[k], i, j);
            }
    std::vector<double> row_lo(rows, -COIN_DBL_MAX), row_up(rows, COIN_DBL_MAX);
    first_stage_row_bounds(env, row_lo, row_up);
    for (std::size_t k = 0; k < K; ++k) {
        const int r0 = scenario_row(k);
        for (std::size_t i = 0; i < T; ++i) row_up[r0 + i] = scenarios[k].arrival[i];
        for (std::size_t j = 0; j < M; ++j) row_up[r0 + T + j] = env.current[j];
        row_up[r0 + T + M] = clp_bound(env.max_failure_rate);
        row_up[r0 + T + M + 1] = clp_bound(env.max_power - idle_now);
    }
    if (fixed) {
        if (fixed->bought.size() != M || fixed->sold.size() != M)
            throw std::invalid_argument("provisioning: the fixed purchase's sizes differ from the machine types");
        for (std::size_t j = 0; j < M; ++j) {
            if (fixed->sold[j] > purchase_upper_bound(env, j, -1) * (1 + 1e-12))
                throw std::runtime_error("provisioning: the fixed purchase sells more machines of type " +
                                         std::to_string(j + 1) + " than are owned (infeasible)");
            col_lo[j] = col_up[j] = fixed->bought[j];
            col_lo[M + j] = col_up[M + j] = fixed->sold[j];
        }
    }
    ClpSimplex model;
    model.setLogLevel(0);
    const CoinPackedMatrix matrix = columns.matrix(rows);
    model.loadProblem(matrix, col_lo.data(), col_up.data(), obj.data(), row_lo.data(), row_up.data());
    model.setOptimizationDirection(1.0);
    // CLP's automatic choice (presolve, then the simplex it picks): on the E3-sized DEP 2.4 s at 500 scenarios
    // and 146 s at 3,000, against 4.9 s and 248 s for the dual simplex alone, 4.9 s (500) for the primal,
    // 4.3 s for sprint and 143 s for the barrier (bench/bench_tarplee_provisioning.cpp).
    model.initialSolve();
    if (model.isProvenPrimalInfeasible()) throw std::runtime_error("provisioning: the LP is infeasible");
    if (!model.isProvenOptimal()) throw std::runtime_error("provisioning: CLP did not prove optimality");

    const double* x = model.primalColumnSolution();
    Purchase purchase;
    for (std::size_t j = 0; j < M; ++j) {
        purchase.bought.push_back(x[j]);
        purchase.sold.push_back(x[M + j]);
    }
    std::vector<std::vector<std::vector<double>>> schedules(
        K, std::vector<std::vector<double>>(T, std::vector<double>(M)));
    for (std::size_t k = 0; k < K; ++k)
        for (std::size_t i = 0; i < T; ++i)
            for (std::size_t j = 0; j < M; ++j) schedules[k][i][j] = x[ptilde_col(k, i, j)];
    ProvisioningSolution sol = provisioning_solution(env, scenarios, std::move(purchase), std::move(schedules));
    sol.rows = static_cast<std::size_t>(rows);
    sol.columns = cols;
    return sol;
}

double ptilde_cost(const ProvisioningEnvironment& env, const ProvisioningScenario& s, std::size_t i, std::size_t j) {
    const double apc = s.dynamic_power.empty() ? 0 : s.dynamic_power[i][j];
    return -env.w_reward * env.reward[i] / s.etc[i][j] + env.w_failure * value_or(env.failure_rate, j, 0) +
           env.w_power * apc;
}

ProvisioningSolution provisioning_solution(const ProvisioningEnvironment& env,
                                           const std::vector<ProvisioningScenario>& scenarios, Purchase purchase,
                                           std::vector<std::vector<std::vector<double>>> schedules) {
    const std::size_t T = env.task_types, M = env.machine_types, K = scenarios.size();
    const double p = 1.0 / static_cast<double>(K);
    ProvisioningSolution sol;
    double idle_power = 0;
    for (std::size_t j = 0; j < M; ++j) {
        // Clip the simplex's round-off (|x| ~ 1e-15) so that a purchase reads as it is.
        for (double* v : {&purchase.bought[j], &purchase.sold[j]})
            if (std::abs(*v) < 1e-12) *v = 0.0;
        sol.upgrade_cost += env.buy_price[j] * purchase.bought[j] - env.sell_price[j] * purchase.sold[j];
        idle_power += value_or(env.idle_power, j, 0) * (env.current[j] + purchase.bought[j] - purchase.sold[j]);
    }
    sol.purchase = std::move(purchase);
    const double first_stage_objective = env.w_cost * sol.upgrade_cost + env.w_power * idle_power;
    sol.objective = first_stage_objective;
    for (std::size_t k = 0; k < K; ++k) {
        const ProvisioningScenario& s = scenarios[k];
        SteadyState st;
        st.ptilde = std::move(schedules[k]);
        st.power = idle_power;
        double second = 0;
        for (std::size_t i = 0; i < T; ++i)
            for (std::size_t j = 0; j < M; ++j) {
                const double v = std::max(0.0, st.ptilde[i][j]);
                const double apc = s.dynamic_power.empty() ? 0 : s.dynamic_power[i][j];
                st.ptilde[i][j] = v;
                st.reward_rate += env.reward[i] * v / s.etc[i][j];
                st.power += apc * v;
                st.failure_rate += value_or(env.failure_rate, j, 0) * v;
                second += ptilde_cost(env, s, i, j) * v;
            }
        st.objective = first_stage_objective + second;
        sol.objective += p * second;
        sol.expected_reward_rate += p * st.reward_rate;
        sol.expected_power += p * st.power;
        sol.scenarios.push_back(std::move(st));
    }
    return sol;
}

}  // namespace rmsim
