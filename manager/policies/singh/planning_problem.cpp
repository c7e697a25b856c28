#include "manager/policies/singh/planning_problem.h"

#include <stdexcept>
#include <string>

namespace rmsim::singh {

PlanningProblem::PlanningProblem(const Job& job, const NodeModel& node)
    : job_(job), node_(node), n_(static_cast<std::uint32_t>(job.tasks.size())), levels_(node.levels()) {
    if (n_ == 0) throw std::invalid_argument("singh planning: job " + std::to_string(job.id) + " has no tasks");
    topo_ = job.topological_order();  // validates the edges and acyclicity
    exec_ns_.resize(std::size_t(n_) * levels_);
    for (std::uint32_t t = 0; t < n_; ++t)
        for (std::uint32_t v = 0; v < levels_; ++v)
            exec_ns_[t * levels_ + v] = exec_time_ns(job.tasks[t].work, node, v);
    in_.resize(n_);
    out_.resize(n_);
    for (const DataEdge& e : job.edges) {
        const TimeNs d = transfer_time_ns(e.data_bytes, node);
        out_[e.from].push_back({e.to, d});
        in_[e.to].push_back({e.from, d});
    }
}

}  // namespace rmsim::singh
