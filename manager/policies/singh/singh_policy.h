#pragma once
// The run-time loop shared by the Singh 2015 policies (Algorithm 1 for PBA, Algorithm 2 for the NBA
// family), executed at every mapping event (jobs arrive or finish):
//   reject every queued job whose value would be zero even if it started now with its fastest plan
//     (Sec. III-C, IV: "jobs whose value can only be zero are dropped");
//   repeat at most |queue| times:
//     collect the bids of all nodes (their idle cores); maxBid = the largest (ties: the lowest node, GAP
//       for the paper's "any node");
//     if maxBid == 0: stop;
//     let the policy choose a queued job and its plan for at most maxBid cores (choose());
//     run it on the maxBid node: plan core i -> the node's i-th lowest idle core; or reject it when its
//       value at allocation is zero.
// A job's cores stay its own until its last task completes (the DAG executor books them).
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "manager/decisions.h"
#include "manager/job_record.h"
#include "manager/policies/singh/job_plan.h"
#include "manager/policies/singh/node_model.h"
#include "manager/policies/singh/planning_problem.h"
#include "manager/policy.h"
#include "manager/policy_view.h"
#include "workloads/task.h"

namespace rmsim::singh {

/// A node's bid (Algorithm 1 line 6): its idle cores, ascending.
struct NodeBid {
    ClusterId cluster = 0;
    LocalNodeIndex node = 0;
    std::vector<std::uint32_t> idle_cores;
};

/// The node with the most idle cores (ties: lowest cluster, then lowest node); nullopt if none is idle.
std::optional<NodeBid> max_bid(const PolicyView& view);

/// The job's graph, tasks and value as a workloads Job (what the planners take).
Job job_view(const PolicyView& view, JobId j);

/// A plan on the job's own cores 0..k-1 placed on concrete idle cores of the node (plan core i -> the
/// i-th of `idle_cores`, which must hold at least plan.cores_used() cores).
JobPlacement to_placement(const JobPlan& plan, const std::vector<std::uint32_t>& idle_cores);

class SinghPolicy : public Policy {
public:
    PolicyTraits traits() const override;
    void schedule(const PolicyView& view, Decisions& decide) override;
    void report(PolicyReport& r) const override;

protected:
    struct Choice {
        JobId job = 0;
        JobPlan plan;
        double value = 0;  ///< value at now + plan response
    };
    /// The job to allocate now on a node with `bid_cores` idle cores of cluster c, and its plan.
    virtual std::optional<Choice> choose(const PolicyView& view, const std::vector<JobId>& queue, ClusterId c,
                                         std::uint32_t bid_cores) = 0;
    /// The response time of the job's fastest plan on cluster c (its value if started now decides rejection).
    virtual Seconds fastest_response(const PolicyView& view, JobId j, ClusterId c) = 0;

    /// Cached per (job, cluster): the job's view and its planning problem on the cluster's node type.
    const PlanningProblem& problem(const PolicyView& view, JobId j, ClusterId c);
    const Job& job(const PolicyView& view, JobId j);
    const NodeModel& node_model(const PolicyView& view, ClusterId c);
    /// Forgets a job's cached planning data once it is allocated or rejected.
    void forget(JobId j);

    std::uint64_t schedules_evaluated_ = 0;  ///< list schedules computed at run time

private:
    std::map<ClusterId, std::unique_ptr<NodeModel>> models_;
    std::map<JobId, std::unique_ptr<Job>> jobs_;
    std::map<std::pair<JobId, ClusterId>, std::unique_ptr<PlanningProblem>> problems_;
    std::map<std::pair<JobId, ClusterId>, Seconds> fastest_;  ///< fastest_response(), computed once per job
    std::uint64_t allocated_ = 0, rejected_ = 0;
};

}  // namespace rmsim::singh
