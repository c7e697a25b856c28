#include "manager/policies/tarplee/allocation_lp.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include <ClpSimplex.hpp>

#include "manager/policies/tarplee/lp_columns.h"

namespace rmsim {

AllocationLp::AllocationLp(const TypeBag& bag)
    : T_(bag.task_types()), M_(bag.machine_types()), machines_(bag.machines), etc_(bag.etc) {
    bag.validate();
    const int cols = static_cast<int>(T_ * M_ + 1);
    const int rows = static_cast<int>(T_ + M_);
    const int ms = cols - 1;
    // Column-major: mu_ij (column i*M + j) appears in row i (assignment) and row T + j (makespan of type j).
    LpColumns columns;
    for (std::size_t i = 0; i < T_; ++i)
        for (std::size_t j = 0; j < M_; ++j) {
            columns.next_column();
            columns.add(static_cast<int>(i), 1.0);
            if (machines_[j] > 0) columns.add(static_cast<int>(T_ + j), etc_[i][j] / static_cast<double>(machines_[j]));
        }
    columns.next_column();  // MS_LB
    for (std::size_t j = 0; j < M_; ++j) columns.add(static_cast<int>(T_ + j), -1.0);
    const CoinPackedMatrix matrix = columns.matrix(rows);

    const double inf = kLpInfinity;
    std::vector<double> col_lo(cols, 0.0), col_up = column_upper_bounds(bag, cols), obj(cols, 0.0), row_lo(rows),
                                           row_up(rows);
    obj[ms] = 1.0;
    for (std::size_t i = 0; i < T_; ++i) row_lo[i] = row_up[i] = static_cast<double>(bag.tasks[i]);
    for (std::size_t j = 0; j < M_; ++j) {
        row_lo[T_ + j] = -inf;
        row_up[T_ + j] = 0.0;
    }
    model_ = std::make_unique<ClpSimplex>();
    model_->setLogLevel(0);
    model_->loadProblem(matrix, col_lo.data(), col_up.data(), obj.data(), row_lo.data(), row_up.data());
    model_->setOptimizationDirection(1.0);
}

AllocationLp::~AllocationLp() = default;

LpSolution AllocationLp::minimise(const std::vector<std::vector<double>>& mu_cost, double ms_cost) {
    if (mu_cost.size() != T_) throw std::invalid_argument("allocation LP: cost rows != task types");
    std::vector<double> obj(T_ * M_ + 1);
    for (std::size_t i = 0; i < T_; ++i) {
        if (mu_cost[i].size() != M_) throw std::invalid_argument("allocation LP: cost columns != machine types");
        std::copy(mu_cost[i].begin(), mu_cost[i].end(), obj.begin() + static_cast<std::ptrdiff_t>(i * M_));
    }
    obj[T_ * M_] = ms_cost;
    model_->chgObjCoefficients(obj.data());
    // Primal simplex: after an objective change the previous basis stays primal feasible (§3.3.2).
    model_->primal();
    ++solves_;
    if (!model_->isProvenOptimal()) throw std::runtime_error("allocation LP: CLP did not prove optimality");
    return solution();
}

LpSolution AllocationLp::minimise_makespan() {
    return minimise(std::vector<std::vector<double>>(T_, std::vector<double>(M_, 0.0)), 1.0);
}

void AllocationLp::cap_makespan(double cap) {
    model_->setColumnUpper(static_cast<int>(T_ * M_), std::isfinite(cap) ? cap : COIN_DBL_MAX);
}

void AllocationLp::cap_objective(const std::vector<std::vector<double>>& cost, double ms_cost, double cap) {
    const double upper = std::isfinite(cap) ? cap : COIN_DBL_MAX;
    if (!has_cap_row_) {
        std::vector<int> cols;
        std::vector<double> coef;
        for (std::size_t i = 0; i < T_; ++i)
            for (std::size_t j = 0; j < M_; ++j)
                if (cost[i][j] != 0) {
                    cols.push_back(static_cast<int>(i * M_ + j));
                    coef.push_back(cost[i][j]);
                }
        if (ms_cost != 0) {
            cols.push_back(static_cast<int>(T_ * M_));
            coef.push_back(ms_cost);
        }
        model_->addRow(static_cast<int>(cols.size()), cols.data(), coef.data(), -COIN_DBL_MAX, upper);
        has_cap_row_ = true;
        return;
    }
    model_->setRowUpper(static_cast<int>(T_ + M_), upper);
}

LpSolution AllocationLp::solution() const {
    const double* x = model_->getColSolution();
    LpSolution s;
    s.mu.assign(T_, std::vector<double>(M_, 0.0));
    for (std::size_t i = 0; i < T_; ++i)
        for (std::size_t j = 0; j < M_; ++j) s.mu[i][j] = std::max(0.0, x[i * M_ + j]);
    s.makespan = dlt_makespan(etc_, s.mu, machines_);
    return s;
}

LpSolution lp_makespan_bound(const TypeBag& bag) {
    AllocationLp lp(bag);
    return lp.minimise_makespan();
}

double met_makespan_bound(const TypeBag& bag) {
    bag.validate();
    const Count machines = bag.total_machines();
    if (machines == 0) return 0;
    double work = 0;
    for (std::size_t i = 0; i < bag.task_types(); ++i) {
        double best = std::numeric_limits<double>::infinity();
        for (std::size_t j = 0; j < bag.machine_types(); ++j)
            if (bag.machines[j] > 0) best = std::min(best, bag.etc[i][j]);
        if (bag.tasks[i] > 0) work += static_cast<double>(bag.tasks[i]) * best;
    }
    return work / static_cast<double>(machines);
}

}  // namespace rmsim
