#include "manager/policies/tarplee/max_profit.h"

#include <cmath>
#include <limits>
#include <stdexcept>

#include <ClpSimplex.hpp>

#include "manager/policies/tarplee/lp_columns.h"

namespace rmsim {

double profit_rate(double price, double cost_per_j, double energy, double makespan) {
    return (price - cost_per_j * energy) / makespan;
}

double min_energy_bound(const TypeBag& bag, const EnergyModel& m) {
    return minimum_energy(bag, m);  // Tarplee §4.5.1: the minimum itself, not the lexicographic end point
}

// Tarplee Eqs. 30-32 §4.3.
ProfitResult max_profit(const TypeBag& bag, const EnergyModel& m, double price, double cost_per_j, double p_max) {
    bag.validate();
    const std::size_t T = bag.task_types(), M = bag.machine_types();
    const int cols = static_cast<int>(T * M + 1), rows = static_cast<int>(T + M + 1);
    const int r_col = cols - 1, power_row = rows - 1;
    double idle_total = 0;
    for (std::size_t j = 0; j < M; ++j) idle_total += static_cast<double>(bag.machines[j]) * m.idle_power[j];
    LpColumns columns;
    std::vector<double> obj(cols, 0.0);
    for (std::size_t i = 0; i < T; ++i)
        for (std::size_t j = 0; j < M; ++j) {
            columns.next_column();
            const double dyn = bag.etc[i][j] * (m.apc[i][j] - m.idle_power[j]);
            columns.add(static_cast<int>(i), 1.0);  // sum_j z_ij - T_i r = 0
            if (bag.machines[j] > 0)                // F_j r <= 1
                columns.add(static_cast<int>(T + j), bag.etc[i][j] / static_cast<double>(bag.machines[j]));
            columns.add(power_row, dyn);  // Pbar <= P_max
            obj[i * M + j] = -cost_per_j * dyn;
        }
    columns.next_column();  // r
    for (std::size_t i = 0; i < T; ++i) columns.add(static_cast<int>(i), -static_cast<double>(bag.tasks[i]));
    obj[r_col] = price;
    const CoinPackedMatrix matrix = columns.matrix(rows);
    const double inf = kLpInfinity;
    std::vector<double> col_lo(cols, 0.0), col_up = column_upper_bounds(bag, cols), row_lo(rows, -inf),
                                           row_up(rows, 1.0);
    for (std::size_t i = 0; i < T; ++i) row_lo[i] = row_up[i] = 0.0;
    row_up[power_row] = std::isfinite(p_max) ? p_max - idle_total : inf;
    ClpSimplex lp;
    lp.setLogLevel(0);
    lp.loadProblem(matrix, col_lo.data(), col_up.data(), obj.data(), row_lo.data(), row_up.data());
    lp.setOptimizationDirection(-1.0);  // maximise
    lp.primal();
    ProfitResult out;
    if (!lp.isProvenOptimal()) {
        if (lp.isProvenPrimalInfeasible()) return out;  // P_max below the idle power: nothing can run
        throw std::runtime_error("profit LP: CLP did not prove optimality");
    }
    const double* x = lp.getColSolution();
    const double r = x[r_col];
    double dyn = 0;
    for (std::size_t i = 0; i < T; ++i)
        for (std::size_t j = 0; j < M; ++j)
            dyn += std::max(0.0, x[i * M + j]) * bag.etc[i][j] * (m.apc[i][j] - m.idle_power[j]);
    out.power = dyn + idle_total;
    out.upper_bound = price * r - cost_per_j * out.power;
    if (!(r > 1e-15)) return out;
    out.runs = true;
    std::vector<std::vector<double>> mu(T, std::vector<double>(M));
    for (std::size_t i = 0; i < T; ++i)
        for (std::size_t j = 0; j < M; ++j) mu[i][j] = std::max(0.0, x[i * M + j]) / r;
    out.lp = front_point(bag, m, std::move(mu));
    out.full = recover_full(bag, m, out.lp);
    out.lower_bound = profit_rate(price, cost_per_j, out.full.energy, out.full.makespan);
    return out;
}

}  // namespace rmsim
