#include "manager/policies/tarplee/energy_front.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "manager/policies/tarplee/local_assignment.h"
#include "manager/policies/tarplee/rounding.h"

namespace rmsim {

double lp_energy(const TypeBag& bag, const EnergyModel& m, const std::vector<std::vector<double>>& mu, double ms) {
    double e = 0;
    for (std::size_t j = 0; j < bag.machine_types(); ++j) {
        for (std::size_t i = 0; i < bag.task_types(); ++i)
            e += mu[i][j] * bag.etc[i][j] * (m.apc[i][j] - m.idle_power[j]);
        e += static_cast<double>(bag.machines[j]) * m.idle_power[j] * ms;
    }
    return e;
}

FrontPoint front_point(const TypeBag& bag, const EnergyModel& m, std::vector<std::vector<double>> mu) {
    FrontPoint p;
    p.makespan = dlt_makespan(bag.etc, mu, bag.machines);
    p.energy = lp_energy(bag, m, mu, p.makespan);
    p.mu = std::move(mu);
    return p;
}

namespace {

bool same_objectives(const FrontPoint& a, const FrontPoint& b) {
    auto close = [](double x, double y) { return std::abs(x - y) <= 1e-7 * std::max({1.0, std::abs(x), std::abs(y)}); };
    return close(a.energy, b.energy) && close(a.makespan, b.makespan);
}

/// Eq. 10 as LP costs: E_LB = sum_ij cost_ij mu_ij + ms_cost MS_LB.
void energy_costs(const TypeBag& bag, const EnergyModel& m, std::vector<std::vector<double>>& cost, double& ms_cost) {
    cost.assign(bag.task_types(), std::vector<double>(bag.machine_types()));
    ms_cost = 0;
    for (std::size_t j = 0; j < bag.machine_types(); ++j) {
        for (std::size_t i = 0; i < bag.task_types(); ++i) cost[i][j] = bag.etc[i][j] * (m.apc[i][j] - m.idle_power[j]);
        ms_cost += static_cast<double>(bag.machines[j]) * m.idle_power[j];
    }
}

/// The weighted-sum LP of §3.3.2 (Eq. 18 as LP costs: wE E_LB + wM MS_LB), each solve warm-started from the
/// previous basis, with the wall time of the first (cold) solve kept apart from the warm ones.
class WeightedLp {
public:
    WeightedLp(const TypeBag& bag, const EnergyModel& m) : bag_(bag), m_(m), lp_(bag) {
        if (m.apc.size() != bag.task_types() || m.idle_power.size() != bag.machine_types())
            throw std::invalid_argument("weighted sum: APC / idle power do not match the bag");
        energy_costs(bag, m, ecost_, ems_);
    }

    FrontPoint solve(double wE, double wM) {
        std::vector<std::vector<double>> cost = ecost_;
        for (auto& row : cost)
            for (double& c : row) c *= wE;
        const auto t0 = Clock::now();
        LpSolution s = lp_.minimise(cost, wE * ems_ + wM);
        const double t = std::chrono::duration<double>(Clock::now() - t0).count();
        if (lp_.solves() == 1)
            first_s_ = t;
        else
            warm_total_s_ += t;
        return front_point(bag_, m_, std::move(s.mu));
    }

    /// §3.3.2 step 1, each end lexicographic (spec §4.1 NOTE): min MS_LB, then min E_LB with MS_LB capped at
    /// its minimum; min E_LB, then min MS_LB with E_LB capped. {minimum makespan, minimum energy}: the utopia
    /// and nadir (Eq. 17).
    std::pair<FrontPoint, FrontPoint> lexicographic_ends() {
        constexpr double kSlack = 1e-10;
        const FrontPoint ms_only = solve(0.0, 1.0);
        lp_.cap_makespan(ms_only.makespan * (1 + kSlack));
        FrontPoint ms_lex = solve(1.0, 0.0);
        lp_.cap_makespan(std::numeric_limits<double>::infinity());
        const FrontPoint e_only = solve(1.0, 0.0);
        lp_.cap_objective(ecost_, ems_, e_only.energy * (1 + kSlack) + kSlack);
        FrontPoint e_lex = solve(0.0, 1.0);
        lp_.cap_objective(ecost_, ems_, std::numeric_limits<double>::infinity());
        return {std::move(ms_lex), std::move(e_lex)};
    }

    void report(WeightedSumStats* stats) const {
        if (!stats) return;
        stats->solves = lp_.solves();
        stats->first_solve_s = first_s_;
        stats->warm_solve_mean_s = lp_.solves() > 1 ? warm_total_s_ / (lp_.solves() - 1) : 0;
    }

private:
    using Clock = std::chrono::steady_clock;
    const TypeBag& bag_;
    const EnergyModel& m_;
    AllocationLp lp_;
    std::vector<std::vector<double>> ecost_;
    double ems_ = 0;
    double first_s_ = 0, warm_total_s_ = 0;
};

/// The utopia-nadir span of the lexicographic ends (Eq. 17), never zero.
std::pair<double, double> span(const FrontPoint& ms_lex, const FrontPoint& e_lex) {
    return {std::max(ms_lex.energy - e_lex.energy, 1e-12 * std::max(1.0, e_lex.energy)),
            std::max(e_lex.makespan - ms_lex.makespan, 1e-12 * std::max(1.0, ms_lex.makespan))};
}

}  // namespace

// Tarplee §3.3.2.
std::vector<FrontPoint> weighted_sum_front(const TypeBag& bag, const EnergyModel& m, int weights,
                                           WeightedSumStats* stats) {
    if (weights < 2) throw std::invalid_argument("weighted sum: need at least 2 weights");
    WeightedLp lp(bag, m);
    auto [ms_lex, e_lex] = lp.lexicographic_ends();
    const auto [dE, dM] = span(ms_lex, e_lex);
    // Step 2: alpha from 0 (makespan) to 1 (energy), each solve warm-started from the previous basis; the
    // ends are the lexicographic solutions above.
    std::vector<FrontPoint> front{std::move(ms_lex)};
    for (int k = 1; k + 1 < weights; ++k) {
        const double alpha = static_cast<double>(k) / (weights - 1);
        FrontPoint p = lp.solve(alpha / dE, (1.0 - alpha) / dM);
        if (!same_objectives(p, front.back())) front.push_back(std::move(p));  // step 3: duplicates
    }
    front.push_back(std::move(e_lex));
    lp.report(stats);
    return non_dominated(std::move(front));
}

// Tarplee §3.3.2 step 1 (the energy objective alone).
double minimum_energy(const TypeBag& bag, const EnergyModel& m) {
    WeightedLp lp(bag, m);
    return lp.solve(1.0, 0.0).energy;
}

// Tarplee §3.7, Table 3.2 "exhaustive": every vertex of the LP front (Aneja-Nair's dichotomic scheme).
std::vector<FrontPoint> exhaustive_front(const TypeBag& bag, const EnergyModel& m, WeightedSumStats* stats,
                                         int max_solves) {
    WeightedLp lp(bag, m);
    auto [ms_lex, e_lex] = lp.lexicographic_ends();
    const auto [dE, dM] = span(ms_lex, e_lex);
    const double e0 = e_lex.energy, m0 = ms_lex.makespan;
    // In objectives normalised by the span (Eqs. 19-20): the weight normal to the chord (p, q), p of less
    // energy, and a point's weighted sum.
    auto weight = [&](const FrontPoint& p, const FrontPoint& q) {
        return std::pair<double, double>{(p.makespan - q.makespan) / dM, (q.energy - p.energy) / dE};
    };
    auto value = [&](const std::pair<double, double>& w, const FrontPoint& r) {
        return w.first * (r.energy - e0) / dE + w.second * (r.makespan - m0) / dM;
    };
    std::vector<FrontPoint> front{std::move(e_lex)};
    if (same_objectives(front[0], ms_lex)) {
        lp.report(stats);
        return front;
    }
    // Depth first, the lower-energy side first: `open` holds the right ends of the chords still to examine,
    // front.back() being the left end of the next one.
    std::vector<FrontPoint> open{std::move(ms_lex)};
    int solves = 4;
    while (!open.empty()) {
        const FrontPoint& p = front.back();
        const FrontPoint& q = open.back();
        const std::pair<double, double> w = weight(p, q);
        if (++solves > max_solves) throw std::runtime_error("exhaustive front: more LP solves than max_solves");
        // Eq. 18 with the chord's normal: alpha/dE E + (1 - alpha)/dM MS up to a positive factor.
        FrontPoint r = lp.solve(w.first / dE, w.second / dM);
        const double chord = std::min(value(w, p), value(w, q));
        if (value(w, r) < chord - 1e-9 * (w.first + w.second)) {
            open.push_back(std::move(r));  // a new vertex strictly below the chord: both sides to examine
        } else {
            front.push_back(std::move(open.back()));  // the chord is an edge of the front
            open.pop_back();
        }
    }
    lp.report(stats);
    return non_dominated(std::move(front));
}

// Tarplee Alg. 5 §3.3.4.
std::vector<FrontPoint> convex_fill(const std::vector<FrontPoint>& front, double s) {
    if (!(s > 0)) throw std::invalid_argument("convex fill: spacing must be > 0");
    if (front.size() < 2) return front;
    double e0 = front[0].energy, e1 = front[0].energy, m0 = front[0].makespan, m1 = front[0].makespan;
    for (const FrontPoint& p : front) {
        e0 = std::min(e0, p.energy);
        e1 = std::max(e1, p.energy);
        m0 = std::min(m0, p.makespan);
        m1 = std::max(m1, p.makespan);
    }
    const double dE = e1 > e0 ? e1 - e0 : 1.0, dM = m1 > m0 ? m1 - m0 : 1.0;  // Eqs. 19-20
    std::vector<FrontPoint> out;
    for (std::size_t a = 0; a + 1 < front.size(); ++a) {
        const FrontPoint& xa = front[a];
        const FrontPoint& xb = front[a + 1];
        out.push_back(xa);
        const double d = std::abs(xa.energy - xb.energy) / dE + std::abs(xa.makespan - xb.makespan) / dM;
        const long n = static_cast<long>(std::ceil(d / s - 1e-12)) - 1;
        for (long t = 1; t <= n; ++t) {
            const double lambda = static_cast<double>(t) / static_cast<double>(n + 1);
            FrontPoint x;
            x.mu = xa.mu;
            for (std::size_t i = 0; i < x.mu.size(); ++i)
                for (std::size_t j = 0; j < x.mu[i].size(); ++j)
                    x.mu[i][j] = (1 - lambda) * xa.mu[i][j] + lambda * xb.mu[i][j];
            x.energy = (1 - lambda) * xa.energy + lambda * xb.energy;  // y = C x (§3.2)
            x.makespan = (1 - lambda) * xa.makespan + lambda * xb.makespan;
            out.push_back(std::move(x));
        }
    }
    out.push_back(front.back());
    return out;
}

FrontPoint recover_full(const TypeBag& bag, const EnergyModel& m, const FrontPoint& p, FullAllocation* out) {
    const CountMatrix muhat = round_allocation(p.mu, bag.tasks);
    FullAllocation full = local_assignment_lpt(bag.etc, muhat, bag.machines);
    FrontPoint r;
    r.mu.assign(bag.task_types(), std::vector<double>(bag.machine_types()));
    for (std::size_t i = 0; i < bag.task_types(); ++i)
        for (std::size_t j = 0; j < bag.machine_types(); ++j) r.mu[i][j] = static_cast<double>(muhat[i][j]);
    r.makespan = full.makespan();
    r.energy = full.energy(bag.etc, m.apc, m.idle_power);
    if (out) *out = std::move(full);
    return r;
}

// Tarplee §3.4.3.
Progression solution_progression(const TypeBag& bag, const EnergyModel& m, const std::vector<FrontPoint>& lower,
                                 const std::vector<FrontPoint>& full) {
    if (full.size() != lower.size()) throw std::invalid_argument("solution progression: one full allocation a point");
    // +1 up, -1 down, 0 within 1e-9 relative.
    auto direction = [](double from, double to) {
        if (std::abs(to - from) <= 1e-9 * std::max({1.0, std::abs(from), std::abs(to)})) return 0;
        return to > from ? 1 : -1;
    };
    auto tally = [&](double from, double to, int& up, int& down) {
        const int d = direction(from, to);
        up += d > 0;
        down += d < 0;
    };
    Progression g;
    for (std::size_t k = 0; k < lower.size(); ++k) {
        const FrontPoint& p = lower[k];
        const FrontPoint rounded = front_point(bag, m, full[k].mu);  // the rounded allocation, Eqs. 2 and 10
        ++g.points;
        tally(p.makespan, rounded.makespan, g.rounding_makespan_up, g.rounding_makespan_down);
        tally(p.energy, rounded.energy, g.rounding_energy_up, g.rounding_energy_down);
        tally(rounded.makespan, full[k].makespan, g.assignment_makespan_up, g.assignment_makespan_down);
        tally(rounded.energy, full[k].energy, g.assignment_energy_up, g.assignment_energy_down);
    }
    return g;
}

Progression solution_progression(const TypeBag& bag, const EnergyModel& m, const std::vector<FrontPoint>& lower) {
    std::vector<FrontPoint> full;
    for (const FrontPoint& p : lower) full.push_back(recover_full(bag, m, p));
    return solution_progression(bag, m, lower, full);
}

std::vector<FrontPoint> non_dominated(std::vector<FrontPoint> points) {
    std::stable_sort(points.begin(), points.end(), [](const FrontPoint& a, const FrontPoint& b) {
        return a.energy != b.energy ? a.energy < b.energy : a.makespan < b.makespan;
    });
    std::vector<FrontPoint> out;
    // By energy ascending: kept iff its makespan beats every kept one (by more than 1e-7 relative: solver
    // noise is not a new point).
    for (FrontPoint& p : points)
        if (out.empty() || p.makespan < out.back().makespan - 1e-7 * std::max(1.0, std::abs(out.back().makespan)))
            out.push_back(std::move(p));
    return out;
}

namespace {

/// Intersection of line(a, b) and line(c, d); false if (nearly) parallel.
bool intersect(const FrontPoint& a, const FrontPoint& b, const FrontPoint& c, const FrontPoint& d, FrontPoint& out) {
    const double r_x = b.energy - a.energy, r_y = b.makespan - a.makespan;
    const double s_x = d.energy - c.energy, s_y = d.makespan - c.makespan;
    const double den = r_x * s_y - r_y * s_x;
    if (std::abs(den) <= 1e-12 * (std::abs(r_x * s_y) + std::abs(r_y * s_x))) return false;
    const double t = ((c.energy - a.energy) * s_y - (c.makespan - a.makespan) * s_x) / den;
    out.energy = a.energy + t * r_x;
    out.makespan = a.makespan + t * r_y;
    return true;
}

FrontPoint corner(double energy, double makespan) { return FrontPoint{{}, energy, makespan}; }

}  // namespace

// Spec §4.5 NOTE (inferred from Tarplee Eq. 23e-f and Fig. 3.13).
bool loose_vertex(const std::vector<FrontPoint>& lower, std::size_t k, FrontPoint& x) {
    const long n = static_cast<long>(lower.size());  // N + 1 points y_1..y_{N+1}
    if (k + 1 >= lower.size()) throw std::invalid_argument("loose vertex: no point after the segment's start");
    auto at = [&](long i) {  // 0-based with the sentinels at -1 and N + 1
        if (i < 0) return corner(lower[0].energy, lower[0].makespan + 1);
        if (i >= n) return corner(lower[n - 1].energy + 1, lower[n - 1].makespan);
        return corner(lower[i].energy, lower[i].makespan);
    };
    const long i = static_cast<long>(k);
    return intersect(at(i - 1), at(i), at(i + 1), at(i + 2), x);
}

std::vector<FrontPoint> loose_outer(const std::vector<FrontPoint>& lower) {
    std::vector<FrontPoint> outer;
    for (std::size_t k = 0; k < lower.size(); ++k) {
        outer.push_back(corner(lower[k].energy, lower[k].makespan));
        FrontPoint x;
        if (k + 1 < lower.size() && loose_vertex(lower, k, x)) outer.push_back(x);
    }
    return outer;
}

// Tarplee §3.3.5.
double front_area(const std::vector<FrontPoint>& lower, const std::vector<FrontPoint>& upper) {
    if (lower.empty() || upper.empty()) throw std::invalid_argument("front area: empty front");
    double ne = lower[0].energy, nm = lower[0].makespan;
    for (const auto* set : {&lower, &upper})
        for (const FrontPoint& p : *set) ne = std::max(ne, p.energy), nm = std::max(nm, p.makespan);
    return front_area(lower, upper, ne, nm);
}

double front_area(const std::vector<FrontPoint>& lower, const std::vector<FrontPoint>& upper, double nadir_energy,
                  double nadir_makespan) {
    return outer_area(loose_outer(lower), upper, nadir_energy, nadir_makespan);
}

double outer_area(const std::vector<FrontPoint>& outer, const std::vector<FrontPoint>& upper, double nadir_energy,
                  double nadir_makespan) {
    if (outer.empty() || upper.empty()) throw std::invalid_argument("front area: empty front");
    // The outer polygon closed through the nadir; its area by the shoelace formula.
    std::vector<FrontPoint> poly{corner(outer.front().energy, nadir_makespan)};
    poly.insert(poly.end(), outer.begin(), outer.end());
    poly.push_back(corner(nadir_energy, outer.back().makespan));
    poly.push_back(corner(nadir_energy, nadir_makespan));
    double twice = 0;
    for (std::size_t k = 0; k < poly.size(); ++k) {
        const FrontPoint& p = poly[k];
        const FrontPoint& q = poly[(k + 1) % poly.size()];
        twice += p.energy * q.makespan - q.energy * p.makespan;
    }
    // Inner: the staircase of the full allocations (hypervolume to the nadir).
    double inner = 0, prev = nadir_makespan;
    for (const FrontPoint& p : non_dominated(upper)) {
        inner += (nadir_energy - p.energy) * (prev - p.makespan);
        prev = p.makespan;
    }
    return std::abs(twice) / 2 - inner;
}

}  // namespace rmsim
