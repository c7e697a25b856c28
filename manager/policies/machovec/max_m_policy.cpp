#include "manager/policies/machovec/max_m_policy.h"

#include <limits>
#include <stdexcept>
#include <string>

#include "manager/dropping.h"
#include "manager/policies/baseline/backfill_common.h"
#include "manager/scheduling_context.h"

namespace rmsim {

namespace {

double cores_per_unit(const SchedulingContext& ctx, ClusterId c) {
    return ctx.granularity() == Granularity::Node ? ctx.cores_per_node(c) : 1.0;
}

/// Eq. 1 resources of the task averaged over the clusters that can run it, at P-state 0 (the per-task
/// filter's "average resources per task", GAP); negative if no cluster can run it.
double average_resources(const SchedulingContext& ctx, TaskId t) {
    double sum = 0;
    int n = 0;
    for (ClusterId c = 0; c < ctx.cluster_count(); ++c) {
        const std::uint32_t k = ctx.units_needed(t, c);
        const Seconds d = ctx.exec_time(t, c, 0);
        if (k == 0 || d < 0) continue;
        sum += resources_allocated(d, k * cores_per_unit(ctx, c));
        ++n;
    }
    return n ? sum / n : -1.0;
}

}  // namespace

MaxMPolicy::MaxMPolicy(const MaxMConfig& config) : config_(config), filter_(config.filter, config.leniency) {
    if (!(config.period_s > 0)) throw std::invalid_argument("MaxMPolicy: the event period must be positive");
}

PolicyTraits MaxMPolicy::traits() const {
    PolicyTraits t;
    t.on_arrival = false;   // §3.3.1: mapping events every 60 s only
    t.on_completion = false;
    t.period_s = config_.period_s;
    t.granularity = Granularity::Node;  // §3.2.1: the node is the unit of allocation
    return t;
}

void MaxMPolicy::report(PolicyReport& r) const {
    r.figures.emplace_back("dropped", static_cast<double>(dropped_));
    r.figures.emplace_back("started_now", static_cast<double>(started_));
    r.figures.emplace_back("reservations", static_cast<double>(reserved_));
    if (config_.switching != Switching::None) {
        r.figures.emplace_back("upr_assignments", static_cast<double>(upr_choices_));
        r.figures.emplace_back("upe_assignments", static_cast<double>(upe_choices_));
    }
}

// Machovec Ch.3 §3.3.3: U_ub = utility if the task started now on the cluster with the shortest execution
// time (DERIVED: at P-state 0); below the threshold the task is dropped for good. The threshold is absolute
// (§3.4.4.1: "could no longer earn utility greater than 0.5").
void MaxMPolicy::drop_tasks(SchedulingContext& ctx) {
    // Shared machinery (manager/dropping.h); tasks no cluster can run are rejected.
    dropped_ += drop_below_threshold(ctx, config_.dropping_threshold, true);
}

void MaxMPolicy::begin_filter(const SchedulingContext& ctx, Seconds day_end_s, Joules energy_left_j) {
    if (config_.filter == FilterKind::None) {
        filter_.begin_event(energy_left_j, 0, 0);
        return;
    }
    if (seen_.size() < ctx.task_count()) seen_.resize(ctx.task_count(), 0);
    for (TaskId t : ctx.waiting()) {
        if (seen_[t]) continue;
        seen_[t] = 1;
        const double r = average_resources(ctx, t);
        if (r >= 0) seen_resources_.add(r);
    }
    filter_.begin_event(energy_left_j, resources_remaining(ctx, day_end_s), seen_resources_.mean());
}

// Machovec Ch.3 §3.3.7: for each P-state, the earliest start on the cluster before the end of the day (the
// execution time does not depend on the nodes, so it is also the best of any objective there). Options
// removed by the energy filter (§3.3.8) or earning no utility are left out. Design choice: an option with
// zero utility is never mapped (it would only hold nodes; Ch.4 states the constraint "utility above the
// dropping threshold" explicitly).
void MaxMPolicy::compute_options(const SchedulingContext& ctx, TaskId t, ClusterId c, Seconds day_end_s,
                                 std::vector<std::optional<MaxMOption>>& row) const {
    std::size_t base = 0;
    for (ClusterId i = 0; i < c; ++i) base += ctx.pstate_count(i);
    const std::uint32_t k = ctx.units_needed(t, c);
    for (std::uint32_t p = 0; p < ctx.pstate_count(c); ++p) {
        std::optional<MaxMOption>& slot = row[base + p];
        slot.reset();
        if (k == 0) continue;
        const Seconds d = booked_duration(ctx, t, c, p);
        if (d < 0) continue;
        const auto start = ctx.profile(c).earliest_start(k, d, ctx.now(), day_end_s);
        if (!start) continue;
        const Joules e = ctx.exec_energy(t, c, p);
        const double cores = k * cores_per_unit(ctx, c);
        if (!filter_.keep(e, resources_allocated(d, cores))) continue;
        const double util = ctx.utility_at(t, *start + d);
        if (!(util > 0)) continue;
        slot = MaxMOption{c, p, *start, d, e, util, cores};
    }
}

// Machovec Ch.3 Algorithm 4. Place-holders of the previous event were removed by begin_event() and their
// tasks are waiting again (§3.3.1).
void MaxMPolicy::schedule(SchedulingContext& ctx) {
    const Seconds now = ctx.now();
    const EnergyBudget& budget = ctx.budget();
    const Seconds day_end = period_end(budget, now);

    drop_tasks(ctx);  // §3.3.1 step 1
    // GAP (energy feasibility, §3.3.5): an option is infeasible if its energy exceeds what the period has
    // left, budget - energy committed (consumed + running + reserved); updated after every assignment.
    Joules energy_left = ctx.energy_remaining();  // the shared per-period accounts
    begin_filter(ctx, day_end, energy_left);  // §3.3.1 step 2: budgets fixed for the whole event

    std::vector<TaskId> mappable;
    for (TaskId t : ctx.waiting())
        if (ctx.is_waiting(t)) mappable.push_back(t);
    std::size_t row_size = 0;
    for (ClusterId c = 0; c < ctx.cluster_count(); ++c) row_size += ctx.pstate_count(c);
    std::vector<std::vector<std::optional<MaxMOption>>> options(mappable.size(),
                                                               std::vector<std::optional<MaxMOption>>(row_size));
    for (std::size_t i = 0; i < mappable.size(); ++i)
        for (ClusterId c = 0; c < ctx.cluster_count(); ++c) compute_options(ctx, mappable[i], c, day_end, options[i]);
    std::vector<char> mapped(mappable.size(), 0);

    // §3.3.6 metaheuristics: E_committed (consumed in the period + running + reserved; place-holders were
    // removed at the start of this event, AMBIG B3.8) against the goal curve at now.
    Objective objective = config_.objective;
    Joules committed = 0;
    const Joules goal = ctx.energy_goal(now);
    if (config_.switching != Switching::None) {
        committed = ctx.energy_committed_in_period();
        objective = committed > goal ? Objective::UPE : Objective::UPR;
    }

    for (;;) {
        // Lines 2-5: the best option per task, then the task whose best is highest. GAP (ties): the first
        // found wins, i.e. the lowest cluster and P-state, then the earliest arrival.
        std::size_t best_i = mappable.size();
        const MaxMOption* best = nullptr;
        for (std::size_t i = 0; i < mappable.size(); ++i) {
            if (mapped[i]) continue;
            for (const auto& o : options[i]) {
                if (!o || o->energy_j > energy_left) continue;
                if (!best || o->value(objective) > best->value(objective)) {
                    best = &*o;
                    best_i = i;
                }
            }
        }
        if (!best) break;  // line 1: nothing else can start during this day with the energy left
        const MaxMOption o = *best;
        const TaskId t = mappable[best_i];
        const std::uint32_t k = ctx.units_needed(t, o.cluster);
        std::vector<LocalNodeIndex> nodes = ctx.profile(o.cluster).choose_nodes(k, o.start_s, o.duration_s);
        if (nodes.size() != k)
            throw std::logic_error("MaxMPolicy: no nodes at the earliest start of task " + std::to_string(t));
        // Lines 6-10: start now, else a permanent reservation or a place-holder (§3.3.2).
        if (o.start_s <= now) {
            ctx.start(t, o.cluster, std::move(nodes), o.pstate);
            ++started_;
        } else {
            ctx.reserve(t, o.cluster, std::move(nodes), o.start_s, o.pstate, config_.placeholders);
            ++reserved_;
        }
        energy_left -= o.energy_j;
        mapped[best_i] = 1;  // line 11
        if (config_.switching != Switching::None) {
            ++(objective == Objective::UPE ? upe_choices_ : upr_choices_);
            committed += o.energy_j;
            // Task-Based: once the committed energy reaches the goal, Max UPE for the rest of the event.
            if (config_.switching == Switching::TaskBased && objective == Objective::UPR && committed >= goal)
                objective = Objective::UPE;
        }
        // Only the chosen cluster's profile changed: the options elsewhere stay valid.
        for (std::size_t i = 0; i < mappable.size(); ++i)
            if (!mapped[i]) compute_options(ctx, mappable[i], o.cluster, day_end, options[i]);
    }
}

}  // namespace rmsim
