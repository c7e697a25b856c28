#include "manager/policies/tarplee/convex_bound.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include <IpIpoptApplication.hpp>
#include <IpSolveStatistics.hpp>
#include <IpTNLP.hpp>

namespace rmsim {

double signed_area(const FrontPoint& a, const FrontPoint& b, const FrontPoint& c) {  // Tarplee Eq. 22
    return 0.5 *
           ((b.energy - a.energy) * (c.makespan - a.makespan) - (b.makespan - a.makespan) * (c.energy - a.energy));
}

namespace {

using Ipopt::Index;
using Ipopt::Number;

struct Xy {
    double x, y;
};

double area(Xy a, Xy b, Xy c) { return 0.5 * ((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)); }

/// area(z_k, b, c) >= 0, linear in z_k (Eqs. 23d-f).
struct HalfPlane {
    int k;
    Xy b, c;
};

/// Tarplee §3.7 Eq. 23 as an Ipopt problem: variables z_k = (x[2k], x[2k+1]), k = 0..N-1, in normalised
/// objectives; Ipopt minimises, so the objective is -(23a). Constraints: first the weak collinearity of each
/// pair (z_k, z_{k+1}) around y_{k+1} with a free point in it (23c), then the half planes (23d-f) of the free
/// points.
class ConvexBoundNlp : public Ipopt::TNLP {
public:
    ConvexBoundNlp(const std::vector<Xy>& y, const std::vector<Xy>& start, const std::vector<bool>& free,
                   const std::vector<Xy>& lo, const std::vector<Xy>& hi)
        : y_(y), start_(start), free_(free), lo_(lo), hi_(hi), z_(start) {
        const int n = static_cast<int>(start.size());
        for (int k = 0; k + 1 < n; ++k)
            if (free_[k] || free_[k + 1]) pairs_.push_back(k);
        for (int k = 0; k < n; ++k) {
            if (!free_[k]) continue;
            planes_.push_back({k, at(k + 1), at(k)});      // upper: area(z_k, y_{k+1}, y_k)
            planes_.push_back({k, at(k - 1), at(k)});      // left: area(z_k, y_{k-1}, y_k)
            planes_.push_back({k, at(k + 1), at(k + 2)});  // bottom: area(z_k, y_{k+1}, y_{k+2})
        }
    }

    const std::vector<Xy>& solution() const { return z_; }

    bool get_nlp_info(Index& n, Index& m, Index& nnz_jac_g, Index& nnz_h_lag, IndexStyleEnum& style) override {
        n = static_cast<Index>(2 * start_.size());
        m = static_cast<Index>(pairs_.size() + planes_.size());
        nnz_jac_g = static_cast<Index>(4 * pairs_.size() + 2 * planes_.size());
        nnz_h_lag = static_cast<Index>(2 * pairs_.size());
        style = C_STYLE;
        return true;
    }

    bool get_bounds_info(Index n, Number* x_l, Number* x_u, Index m, Number* g_l, Number* g_u) override {
        for (std::size_t k = 0; k < start_.size(); ++k) {
            x_l[2 * k] = lo_[k].x;
            x_u[2 * k] = hi_[k].x;
            x_l[2 * k + 1] = lo_[k].y;
            x_u[2 * k + 1] = hi_[k].y;
        }
        for (Index r = 0; r < m; ++r) {
            g_l[r] = 0;
            g_u[r] = 2e19;  // no upper bound (beyond Ipopt's nlp_upper_bound_inf)
        }
        return true;
    }

    bool get_starting_point(Index n, bool init_x, Number* x, bool, Number*, Number*, Index, bool, Number*) override {
        if (!init_x) return false;
        for (std::size_t k = 0; k < start_.size(); ++k) {
            x[2 * k] = start_[k].x;
            x[2 * k + 1] = start_[k].y;
        }
        return true;
    }

    bool eval_f(Index, const Number* x, bool, Number& f) override {
        f = 0;
        for (std::size_t k = 0; k < start_.size(); ++k) f -= area(z(x, k), y_[k + 1], y_[k]);  // -(23a)
        return true;
    }

    bool eval_grad_f(Index, const Number* x, bool, Number* g) override {
        for (std::size_t k = 0; k < start_.size(); ++k) {
            // d area(z, b, c) / dz = ((b_y - c_y) / 2, (c_x - b_x) / 2), b = y_{k+1}, c = y_k.
            g[2 * k] = -0.5 * (y_[k + 1].y - y_[k].y);
            g[2 * k + 1] = -0.5 * (y_[k].x - y_[k + 1].x);
        }
        return true;
    }

    bool eval_g(Index, const Number* x, bool, Index, Number* g) override {
        Index r = 0;
        for (int k : pairs_) g[r++] = area(z(x, k), y_[k + 1], z(x, k + 1));
        for (const HalfPlane& h : planes_) g[r++] = area(z(x, h.k), h.b, h.c);
        return true;
    }

    bool eval_jac_g(Index, const Number* x, bool, Index, Index, Index* row, Index* col, Number* v) override {
        Index r = 0, e = 0;
        for (int k : pairs_) {
            // 2 area(a, p, c) with a = z_k, p = y_{k+1}, c = z_{k+1}: (p_x - a_x)(c_y - a_y) - (p_y - a_y)(c_x - a_x).
            const Index a = 2 * k;
            if (!v) {
                for (Index j = 0; j < 4; ++j, ++e) row[e] = r, col[e] = a + j;
            } else {
                const Xy p = y_[k + 1], za = z(x, k), zc = z(x, k + 1);
                v[e++] = 0.5 * (p.y - zc.y);
                v[e++] = 0.5 * (zc.x - p.x);
                v[e++] = 0.5 * (za.y - p.y);
                v[e++] = 0.5 * (p.x - za.x);
            }
            ++r;
        }
        for (const HalfPlane& h : planes_) {
            if (!v) {
                row[e] = r, col[e++] = 2 * h.k;
                row[e] = r, col[e++] = 2 * h.k + 1;
            } else {
                v[e++] = 0.5 * (h.b.y - h.c.y);
                v[e++] = 0.5 * (h.c.x - h.b.x);
            }
            ++r;
        }
        return true;
    }

    bool eval_h(Index, const Number*, bool, Number, Index, const Number* lambda, bool, Index, Index* row, Index* col,
                Number* v) override {
        // Only the quadratic constraints (23c) have a Hessian: d2/(d a_x d c_y) = -1/2, d2/(d a_y d c_x) = 1/2
        // (R_i of Eq. 25, indefinite); the lower triangle.
        Index e = 0;
        for (std::size_t r = 0; r < pairs_.size(); ++r) {
            const Index a = 2 * pairs_[r];
            if (!v) {
                row[e] = a + 3, col[e++] = a;
                row[e] = a + 2, col[e++] = a + 1;
            } else {
                v[e++] = -0.5 * lambda[r];
                v[e++] = 0.5 * lambda[r];
            }
        }
        return true;
    }

    void finalize_solution(Ipopt::SolverReturn, Index, const Number* x, const Number*, const Number*, Index,
                           const Number*, const Number*, Number, const Ipopt::IpoptData*,
                           Ipopt::IpoptCalculatedQuantities*) override {
        for (std::size_t k = 0; k < z_.size(); ++k) z_[k] = z(x, k);
    }

private:
    static Xy z(const Number* x, std::size_t k) { return {x[2 * k], x[2 * k + 1]}; }
    /// y_{k+1} in the dissertation's numbering (y_ here is 0-based), with the sentinels.
    Xy at(int k) const {
        const int last = static_cast<int>(y_.size()) - 1;
        if (k < 0) return {y_[0].x, y_[0].y + 1};
        if (k > last) return {y_[last].x + 1, y_[last].y};
        return y_[k];
    }

    const std::vector<Xy>& y_;
    std::vector<Xy> start_;
    std::vector<bool> free_;
    std::vector<Xy> lo_, hi_;
    std::vector<Xy> z_;
    std::vector<int> pairs_;
    std::vector<HalfPlane> planes_;
};

/// z moved into triangle (a, b, c) along its barycentric coordinates (negative ones set to 0), if outside.
Xy clamp_to_triangle(Xy z, Xy a, Xy b, Xy c) {
    const double t = area(a, b, c);
    double w[3] = {area(z, b, c) / t, area(a, z, c) / t, area(a, b, z) / t};
    if (w[0] >= 0 && w[1] >= 0 && w[2] >= 0) return z;
    double sum = 0;
    for (double& x : w) sum += (x = std::max(0.0, x));
    return {(w[0] * a.x + w[1] * b.x + w[2] * c.x) / sum, (w[0] * a.y + w[1] * b.y + w[2] * c.y) / sum};
}

}  // namespace

void check_bound_order(double loose, double convex, double exhaustive) {
    auto above = [](double a, double b) { return a >= b - 1e-9 * std::max(std::abs(a), std::abs(b)); };
    if (!above(loose, convex) || !above(convex, exhaustive))
        throw std::logic_error("Tarplee Table 3.2: the areas must be loose >= convex >= exhaustive, got " +
                               std::to_string(loose) + ", " + std::to_string(convex) + ", " +
                               std::to_string(exhaustive));
}

// Tarplee §3.7 Eq. 23.
std::vector<FrontPoint> convex_outer(const std::vector<FrontPoint>& lower, ConvexBoundStats* stats) {
    if (lower.empty()) throw std::invalid_argument("convex bound: empty front");
    if (stats) *stats = ConvexBoundStats{};
    // Normalised objectives (Eqs. 19-20 over the front's own utopia and nadir), for Ipopt's conditioning.
    double e0 = lower[0].energy, e1 = e0, m0 = lower[0].makespan, m1 = m0;
    for (const FrontPoint& p : lower) {
        e0 = std::min(e0, p.energy), e1 = std::max(e1, p.energy);
        m0 = std::min(m0, p.makespan), m1 = std::max(m1, p.makespan);
    }
    const double dE = e1 > e0 ? e1 - e0 : 1.0, dM = m1 > m0 ? m1 - m0 : 1.0;
    auto normal = [&](const FrontPoint& p) { return Xy{(p.energy - e0) / dE, (p.makespan - m0) / dM}; };
    std::vector<Xy> y;
    for (const FrontPoint& p : lower) y.push_back(normal(p));
    const std::size_t N = y.size() - 1;
    // Per segment: the start (the midpoint, §3.7.2), the loose triangle (y_k, x_k, y_{k+1}) containing z_k
    // (23d-f) and its bounding box; a degenerate triangle pins z_k at the midpoint, on the chord.
    std::vector<Xy> start(N), apex(N), lo(N), hi(N);
    std::vector<bool> free(N, false);
    for (std::size_t k = 0; k < N; ++k) {
        start[k] = {(y[k].x + y[k + 1].x) / 2, (y[k].y + y[k + 1].y) / 2};
        FrontPoint x;
        if (loose_vertex(lower, k, x)) {
            apex[k] = normal(x);
            free[k] = area(apex[k], y[k + 1], y[k]) > 1e-12;
        }
        lo[k] = hi[k] = start[k];
        if (free[k]) {
            lo[k] = {std::min({y[k].x, y[k + 1].x, apex[k].x}), std::min({y[k].y, y[k + 1].y, apex[k].y})};
            hi[k] = {std::max({y[k].x, y[k + 1].x, apex[k].x}), std::max({y[k].y, y[k + 1].y, apex[k].y})};
        }
    }
    std::vector<Xy> z = start;
    const int free_points = static_cast<int>(std::count(free.begin(), free.end(), true));
    if (free_points > 0) {
        Ipopt::SmartPtr<ConvexBoundNlp> nlp = new ConvexBoundNlp(y, start, free, lo, hi);
        Ipopt::SmartPtr<Ipopt::IpoptApplication> app = IpoptApplicationFactory();
        app->Options()->SetIntegerValue("print_level", 0);
        app->Options()->SetStringValue("sb", "yes");  // no banner
        app->Options()->SetNumericValue("tol", 1e-10);
        app->Options()->SetIntegerValue("max_iter", 3000);
        // No options file (ipopt.opt in the working directory): the solve depends on its input alone.
        if (app->Initialize("") != Ipopt::Solve_Succeeded) throw std::runtime_error("convex bound: Ipopt init failed");
        const Ipopt::ApplicationReturnStatus st = app->OptimizeTNLP(Ipopt::SmartPtr<Ipopt::TNLP>(GetRawPtr(nlp)));
        const bool ok = st == Ipopt::Solve_Succeeded || st == Ipopt::Solved_To_Acceptable_Level;
        if (stats) {
            stats->status = ok ? (st == Ipopt::Solve_Succeeded ? "Solve_Succeeded" : "Solved_To_Acceptable_Level")
                               : "failed (" + std::to_string(static_cast<int>(st)) + ")";
            if (Ipopt::IsValid(app->Statistics())) stats->iterations = app->Statistics()->IterationCount();
        }
        if (!ok)
            throw std::runtime_error("convex bound (Tarplee §3.7): Ipopt did not converge, status " +
                                     std::to_string(static_cast<int>(st)));
        z = nlp->solution();
        for (std::size_t k = 0; k < N; ++k)
            z[k] = free[k] ? clamp_to_triangle(z[k], y[k], apex[k], y[k + 1]) : start[k];
    }
    std::vector<FrontPoint> outer;
    double objective = 0;
    for (std::size_t k = 0; k <= N; ++k) {
        FrontPoint p;
        p.energy = lower[k].energy;
        p.makespan = lower[k].makespan;
        outer.push_back(p);
        if (k == N) break;
        objective += area(z[k], y[k + 1], y[k]);
        p.energy = e0 + z[k].x * dE;
        p.makespan = m0 + z[k].y * dM;
        outer.push_back(p);
    }
    if (stats) {
        stats->free_points = free_points;
        stats->objective = objective;
    }
    return outer;
}

}  // namespace rmsim
