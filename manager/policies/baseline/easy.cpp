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
    t.streams = true;
    return t;
}

std::optional<ShadowTime> shadow_time(const PolicyView& view, ClusterId c, std::uint32_t k) {
    const AvailabilityProfile& p = view.profile(c);
    if (k == 0 || k > p.node_count()) return std::nullopt;
    const SimTime now = view.now();
    ShadowTime s;
    s.cluster = c;
    if (p.nothing_booked_ahead(now)) {
        // Each busy unit has one booking (AvailabilityProfile::nothing_booked_ahead()): the units become free
        // at the ends of the bookings, in end order. O(bookings ending by the shadow time), not O(units).
        const std::uint32_t free = p.empty_node_count();
        s.time = now;
        std::uint32_t free_then = free;
        const auto& by_end = p.bookings_by_end();
        for (auto it = by_end.begin(); it != by_end.end(); ++it) {
            if (free_then >= k && it->first > s.time) break;
            free_then += static_cast<std::uint32_t>(p.booking(it->second)->nodes.size());
            s.time = it->first;
        }
        s.extra = free_then - k;
        return s;
    }
    std::vector<SimTime> free_from(p.node_count());
    for (LocalNodeIndex u = 0; u < p.node_count(); ++u) {
        const Timeline& tl = p.timeline(u);
        free_from[u] = tl.empty() ? now : std::max(now, tl.back().end);
    }
    std::nth_element(free_from.begin(), free_from.begin() + (k - 1), free_from.end());
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

void EasyPolicy::schedule(const PolicyView& view, Decisions& decide) {
    if (rule_ == Rule::ShadowTime)
        schedule_lifka(view, decide);
    else
        schedule_pinned(view, decide);
}

// Mu'alem & Feitelson 2001, §2 (Lifka's EASY): (1) start jobs in FCFS order while they fit; (2) for the first
// that does not, find the shadow time and the extra units; (3) backfill any later job that fits now and
// either terminates by the shadow time or uses no more than the extra units (which it then consumes). The
// shadow is recomputed at every mapping event (arrivals and completions), so a task that ends earlier than
// estimated moves the head earlier. On another cluster than the head's a task only has to fit now.
// (1) walks the queue from its front and stops at the head; (3) takes the candidates from the index in
// arrival order, so no event walks the queue (manager/policies/baseline/backfill_index.h): the same starts
// as one pass over the queue, because a task passed over in (3) cannot fit later in the same event (free
// units, extra units and energy only decrease).
void EasyPolicy::schedule_lifka(const PolicyView& view, Decisions& decide) {
    for (TaskId t : candidates_.sync(view)) decide.reject(t);  // no cluster can run them
    StartNowIndex& index = start_now_;
    index.begin_event(view);
    std::optional<ShadowTime> shadow;
    std::optional<TaskId> head;
    for (TaskId t : view.waiting()) {
        if (try_start_now(view, decide, index, t, pstate_, choice_)) continue;
        // The head, its energy set aside from this event's budget as a reservation's would be; a task that can
        // run nowhere within the energy left is passed over.
        shadow = head_shadow(view, t, pstate_, index.energy_left());
        if (!shadow) continue;
        index.spend(view.exec_energy(t, shadow->cluster, clamp_pstate(view, shadow->cluster, pstate_)));
        head = t;
        break;
    }
    if (!head) return;
    const StartRule lifka = [&](ClusterId c, std::uint32_t k, SimTime d) {
        if (c != shadow->cluster || view.now() + d <= shadow->time) return true;
        if (k > shadow->extra) return false;
        shadow->extra -= k;
        return true;
    };
    BackfillIndex::Key after{view.task(*head).arrival(), *head};
    while (true) {
        std::optional<BackfillIndex::Key> next;
        for (ClusterId c = 0; c < view.cluster_count(); ++c) {
            BackfillIndex::Limits limits;
            limits.free = index.free_units(c);
            if (limits.free == 0) continue;
            if (c == shadow->cluster) {
                limits.max_time = shadow->time - view.now();
                limits.any_time_units = shadow->extra;
            }
            if (const auto t = candidates_.first_after(view, c, after, limits)) {
                const BackfillIndex::Key key{view.task(*t).arrival(), *t};
                if (!next || key < *next) next = key;
            }
        }
        if (!next) return;
        after = *next;
        try_start_now(view, decide, index, next->second, pstate_, choice_, lifka);  // false: not affordable
    }
}

// Machovec §3.3.4.4: the head's reservation is a PLACE-HOLDER, recomputed at every mapping event
// (begin_event() removes it and the head rejoins the waiting list, first in arrival order). The text says
// "permanent reservation"; the two agree on every start when execution times are exact, because the
// recomputed reservation is never later than the previous one: the tasks running then end as planned or
// earlier, the tasks backfilled since were admitted against the booked reservation (so its units stay idle
// over it), and newer arrivals come after the head in FCFS order. While it is booked, "starts now within the
// profile" is exactly "does not delay it": a backfilled task either ends by the reserved start or uses units
// the reservation does not need. One pass over the queue per event (the reservation sits in the profile, so
// the index of `easy` does not apply).
void EasyPolicy::schedule_pinned(const PolicyView& view, Decisions& decide) {
    StartNowIndex index(view);
    bool head = false;
    bool full = false;  // every cluster busy at now: nothing more can start in this event
    for (TaskId t : view.waiting()) {
        if (!runnable_somewhere(view, t, pstate_)) {
            decide.reject(t);
            continue;
        }
        if (full) continue;
        if (try_start_now(view, decide, index, t, pstate_, choice_)) continue;
        if (!head) {
            const std::optional<StartOption> option = earliest_option(view, t, pstate_, index.energy_left());
            if (option) place(view, decide, index, t, *option, choice_, /*placeholder=*/true);
            head = option.has_value();
        }
        if (head) {
            full = true;
            for (ClusterId c = 0; c < view.cluster_count() && full; ++c) full = index.free_units(c) == 0;
        }
    }
}

}  // namespace rmsim
