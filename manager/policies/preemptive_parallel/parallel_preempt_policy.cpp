#include "manager/policies/preemptive_parallel/parallel_preempt_policy.h"

#include <stdexcept>
#include <string>

#include "manager/decisions.h"
#include "manager/dropping.h"
#include "manager/policies/machovec/energy_filters.h"
#include "manager/policies/preemptive_parallel/preemption_search.h"
#include "manager/policy_view.h"

namespace rmsim {

ParallelPreemptPolicy::ParallelPreemptPolicy(const ParallelPreemptConfig& config)
    : config_(config), base_(config.base) {
    if (config.objective != Objective::Util && config.objective != Objective::UPT &&
        config.rule != ParallelRule::Energy)
        throw std::invalid_argument("the Greedy and Diff preemption rules use the Util or UPT objective");
}

void ParallelPreemptPolicy::schedule(const PolicyView& view, Decisions& decide) {
    preemption_pass(view, decide);  // (1)
    base_.schedule(view, decide);   // (2) Machovec Ch.3 Algorithm 4 over the rest
}

// (1): the best plan over the waiting tasks (arrival order breaks ties), applied, then the search again over
// the new state, at most max_preemptions times.
void ParallelPreemptPolicy::preemption_pass(const PolicyView& view, Decisions& decide) {
    if (config_.max_preemptions == 0) return;
    SearchLimits lim;
    lim.rule = config_.rule;
    lim.objective = config_.objective;
    lim.max_victims = config_.max_victims;
    lim.energy_left_j = view.energy_remaining();
    lim.day_end = period_end(view.budget(), view.now());
    bool declined = false;
    for (std::uint32_t round = 0; round < config_.max_preemptions; ++round) {
        const std::vector<std::vector<RunningPart>> running = running_parts(view);
        std::optional<PreemptPlan> plan;
        for (TaskId t : view.waiting()) {
            if (!view.task(t).can_preempt) continue;
            // A task Max-M is about to drop (§3.3.3) is not worth a preemption.
            if (utility_upper_bound(view, t) < config_.base.dropping_threshold) continue;
            auto p = best_plan(view, t, running, lim, declined);
            if (p && (!plan || p->verdict.value > plan->verdict.value)) plan = std::move(p);
        }
        if (!plan) break;
        for (TaskId v : plan->victims) {
            if (!decide.preempt(v, plan->task))
                throw std::logic_error("preemption of parallel tasks: task " + std::to_string(plan->task) +
                                       " may not preempt task " + std::to_string(v));
            ++victims_;
        }
        const ClusterId c = plan->cluster;
        const std::uint32_t k = view.units_needed(plan->task, c);
        const SimTime d = view.booked_time(plan->task, c, 0);
        std::vector<LocalNodeIndex> nodes = view.profile(c).choose_nodes(k, plan->start, d);
        if (nodes.size() != k)
            throw std::logic_error("preemption of parallel tasks: the victims did not free the nodes of task " +
                                   std::to_string(plan->task));
        // Booked from when the checkpoints are written (a permanent reservation: it is not re-planned), so
        // that its booking is where it runs; now if they are free.
        decide.reserve(plan->task, c, std::move(nodes), plan->start, 0, false);
        lim.energy_left_j -= plan->energy_j;
        ++urgent_started_;
    }
    if (declined) ++declined_;
}

void ParallelPreemptPolicy::report(PolicyReport& r) const {
    base_.report(r);
    r.figures.emplace_back("urgent_started_by_preemption", static_cast<double>(urgent_started_));
    r.figures.emplace_back("victims_preempted", static_cast<double>(victims_));
    r.figures.emplace_back("events_with_declined_preemption", static_cast<double>(declined_));
}

}  // namespace rmsim
