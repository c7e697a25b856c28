#include "manager/policies/tarplee/provisioning_lp.h"

#include <cmath>

#include <CoinFinite.hpp>

namespace rmsim {

double clp_bound(double v) { return std::isfinite(v) ? v : COIN_DBL_MAX; }

double current_idle_power(const ProvisioningEnvironment& env) {
    double idle = 0;
    for (std::size_t j = 0; j < env.machine_types; ++j) idle += value_or(env.idle_power, j, 0) * env.current[j];
    return idle;
}

double add_purchase_column(LpColumns& columns, const ProvisioningEnvironment& env, std::size_t j, int sign) {
    const std::size_t M = env.machine_types;
    const double idle = value_or(env.idle_power, j, 0);
    columns.next_column();
    columns.add(static_cast<int>(j), sign);
    columns.add(static_cast<int>(M), sign);
    columns.add(static_cast<int>(M + 1), sign > 0 ? env.buy_price[j] : -env.sell_price[j]);
    return sign > 0 ? env.w_cost * env.buy_price[j] + env.w_power * idle
                    : -env.w_cost * env.sell_price[j] - env.w_power * idle;
}

double purchase_upper_bound(const ProvisioningEnvironment& env, std::size_t j, int sign) {
    return sign > 0 ? COIN_DBL_MAX : env.current[j];
}

void first_stage_row_bounds(const ProvisioningEnvironment& env, std::vector<double>& lo, std::vector<double>& up) {
    const std::size_t M = env.machine_types;
    double current_total = 0;
    for (std::size_t j = 0; j < M; ++j) {
        current_total += env.current[j];
        lo[j] = value_or(env.min_machines, j, 0) - env.current[j];
        up[j] = clp_bound(value_or(env.max_machines, j, kNoLimit) - env.current[j]);
    }
    lo[M] = env.total_min - current_total;
    up[M] = clp_bound(env.total_max - current_total);
    up[M + 1] = clp_bound(env.budget);
}

void add_ptilde_column(LpColumns& columns, const ProvisioningEnvironment& env, const ProvisioningScenario& s,
                       std::size_t i, std::size_t j, int r0) {
    const std::size_t T = env.task_types, M = env.machine_types;
    const double nu = value_or(env.failure_rate, j, 0);
    const double apc = s.dynamic_power.empty() ? 0 : s.dynamic_power[i][j];
    columns.next_column();
    columns.add(r0 + static_cast<int>(i), 1.0 / s.etc[i][j]);
    columns.add(r0 + static_cast<int>(T + j), 1.0);
    if (nu != 0) columns.add(r0 + static_cast<int>(T + M), nu);
    if (apc != 0) columns.add(r0 + static_cast<int>(T + M + 1), apc);
}

}  // namespace rmsim
