#include "manager/policies/tarplee/provisioning_front.h"

#include <algorithm>
#include <boost/math/distributions/fisher_f.hpp>
#include <cmath>
#include <stdexcept>

#include "manager/policies/tarplee/provisioning_lshaped.h"

namespace rmsim {

std::vector<std::vector<double>> orthogonal_weights(std::size_t objectives, std::size_t steps) {
    if (objectives < 2 || steps < 2) throw std::invalid_argument("orthogonal_weights: needs D >= 2 and steps >= 2");
    const std::size_t D = objectives, dims = D - 1;
    const double delta = std::sqrt(1.0 - 1.0 / static_cast<double>(D));
    std::vector<std::vector<double>> out;
    std::vector<std::size_t> index(dims, 0);
    while (true) {
        // w = (1/D) 1 + sum_k a_k b_k, b_k the k-th Helmert vector.
        std::vector<double> w(D, 1.0 / static_cast<double>(D));
        for (std::size_t k = 1; k <= dims; ++k) {
            const double a = -delta + 2 * delta * static_cast<double>(index[k - 1]) / static_cast<double>(steps - 1);
            const double norm = std::sqrt(static_cast<double>(k * (k + 1)));
            for (std::size_t d = 0; d < k; ++d) w[d] += a / norm;
            w[k] -= a * static_cast<double>(k) / norm;
        }
        if (std::all_of(w.begin(), w.end(), [](double x) { return x >= -1e-12; })) {
            for (double& x : w) x = std::max(0.0, x);
            out.push_back(std::move(w));
        }
        std::size_t d = dims;
        while (d > 0 && ++index[d - 1] == steps) index[--d] = 0;
        if (d == 0) break;
    }
    return out;
}

ConfidenceEllipse confidence_ellipse(const std::vector<double>& xs, const std::vector<double>& ys, double alpha) {
    const std::size_t n = xs.size();
    if (n != ys.size() || n < 3) throw std::invalid_argument("confidence_ellipse: needs n >= 3 paired samples");
    ConfidenceEllipse e;
    e.samples = n;
    const double dn = static_cast<double>(n);
    for (std::size_t k = 0; k < n; ++k) {
        e.mean_x += xs[k] / dn;
        e.mean_y += ys[k] / dn;
    }
    for (std::size_t k = 0; k < n; ++k) {
        const double dx = xs[k] - e.mean_x, dy = ys[k] - e.mean_y;
        e.sxx += dx * dx / (dn - 1);
        e.sxy += dx * dy / (dn - 1);
        e.syy += dy * dy / (dn - 1);
    }
    const double p = 2;
    const boost::math::fisher_f f(p, dn - p);
    e.radius2 = (dn - 1) * p / ((dn - p) * dn) * boost::math::quantile(f, 1 - alpha);
    return e;
}

std::vector<std::pair<double, double>> ConfidenceEllipse::boundary(std::size_t points) const {
    // S = L L^T with L = [[l11, 0], [l21, l22]].
    const double l11 = std::sqrt(std::max(0.0, sxx));
    const double l21 = l11 > 0 ? sxy / l11 : 0.0;
    const double l22 = std::sqrt(std::max(0.0, syy - l21 * l21));
    const double r = std::sqrt(radius2);
    std::vector<std::pair<double, double>> out;
    out.reserve(points);
    const double two_pi = 2 * std::acos(-1.0);
    for (std::size_t k = 0; k < points; ++k) {
        const double t = two_pi * static_cast<double>(k) / static_cast<double>(points);
        const double u = std::cos(t), v = std::sin(t);
        out.emplace_back(mean_x + r * l11 * u, mean_y + r * (l21 * u + l22 * v));
    }
    return out;
}

namespace {

ProvisioningFrontPoint solve_at(ProvisioningEnvironment env, const std::vector<ProvisioningScenario>& scenarios,
                                FrontObjective other, double w_reward, double w_other) {
    env.w_reward = w_reward;
    env.w_power = other == FrontObjective::kPower ? w_other : 0.0;
    env.w_cost = other == FrontObjective::kCost ? w_other : 0.0;
    env.w_failure = 0;
    ProvisioningFrontPoint p;
    p.solution = solve_provisioning_lshaped(env, scenarios).solution;
    p.reward_rate = p.solution.expected_reward_rate;
    p.other = other == FrontObjective::kPower ? p.solution.expected_power : p.solution.upgrade_cost;
    if (scenarios.size() >= 3) {
        std::vector<double> xs, ys;
        for (const SteadyState& s : p.solution.scenarios) {
            xs.push_back(s.reward_rate);
            ys.push_back(other == FrontObjective::kPower ? s.power : p.solution.upgrade_cost);
        }
        p.ellipse = confidence_ellipse(xs, ys);
    }
    return p;
}

bool close(double a, double b) { return std::abs(a - b) <= 1e-9 * std::max({1.0, std::abs(a), std::abs(b)}); }

/// a is at least as good as b in both objectives (more reward, less of the other), within the tolerance.
bool no_worse(const ProvisioningFrontPoint& a, const ProvisioningFrontPoint& b) {
    return (a.reward_rate > b.reward_rate || close(a.reward_rate, b.reward_rate)) &&
           (a.other < b.other || close(a.other, b.other));
}

}  // namespace

std::vector<ProvisioningFrontPoint> provisioning_front(const ProvisioningEnvironment& env,
                                                       const std::vector<ProvisioningScenario>& scenarios,
                                                       FrontObjective other, std::size_t steps) {
    // Eqs. 55-56 with f = (-reward rate, other): q^1 the most reward, q^2 the least of the other.
    const ProvisioningFrontPoint q1 = solve_at(env, scenarios, other, 1, 0);
    const ProvisioningFrontPoint q2 = solve_at(env, scenarios, other, 0, 1);
    const double utopia_reward = std::max(q1.reward_rate, q2.reward_rate);
    const double nadir_reward = std::min(q1.reward_rate, q2.reward_rate);
    const double utopia_other = std::min(q1.other, q2.other), nadir_other = std::max(q1.other, q2.other);
    const double span_reward = utopia_reward - nadir_reward > 0 ? utopia_reward - nadir_reward : 1.0;
    const double span_other = nadir_other - utopia_other > 0 ? nadir_other - utopia_other : 1.0;
    std::vector<ProvisioningFrontPoint> points;
    for (const std::vector<double>& w : orthogonal_weights(2, steps)) {
        // Eq. 59 on Eq. 57: omega_1 (f_1 - n_1) / (n_1 - u_1) + omega_2 (f_2 - n_2) / (n_2 - u_2); the
        // constants do not move the optimum.
        ProvisioningFrontPoint p = solve_at(env, scenarios, other, w[0] / span_reward, w[1] / span_other);
        p.weight_reward = w[0];
        p.weight_other = w[1];
        points.push_back(std::move(p));
    }
    std::vector<ProvisioningFrontPoint> front;
    for (std::size_t a = 0; a < points.size(); ++a) {
        bool drop = false;
        for (std::size_t b = 0; b < points.size() && !drop; ++b) {
            if (a == b || !no_worse(points[b], points[a])) continue;
            const bool same = no_worse(points[a], points[b]);
            drop = !same || b < a;  // dominated, or a repeat of an earlier point
        }
        if (!drop) front.push_back(points[a]);
    }
    std::sort(front.begin(), front.end(), [](const ProvisioningFrontPoint& x, const ProvisioningFrontPoint& y) {
        return x.reward_rate < y.reward_rate;
    });
    return front;
}

}  // namespace rmsim
