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

/// The objective of Eq. 18 as LP costs: wE E_LB + wM MS_LB.
LpSolution solve_weighted(AllocationLp& lp, const TypeBag& bag, const EnergyModel& m, double wE, double wM) {
    std::vector<std::vector<double>> cost;
    double ms_cost = 0;
    energy_costs(bag, m, cost, ms_cost);
    for (auto& row : cost)
        for (double& c : row) c *= wE;
    return lp.minimise(cost, wE * ms_cost + wM);
}

}  // namespace

// Tarplee §3.3.2.
std::vector<FrontPoint> weighted_sum_front(const TypeBag& bag, const EnergyModel& m, int weights,
                                           WeightedSumStats* stats) {
    if (weights < 2) throw std::invalid_argument("weighted sum: need at least 2 weights");
    if (m.apc.size() != bag.task_types() || m.idle_power.size() != bag.machine_types())
        throw std::invalid_argument("weighted sum: APC / idle power do not match the bag");
    using Clock = std::chrono::steady_clock;
    AllocationLp lp(bag);
    double warm_total = 0;
    auto timed = [&](double wE, double wM) {
        const auto t0 = Clock::now();
        LpSolution s = solve_weighted(lp, bag, m, wE, wM);
        const double t = std::chrono::duration<double>(Clock::now() - t0).count();
        if (lp.solves() == 1) {
            if (stats) stats->first_solve_s = t;
        } else {
            warm_total += t;
        }
        return front_point(bag, m, std::move(s.mu));
    };
    // Step 1: the single-objective solutions, each lexicographic (spec §4.1 NOTE): min MS_LB, then min E_LB
    // with MS_LB capped at its minimum; min E_LB, then min MS_LB with E_LB capped. Utopia and nadir (Eq. 17).
    std::vector<std::vector<double>> ecost;
    double ems = 0;
    energy_costs(bag, m, ecost, ems);
    constexpr double kSlack = 1e-10;
    const FrontPoint ms_only = timed(0.0, 1.0);
    lp.cap_makespan(ms_only.makespan * (1 + kSlack));
    const FrontPoint ms_lex = timed(1.0, 0.0);
    lp.cap_makespan(std::numeric_limits<double>::infinity());
    const FrontPoint e_only = timed(1.0, 0.0);
    lp.cap_objective(ecost, ems, e_only.energy * (1 + kSlack) + kSlack);
    const FrontPoint e_lex = timed(0.0, 1.0);
    lp.cap_objective(ecost, ems, std::numeric_limits<double>::infinity());
    const double dE = std::max(ms_lex.energy - e_lex.energy, 1e-12 * std::max(1.0, e_lex.energy));
    const double dM = std::max(e_lex.makespan - ms_lex.makespan, 1e-12 * std::max(1.0, ms_lex.makespan));
    // Step 2: alpha from 0 (makespan) to 1 (energy), each solve warm-started from the previous basis; the
    // ends are the lexicographic solutions above.
    std::vector<FrontPoint> front{ms_lex};
    for (int k = 1; k + 1 < weights; ++k) {
        const double alpha = static_cast<double>(k) / (weights - 1);
        FrontPoint p = timed(alpha / dE, (1.0 - alpha) / dM);
        if (!same_objectives(p, front.back())) front.push_back(std::move(p));  // step 3: duplicates
    }
    front.push_back(e_lex);
    front = non_dominated(std::move(front));
    if (stats) {
        stats->solves = lp.solves();
        stats->warm_solve_mean_s = lp.solves() > 1 ? warm_total / (lp.solves() - 1) : 0;
    }
    return front;
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

struct Pt {
    double x, y;
};

/// Intersection of line(a, b) and line(c, d); false if (nearly) parallel.
bool intersect(Pt a, Pt b, Pt c, Pt d, Pt& out) {
    const double r_x = b.x - a.x, r_y = b.y - a.y, s_x = d.x - c.x, s_y = d.y - c.y;
    const double den = r_x * s_y - r_y * s_x;
    if (std::abs(den) <= 1e-12 * (std::abs(r_x * s_y) + std::abs(r_y * s_x))) return false;
    const double t = ((c.x - a.x) * s_y - (c.y - a.y) * s_x) / den;
    out = {a.x + t * r_x, a.y + t * r_y};
    return true;
}

double shoelace(const std::vector<Pt>& poly) {
    double a = 0;
    for (std::size_t k = 0; k < poly.size(); ++k) {
        const Pt& p = poly[k];
        const Pt& q = poly[(k + 1) % poly.size()];
        a += p.x * q.y - q.x * p.y;
    }
    return std::abs(a) / 2;
}

}  // namespace

// Tarplee §3.3.5.
double front_area(const std::vector<FrontPoint>& lower, const std::vector<FrontPoint>& upper) {
    if (lower.empty() || upper.empty()) throw std::invalid_argument("front area: empty front");
    Pt nadir{lower[0].energy, lower[0].makespan};
    for (const auto* set : {&lower, &upper})
        for (const FrontPoint& p : *set) nadir = {std::max(nadir.x, p.energy), std::max(nadir.y, p.makespan)};
    return front_area(lower, upper, nadir.x, nadir.y);
}

double front_area(const std::vector<FrontPoint>& lower, const std::vector<FrontPoint>& upper, double nadir_energy,
                  double nadir_makespan) {
    if (lower.empty() || upper.empty()) throw std::invalid_argument("front area: empty front");
    const Pt nadir{nadir_energy, nadir_makespan};
    // Outer polygon (lower bound) closed through the nadir.
    std::vector<Pt> y;
    for (const FrontPoint& p : lower) y.push_back({p.energy, p.makespan});
    const std::size_t N1 = y.size();  // N + 1 points y_1..y_{N+1}
    auto at = [&](long k) -> Pt {     // 0-based with the sentinels at -1 and N + 1
        if (k < 0) return {y[0].x, y[0].y + 1};
        if (k >= static_cast<long>(N1)) return {y[N1 - 1].x + 1, y[N1 - 1].y};
        return y[static_cast<std::size_t>(k)];
    };
    std::vector<Pt> outer{{y[0].x, nadir.y}};
    for (std::size_t k = 0; k < N1; ++k) {
        outer.push_back(y[k]);
        Pt x;
        if (k + 1 < N1 && intersect(at(long(k) - 1), at(long(k)), at(long(k) + 1), at(long(k) + 2), x))
            outer.push_back(x);
    }
    outer.push_back({nadir.x, y[N1 - 1].y});
    outer.push_back(nadir);
    // Inner: the staircase of the full allocations (hypervolume to the nadir).
    const std::vector<FrontPoint> up = non_dominated(upper);
    double inner = 0, prev = nadir.y;
    for (const FrontPoint& p : up) {
        inner += (nadir.x - p.energy) * (prev - p.makespan);
        prev = p.makespan;
    }
    return shoelace(outer) - inner;
}

}  // namespace rmsim
