#include "manager/policies/baseline/backfill_common.h"

#include <algorithm>
#include <functional>
#include <limits>
#include <stdexcept>
#include <string>

#include "manager/decisions.h"
#include "manager/policy_view.h"
#include "manager/unit_choice.h"

namespace rmsim {

namespace {
constexpr SimTime kInf = SimTime::infinity();
}

std::uint32_t clamp_pstate(const PolicyView& view, ClusterId c, std::uint32_t pstate) {
    return std::min(pstate, view.pstate_count(c) - 1);
}

bool runnable_somewhere(const PolicyView& view, TaskId t, std::uint32_t pstate) {
    for (ClusterId c = 0; c < view.cluster_count(); ++c)
        if (view.units_needed(t, c) > 0 && !view.exec_time(t, c, clamp_pstate(view, c, pstate)).is_negative())
            return true;
    return false;
}

std::vector<LocalNodeIndex> pick_units(const PolicyView& view, ClusterId c, std::uint32_t k, SimTime start,
                                       SimTime duration, NodeChoice choice) {
    const AvailabilityProfile& p = view.profile(c);
    if (choice == NodeChoice::Voids) return p.choose_nodes(k, start, duration);
    if (choice == NodeChoice::Pack) return p.packed_idle_nodes(k, start, start + duration);
    return lowest_idle_units(p, k, start, start + duration);
}

void StartNowIndex::begin_event(const PolicyView& view) {
    view_ = &view;
    next_busy_desc_.resize(view.cluster_count());  // rebuilt before use: valid_ is all 0
    valid_.assign(view.cluster_count(), 0);
    energy_left_j_ = view.energy_remaining();
}

void StartNowIndex::rebuild(ClusterId c) {
    const AvailabilityProfile& p = view_->profile(c);
    const SimTime now = view_->now();
    std::vector<SimTime>& v = next_busy_desc_[c];
    v.clear();
    for (LocalNodeIndex u = 0; u < p.node_count(); ++u) {
        const Timeline& tl = p.timeline(u);
        // Timelines are sorted and non-overlapping: the first interval ending after now is the one that
        // matters (set_now() has pruned the older ones, so this loop rarely advances).
        auto it = tl.begin();
        while (it != tl.end() && it->end <= now) ++it;
        if (it == tl.end()) {
            v.push_back(kInf);
        } else if (it->start > now) {
            v.push_back(it->start);
        }  // else busy at now
    }
    std::sort(v.begin(), v.end(), std::greater<SimTime>());
    valid_[c] = 1;
}

bool StartNowIndex::fits(ClusterId c, std::uint32_t k, SimTime duration) {
    if (simple(c)) return k >= 1 && k <= view_->profile(c).empty_node_count() && !duration.is_infinite();
    if (!valid_.at(c)) rebuild(c);
    const std::vector<SimTime>& v = next_busy_desc_[c];
    // Same comparison as AvailabilityProfile::is_idle (t + d <= b), so the answers agree bit for bit.
    return k >= 1 && k <= v.size() && view_->now() + duration <= v[k - 1];
}

bool StartNowIndex::simple(ClusterId c) const { return view_->profile(c).nothing_booked_ahead(view_->now()); }

std::uint32_t StartNowIndex::free_units(ClusterId c) {
    if (simple(c)) return view_->profile(c).empty_node_count();
    if (!valid_.at(c)) rebuild(c);
    return static_cast<std::uint32_t>(next_busy_desc_[c].size());
}

bool try_start_now(const PolicyView& view, Decisions& decide, StartNowIndex& index, TaskId t, std::uint32_t pstate,
                   NodeChoice choice, const StartRule& rule) {
    for (ClusterId c = 0; c < view.cluster_count(); ++c) {
        const std::uint32_t k = view.units_needed(t, c);
        const std::uint32_t p = clamp_pstate(view, c, pstate);
        const SimTime d = view.booked_time(t, c, p);
        if (k == 0 || d.is_negative() || !index.fits(c, k, d)) continue;
        const Joules e = index.unlimited() ? 0 : view.exec_energy(t, c, p);  // finite here (k > 0, d >= 0)
        if (!index.affordable(e) || (rule && !rule(c, k, d))) continue;
        auto units = pick_units(view, c, k, view.now(), d, choice);
        if (units.size() != k)
            throw std::logic_error("StartNowIndex and AvailabilityProfile disagree for task " + std::to_string(t));
        decide.start(t, c, std::move(units), p);
        index.invalidate(c);
        index.spend(e);
        return true;
    }
    return false;
}

std::optional<StartOption> earliest_option(const PolicyView& view, TaskId t, std::uint32_t pstate,
                                           Joules energy_left_j) {
    std::optional<StartOption> best;
    for (ClusterId c = 0; c < view.cluster_count(); ++c) {
        const std::uint32_t k = view.units_needed(t, c);
        const std::uint32_t p = clamp_pstate(view, c, pstate);
        const SimTime d = view.booked_time(t, c, p);
        if (k == 0 || d.is_negative() || view.exec_energy(t, c, p) > energy_left_j) continue;
        const std::optional<SimTime> s = view.profile(c).earliest_start(k, d, view.now());
        if (s && (!best || *s < best->start)) best = StartOption{c, p, *s};  // strict <: lowest cluster wins ties
    }
    return best;
}

void place(const PolicyView& view, Decisions& decide, StartNowIndex& index, TaskId t, const StartOption& option,
           NodeChoice choice, bool placeholder) {
    const ClusterId c = option.cluster;
    const std::uint32_t k = view.units_needed(t, c);
    const SimTime d = view.booked_time(t, c, option.pstate);
    auto units = pick_units(view, c, k, option.start, d, choice);
    if (units.size() != k) throw std::logic_error("no units at the earliest start of task " + std::to_string(t));
    if (option.start <= view.now())
        decide.start(t, c, std::move(units), option.pstate);
    else
        decide.reserve(t, c, std::move(units), option.start, option.pstate, placeholder);
    index.invalidate(c);
    index.spend(view.exec_energy(t, c, option.pstate));
}

}  // namespace rmsim
