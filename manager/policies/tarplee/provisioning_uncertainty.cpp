#include "manager/policies/tarplee/provisioning_uncertainty.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <stdexcept>

#include "manager/policies/tarplee/provisioning_study.h"

namespace rmsim {

namespace {

constexpr double kTiny = 1e-300;  // keeps a multiplicative update's denominator positive

Matrix2 zeros(std::size_t n, std::size_t m) { return Matrix2(n, std::vector<double>(m, 0.0)); }

Matrix2 product(const Matrix2& a, const Matrix2& b) {
    Matrix2 c = zeros(a.size(), b.empty() ? 0 : b[0].size());
    for (std::size_t i = 0; i < a.size(); ++i)
        for (std::size_t l = 0; l < b.size(); ++l)
            for (std::size_t j = 0; j < c[i].size(); ++j) c[i][j] += a[i][l] * b[l][j];
    return c;
}

Matrix2 transpose(const Matrix2& a) {
    Matrix2 t = zeros(a.empty() ? 0 : a[0].size(), a.size());
    for (std::size_t i = 0; i < a.size(); ++i)
        for (std::size_t j = 0; j < a[i].size(); ++j) t[j][i] = a[i][j];
    return t;
}

double frobenius(const Matrix2& a) {
    double s = 0;
    for (const auto& row : a)
        for (double x : row) s += x * x;
    return std::sqrt(s);
}

double relative_error(const Matrix2& v, const Matrix2& approx) {
    Matrix2 d = v;
    for (std::size_t i = 0; i < v.size(); ++i)
        for (std::size_t j = 0; j < v[i].size(); ++j) d[i][j] -= approx[i][j];
    const double n = frobenius(v);
    return n > 0 ? frobenius(d) / n : 0.0;
}

/// X <- X .* (A^T B) ./ (A^T A X): one multiplicative update of the factor on the right.
void update_right(const Matrix2& a, const Matrix2& b, Matrix2& x) {
    const Matrix2 at = transpose(a);
    const Matrix2 num = product(at, b), den = product(product(at, a), x);
    for (std::size_t l = 0; l < x.size(); ++l)
        for (std::size_t j = 0; j < x[l].size(); ++j) x[l][j] *= num[l][j] / std::max(den[l][j], kTiny);
}

}  // namespace

Factorisation nnmf(const Matrix2& v, std::size_t k, std::uint64_t seed, std::size_t iterations) {
    if (v.empty() || v[0].empty() || k == 0) throw std::invalid_argument("nnmf: an empty matrix or rank 0");
    const std::size_t n = v.size(), m = v[0].size();
    double mean = 0;
    for (const auto& row : v)
        for (double x : row) {
            if (x < 0) throw std::invalid_argument("nnmf: a negative entry");
            mean += x / static_cast<double>(n * m);
        }
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> u(0.5, 1.5);
    const double scale = std::sqrt(mean / static_cast<double>(k));
    Factorisation f{zeros(n, k), zeros(k, m), 0};
    for (auto& row : f.w)
        for (double& x : row) x = scale * u(rng);
    for (auto& row : f.h)
        for (double& x : row) x = scale * u(rng);
    double last = std::numeric_limits<double>::infinity();
    for (std::size_t it = 0; it < iterations; ++it) {
        update_right(f.w, v, f.h);
        // W <- W .* (V H^T) ./ (W H H^T): the same update on the transposed problem.
        Matrix2 wt = transpose(f.w);
        update_right(transpose(f.h), transpose(v), wt);
        f.w = transpose(wt);
        if (it % 100 == 99) {
            const double e = relative_error(v, product(f.w, f.h));
            if (std::abs(last - e) <= 1e-12 * std::max(e, 1e-300)) break;
            last = e;
        }
    }
    f.error = relative_error(v, product(f.w, f.h));
    return f;
}

Matrix2 nonnegative_least_squares(const Matrix2& a, const Matrix2& b, std::size_t iterations) {
    Matrix2 x = zeros(a.empty() ? 0 : a[0].size(), b.empty() ? 0 : b[0].size());
    for (auto& row : x)
        for (double& v : row) v = 1.0;
    for (std::size_t it = 0; it < iterations; ++it) update_right(a, b, x);
    return x;
}

UncertaintyModel fit_uncertainty(const Matrix2& etc, const Matrix2& apc, std::size_t operations, const Matrix2& etc_cov,
                                 std::uint64_t seed) {
    UncertaintyModel m;
    const Factorisation f = nnmf(etc, operations, seed);
    m.eta = f.w;
    m.tau = f.h;
    m.etc_error = f.error;
    const std::size_t T = etc.size(), M = etc[0].size();
    // (eta .^ 2) sigma^2 = CoV .^ 2 .* ETC .^ 2 (Eq. 46).
    Matrix2 eta2 = m.eta, target = zeros(T, M);
    for (auto& row : eta2)
        for (double& x : row) x *= x;
    for (std::size_t i = 0; i < T; ++i)
        for (std::size_t j = 0; j < M; ++j) target[i][j] = std::pow(etc_cov[i][j] * etc[i][j], 2);
    m.tau_var = nonnegative_least_squares(eta2, target);
    m.var_error = relative_error(target, product(eta2, m.tau_var));
    if (!apc.empty()) {
        // APC^d .* ETC = eta psi (Eqs. 39-40): the dynamic energy of a task, per operation.
        Matrix2 energy = zeros(T, M);
        for (std::size_t i = 0; i < T; ++i)
            for (std::size_t j = 0; j < M; ++j) energy[i][j] = apc[i][j] * etc[i][j];
        m.psi = nonnegative_least_squares(m.eta, energy);
        const Matrix2 e = product(m.eta, m.psi), t = product(m.eta, m.tau);
        Matrix2 fitted = zeros(T, M);
        for (std::size_t i = 0; i < T; ++i)
            for (std::size_t j = 0; j < M; ++j) fitted[i][j] = e[i][j] / std::max(t[i][j], kTiny);
        m.apc_error = relative_error(apc, fitted);
    }
    return m;
}

namespace {

ProvisioningScenario scenario_of(const Matrix2& eta, const Matrix2& tau, const Matrix2& psi,
                                 std::vector<double> arrival) {
    ProvisioningScenario s;
    s.arrival = std::move(arrival);
    s.etc = product(eta, tau);
    if (!psi.empty()) {
        const Matrix2 e = product(eta, psi);
        s.dynamic_power = e;
        for (std::size_t i = 0; i < e.size(); ++i)
            for (std::size_t j = 0; j < e[i].size(); ++j) s.dynamic_power[i][j] = e[i][j] / s.etc[i][j];
    }
    return s;
}

/// Each element of `mean` uniform with the variance of the same element of `var` (capped, §5.4.3).
Matrix2 draw_matrix(const Matrix2& mean, const Matrix2& var, std::mt19937_64& rng) {
    Matrix2 x = mean;
    for (std::size_t r = 0; r < x.size(); ++r)
        for (std::size_t c = 0; c < x[r].size(); ++c)
            x[r][c] = draw_uniform(mean[r][c], mean[r][c] > 0 ? std::sqrt(var[r][c]) / mean[r][c] : 0.0, rng);
    return x;
}

Matrix2 variance_of(const Matrix2& mean, double cov) {
    Matrix2 v = mean;
    for (auto& row : v)
        for (double& x : row) x = (cov * x) * (cov * x);
    return v;
}

}  // namespace

UncertaintyModel with_direct_cov(UncertaintyModel m, double eta_cov, double tau_cov, double psi_cov) {
    m.eta_var = variance_of(m.eta, eta_cov);
    m.tau_var = variance_of(m.tau, tau_cov);
    m.psi_var = m.psi.empty() ? Matrix2{} : variance_of(m.psi, psi_cov);
    return m;
}

ProvisioningScenario mean_model_scenario(const UncertaintyModel& m, const std::vector<double>& arrival) {
    return scenario_of(m.eta, m.tau, m.psi, arrival);
}

std::vector<ProvisioningScenario> draw_model_scenarios(const UncertaintyModel& m, const std::vector<double>& arrival,
                                                       const std::vector<double>& arrival_cov, std::size_t K,
                                                       std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::vector<ProvisioningScenario> out;
    out.reserve(K);
    for (std::size_t k = 0; k < K; ++k) {
        std::vector<double> a(arrival.size());
        for (std::size_t i = 0; i < a.size(); ++i) a[i] = draw_uniform(arrival[i], arrival_cov[i], rng);
        const Matrix2 eta = m.eta_var.empty() ? m.eta : draw_matrix(m.eta, m.eta_var, rng);
        const Matrix2 tau = draw_matrix(m.tau, m.tau_var, rng);
        const Matrix2 psi = m.psi_var.empty() ? m.psi : draw_matrix(m.psi, m.psi_var, rng);
        out.push_back(scenario_of(eta, tau, psi, std::move(a)));
    }
    return out;
}

}  // namespace rmsim
