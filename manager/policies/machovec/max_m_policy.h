#pragma once
// The utility-aware heuristics Max Util, Max UPT, Max UPR and Max UPE (Machovec Ch.3 §3.3.5, Algorithm 4):
// a Min-Min style two-phase greedy over the mappable tasks, with task dropping (§3.3.3), optional energy
// filtering (§3.3.8), and permanent reservations or place-holders (§3.3.2).
#include <cstdint>
#include <optional>
#include <vector>

#include "manager/policies/machovec/booked_windows.h"
#include "manager/policies/machovec/energy_filters.h"
#include "manager/policies/machovec/objectives.h"
#include "manager/policy.h"
#include "manager/task_rows.h"

namespace rmsim {

/// Machovec Ch.3 §3.3.6: a fixed objective, or a metaheuristic switching between Max UPR and Max UPE around
/// the linear energy goal curve.
enum class Switching {
    None,        ///< the fixed `objective`
    EventBased,  ///< per mapping event: Max UPE if E_committed > goal(now), else Max UPR
    TaskBased,   ///< as EventBased at the start; from Max UPR, switch to Max UPE once E_committed reaches goal(now)
};

/// How Algorithm 4's "best option over all tasks" is found after each assignment.
enum class Selection {
    LazyHeap,  ///< a max-heap of option values, stale entries re-valued when they reach the top (fast)
    Rescan,    ///< every option of every unmapped task recomputed (the algorithm as written: the reference)
};

struct MaxMConfig {
    Objective objective = Objective::Util;
    Switching switching = Switching::None;
    bool placeholders = true;  ///< §3.3.2: place-holders (true) or permanent reservations
    /// §3.3.6.2: E_committed counts the tasks with reservations or place-holders (true, the default); false
    /// leaves out the place-holders removed at the start of the event (rmsim's reading before).
    bool committed_placeholders = true;
    FilterKind filter = FilterKind::None;
    double leniency = 1.0;                             ///< of the filter (§3.4.4.2 defaults: default_leniency())
    double dropping_threshold = 0.5;                   ///< §3.3.3 / §3.4.4.1
    SimTime period = SimTime::from_whole_seconds(60);  ///< mapping events every 60 s (§3.3.1)
    Selection selection = Selection::LazyHeap;         ///< same decisions either way (tested); Rescan for reference
};

/// One allocation option of a task (§3.3.7): its earliest start on a cluster at a P-state.
struct MaxMOption {
    ClusterId cluster = 0;
    std::uint32_t pstate = 0;
    SimTime start;
    SimTime duration;
    Joules energy_j = 0;
    double util = 0;   ///< utility at completion
    double cores = 0;  ///< cores allocated (nodes x cores per node)
    double value(Objective m) const { return objective_value(m, util, duration.to_seconds(), cores, energy_j); }
};

/// Machovec Ch.3 §3.3.7: task t's option on cluster c at P-state p, its earliest start before the end of the
/// day (the execution time does not depend on the nodes, so it is also the best of any objective there);
/// none if it cannot run there, cannot start before day_end, or earns no utility (design choice: an option
/// with zero utility is never mapped, it would only hold nodes; Ch.4 states the constraint "utility above
/// the dropping threshold" explicitly). No energy filter. `not_before`: a time no feasible start precedes
/// (e.g. the option's start before bookings that only took idle time away); the search starts there.
std::optional<MaxMOption> earliest_option(const PolicyView& view, TaskId t, ClusterId c, std::uint32_t p,
                                          SimTime day_end, SimTime not_before = SimTime::negative_infinity());

class MaxMPolicy : public Policy {
public:
    explicit MaxMPolicy(const MaxMConfig& config);
    PolicyTraits traits() const override;
    void schedule(const PolicyView& view, Decisions& decide) override;
    void report(PolicyReport& r) const override;
    const MaxMConfig& config() const { return config_; }

private:
    /// One pass over the waiting queue (§3.3.1 steps 1-2): a task not seen before is counted in the mean of
    /// the resources of the tasks seen so far (Eq. 7, GAP); then it is dropped if its utility if started now
    /// on its fastest cluster (P-state 0) is below the threshold (§3.3.3), rejected if no cluster can run
    /// it, else returned as mappable (arrival order).
    std::vector<TaskId> scan_waiting(const PolicyView& view, Decisions& decide);
    /// Recomputes the task's options on cluster c (all P-states) into its cache row.
    void compute_options(const PolicyView& view, TaskId t, ClusterId c, SimTime day_end,
                         std::optional<MaxMOption>* row) const;
    /// The task's options on cluster c (all P-states) as if it could start now: upper bounds of their values
    /// under every objective (the start only moves later, the utility only down), without a profile query;
    /// none where no start can be (no units, cannot run, the day over, no utility even now, filtered).
    /// `facts`: the task's row of facts_.
    void bound_options(const PolicyView& view, TaskId t, ClusterId c, SimTime day_end, std::uint32_t facts,
                       std::optional<MaxMOption>* row) const;
    /// The task's row of facts_, computed if it has none or its remaining work or VM configuration changed.
    std::uint32_t task_facts(const PolicyView& view, TaskId t);
    /// An upper bound of the value under m of every option bound_options() gives the task at this event,
    /// from its facts alone (one utility evaluation); nullopt if it has none (no slot may hold one).
    std::optional<double> task_bound(const PolicyView& view, TaskId t, std::uint32_t facts, Objective m) const;
    /// Brings the task's options on cluster c up to date after bookings on it (`booked`): an option no
    /// booking made since version `since` overlaps is kept, one that is gone stays gone, the others are
    /// searched from their former start (bookings only move options later); every option still there is
    /// searched if `since` is none (the bounds of bound_options()).
    void refresh_options(const PolicyView& view, TaskId t, ClusterId c, SimTime day_end, const BookedWindows& booked,
                         std::optional<std::uint64_t> since, std::optional<MaxMOption>* row) const;
    /// Sets the event's filter budget (after scan_waiting()).
    void begin_filter(const PolicyView& view, SimTime day_end, Joules energy_left_j);

    /// What a waiting task's bounds and its §3.3.3 upper bound need that does not change from one mapping
    /// event to the next (Machovec Ch.3 §3.3.7: an option's duration, energy and nodes do not depend on its
    /// start), kept while the task waits with the same remaining work: estimated once per task, not at every
    /// event for the whole queue.
    struct FactsHead {
        double remaining = -1;
        const VmConfig* vm = nullptr;
        SimTime fastest;  ///< exec_time() at P-state 0 on the fastest cluster that can run it (+inf: none)
        // Over the slots that may hold an option (units needed, at most the cluster's, and a duration; none:
        // shortest = +inf), the least of each denominator of the objectives (task_bound()).
        SimTime shortest;
        double shortest_s = 0;
        double least_resources = 0;
        Joules least_energy_j = 0;
        /// The least energy per resource over those slots, the per-resource filter's measure beside
        /// least_energy_j (EnergyFilter::keeps_none()); -inf if one has no resources (keep() throws on it).
        double least_epr = 0;
    };
    struct SlotFacts {     ///< per (cluster, P-state), the slots of an option row
        SimTime duration;  ///< booked_time(); negative: no units there, or it cannot run there
        Joules energy_j = 0;
        double cores = 0;
        double resources = 0;  ///< resources_allocated(duration, cores): the energy filter's measure
        std::uint32_t units = 0;
    };

    MaxMConfig config_;
    TaskRows<FactsHead, SlotFacts> facts_;
    std::vector<std::uint32_t> mappable_facts_;  ///< schedule()'s facts_ row per mappable task (scratch)
    EnergyFilter filter_;
    ResourceMean seen_resources_;                     ///< Eq. 7 (GAP): resources of the tasks seen so far
    std::vector<char> seen_;                          ///< per task id: counted in seen_resources_
    std::vector<std::optional<MaxMOption>> options_;  ///< schedule()'s option rows (scratch)
    std::uint64_t dropped_ = 0;
    std::uint64_t started_ = 0;
    std::uint64_t reserved_ = 0;
    std::uint64_t upe_choices_ = 0;  ///< assignments made with Max UPE under a metaheuristic
    std::uint64_t upr_choices_ = 0;
};

}  // namespace rmsim
