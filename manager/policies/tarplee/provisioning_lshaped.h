#pragma once
// The recourse problem of Tarplee Ch.5 (provisioning.h) by the L-shaped method (Van Slyke and Wets 1969; the
// decomposition §5.5 names for large deterministic equivalents), multi-cut: a master LP over the first stage
// (M^B, M^S) and one variable theta_k per scenario bounding its second-stage cost from below; each iteration
// solves every scenario's second stage alone at the master's purchase (T + M + 2 rows, T M columns, warm-started
// from its previous basis) and adds to the master the optimality cut
//     theta_k >= Q_k(x^) + g_k^T (x - x^),
// g_k from the duals of the scenario's utilisation rows (37f) and power row (37j), whose right-hand sides are
// the only places the purchase enters. It stops when the master's bound and the best purchase's cost agree to
// `tolerance` (relative), and returns what the DEP returns: the same objective (to that tolerance) and, where
// the optimum is unique, the same purchase.
#include <cstddef>
#include <vector>

#include "manager/policies/tarplee/provisioning.h"

namespace rmsim {

struct LShapedOptions {
    double tolerance = 1e-9;            ///< stop when upper - lower <= tolerance (1 + |upper|)
    std::size_t max_iterations = 1000;  ///< std::runtime_error beyond it
};

struct LShapedSolution {
    ProvisioningSolution solution;  ///< rows, columns: the master's at the end
    std::size_t iterations = 0;
    std::size_t cuts = 0;
    double lower_bound = 0;  ///< the master's objective at the end
};

LShapedSolution solve_provisioning_lshaped(const ProvisioningEnvironment& env,
                                           const std::vector<ProvisioningScenario>& scenarios,
                                           const LShapedOptions& options = {});

}  // namespace rmsim
