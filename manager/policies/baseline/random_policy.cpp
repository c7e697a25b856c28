#include "manager/policies/baseline/random_policy.h"

#include <vector>

#include "manager/decisions.h"
#include "manager/policy_view.h"

namespace rmsim {

PolicyTraits RandomPolicy::traits() const {
    PolicyTraits t;
    t.on_arrival = true;
    t.on_completion = true;
    t.granularity = granularity_;
    return t;
}

// GAP: the text draws "a random cluster with a random P-state"; we draw uniformly among the clusters that
// can run the task, then uniformly among the P-states it can run at there (a draw the task cannot use
// would only be redrawn). GAP: reservations are permanent, as in the other comparison
// heuristics, so every task is assigned once, at the first mapping event that sees it.
void RandomPolicy::schedule(const PolicyView& view, Decisions& decide) {
    StartNowIndex index(view);
    std::vector<ClusterId> clusters;
    std::vector<std::uint32_t> pstates;
    for (TaskId t : view.waiting()) {
        clusters.clear();
        for (ClusterId c = 0; c < view.cluster_count(); ++c) {
            if (view.units_needed(t, c) == 0) continue;
            for (std::uint32_t p = 0; p < view.pstate_count(c); ++p) {
                if (!view.exec_time(t, c, p).is_negative()) {
                    clusters.push_back(c);
                    break;
                }
            }
        }
        if (clusters.empty()) {
            decide.reject(t);
            continue;
        }
        std::uniform_int_distribution<std::size_t> pick_cluster(0, clusters.size() - 1);
        const ClusterId c = clusters[pick_cluster(rng_)];
        pstates.clear();
        for (std::uint32_t p = 0; p < view.pstate_count(c); ++p)
            if (!view.exec_time(t, c, p).is_negative()) pstates.push_back(p);
        std::uniform_int_distribution<std::size_t> pick_pstate(0, pstates.size() - 1);
        const std::uint32_t p = pstates[pick_pstate(rng_)];

        // The drawn option must be affordable (the budget binds every heuristic, backfill_common.h); if not,
        // the task waits and is drawn again at the next mapping event.
        if (!index.affordable(view.exec_energy(t, c, p))) continue;
        const std::uint32_t k = view.units_needed(t, c);
        const SimTime d = view.booked_time(t, c, p);
        StartOption option{c, p, view.now()};
        if (!index.fits(c, k, d)) {
            const auto s = view.profile(c).earliest_start(k, d, view.now());
            if (!s) continue;  // cannot happen: units_needed() <= the cluster's units
            option.start = *s;
        }
        place(view, decide, index, t, option, choice_, /*placeholder=*/false);
    }
}

}  // namespace rmsim
