#include "manager/policies/singh/pba_policy.h"

#include <algorithm>
#include <limits>
#include <stdexcept>

#include "manager/policies/singh/pba_estimate.h"

namespace rmsim::singh {

void PbaPolicy::prepare(const PolicyView& view) {
    // Design time (§IV-A): the jobs are known from history; each is profiled once per node type.
    const auto t0 = std::chrono::steady_clock::now();
    node_type_of_cluster_.clear();
    for (ClusterId c = 0; c < view.cluster_count(); ++c) {
        const NodeTypeId t = view.platform().clusters[c].node_type;
        node_type_of_cluster_.push_back(t);
        if (stores_.count(t)) continue;
        ProfileStore& store = stores_[t];
        const NodeModel model = NodeModel::from_platform(view.platform(), t, view.job_cores_held());
        for (JobId j = 0; j < view.job_count(); ++j) {
            const Job job = job_view(view, j);
            const PlanningProblem problem(job, model);
            store.add(profile_job(problem, ga_));
        }
    }
    profiling_wall_s_ = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

const JobProfile& PbaPolicy::profile_of(JobId j, ClusterId c) const {
    const JobProfile* p = stores_.at(node_type_of_cluster_.at(c)).find(j);
    if (!p) throw std::logic_error("pba: job " + std::to_string(j) + " was not profiled");
    return *p;
}

Seconds PbaPolicy::fastest_response(const PolicyView&, JobId j, ClusterId c) {
    // The fastest profiled plan.
    Seconds fastest = std::numeric_limits<Seconds>::infinity();
    for (const ProfileEntry& e : profile_of(j, c).entries) fastest = std::min(fastest, e.response_s);
    return fastest;
}

std::optional<SinghPolicy::Choice> PbaPolicy::choose(const PolicyView& view, const std::vector<JobId>& queue,
                                                     ClusterId c, std::uint32_t bid_cores) {
    std::optional<Choice> best;
    double best_vpe = -1;
    for (JobId j : queue) {
        // Algorithm 1 lines 11-16 (Singh 2015 §IV-A): min(maxBid, the profiled k of maximum value/energy), value
        // at allocation time.
        const ValueEnergyEstimate est =
            pba_estimate(job(view, j), profile_of(j, c), bid_cores, view.now().to_seconds(), core_count_);
        if (est.value_per_energy > best_vpe || (est.value_per_energy == best_vpe && best && j < best->job)) {
            best_vpe = est.value_per_energy;
            best = Choice{j, est.entry->plan, est.value};
        }
    }
    return best;
}

void PbaPolicy::report(PolicyReport& r) const {
    SinghPolicy::report(r);
    std::size_t profiles = 0;
    std::uint64_t evaluations = 0;
    for (const auto& [t, s] : stores_) {
        profiles += s.size();
        evaluations += s.evaluations();
    }
    r.figures.emplace_back("profiled_jobs", static_cast<double>(profiles));
    r.figures.emplace_back("ga_evaluations", static_cast<double>(evaluations));
    r.wall.emplace_back("profiling_s", profiling_wall_s_);
    r.wall.emplace_back("profiled_jobs_per_s", profiling_wall_s_ > 0 ? profiles / profiling_wall_s_ : 0);
    r.wall.emplace_back("ga_evaluations_per_s", profiling_wall_s_ > 0 ? evaluations / profiling_wall_s_ : 0);
}

}  // namespace rmsim::singh
