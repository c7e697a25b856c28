#include "manager/policies/tarplee/provisioning_lshaped.h"

#include <cmath>
#include <memory>
#include <stdexcept>

#include <ClpSimplex.hpp>

#include "manager/policies/tarplee/provisioning_lp.h"

namespace rmsim {

namespace {

void solve_or_throw(ClpSimplex& m, bool warm, const char* what) {
    if (warm)
        m.dual();
    else
        m.initialSolve();
    if (!m.isProvenOptimal())
        throw std::runtime_error(std::string("provisioning (L-shaped): the ") + what + " is not solved to optimality");
}

/// One scenario's second stage: columns ptilde_ij (i * M + j); rows arrivals (T), utilisation (M), failures,
/// power. Only the utilisation and power rows' right-hand sides change with the purchase.
class SecondStage {
public:
    SecondStage(const ProvisioningEnvironment& env, const ProvisioningScenario& s)
        : T_(env.task_types), M_(env.machine_types) {
        LpColumns columns;
        std::vector<double> obj;
        for (std::size_t i = 0; i < T_; ++i)
            for (std::size_t j = 0; j < M_; ++j) {
                add_ptilde_column(columns, env, s, i, j, 0);
                obj.push_back(ptilde_cost(env, s, i, j));
            }
        const int rows = static_cast<int>(T_ + M_ + 2);
        std::vector<double> lo(T_ * M_, 0.0), up(T_ * M_, COIN_DBL_MAX), row_lo(rows, -COIN_DBL_MAX),
            row_up(rows, COIN_DBL_MAX);
        for (std::size_t i = 0; i < T_; ++i) row_up[i] = s.arrival[i];
        row_up[T_ + M_] = clp_bound(env.max_failure_rate);
        model_.setLogLevel(0);
        const CoinPackedMatrix matrix = columns.matrix(rows);
        model_.loadProblem(matrix, lo.data(), up.data(), obj.data(), row_lo.data(), row_up.data());
    }

    /// Q(x) at machine counts `machines` and power headroom `power` (the right-hand side of 37j); fills `g`
    /// with dQ/d(machines_j) and returns dQ/d(power) through `power_dual`.
    double solve(const std::vector<double>& machines, double power, std::vector<double>& g, double& power_dual) {
        for (std::size_t j = 0; j < M_; ++j) model_.setRowUpper(static_cast<int>(T_ + j), std::max(0.0, machines[j]));
        model_.setRowUpper(static_cast<int>(T_ + M_ + 1), clp_bound(power));
        solve_or_throw(model_, solved_, "second stage");
        solved_ = true;
        const double* y = model_.dualRowSolution();
        g.assign(y + T_, y + T_ + M_);
        power_dual = std::isfinite(power) ? y[T_ + M_ + 1] : 0.0;
        return model_.objectiveValue();
    }

    std::vector<std::vector<double>> schedule() const {
        const double* x = model_.primalColumnSolution();
        std::vector<std::vector<double>> s(T_, std::vector<double>(M_));
        for (std::size_t i = 0; i < T_; ++i)
            for (std::size_t j = 0; j < M_; ++j) s[i][j] = x[i * M_ + j];
        return s;
    }

private:
    std::size_t T_, M_;
    ClpSimplex model_;
    bool solved_ = false;
};

}  // namespace

LShapedSolution solve_provisioning_lshaped(const ProvisioningEnvironment& env,
                                           const std::vector<ProvisioningScenario>& scenarios,
                                           const LShapedOptions& options) {
    env.validate();
    if (env.w_reward < 0 || env.w_failure < 0 || env.w_power < 0)
        throw std::invalid_argument("provisioning (L-shaped): the weights of reward, failures and power must be >= 0");
    const std::size_t T = env.task_types, M = env.machine_types, K = scenarios.size();
    if (K == 0) throw std::invalid_argument("provisioning: no scenario");
    const double p = 1.0 / static_cast<double>(K);
    const double idle_now = current_idle_power(env);
    // The master: M^B_j, M^S_j, theta_k >= the scenario's best conceivable cost (every arrival served, nothing
    // else charged: -w_r sum_i r_i lambda_i), which keeps the first masters bounded.
    const std::size_t cols = 2 * M + K;
    LpColumns columns;
    std::vector<double> lo(cols, 0.0), up(cols, COIN_DBL_MAX), obj(cols, 0.0);
    const bool power_row = std::isfinite(env.max_power) && !env.idle_power.empty();
    const int rows = static_cast<int>(M + 2) + (power_row ? 1 : 0);
    for (int sign : {1, -1})
        for (std::size_t j = 0; j < M; ++j) {
            const double idle = value_or(env.idle_power, j, 0);
            obj[sign > 0 ? j : M + j] = add_purchase_column(columns, env, j, sign);
            up[sign > 0 ? j : M + j] = purchase_upper_bound(env, j, sign);
            if (power_row && idle != 0) columns.add(static_cast<int>(M + 2), sign * idle);
        }
    for (std::size_t k = 0; k < K; ++k) {
        columns.next_column();
        double best = 0;
        for (std::size_t i = 0; i < T; ++i) best -= env.w_reward * env.reward[i] * scenarios[k].arrival[i];
        lo[2 * M + k] = best;
        obj[2 * M + k] = p;
    }
    std::vector<double> row_lo(rows, -COIN_DBL_MAX), row_up(rows, COIN_DBL_MAX);
    first_stage_row_bounds(env, row_lo, row_up);
    if (power_row) row_up[M + 2] = env.max_power - idle_now;  // the idle machines alone within P_max (37j)
    ClpSimplex master;
    master.setLogLevel(0);
    const CoinPackedMatrix matrix = columns.matrix(rows);
    master.loadProblem(matrix, lo.data(), up.data(), obj.data(), row_lo.data(), row_up.data());

    std::vector<std::unique_ptr<SecondStage>> stages;
    for (const ProvisioningScenario& s : scenarios) stages.push_back(std::make_unique<SecondStage>(env, s));
    LShapedSolution out;
    double best_upper = COIN_DBL_MAX;
    Purchase best;
    std::vector<std::vector<std::vector<double>>> best_schedules;
    std::vector<double> g, machines(M);
    std::vector<int> index;
    std::vector<double> coef;
    for (;;) {
        if (out.iterations++ >= options.max_iterations)
            throw std::runtime_error("provisioning (L-shaped): no convergence within the iteration limit");
        solve_or_throw(master, out.iterations > 1, "master");
        const double* x = master.primalColumnSolution();
        out.lower_bound = master.objectiveValue();
        double first = 0, idle = idle_now;
        for (std::size_t j = 0; j < M; ++j) {
            machines[j] = env.current[j] + x[j] - x[M + j];
            first += obj[j] * x[j] + obj[M + j] * x[M + j];
            idle += value_or(env.idle_power, j, 0) * (x[j] - x[M + j]);
        }
        const double headroom = env.max_power - idle;
        double expected = 0;
        std::size_t added = 0;
        std::vector<double> q(K);
        for (std::size_t k = 0; k < K; ++k) {
            double power_dual = 0;
            q[k] = stages[k]->solve(machines, headroom, g, power_dual);
            expected += p * q[k];
            const double theta = x[2 * M + k];
            if (q[k] <= theta + options.tolerance * (1 + std::abs(q[k]))) continue;
            // theta_k - g_B^T M^B - g_S^T M^S >= Q_k(x^) - g^T x^, with dQ/dM^B_j = y_util_j - APC_0j y_power.
            index.clear();
            coef.clear();
            double rhs = q[k];
            for (std::size_t j = 0; j < M; ++j) {
                const double gb = g[j] - value_or(env.idle_power, j, 0) * power_dual;
                if (gb == 0) continue;
                index.push_back(static_cast<int>(j));
                coef.push_back(-gb);
                index.push_back(static_cast<int>(M + j));
                coef.push_back(gb);
                rhs -= gb * (x[j] - x[M + j]);
            }
            index.push_back(static_cast<int>(2 * M + k));
            coef.push_back(1.0);
            master.addRow(static_cast<int>(index.size()), index.data(), coef.data(), rhs, COIN_DBL_MAX);
            ++added;
        }
        const double upper = first + expected;
        if (upper < best_upper) {
            best_upper = upper;
            best.bought.assign(x, x + M);
            best.sold.assign(x + M, x + 2 * M);
            best_schedules.clear();
            for (const auto& s : stages) best_schedules.push_back(s->schedule());
        }
        out.cuts += added;
        if (added == 0 || best_upper - out.lower_bound <= options.tolerance * (1 + std::abs(best_upper))) break;
    }
    out.solution = provisioning_solution(env, scenarios, std::move(best), std::move(best_schedules));
    out.solution.rows = static_cast<std::size_t>(master.numberRows());
    out.solution.columns = cols;
    return out;
}

}  // namespace rmsim
