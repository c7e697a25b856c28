#include "manager/policies/baseline/easy.h"

#include <algorithm>
#include <vector>

#include "manager/decisions.h"
#include "manager/policy_view.h"

namespace rmsim {

PolicyTraits EasyPolicy::traits() const {
    PolicyTraits t;
    t.on_arrival = true;
    t.on_completion = true;
    t.granularity = granularity_;
    return t;
}

std::optional<ShadowTime> shadow_time(const PolicyView& view, ClusterId c, std::uint32_t k) {
    const AvailabilityProfile& p = view.profile(c);
    if (k == 0 || k > p.node_count()) return std::nullopt;
    const SimTime now = view.now();
    std::vector<SimTime> free_from(p.node_count());
    for (LocalNodeIndex u = 0; u < p.node_count(); ++u) {
        const std::vector<BusyInterval>& tl = p.timeline(u);
        free_from[u] = tl.empty() ? now : std::max(now, tl.back().end);
    }
    std::nth_element(free_from.begin(), free_from.begin() + (k - 1), free_from.end());
    ShadowTime s;
    s.cluster = c;
    s.time = free_from[k - 1];
    const auto free_then = std::count_if(free_from.begin(), free_from.end(), [&](SimTime f) { return f <= s.time; });
    s.extra = static_cast<std::uint32_t>(free_then) - k;
    return s;
}

namespace {

/// Lifka's head: the cluster with the earliest shadow time among those that can run it within the energy
/// left (ties toward the lowest cluster index, as earliest_option()).
std::optional<ShadowTime> head_shadow(const PolicyView& view, TaskId t, std::uint32_t pstate, Joules energy_left_j) {
    std::optional<ShadowTime> best;
    for (ClusterId c = 0; c < view.cluster_count(); ++c) {
        const std::uint32_t p = clamp_pstate(view, c, pstate);
        if (view.booked_time(t, c, p).is_negative() || view.exec_energy(t, c, p) > energy_left_j) continue;
        const std::optional<ShadowTime> s = shadow_time(view, c, view.units_needed(t, c));
        if (s && (!best || s->time < best->time)) best = s;
    }
    return best;
}

}  // namespace

// One pass in FCFS order for both rules; they differ in what the first task that cannot start (the head)
// leaves behind.
// - ShadowTime, Mu'alem & Feitelson 2001, §2 (Lifka's EASY): (1) start jobs in FCFS order while they fit;
//   (2) for the first that does not, find the shadow time and the extra units; (3) backfill any later job
//   that fits now and either terminates by the shadow time or uses no more than the extra units (which it
//   then consumes). The shadow is recomputed at every mapping event (arrivals and completions), so a task
//   that ends earlier than estimated moves the head earlier. On another cluster than the head's a task only
//   has to fit now.
// - PinnedReservation, Machovec §3.3.4.4: the head's reservation is a PLACE-HOLDER, recomputed at every
//   mapping event (begin_event() removes it and the head rejoins the waiting list, first in arrival order).
//   The text says "permanent reservation"; the two agree on every start when execution times are exact,
//   because the recomputed reservation is never later than the previous one: the tasks running then end as
//   planned or earlier, the tasks backfilled since were admitted against the booked reservation (so its
//   units stay idle over it), and newer arrivals come after the head in FCFS order. While it is booked,
//   "starts now within the profile" is exactly "does not delay it": a backfilled task either ends by the
//   reserved start or uses units the reservation does not need.
void EasyPolicy::schedule(const PolicyView& view, Decisions& decide) {
    StartNowIndex index(view);
    std::optional<ShadowTime> shadow;
    const StartRule lifka = [&](ClusterId c, std::uint32_t k, SimTime d) {
        if (c != shadow->cluster || view.now() + d <= shadow->time) return true;
        if (k > shadow->extra) return false;
        shadow->extra -= k;
        return true;
    };
    const StartRule unrestricted;  // before the head: a task only has to fit
    // The head (the first task that cannot start now) leaves Lifka's shadow time behind, its energy set aside
    // from this event's budget as a reservation's would be, or (§3.3.4.4) the single reservation at its
    // earliest start over the clusters. False if it can run nowhere within the energy left.
    const auto set_head = [&](TaskId t) {
        if (rule_ == Rule::ShadowTime) {
            shadow = head_shadow(view, t, pstate_, index.energy_left());
            if (shadow) index.spend(view.exec_energy(t, shadow->cluster, clamp_pstate(view, shadow->cluster, pstate_)));
            return shadow.has_value();
        }
        const std::optional<StartOption> option = earliest_option(view, t, pstate_, index.energy_left());
        if (option) place(view, decide, index, t, *option, choice_, /*placeholder=*/true);
        return option.has_value();
    };
    bool head = false;
    bool full = false;  // every cluster busy at now: nothing more can start in this event
    for (TaskId t : view.waiting()) {
        if (!view.is_waiting(t)) continue;
        if (!runnable_somewhere(view, t, pstate_)) {
            decide.reject(t);
            continue;
        }
        if (full) continue;
        if (try_start_now(view, decide, index, t, pstate_, choice_, shadow ? lifka : unrestricted)) continue;
        if (!head) head = set_head(t);
        if (head) {
            full = true;
            for (ClusterId c = 0; c < view.cluster_count() && full; ++c) full = index.free_units(c) == 0;
        }
    }
}

}  // namespace rmsim
