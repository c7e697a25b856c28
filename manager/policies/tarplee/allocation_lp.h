#pragma once
// The LP over task types x machine types shared by Tarplee Ch.2 and Ch.3 (COIN-OR CLP, primal simplex, as in
// the dissertation §2.2.2 / §3.3.2): variables mu_ij >= 0 (tasks of type i on machine type j) and MS_LB;
//   for all i:  sum_j mu_ij = T_i                      (every task assigned)
//   for all j:  (1/M_j) sum_i mu_ij ETC_ij <= MS_LB    (F_j <= MS_LB, Eqs. 1-2)
// The constraints never change; only the objective does (a weighted sum, Eq. 18), so the model is kept and
// each re-solve warm-starts the primal simplex from the previous basis (§3.3.2).
// A machine type with M_j = 0 takes no task: its mu_ij are fixed at 0 (§2.2.2 removes the column).
#include <memory>
#include <vector>

#include "manager/policies/tarplee/type_bag.h"

class ClpSimplex;

namespace rmsim {

struct LpSolution {
    std::vector<std::vector<double>> mu;  ///< [task type][machine type], >= 0, rows sum to T_i
    double makespan = 0;                  ///< MS_LB at the optimum (Eq. 2 of mu)
};

class AllocationLp {
public:
    explicit AllocationLp(const TypeBag& bag);
    ~AllocationLp();
    AllocationLp(const AllocationLp&) = delete;
    AllocationLp& operator=(const AllocationLp&) = delete;

    /// Minimise sum_ij mu_cost[i][j] mu_ij + ms_cost MS_LB. The first call solves from scratch, later calls
    /// warm-start from the previous basis. std::runtime_error if CLP does not prove optimality.
    LpSolution minimise(const std::vector<std::vector<double>>& mu_cost, double ms_cost);
    /// Eq. 3: minimise MS_LB alone (the LP-makespan lower bound).
    LpSolution minimise_makespan();
    /// MS_LB <= cap (infinity: no cap): the second stage of a lexicographic solve.
    void cap_makespan(double cap);
    /// sum_ij cost_ij mu_ij + ms_cost MS_LB <= cap (infinity: no cap), one extra row added at the first call
    /// (the same coefficients at every later call): the second stage of a lexicographic solve on a weighted
    /// objective such as energy.
    void cap_objective(const std::vector<std::vector<double>>& cost, double ms_cost, double cap);

    std::size_t task_types() const { return T_; }
    std::size_t machine_types() const { return M_; }
    int solves() const { return solves_; }

private:
    LpSolution solution() const;
    std::size_t T_, M_;
    std::vector<Count> machines_;
    const Matrix etc_;
    std::unique_ptr<ClpSimplex> model_;
    int solves_ = 0;
    bool has_cap_row_ = false;
};

/// Eq. 3 solved once: the LP lower bound on the makespan and its allocation mu*.
LpSolution lp_makespan_bound(const TypeBag& bag);

/// Eq. 6: the MET lower bound (sum_i T_i min_j ETC_ij) / (sum_j M_j), over types with M_j > 0.
double met_makespan_bound(const TypeBag& bag);

}  // namespace rmsim
