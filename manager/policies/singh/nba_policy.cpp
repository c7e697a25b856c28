#include "manager/policies/singh/nba_policy.h"

#include <algorithm>

#include "manager/policies/singh/fcps_levels.h"
#include "manager/policies/singh/ftps_levels.h"
#include "manager/policies/singh/load_balanced_allocation.h"
#include "manager/policies/singh/valopt_levels.h"

namespace rmsim::singh {

Seconds NbaPolicy::fastest_response(const PolicyView& view, JobId j, ClusterId c) {
    // The fastest plan NBA could make: on min(cores per node, |T|) cores, every task at the highest level.
    const PlanningProblem& p = problem(view, j, c);
    const std::uint32_t k = std::min(view.cores_per_node(c), p.tasks());
    ++schedules_evaluated_;
    return valopt_plan(p, load_balanced_allocation(p, k, tolerance_)).response_s();
}

std::optional<SinghPolicy::Choice> NbaPolicy::choose(const PolicyView& view, const std::vector<JobId>& queue,
                                                     ClusterId c, std::uint32_t bid_cores) {
    // Algorithm 2: allocate every queued job on min(maxBid, |T|) cores, take the most valuable one.
    std::optional<Choice> best;
    std::vector<std::uint32_t> best_alloc;
    for (JobId j : queue) {
        const PlanningProblem& p = problem(view, j, c);
        std::vector<std::uint32_t> alloc = load_balanced_allocation(p, std::min(bid_cores, p.tasks()), tolerance_);
        JobPlan plan = valopt_plan(p, alloc);
        ++schedules_evaluated_;
        const double v = plan_value(p.job(), plan, view.now().to_seconds());
        if (!best || v > best->value || (v == best->value && j < best->job)) {
            best = Choice{j, std::move(plan), v};
            best_alloc = std::move(alloc);
        }
    }
    if (!best || best->value <= 0 || rule_ == LevelRule::ValOpt) return best;
    // V/F identification of the chosen job.
    const PlanningProblem& p = problem(view, best->job, c);
    const LevelSelection sel = rule_ == LevelRule::Ftps ? ftps_levels(p, best_alloc, view.now().to_seconds())
                                                        : fcps_levels(p, best_alloc, view.now().to_seconds());
    schedules_evaluated_ += sel.schedules_evaluated;
    if (!sel.complete) {
        best->value = 0;  // no level assignment has a positive value: reject
        return best;
    }
    best->plan = sel.plan;
    best->value = plan_value(p.job(), sel.plan, view.now().to_seconds());
    return best;
}

}  // namespace rmsim::singh
