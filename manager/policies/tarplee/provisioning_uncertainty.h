#pragma once
// Tarplee Ch.5 §5.4: the uncertainty model of execution times and powers. The ETC is factored as
// ETC = eta tau (Eq. 38; eta T x L abstract operations per task, tau L x M seconds per operation) by
// non-negative matrix factorisation, the dynamic energy per operation psi (L x M) by non-negative least squares
// on APC^d .* ETC = eta psi (Eqs. 39-40), and the variances of tau, with all uncertainty in the machines, by
// non-negative least squares on (eta .^ 2) sigma^2 = CoV .^ 2 .* ETC .^ 2 (Eqs. 41-46). A scenario draws tau
// (and the arrival rates) uniformly with those means and variances, capped so that values stay >= 0, and
// rebuilds ETC = eta tau and APC^d = (eta psi) ./ (eta tau). Where the CoVs of eta, tau and psi themselves are
// known (E2, §5.9.3: "the arrival rates, eta, tau and psi are all stochastic ... with a CoV of 100 %"), every
// element of the three is drawn instead (with_direct_cov).
#include <cstdint>
#include <vector>

#include "manager/policies/tarplee/provisioning.h"

namespace rmsim {

using Matrix2 = std::vector<std::vector<double>>;

/// V (n x m, >= 0) ~ W H with W n x k and H k x m >= 0: Lee and Seung's multiplicative updates for the Frobenius
/// norm from a start drawn with `seed`, `iterations` rounds (or until the relative change of the error is below
/// 1e-12). `error` is ||V - W H||_F / ||V||_F.
struct Factorisation {
    Matrix2 w, h;
    double error = 0;
};
Factorisation nnmf(const Matrix2& v, std::size_t k, std::uint64_t seed, std::size_t iterations = 20000);

/// X >= 0 minimising ||A X - B||_F for A (n x k) and B (n x m) >= 0 (multiplicative updates, A fixed).
Matrix2 nonnegative_least_squares(const Matrix2& a, const Matrix2& b, std::size_t iterations = 20000);

struct UncertaintyModel {
    Matrix2 eta;           ///< T x L
    Matrix2 tau;           ///< L x M, the means
    Matrix2 tau_var;       ///< L x M, the variances (sigma^2)
    Matrix2 psi;           ///< L x M (empty: no dynamic power)
    Matrix2 eta_var;       ///< T x L, the variances of eta (empty: eta is not drawn)
    Matrix2 psi_var;       ///< L x M, the variances of psi (empty: psi is not drawn)
    double etc_error = 0;  ///< ||ETC - eta tau||_F / ||ETC||_F
    double apc_error = 0;  ///< ||APC^d - (eta psi) ./ (eta tau)||_F / ||APC^d||_F
    double var_error = 0;  ///< of the variance fit, relative
};

/// Fits the model to the mean ETC (and APC^d, may be empty) with L operations and the CoV of every ETC entry.
UncertaintyModel fit_uncertainty(const Matrix2& etc, const Matrix2& apc, std::size_t operations, const Matrix2& etc_cov,
                                 std::uint64_t seed);

/// The model with every element of eta, tau and psi (where fitted) uncertain with the given CoV, each
/// independent: variance (cov x mean)^2, replacing the fitted variances of tau.
UncertaintyModel with_direct_cov(UncertaintyModel m, double eta_cov, double tau_cov, double psi_cov);

/// K scenarios: per scenario the arrival rates (uniform, CoV `arrival_cov[i]`), then eta element by element
/// where it is uncertain, tau, then psi where it is uncertain (each uniform with its mean and variance,
/// capped), from a std::mt19937_64 seeded with `seed`.
std::vector<ProvisioningScenario> draw_model_scenarios(const UncertaintyModel& m, const std::vector<double>& arrival,
                                                       const std::vector<double>& arrival_cov, std::size_t K,
                                                       std::uint64_t seed);

/// The mean scenario: the mean arrivals, ETC = eta tau, APC^d = (eta psi) ./ (eta tau).
ProvisioningScenario mean_model_scenario(const UncertaintyModel& m, const std::vector<double>& arrival);

}  // namespace rmsim
