#include "manager/policies/machovec/max_m_policy.h"

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <string>

#include "manager/decisions.h"
#include "manager/dropping.h"
#include "manager/policies/baseline/backfill_common.h"
#include "manager/policy_view.h"

namespace rmsim {

namespace {

double cores_per_unit(const PolicyView& view, ClusterId c) {
    return view.granularity() == Granularity::Node ? view.cores_per_node(c) : 1.0;
}

/// Eq. 1 resources of the task averaged over the clusters that can run it, at P-state 0 (the per-task
/// filter's "average resources per task", GAP); negative if no cluster can run it.
double average_resources(const PolicyView& view, TaskId t) {
    double sum = 0;
    int n = 0;
    for (ClusterId c = 0; c < view.cluster_count(); ++c) {
        const std::uint32_t k = view.units_needed(t, c);
        const SimTime d = view.exec_time(t, c, 0);
        if (k == 0 || d.is_negative()) continue;
        sum += resources_allocated(d.to_seconds(), k * cores_per_unit(view, c));
        ++n;
    }
    return n ? sum / n : -1.0;
}

}  // namespace

MaxMPolicy::MaxMPolicy(const MaxMConfig& config) : config_(config), filter_(config.filter, config.leniency) {
    if (!(config.period > SimTime())) throw std::invalid_argument("MaxMPolicy: the event period must be positive");
}

PolicyTraits MaxMPolicy::traits() const {
    PolicyTraits t;
    t.on_arrival = false;  // §3.3.1: mapping events every 60 s only
    t.on_completion = false;
    t.period = config_.period;
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
std::vector<TaskId> MaxMPolicy::scan_waiting(const PolicyView& view, Decisions& decide) {
    const bool filtering = config_.filter != FilterKind::None;
    if (filtering && seen_.size() < view.task_count()) seen_.resize(view.task_count(), 0);
    std::size_t row_size = 0;
    for (ClusterId c = 0; c < view.cluster_count(); ++c) row_size += view.pstate_count(c);
    if (facts_.width() != row_size) facts_.reset(row_size);
    std::vector<TaskId> mappable;
    mappable_facts_.clear();
    for (TaskId t : view.waiting()) {
        if (filtering && !seen_[t]) {
            // Every task in the queue counts, including one dropped just below (it was seen).
            seen_[t] = 1;
            const double r = average_resources(view, t);
            if (r >= 0) seen_resources_.add(r);
        }
        // Shared machinery (manager/dropping.h); tasks no cluster can run are rejected. The bound is
        // utility_upper_bound()'s, from the fastest time kept in the task's facts.
        const std::uint32_t facts = task_facts(view, t);
        const SimTime fastest = facts_.head(facts).fastest;
        const double bound =
            fastest.is_infinite() ? -std::numeric_limits<double>::infinity() : view.utility_at(t, view.now() + fastest);
        switch (drop_by_bound(decide, t, bound, config_.dropping_threshold, true)) {
            case DropOutcome::Kept:
                mappable.push_back(t);
                mappable_facts_.push_back(facts);
                break;
            case DropOutcome::Dropped: ++dropped_; break;
            case DropOutcome::Rejected: break;
        }
    }
    facts_.sweep();  // the tasks no longer waiting
    return mappable;
}

// The §3.3.3 upper bound's fastest time is utility_upper_bound()'s (manager/dropping.cpp); each slot's values are
// bound_options()' before this cache: units_needed(), booked_time(), exec_energy(), the cores allocated and the
// Eq. 1 resources. They depend on the task, its remaining work and its VM configuration only.
std::uint32_t MaxMPolicy::task_facts(const PolicyView& view, TaskId t) {
    bool added = false;
    const std::uint32_t row = facts_.find_or_add(t, added);
    FactsHead& head = facts_.head(row);
    const double remaining = view.record(t).remaining;
    const VmConfig* vm = view.vm_config(t);
    if (!added && head.remaining == remaining && head.vm == vm) return row;
    head.remaining = remaining;
    head.vm = vm;
    head.fastest = SimTime::infinity();
    head.shortest = SimTime::infinity();
    head.least_epr = std::numeric_limits<double>::infinity();
    SlotFacts* slots = facts_.slots(row);
    std::size_t j = 0;
    for (ClusterId c = 0; c < view.cluster_count(); ++c) {
        const std::uint32_t k = view.units_needed(t, c);
        if (k != 0) {
            const SimTime d = view.exec_time(t, c, 0);
            if (!d.is_negative() && d < head.fastest) head.fastest = d;
        }
        for (std::uint32_t p = 0; p < view.pstate_count(c); ++p, ++j) {
            SlotFacts& f = slots[j];
            f = SlotFacts{};
            f.units = k;
            f.duration = k == 0 ? SimTime::from_whole_seconds(-1) : view.booked_time(t, c, p);
            if (f.duration.is_negative()) continue;
            f.energy_j = view.exec_energy(t, c, p);
            f.cores = k * cores_per_unit(view, c);
            f.resources = resources_allocated(f.duration.to_seconds(), f.cores);
            if (k > view.profile(c).node_count()) continue;  // never an option (bound_options())
            head.least_epr = std::min(
                head.least_epr, f.resources > 0 ? f.energy_j / f.resources : -std::numeric_limits<double>::infinity());
            if (head.shortest.is_infinite()) {
                head.shortest = f.duration;
                head.shortest_s = f.duration.to_seconds();
                head.least_resources = f.resources;
                head.least_energy_j = f.energy_j;
                continue;
            }
            head.shortest = std::min(head.shortest, f.duration);
            head.shortest_s = std::min(head.shortest_s, f.duration.to_seconds());
            head.least_resources = std::min(head.least_resources, f.resources);
            head.least_energy_j = std::min(head.least_energy_j, f.energy_j);
        }
    }
    return row;
}

// Machovec Ch.3 §3.3.7: an option's utility is that at its completion, at or after now + its duration, and
// the utility is non-increasing in completion time, so the utility at now + the shortest duration bounds
// every option's; each objective divides it by a positive denominator no smaller than the least over the
// slots (Eqs. 2-4, §3.3.5), and a rounded division is monotone in both operands. The bound is raised by a
// relative 1e-9 against a utility function that rounds non-monotonically by an ulp. Non-positive utility:
// +inf, so that the task is looked at first (its options computed) rather than trusting the bound.
std::optional<double> MaxMPolicy::task_bound(const PolicyView& view, TaskId t, std::uint32_t facts, Objective m) const {
    const FactsHead& head = facts_.head(facts);
    if (head.shortest.is_infinite()) return std::nullopt;
    const double util = view.utility_at(t, view.now() + head.shortest);
    if (!(util > 0)) return std::numeric_limits<double>::infinity();
    double v = util;
    switch (m) {
        case Objective::Util: break;
        case Objective::UPT: v = util / head.shortest_s; break;
        case Objective::UPR: v = util / head.least_resources; break;
        case Objective::UPE: v = util / head.least_energy_j; break;
    }
    return v * (1 + 1e-9);
}

void MaxMPolicy::begin_filter(const PolicyView& view, SimTime day_end, Joules energy_left_j) {
    if (config_.filter == FilterKind::None) {
        filter_.begin_event(energy_left_j, 0, 0);
        return;
    }
    // Beyond the papers: with a shaped goal (EnergyBudget::shape) the energy left is spread over the rest of the
    // period as the curve spreads it, so the budget per resource now is the even spread's times the curve's rate
    // now over its mean rate for the rest of the period (x 1 on the papers' straight line).
    const double curve = view.energy_goal_rate_factor();
    filter_.begin_event(energy_left_j * curve, resources_remaining(view, day_end), seen_resources_.mean());
}

std::optional<MaxMOption> earliest_option(const PolicyView& view, TaskId t, ClusterId c, std::uint32_t p,
                                          SimTime day_end, SimTime not_before) {
    const std::uint32_t k = view.units_needed(t, c);
    if (k == 0) return std::nullopt;
    const SimTime d = view.booked_time(t, c, p);
    if (d.is_negative()) return std::nullopt;
    const auto start = view.profile(c).earliest_start(k, d, std::max(view.now(), not_before), day_end);
    if (!start) return std::nullopt;
    const double util = view.utility_at(t, *start + d);
    if (!(util > 0)) return std::nullopt;
    return MaxMOption{c, p, *start, d, view.exec_energy(t, c, p), util, k * cores_per_unit(view, c)};
}

// Every P-state's earliest_option(); options removed by the energy filter (§3.3.8) are left out.
void MaxMPolicy::compute_options(const PolicyView& view, TaskId t, ClusterId c, SimTime day_end,
                                 std::optional<MaxMOption>* row) const {
    std::size_t base = 0;
    for (ClusterId i = 0; i < c; ++i) base += view.pstate_count(i);
    for (std::uint32_t p = 0; p < view.pstate_count(c); ++p) {
        std::optional<MaxMOption>& slot = row[base + p];
        slot = earliest_option(view, t, c, p, day_end);
        if (slot && !filter_.keep(slot->energy_j, resources_allocated(slot->duration.to_seconds(), slot->cores)))
            slot.reset();
    }
}

// Exact under bookings that only take idle time away (manager/policies/machovec/booked_windows.h): a later
// start completes no earlier, so an option earning no utility (or none at all) stays so. The duration,
// energy and cores of an option do not depend on its start, so a re-valued option keeps them (and the energy
// filter's verdict: its budget is fixed for the event); only the start and the utility are searched again,
// which is earliest_option() from the former start.
void MaxMPolicy::refresh_options(const PolicyView& view, TaskId t, ClusterId c, SimTime day_end,
                                 const BookedWindows& booked, std::optional<std::uint64_t> since,
                                 std::optional<MaxMOption>* row) const {
    std::size_t base = 0;
    for (ClusterId i = 0; i < c; ++i) base += view.pstate_count(i);
    const std::uint32_t k = view.units_needed(t, c);
    for (std::uint32_t p = 0; p < view.pstate_count(c); ++p) {
        std::optional<MaxMOption>& slot = row[base + p];
        if (!slot || (since && booked.untouched(c, *since, slot->start, slot->start + slot->duration))) continue;
        const auto start =
            view.profile(c).earliest_start(k, slot->duration, std::max(view.now(), slot->start), day_end);
        const double util = start ? view.utility_at(t, *start + slot->duration) : 0.0;
        if (!(util > 0)) {
            slot.reset();
            continue;
        }
        slot->start = *start;
        slot->util = util;
    }
}

// Machovec Ch.3 §3.3.7: the earliest start is at or after now and before the end of the day, and the
// utility is non-increasing in completion time, so the option starting now bounds every real one.
void MaxMPolicy::bound_options(const PolicyView& view, TaskId t, ClusterId c, SimTime day_end, std::uint32_t facts,
                               std::optional<MaxMOption>* row) const {
    std::size_t base = 0;
    for (ClusterId i = 0; i < c; ++i) base += view.pstate_count(i);
    const SimTime now = view.now();
    const SlotFacts* known = facts_.slots(facts) + base;
    for (std::uint32_t p = 0; p < view.pstate_count(c); ++p) {
        std::optional<MaxMOption>& slot = row[base + p];
        slot.reset();
        const SlotFacts& f = known[p];
        if (f.units == 0 || f.units > view.profile(c).node_count() || !(now < day_end)) continue;
        if (f.duration.is_negative()) continue;
        const double util = view.utility_at(t, now + f.duration);
        if (!(util > 0)) continue;
        if (!filter_.keep(f.energy_j, f.resources)) continue;
        slot = MaxMOption{c, p, now, f.duration, f.energy_j, util, f.cores};
    }
}

// Machovec Ch.3 Algorithm 4. Place-holders of the previous event were removed by begin_event() and their
// tasks are waiting again (§3.3.1).
void MaxMPolicy::schedule(const PolicyView& view, Decisions& decide) {
    const SimTime now = view.now();
    const EnergyBudget& budget = view.budget();
    const SimTime day_end = period_end(budget, now);

    const std::vector<TaskId> mappable = scan_waiting(view, decide);  // §3.3.1 step 1, the only pass
    // GAP (energy feasibility, §3.3.5): an option is infeasible if its energy exceeds what the period has
    // left, budget - energy committed (consumed + running + reserved); updated after every assignment.
    Joules energy_left = view.energy_remaining();  // the shared per-period accounts
    begin_filter(view, day_end, energy_left);      // §3.3.1 step 2: budgets fixed for the whole event

    const ClusterId clusters = view.cluster_count();
    std::vector<std::size_t> row_base(clusters + 1, 0);  // a row holds every (cluster, P-state) option
    for (ClusterId c = 0; c < clusters; ++c) row_base[c + 1] = row_base[c] + view.pstate_count(c);
    const std::size_t row_size = row_base[clusters];
    // The options of task i are options_[i * row_size ...] (kept from event to event: no allocation per task),
    // written when the task is expanded (below) or rescanned, before they are read.
    if (options_.size() < mappable.size() * row_size) options_.resize(mappable.size() * row_size);
    auto options = [this, row_size](std::size_t i) { return options_.data() + i * row_size; };
    std::vector<char> mapped(mappable.size(), 0);
    std::vector<char> expanded(mappable.size(), 0);  // its options' bounds are in its row and the heap

    // §3.3.6 metaheuristics: E_committed against the goal curve at now. §3.3.6.2: the energy consumed in the
    // period plus that of the tasks running, reserved *or holding place-holders*; this event opened by
    // removing the place-holders (§3.3.1), so their energy is added back (`committed_placeholders`).
    Objective objective = config_.objective;
    Joules committed = 0;
    const Joules goal = view.energy_goal(now);
    if (config_.switching != Switching::None) {
        committed = view.energy_committed_in_period();
        if (config_.committed_placeholders) committed += view.energy_of_cleared_placeholders();
        objective = committed > goal ? Objective::UPE : Objective::UPR;
    }

    // Lines 2-5 pick, among all options of all unmapped tasks, the one of highest value (GAP, ties: the
    // first found, i.e. the lowest task index, then the lowest cluster and P-state). Rescanning every
    // option after every assignment costs O(tasks x options) per assignment, so the scan is kept lazily in
    // a max-heap with the same answer: a booking only takes idle time away from its cluster, so an option
    // recomputed after it starts no earlier, completes no earlier and (utility being non-increasing in
    // completion time, with duration, nodes and energy fixed) is worth no more under every objective, or
    // is gone. A heap entry is thus an upper bound of its option's current value; so is a first entry from
    // bound_options(), computed as if the task started now (its real options are computed when it reaches the
    // top). An entry is exact if no
    // booking made on its cluster since it was computed overlaps its window (booked_windows.h); on top of
    // the heap it beats every other option's bound, and among equal values the heap order (task index,
    // then slot) is the scan order. Any other entry on top is re-valued (refresh_options(), its task's row
    // for that cluster) and pushed back. Energy left only decreases within the event, so an option above
    // it is dropped for good.
    // A task enters the heap as one entry, valued by task_bound() (above all its options' bounds: only ties
    // between different tasks are decided by task order, so its slot key does not matter); on top it is
    // expanded: its options' bounds from bound_options(), each pushed as an entry of its own. A task whose
    // every option needs more energy than is left is dropped there without them.
    struct Entry {
        double value;
        std::uint32_t task;  // index into mappable
        std::uint32_t slot;  // index into the row
        std::uint64_t version;
    };
    auto below = [](const Entry& a, const Entry& b) {  // a is popped after b
        if (a.value != b.value) return a.value < b.value;
        if (a.task != b.task) return a.task > b.task;
        return a.slot > b.slot;
    };
    BookedWindows booked(clusters);  // bookings made in this event
    // The version each row part was computed at; kBound: the bounds of bound_options(), no profile query yet
    // (a task mapped early never needs its options on the other clusters).
    constexpr std::uint64_t kBound = std::numeric_limits<std::uint64_t>::max();
    std::vector<std::uint64_t> computed(mappable.size() * clusters, kBound);
    std::vector<ClusterId> slot_cluster(row_size);
    for (ClusterId c = 0; c < clusters; ++c)
        for (std::size_t j = row_base[c]; j < row_base[c + 1]; ++j) slot_cluster[j] = c;
    constexpr std::uint32_t kTaskSlot = std::numeric_limits<std::uint32_t>::max();  // a task's own entry
    std::vector<Entry> heap;
    auto append_task = [&](std::size_t i) {  // unordered, as append_row_part()
        if (!(now < day_end)) return;        // bound_options(): no option once the day is over
        if (const auto v = task_bound(view, mappable[i], mappable_facts_[i], objective))
            heap.push_back(Entry{*v, static_cast<std::uint32_t>(i), kTaskSlot, 0});
    };
    auto append_row_part = [&](std::size_t i, ClusterId c) {  // unordered: the caller restores the heap
        for (std::size_t j = row_base[c]; j < row_base[c + 1]; ++j) {
            const auto& o = options(i)[j];
            if (!o || o->energy_j > energy_left) continue;
            heap.push_back(Entry{o->value(objective), static_cast<std::uint32_t>(i), static_cast<std::uint32_t>(j),
                                 computed[i * clusters + c]});
        }
    };
    auto push_row_part = [&](std::size_t i, ClusterId c) {
        std::size_t n = heap.size();
        append_row_part(i, c);
        while (n < heap.size()) std::push_heap(heap.begin(), heap.begin() + static_cast<std::ptrdiff_t>(++n), below);
    };
    auto rebuild_heap = [&] {  // every unmapped option, valued under the current objective
        heap.clear();
        for (std::size_t i = 0; i < mappable.size(); ++i) {
            if (mapped[i]) continue;
            if (!expanded[i]) {
                append_task(i);
                continue;
            }
            for (ClusterId c = 0; c < clusters; ++c) append_row_part(i, c);
        }
        std::make_heap(heap.begin(), heap.end(), below);
    };
    const bool rescan = config_.selection == Selection::Rescan;
    if (!rescan) rebuild_heap();

    // The reference selection: every option of every unmapped task recomputed, the first of the highest value
    // in scan order (task index, then cluster and P-state).
    auto best_by_rescan = [&](std::optional<std::size_t>& best_i, MaxMOption& o) {
        double best = 0;
        for (std::size_t i = 0; i < mappable.size(); ++i) {
            if (mapped[i]) continue;
            for (ClusterId c = 0; c < clusters; ++c) compute_options(view, mappable[i], c, day_end, options(i));
            for (std::size_t j = 0; j < row_size; ++j) {
                const auto& opt = options(i)[j];
                if (!opt || opt->energy_j > energy_left) continue;
                const double v = opt->value(objective);
                if (!best_i || v > best) {
                    best_i = i;
                    best = v;
                    o = *opt;
                }
            }
        }
    };

    for (;;) {
        std::optional<std::size_t> best_i;
        MaxMOption o;
        if (rescan) best_by_rescan(best_i, o);
        while (!rescan && !heap.empty()) {
            const Entry e = heap.front();
            std::pop_heap(heap.begin(), heap.end(), below);
            heap.pop_back();
            if (e.slot == kTaskSlot) {  // a task not expanded yet
                if (mapped[e.task] || expanded[e.task]) continue;
                const FactsHead& head = facts_.head(mappable_facts_[e.task]);
                if (head.least_energy_j > energy_left) continue;
                // §3.3.8: the event's energy filter removes every option of the task (its options are not written:
                // most tasks of a long queue end here).
                if (filter_.keeps_none(head.least_energy_j, head.least_epr)) continue;
                expanded[e.task] = 1;
                for (ClusterId c = 0; c < clusters; ++c) {
                    bound_options(view, mappable[e.task], c, day_end, mappable_facts_[e.task], options(e.task));
                    push_row_part(e.task, c);
                }
                continue;
            }
            const ClusterId c = slot_cluster[e.slot];
            const std::uint64_t built = computed[e.task * clusters + c];
            if (mapped[e.task] || e.version != built) continue;  // mapped, or superseded by a recomputation
            const auto& opt = options(e.task)[e.slot];
            if (!opt || opt->energy_j > energy_left) continue;
            if (built == kBound ||
                (built != booked.version(c) && !booked.untouched(c, built, opt->start, opt->start + opt->duration))) {
                // A bound (every option searched from now) or stale: re-valued, pushed back.
                const std::optional<std::uint64_t> since = built == kBound ? std::nullopt : std::optional(built);
                refresh_options(view, mappable[e.task], c, day_end, booked, since, options(e.task));
                computed[e.task * clusters + c] = booked.version(c);
                push_row_part(e.task, c);  // stale: re-valued, pushed back
                continue;
            }
            best_i = e.task;
            o = *opt;
            break;
        }
        if (!best_i) break;  // line 1: nothing else can start during this day with the energy left
        const TaskId t = mappable[*best_i];
        const std::uint32_t k = view.units_needed(t, o.cluster);
        std::vector<LocalNodeIndex> nodes = view.profile(o.cluster).choose_nodes(k, o.start, o.duration);
        if (nodes.size() != k)
            throw std::logic_error("MaxMPolicy: no nodes at the earliest start of task " + std::to_string(t));
        // Lines 6-10: start now, else a permanent reservation or a place-holder (§3.3.2).
        if (o.start <= now) {
            decide.start(t, o.cluster, std::move(nodes), o.pstate);
            ++started_;
        } else {
            decide.reserve(t, o.cluster, std::move(nodes), o.start, o.pstate, config_.placeholders);
            ++reserved_;
        }
        energy_left -= o.energy_j;
        mapped[*best_i] = 1;                                   // line 11
        booked.add(o.cluster, o.start, o.start + o.duration);  // only the chosen cluster's options may change
        if (config_.switching != Switching::None) {
            ++(objective == Objective::UPE ? upe_choices_ : upr_choices_);
            committed += o.energy_j;
            // Task-Based: once the committed energy reaches the goal, Max UPE for the rest of the event.
            if (config_.switching == Switching::TaskBased && objective == Objective::UPR && committed >= goal) {
                objective = Objective::UPE;
                if (!rescan) rebuild_heap();
            }
        }
    }
}

}  // namespace rmsim
