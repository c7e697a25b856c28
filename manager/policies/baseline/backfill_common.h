#pragma once
// Machinery shared by the backfilling baselines (EASY, Conservative, FCFS with multiple queues, Random;
// Machovec Ch.3 §3.3.4): "can this task start now?" in O(1), the earliest-start option over the clusters,
// unit choice, and booking a start or a reservation. Plain C++ on the PolicyView and Decisions.
#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <vector>

#include "manager/availability_profile.h"
#include "manager/policy.h"
#include "platform/platform_spec.h"

namespace rmsim {

class PolicyView;
class Decisions;

/// How the units of a start or reservation are chosen once its time is fixed.
enum class NodeChoice {
    Pack,    ///< on as few nodes as possible, best fit (AvailabilityProfile::packed_idle_nodes), as batch
             ///< schedulers place jobs; under node granularity the same as Lowest
    Lowest,  ///< the lowest-index idle units (the usual simulator tie-break: reproducible, comparable)
    Voids,   ///< the fewest and smallest idle voids, Machovec Ch.3 §3.3.7 (AvailabilityProfile::choose_nodes)
};

/// The P-state to use on cluster c: the requested one, clamped to the cluster's slowest.
std::uint32_t clamp_pstate(const PolicyView& view, ClusterId c, std::uint32_t pstate);

/// True if some cluster can run the task (units_needed > 0 and a non-negative execution time at the
/// clamped P-state).
bool runnable_somewhere(const PolicyView& view, TaskId t, std::uint32_t pstate);

/// The k units for the task over [start, start + duration) on cluster c; empty if too few are idle.
std::vector<LocalNodeIndex> pick_units(const PolicyView& view, ClusterId c, std::uint32_t k, SimTime start,
                                       SimTime duration, NodeChoice choice);

/// The per-event view of the backfilling baselines: O(1) answers to "are k units of cluster c idle over
/// [now, now + d)?", and the energy the budget period has left.
///
/// Energy: the daily budget binds every heuristic, not only the energy-aware ones (Machovec Ch.3 §3.2.4: "the
/// maximum amount of energy that it can consume each day"; §3.3.5: without filtering, heuristics "use up their
/// energy part way through the day"). GAP (the same rule as MaxMPolicy): a task is not started
/// or reserved on an option whose estimated energy exceeds budget - energy committed in the period; the
/// baselines skip such an option and the task waits (for a later period). The amount is read once per event
/// (PolicyView::energy_remaining) and reduced by every booking.
///
/// Units:
/// Without future bookings (AvailabilityProfile::nothing_booked_ahead(), e.g. FCFS or Lifka's EASY), a
/// unit idle at now has nothing booked and stays idle: the answers come from the profile's count of empty
/// units, O(1). Otherwise, for every unit idle at now it keeps the start of that unit's next busy interval (+inf if none), sorted
/// descending: k units are idle over [now, now + d) iff the k-th largest of these is >= now + d (a unit idle
/// at now stays idle until its next booking). Rebuilt in O(N log N) only after the cluster's profile
/// changed (call invalidate()), which happens once per start or reservation, so a pass over W waiting tasks
/// costs O(W) queries instead of O(W x N) unit scans: this is what keeps EASY on a 28,000-job trace fast.
class StartNowIndex {
public:
    explicit StartNowIndex(const PolicyView& view) { begin_event(view); }
    /// Empty until begin_event(): for a policy that keeps one index across its mapping events.
    StartNowIndex() = default;
    /// Starts over for the mapping event `view` shows, keeping the buffers of the previous one (no
    /// allocation per event).
    void begin_event(const PolicyView& view);
    /// Energy the period has left for this event's bookings (+inf without a budget).
    Joules energy_left() const { return energy_left_j_; }
    /// No budget binds this event (+inf left): every finite estimate is affordable and spending it leaves +inf,
    /// so callers need not compute the estimates.
    bool unlimited() const { return energy_left_j_ == std::numeric_limits<Joules>::infinity(); }
    bool affordable(Joules energy_j) const { return energy_j <= energy_left_j_; }
    void spend(Joules energy_j) { energy_left_j_ -= energy_j; }
    bool fits(ClusterId c, std::uint32_t k, SimTime duration);
    /// Units idle at now on cluster c.
    std::uint32_t free_units(ClusterId c);
    void invalidate(ClusterId c) { valid_.at(c) = false; }

private:
    void rebuild(ClusterId c);
    /// No future bookings on cluster c (see above).
    bool simple(ClusterId c) const;
    const PolicyView* view_ = nullptr;
    std::vector<std::vector<SimTime>> next_busy_desc_;  ///< per cluster
    std::vector<char> valid_;
    Joules energy_left_j_ = 0;
};

/// A policy's own condition on a start now: called for a cluster where the task fits and is affordable,
/// with its units and booked time there; true admits the start (the rule may then count it as admitted).
using StartRule = std::function<bool(ClusterId c, std::uint32_t units, SimTime duration)>;

/// Starts the task now on the lowest-numbered cluster where it fits, its energy is affordable and `rule`
/// (if any) admits it (FCFS tie-break toward the lowest cluster index); false if it starts nowhere now.
bool try_start_now(const PolicyView& view, Decisions& decide, StartNowIndex& index, TaskId t, std::uint32_t pstate,
                   NodeChoice choice, const StartRule& rule = {});

struct StartOption {
    ClusterId cluster = 0;
    std::uint32_t pstate = 0;
    SimTime start;
};

/// The earliest start of the task over the clusters where its energy is at most `energy_left_j` (ties toward
/// the lowest cluster index), nullopt if no such cluster can run it.
std::optional<StartOption> earliest_option(const PolicyView& view, TaskId t, std::uint32_t pstate,
                                           Joules energy_left_j = std::numeric_limits<Joules>::infinity());

/// Books the option: a start if it is now, else a reservation (permanent or place-holder). Invalidates
/// the cluster in `index` and spends the task's energy there.
void place(const PolicyView& view, Decisions& decide, StartNowIndex& index, TaskId t, const StartOption& option,
           NodeChoice choice, bool placeholder);

}  // namespace rmsim
