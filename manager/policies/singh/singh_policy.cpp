#include "manager/policies/singh/singh_policy.h"

#include <stdexcept>

namespace rmsim::singh {

std::optional<NodeBid> max_bid(const PolicyView& view) {
    std::optional<NodeBid> best;
    for (ClusterId c = 0; c < view.cluster_count(); ++c) {
        const std::uint32_t nodes = view.platform().clusters[c].nodes;
        for (LocalNodeIndex n = 0; n < nodes; ++n) {
            std::vector<std::uint32_t> idle = view.idle_cores(c, n);
            if (idle.empty()) continue;
            if (!best || idle.size() > best->idle_cores.size()) best = NodeBid{c, n, std::move(idle)};
        }
    }
    return best;
}

Job job_view(const PolicyView& view, JobId j) {
    const DagJob& d = view.job(j);
    Job job;
    job.id = d.id;
    job.arrival_s = d.arrival().to_seconds();  // the planners value completions on the simulation's grid
    job.edges = d.edges;
    job.value = d.value;
    job.tasks.reserve(d.task_count);
    for (std::uint32_t i = 0; i < d.task_count; ++i) job.tasks.push_back(view.task(d.first_task + i));
    return job;
}

JobPlacement to_placement(const JobPlan& plan, const std::vector<std::uint32_t>& idle_cores) {
    if (plan.cores_used() > idle_cores.size()) throw std::logic_error("singh: a plan needs more cores than the bid");
    JobPlacement p;
    for (const PlannedTask& t : plan.tasks) {
        p.core_of_task.push_back(idle_cores.at(t.core));
        p.pstate_of_task.push_back(t.level);
        p.planned_start.push_back(SimTime::from_ns(static_cast<std::int64_t>(t.start_ns)));
    }
    p.planned_response = SimTime::from_ns(static_cast<std::int64_t>(plan.response_ns));
    p.planned_energy_j = plan.energy_j();
    return p;
}

PolicyTraits SinghPolicy::traits() const {
    PolicyTraits t;
    t.on_arrival = true;     // Algorithm 1/2: run when jobs arrive ...
    t.on_completion = true;  // ... and when they finish (cores are freed)
    t.granularity = Granularity::Core;
    t.dag_jobs = true;
    return t;
}

const NodeModel& SinghPolicy::node_model(const PolicyView& view, ClusterId c) {
    auto& m = models_[c];
    if (!m)
        m = std::make_unique<NodeModel>(
            NodeModel::from_platform(view.platform(), view.platform().clusters.at(c).node_type, view.job_cores_held()));
    return *m;
}

const Job& SinghPolicy::job(const PolicyView& view, JobId j) {
    auto& v = jobs_[j];
    if (!v) v = std::make_unique<Job>(job_view(view, j));
    return *v;
}

const PlanningProblem& SinghPolicy::problem(const PolicyView& view, JobId j, ClusterId c) {
    auto& p = problems_[{j, c}];
    if (!p) p = std::make_unique<PlanningProblem>(job(view, j), node_model(view, c));
    return *p;
}

void SinghPolicy::forget(JobId j) {
    for (auto it = problems_.lower_bound({j, 0}); it != problems_.end() && it->first.first == j;)
        it = problems_.erase(it);
    jobs_.erase(j);
    for (auto it = fastest_.lower_bound({j, 0}); it != fastest_.end() && it->first.first == j;) it = fastest_.erase(it);
}

void SinghPolicy::schedule(const PolicyView& view, Decisions& decide) {
    std::vector<JobId> queue;
    for (JobId j : view.waiting_jobs()) {
        if (view.job_record(j).state != JobState::Waiting) continue;
        // Zero even with the fastest plan on any cluster: the value can only be zero (Sec. III-C).
        double best = 0;
        for (ClusterId c = 0; c < view.cluster_count() && best <= 0; ++c) {
            auto it = fastest_.find({j, c});
            if (it == fastest_.end()) it = fastest_.emplace(std::make_pair(j, c), fastest_response(view, j, c)).first;
            best = std::max(best,
                            view.job(j).value.value_at((view.now() - view.job(j).arrival()).to_seconds() + it->second));
        }
        if (best <= 0) {
            decide.reject_job(j);
            ++rejected_;
            forget(j);
        } else {
            queue.push_back(j);
        }
    }
    const std::size_t rounds = queue.size();
    for (std::size_t count = 0; count < rounds && !queue.empty(); ++count) {
        const std::optional<NodeBid> bid = max_bid(view);
        if (!bid) break;
        const std::optional<Choice> choice =
            choose(view, queue, bid->cluster, static_cast<std::uint32_t>(bid->idle_cores.size()));
        if (!choice) break;
        queue.erase(std::find(queue.begin(), queue.end(), choice->job));
        if (choice->value <= 0) {
            decide.reject_job(choice->job);  // value at allocation time is zero (Algorithm 1, Sec. IV)
            ++rejected_;
        } else {
            decide.start_job(choice->job, bid->cluster, bid->node, to_placement(choice->plan, bid->idle_cores));
            ++allocated_;
        }
        forget(choice->job);
    }
}

void SinghPolicy::report(PolicyReport& r) const {
    r.figures.emplace_back("jobs_allocated", static_cast<double>(allocated_));
    r.figures.emplace_back("jobs_rejected", static_cast<double>(rejected_));
    r.figures.emplace_back("schedules_evaluated", static_cast<double>(schedules_evaluated_));
}

}  // namespace rmsim::singh
