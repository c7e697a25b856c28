#include "manager/policies/baseline/backfill_common.h"

#include <algorithm>
#include <functional>
#include <limits>
#include <stdexcept>
#include <string>

#include "manager/scheduling_context.h"
#include "manager/unit_choice.h"

namespace rmsim {

namespace {
constexpr Seconds kInf = std::numeric_limits<Seconds>::infinity();
}

Seconds booked_duration(const SchedulingContext& ctx, TaskId t, ClusterId c, std::uint32_t pstate) {
    const Seconds d = ctx.exec_time(t, c, pstate);
    return d < 0 ? d : std::max(d, 1e-9);
}

std::uint32_t clamp_pstate(const SchedulingContext& ctx, ClusterId c, std::uint32_t pstate) {
    return std::min(pstate, ctx.pstate_count(c) - 1);
}

bool runnable_somewhere(const SchedulingContext& ctx, TaskId t, std::uint32_t pstate) {
    for (ClusterId c = 0; c < ctx.cluster_count(); ++c)
        if (ctx.units_needed(t, c) > 0 && ctx.exec_time(t, c, clamp_pstate(ctx, c, pstate)) >= 0) return true;
    return false;
}

std::vector<LocalNodeIndex> pick_units(const SchedulingContext& ctx, ClusterId c, std::uint32_t k,
                                       Seconds start_s, Seconds duration_s, NodeChoice choice) {
    const AvailabilityProfile& p = ctx.profile(c);
    if (choice == NodeChoice::Voids) return p.choose_nodes(k, start_s, duration_s);
    return lowest_idle_units(p, k, start_s, start_s + duration_s);
}

StartNowIndex::StartNowIndex(const SchedulingContext& ctx)
    : ctx_(ctx),
      next_busy_desc_s_(ctx.cluster_count()),
      valid_(ctx.cluster_count(), 0),
      energy_left_j_(ctx.energy_remaining()) {}

void StartNowIndex::rebuild(ClusterId c) {
    const AvailabilityProfile& p = ctx_.profile(c);
    const Seconds now = ctx_.now();
    std::vector<Seconds>& v = next_busy_desc_s_[c];
    v.clear();
    for (LocalNodeIndex u = 0; u < p.node_count(); ++u) {
        const std::vector<BusyInterval>& tl = p.timeline(u);
        // Timelines are sorted and non-overlapping: the first interval ending after now is the one that
        // matters (set_now() has pruned the older ones, so this loop rarely advances).
        auto it = tl.begin();
        while (it != tl.end() && it->end_s <= now) ++it;
        if (it == tl.end()) {
            v.push_back(kInf);
        } else if (it->start_s > now) {
            v.push_back(it->start_s);
        }  // else busy at now
    }
    std::sort(v.begin(), v.end(), std::greater<Seconds>());
    valid_[c] = 1;
}

bool StartNowIndex::fits(ClusterId c, std::uint32_t k, Seconds duration_s) {
    if (!valid_.at(c)) rebuild(c);
    const std::vector<Seconds>& v = next_busy_desc_s_[c];
    // Same comparison as AvailabilityProfile::is_idle (t + d <= b), so the answers agree bit for bit.
    return k >= 1 && k <= v.size() && ctx_.now() + duration_s <= v[k - 1];
}

std::uint32_t StartNowIndex::free_units(ClusterId c) {
    if (!valid_.at(c)) rebuild(c);
    return static_cast<std::uint32_t>(next_busy_desc_s_[c].size());
}

bool try_start_now(SchedulingContext& ctx, StartNowIndex& index, TaskId t, std::uint32_t pstate,
                   NodeChoice choice) {
    for (ClusterId c = 0; c < ctx.cluster_count(); ++c) {
        const std::uint32_t k = ctx.units_needed(t, c);
        const std::uint32_t p = clamp_pstate(ctx, c, pstate);
        const Seconds d = booked_duration(ctx, t, c, p);
        if (k == 0 || d < 0 || !index.fits(c, k, d)) continue;
        const Joules e = ctx.exec_energy(t, c, p);
        if (!index.affordable(e)) continue;
        auto units = pick_units(ctx, c, k, ctx.now(), d, choice);
        if (units.size() != k)
            throw std::logic_error("StartNowIndex and AvailabilityProfile disagree for task " + std::to_string(t));
        ctx.start(t, c, std::move(units), p);
        index.invalidate(c);
        index.spend(e);
        return true;
    }
    return false;
}

std::optional<StartOption> earliest_option(const SchedulingContext& ctx, TaskId t, std::uint32_t pstate,
                                           Joules energy_left_j) {
    std::optional<StartOption> best;
    for (ClusterId c = 0; c < ctx.cluster_count(); ++c) {
        const std::uint32_t k = ctx.units_needed(t, c);
        const std::uint32_t p = clamp_pstate(ctx, c, pstate);
        const Seconds d = booked_duration(ctx, t, c, p);
        if (k == 0 || d < 0 || ctx.exec_energy(t, c, p) > energy_left_j) continue;
        const std::optional<Seconds> s = ctx.profile(c).earliest_start(k, d, ctx.now());
        if (s && (!best || *s < best->start_s)) best = StartOption{c, p, *s};  // strict <: lowest cluster wins ties
    }
    return best;
}

void place(SchedulingContext& ctx, StartNowIndex& index, TaskId t, const StartOption& option, NodeChoice choice,
           bool placeholder) {
    const ClusterId c = option.cluster;
    const std::uint32_t k = ctx.units_needed(t, c);
    const Seconds d = booked_duration(ctx, t, c, option.pstate);
    auto units = pick_units(ctx, c, k, option.start_s, d, choice);
    if (units.size() != k)
        throw std::logic_error("no units at the earliest start of task " + std::to_string(t));
    if (option.start_s <= ctx.now())
        ctx.start(t, c, std::move(units), option.pstate);
    else
        ctx.reserve(t, c, std::move(units), option.start_s, option.pstate, placeholder);
    index.invalidate(c);
    index.spend(ctx.exec_energy(t, c, option.pstate));
}

}  // namespace rmsim
