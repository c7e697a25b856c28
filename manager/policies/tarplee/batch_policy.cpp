#include "manager/policies/tarplee/batch_policy.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <limits>
#include <map>
#include <stdexcept>
#include <string>

#include "manager/decisions.h"
#include "manager/policies/tarplee/allocation_lp.h"
#include "manager/policies/tarplee/convex_bound.h"
#include "manager/policies/tarplee/local_assignment.h"
#include "manager/policies/tarplee/max_profit.h"
#include "manager/policies/tarplee/min_min.h"
#include "manager/policies/tarplee/nsga2.h"
#include "manager/policies/tarplee/rounding.h"
#include "manager/policy_view.h"

namespace rmsim {

namespace {
using Clock = std::chrono::steady_clock;
double since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }
}  // namespace

PolicyTraits BatchAllocationPolicy::traits() const {
    PolicyTraits t;
    t.on_arrival = true;
    t.on_completion = true;
    t.granularity = Granularity::Core;
    t.serial_tasks = true;  // Tarplee Ch.2 §2.2: a bag of serial tasks
    return t;
}

void BatchAllocationPolicy::schedule(const PolicyView& view, Decisions& decide) {
    if (params_.per_event) return plan_event(view, decide);
    if (!planned_ && !plan(view, decide)) return;
    queues_.dispatch(view, decide);
}

namespace {

/// ETC_ij of task t on every cluster (the manager's estimate at P0); throws unless t is serial with a positive
/// time everywhere (Tarplee's bag: every type runs on every machine type).
std::vector<double> etc_row(const PolicyView& view, TaskId t, TaskTypeId type) {
    const std::size_t C = view.cluster_count();
    std::vector<double> row(C);
    for (ClusterId c = 0; c < C; ++c) {
        const SimTime d = view.exec_time(t, c, 0);
        if (view.units_needed(t, c) != 1 || d.is_negative() || d.to_seconds() <= 0)
            throw std::runtime_error("Tarplee batch policies: task type " + std::to_string(type) +
                                     " must be a serial task with a positive time on every cluster");
        row[c] = d.to_seconds();
    }
    return row;
}

}  // namespace

// Per-event mode (BatchParams::per_event): the waiting tasks are a bag (Tarplee Ch.2's model: task types x
// machine types, counts only) over the machines idle now, mapped by the method; each idle machine starts the
// task the method would run on it first. The allocation holds counts, not sequences, so (GAP) that is the
// longest of its tasks for LP-makespan (LPT, Alg. 2) and max-min, the shortest for min-min (the order in which
// min-min fills a machine on its own); ties: the lower type, then the type's earliest task.
void BatchAllocationPolicy::plan_event(const PolicyView& view, Decisions& decide) {
    if (view.waiting().empty()) return;  // a completion with nothing waiting: no machine scan
    const auto t0 = Clock::now();
    const std::size_t C = view.cluster_count();
    // The idle machines of each cluster, ascending: every unit not held by a running or reserved task.
    std::vector<std::vector<bool>> busy(C);
    for (ClusterId c = 0; c < C; ++c) busy[c].assign(view.unit_count(c), false);
    view.for_each_running_or_reserved([&](TaskId t) {
        const TaskRecord& r = view.record(t);
        for (LocalNodeIndex u : r.units) busy[r.cluster][u] = true;
    });
    std::vector<ClusterId> types_of;  // machine type j of the bag -> its cluster (clusters with idle machines)
    std::vector<std::vector<LocalNodeIndex>> idle;
    for (ClusterId c = 0; c < C; ++c) {
        std::vector<LocalNodeIndex> free;
        for (LocalNodeIndex u = 0; u < busy[c].size(); ++u)
            if (!busy[c][u]) free.push_back(u);
        if (free.empty()) continue;
        types_of.push_back(c);
        idle.push_back(std::move(free));
    }
    if (types_of.empty()) return;
    std::map<TaskTypeId, std::vector<TaskId>> by_type;  // ascending ids: arrival order
    for (TaskId t : view.waiting()) by_type[view.task(t).type].push_back(t);
    if (by_type.empty()) return;
    TypeBag bag;
    std::vector<std::vector<TaskId>> tasks_of;
    for (auto& [type, ids] : by_type) {
        std::sort(ids.begin(), ids.end());
        const std::vector<double> row = etc_row(view, ids.front(), type);
        std::vector<double> etc(types_of.size());
        for (std::size_t j = 0; j < types_of.size(); ++j) etc[j] = row[types_of[j]];
        bag.etc.push_back(std::move(etc));
        bag.tasks.push_back(static_cast<Count>(ids.size()));
        tasks_of.push_back(std::move(ids));
    }
    for (const auto& free : idle) bag.machines.push_back(static_cast<Count>(free.size()));
    FullAllocation full;
    if (method_ == BatchMethod::LpMakespan) {
        full = local_assignment_lpt(bag.etc, round_allocation(lp_makespan_bound(bag).mu, bag.tasks), bag.machines);
    } else {
        full = min_min_optimized(bag, method_ == BatchMethod::MinMin ? BatchSelection::MinMin : BatchSelection::MaxMin);
    }
    std::vector<std::size_t> next_of(bag.task_types(), 0);
    const bool shortest_first = method_ == BatchMethod::MinMin;
    for (std::size_t j = 0; j < types_of.size(); ++j) {
        // The order in which the method fills a machine: LPT (Alg. 2) and max-min longest ETC first, min-min
        // shortest first; ties to the lower type.
        std::vector<std::size_t> order(bag.task_types());
        for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
        std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
            return shortest_first ? bag.etc[a][j] < bag.etc[b][j] : bag.etc[a][j] > bag.etc[b][j];
        });
        for (std::size_t k = 0; k < idle[j].size(); ++k)
            for (std::size_t i : order)
                if (full.count(i, j, k) > 0) {
                    decide.start(tasks_of[i][next_of[i]++], types_of[j], {idle[j][k]}, 0);
                    break;
                }
    }
    ++event_plans_;
    event_plan_s_ += since(t0);
}

bool BatchAllocationPolicy::plan(const PolicyView& view, Decisions& decide) {
    std::map<TaskTypeId, std::vector<TaskId>> by_type;  // task type -> its tasks, ascending ids
    std::size_t waiting = 0;
    for (TaskId t : view.waiting()) {
        by_type[view.task(t).type].push_back(t);
        ++waiting;
    }
    if (waiting < view.task_count()) return false;  // a bag: plan once every task is known
    planned_ = true;
    const std::size_t C = view.cluster_count();
    TypeBag bag;
    Matrix apc;
    std::vector<std::vector<TaskId>> tasks_of;
    for (auto& [type, ids] : by_type) {
        std::sort(ids.begin(), ids.end());
        const TaskId t = ids.front();
        const std::vector<double> etc = etc_row(view, t, type);
        std::vector<double> apc_row(C);
        for (ClusterId c = 0; c < C; ++c) apc_row[c] = view.exec_energy(t, c, 0) / etc[c];
        bag.etc.push_back(etc);
        apc.push_back(apc_row);
        bag.tasks.push_back(static_cast<Count>(ids.size()));
        tasks_of.push_back(ids);
    }
    std::vector<double> idle(C);
    for (ClusterId c = 0; c < C; ++c) {
        bag.machines.push_back(view.unit_count(c));
        const PlatformSpec& p = view.platform();
        idle[c] = p.core_types[p.core_type_of(p.clusters[c].node_type, 0)].pstates[0].idle_power_w;
    }

    const auto t0 = Clock::now();
    FullAllocation full;
    if (method_ == BatchMethod::LpMakespan) {
        const LpSolution s = lp_makespan_bound(bag);
        const auto t1 = Clock::now();
        const CountMatrix muhat = round_allocation(s.mu, bag.tasks);
        const auto t2 = Clock::now();
        full = local_assignment_lpt(bag.etc, muhat, bag.machines);
        wall_ = {{"lp_s", std::chrono::duration<double>(t1 - t0).count()},
                 {"rounding_s", std::chrono::duration<double>(t2 - t1).count()},
                 {"local_assignment_s", since(t2)}};
        figures_ = {{"lp_bound_makespan_s", s.makespan},
                    {"rounded_makespan_s", dlt_makespan(bag.etc, muhat, bag.machines)}};
    } else if (method_ == BatchMethod::EnergyFront) {
        full = energy_front(bag, EnergyModel{apc, idle});
    } else if (method_ == BatchMethod::MaxProfit) {
        bool runs = false;
        full = max_profit_allocation(bag, EnergyModel{apc, idle}, runs);
        if (!runs) {  // r* = 0: running the bag never pays; every task is refused
            for (const auto& ids : tasks_of)
                for (TaskId t : ids) decide.reject(t);
            queues_.reset(std::vector<std::size_t>(C, 0));
            return true;
        }
    } else {
        full = min_min_optimized(bag, method_ == BatchMethod::MinMin ? BatchSelection::MinMin : BatchSelection::MaxMin);
        wall_ = {{"allocation_s", since(t0)}};
    }
    figures_.emplace_back("met_bound_makespan_s", met_makespan_bound(bag));
    figures_.emplace_back("predicted_makespan_s", full.makespan());
    figures_.emplace_back("predicted_energy_j", full.energy(bag.etc, apc, idle));
    figures_.emplace_back("task_types", static_cast<double>(bag.task_types()));

    // Per machine: its tasks, longest ETC first (ties: lower type first), the type's tasks in id order.
    std::vector<std::size_t> next_of(bag.task_types(), 0), order(bag.task_types()), units(C);
    for (ClusterId c = 0; c < C; ++c) units[c] = static_cast<std::size_t>(bag.machines[c]);
    queues_.reset(units);
    for (ClusterId c = 0; c < C; ++c) {
        for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
        std::stable_sort(order.begin(), order.end(),
                         [&](std::size_t a, std::size_t b) { return bag.etc[a][c] > bag.etc[b][c]; });
        for (std::size_t k = 0; k < units[c]; ++k)
            for (std::size_t i : order)
                for (Count n = 0; n < full.count(i, c, k); ++n) queues_.push(view, c, k, tasks_of[i][next_of[i]++]);
    }
    return true;
}

void BatchAllocationPolicy::add_front(const std::string& name, const std::vector<FrontPoint>& points) {
    if (pareto_csv_.empty()) pareto_csv_ = "front,point,energy_j,makespan_s\n";
    char line[160];
    for (std::size_t k = 0; k < points.size(); ++k) {
        std::snprintf(line, sizeof line, "%s,%zu,%.17g,%.17g\n", name.c_str(), k, points[k].energy, points[k].makespan);
        pareto_csv_ += line;
    }
}

// Tarplee Ch.3 §3.3: weighted sums, convex fill, recovery; runs the full allocation that minimises
// alpha E + (1 - alpha) MS over the non-dominated ones (objectives normalised by their span).
FullAllocation BatchAllocationPolicy::energy_front(const TypeBag& bag, const EnergyModel& m) {
    const auto t0 = Clock::now();
    WeightedSumStats ws;
    const std::vector<FrontPoint> lower = weighted_sum_front(bag, m, params_.weights, &ws);
    const auto t1 = Clock::now();
    const std::vector<FrontPoint> filled = params_.fill_spacing > 0 ? convex_fill(lower, params_.fill_spacing) : lower;
    const auto t2 = Clock::now();
    std::vector<FrontPoint> fulls;
    for (const FrontPoint& p : filled) fulls.push_back(recover_full(bag, m, p));
    const std::vector<FrontPoint> upper = non_dominated(std::move(fulls));
    const auto t3 = Clock::now();
    double e0 = upper.front().energy, e1 = upper.back().energy, m0 = upper.back().makespan, m1 = upper.front().makespan;
    const double dE = e1 > e0 ? e1 - e0 : 1.0, dM = m1 > m0 ? m1 - m0 : 1.0;
    std::size_t pick = 0;
    double best = std::numeric_limits<double>::infinity();
    for (std::size_t k = 0; k < upper.size(); ++k) {
        const double f = params_.execute_alpha * (upper[k].energy - e0) / dE +
                         (1 - params_.execute_alpha) * (upper[k].makespan - m0) / dM;
        if (f < best - 1e-12) {
            best = f;
            pick = k;
        }
    }
    FullAllocation full;
    recover_full(bag, m, upper[pick], &full);
    add_front("lp_lower_bound", lower);
    if (params_.fill_spacing > 0) add_front("lp_convex_fill", filled);
    add_front("lp_full_allocation", upper);
    // Table 3.1: the areas of several upper bounds against the one LP lower bound, in one box (the nadir of
    // every set).
    // "LP-based" is the full allocations of the weighted-sum points alone; they also seed NSGA-II's
    // seeding 2 (§3.3.3: "the full allocations from LP + local assignment").
    std::vector<std::pair<std::string, std::vector<FrontPoint>>> uppers{{"lp_fill", upper}};
    std::vector<FrontPoint> plain;
    std::vector<FullAllocation> allocations;
    for (const FrontPoint& p : lower) {
        allocations.emplace_back();
        plain.push_back(recover_full(bag, m, p, &allocations.back()));
    }
    const Progression g = solution_progression(bag, m, lower, plain);  // §3.4.3, Fig. 3.6
    uppers.emplace_back("lp", non_dominated(std::move(plain)));
    double nsga_s = 0;
    if (params_.nsga_generations > 0) {
        const auto n0 = Clock::now();
        Nsga2Params np;
        np.population = params_.nsga_population;
        np.generations = params_.nsga_generations;
        np.seed = params_.nsga_seed;
        uppers.emplace_back("nsga2", nsga2_front(bag, m, np, {}));
        uppers.emplace_back("nsga2_seeded", nsga2_front(bag, m, np, allocations));
        add_front("nsga2", uppers[uppers.size() - 2].second);
        add_front("nsga2_seeded", uppers.back().second);
        nsga_s = since(n0);
    }
    add_front("executed", {upper[pick]});
    double ne = 0, nm = 0;
    for (const FrontPoint& p : lower) ne = std::max(ne, p.energy), nm = std::max(nm, p.makespan);
    for (const auto& [name, pts] : uppers)
        for (const FrontPoint& p : pts) ne = std::max(ne, p.energy), nm = std::max(nm, p.makespan);
    wall_ = {{"weighted_sum_s", std::chrono::duration<double>(t1 - t0).count()},
             {"first_lp_s", ws.first_solve_s},
             {"warm_lp_mean_s", ws.warm_solve_mean_s},
             {"convex_fill_s", std::chrono::duration<double>(t2 - t1).count()},
             {"recovery_s", std::chrono::duration<double>(t3 - t2).count()},
             {"nsga2_s", nsga_s}};
    figures_ = {{"lp_solves", static_cast<double>(ws.solves)},
                {"lower_bound_points", static_cast<double>(lower.size())},
                {"filled_points", static_cast<double>(filled.size())},
                {"full_allocations", static_cast<double>(upper.size())},
                {"min_lp_makespan_s", lower.back().makespan},
                {"min_lp_energy_j", lower.front().energy}};
    for (const auto& [name, pts] : uppers)
        figures_.emplace_back("area_" + name + "_mj_s", front_area(lower, pts, ne, nm) / 1e6);
    // The box the areas lie in, from the utopia (the lower bound's minima) to that nadir: a relative area is
    // an area over it (GAP: the paper's normalisation of "relative area", §3.5.2, is not given).
    figures_.emplace_back("area_box_mj_s", (ne - lower.front().energy) * (nm - lower.back().makespan) / 1e6);
    if (params_.tighter_bounds) {
        // Table 3.2: the convex-fill upper bound against the loose (above), the convex (§3.7, Eq. 23) and the
        // exhaustive lower bound (every vertex of the LP front), in the same box.
        const auto b0 = Clock::now();
        ConvexBoundStats cs;
        const std::vector<FrontPoint> convex = convex_outer(lower, &cs);
        const auto b1 = Clock::now();
        WeightedSumStats xs;
        const std::vector<FrontPoint> exact = exhaustive_front(bag, m, &xs);
        const double loose_a = front_area(lower, upper, ne, nm), convex_a = outer_area(convex, upper, ne, nm),
                     exact_a = outer_area(exact, upper, ne, nm);
        check_bound_order(loose_a, convex_a, exact_a);
        figures_.emplace_back("area_fill_convex_mj_s", convex_a / 1e6);
        figures_.emplace_back("area_fill_exhaustive_mj_s", exact_a / 1e6);
        figures_.emplace_back("convex_bound_iterations", static_cast<double>(cs.iterations));
        figures_.emplace_back("exhaustive_front_points", static_cast<double>(exact.size()));
        figures_.emplace_back("exhaustive_lp_solves", static_cast<double>(xs.solves));
        wall_.emplace_back("convex_bound_s", std::chrono::duration<double>(b1 - b0).count());
        wall_.emplace_back("exhaustive_front_s", since(b1));
    }
    for (const auto& [name, count] : {std::pair<const char*, int>{"rounding_makespan_up", g.rounding_makespan_up},
                                      {"rounding_makespan_down", g.rounding_makespan_down},
                                      {"rounding_energy_up", g.rounding_energy_up},
                                      {"rounding_energy_down", g.rounding_energy_down},
                                      {"assignment_makespan_up", g.assignment_makespan_up},
                                      {"assignment_makespan_down", g.assignment_makespan_down},
                                      {"assignment_energy_up", g.assignment_energy_up},
                                      {"assignment_energy_down", g.assignment_energy_down}})
        figures_.emplace_back(std::string("progression_") + name, static_cast<double>(count));
    return full;
}

// Tarplee Ch.4 §4.3-4.5: the Charnes-Cooper LP at price gamma c E_min; beside it, the weighted-sum front
// (when weights > 0) to compare with.
FullAllocation BatchAllocationPolicy::max_profit_allocation(const TypeBag& bag, const EnergyModel& m, bool& runs) {
    const double e_min = min_energy_bound(bag, m);
    const double price = params_.gamma * params_.cost_per_j * e_min;
    const auto t0 = Clock::now();
    const ProfitResult r = max_profit(bag, m, price, params_.cost_per_j, params_.p_max_w);
    wall_ = {{"profit_lp_s", since(t0)}};
    figures_ = {{"price", price},
                {"e_min_j", e_min},
                {"runs", r.runs ? 1.0 : 0.0},
                {"profit_rate_upper_bound", r.upper_bound},
                {"lp_power_w", r.power}};
    runs = r.runs;
    FullAllocation full;
    if (!runs) return full;
    recover_full(bag, m, r.lp, &full);
    figures_.emplace_back("profit_rate_lower_bound", r.lower_bound);
    figures_.emplace_back("predicted_power_w", r.full.energy / r.full.makespan);
    if (params_.weights >= 2) {
        const std::vector<FrontPoint> lower = weighted_sum_front(bag, m, params_.weights);
        std::vector<FrontPoint> fulls;
        for (const FrontPoint& p : lower) fulls.push_back(recover_full(bag, m, p));
        add_front("lp_lower_bound", lower);
        add_front("lp_full_allocation", non_dominated(std::move(fulls)));
    }
    add_front("profit_lp", {r.lp});
    add_front("executed", {r.full});
    return full;
}

void BatchAllocationPolicy::report(PolicyReport& r) const {
    r.figures.insert(r.figures.end(), figures_.begin(), figures_.end());
    r.wall.insert(r.wall.end(), wall_.begin(), wall_.end());
    if (params_.per_event) {
        r.figures.emplace_back("event_plans", static_cast<double>(event_plans_));
        r.wall.emplace_back("event_plans_s", event_plan_s_);
    }
}

}  // namespace rmsim
