#pragma once
// One job on one node type, prepared for the Singh 2015 planners: execution time of every task at every
// V/F level and the transfer time of every edge between two cores, computed once (the planners evaluate
// thousands of schedules per job: Algorithm 3 O(|T|²·levels), the GA of Sec. IV-A thousands per core count).
#include <cstdint>
#include <vector>

#include "manager/policies/singh/node_model.h"
#include "workloads/task.h"

namespace rmsim::singh {

class PlanningProblem {
public:
    struct Arc {
        std::uint32_t task = 0;  ///< the other end of the edge
        TimeNs transfer_ns = 0;  ///< delay when the two ends are on different cores
    };

    /// Keeps references to `job` and `node`: both must outlive the problem. std::invalid_argument if the
    /// job has no tasks, is not a DAG, or a task cannot run on the node's core type.
    PlanningProblem(const Job& job, const NodeModel& node);

    const Job& job() const { return job_; }
    const NodeModel& node() const { return node_; }
    std::uint32_t tasks() const { return n_; }
    std::uint32_t levels() const { return levels_; }
    TimeNs exec_ns(std::uint32_t task, std::uint32_t level) const { return exec_ns_[task * levels_ + level]; }
    /// Edges into / out of a task, in the job's edge order. Parallel edges are kept (each carries its data).
    const std::vector<Arc>& in_arcs(std::uint32_t task) const { return in_[task]; }
    const std::vector<Arc>& out_arcs(std::uint32_t task) const { return out_[task]; }
    /// Job::topological_order() (smallest ready index first).
    const std::vector<std::uint32_t>& topological_order() const { return topo_; }

private:
    const Job& job_;
    const NodeModel& node_;
    std::uint32_t n_ = 0;
    std::uint32_t levels_ = 0;
    std::vector<TimeNs> exec_ns_;
    std::vector<std::vector<Arc>> in_, out_;
    std::vector<std::uint32_t> topo_;
};

}  // namespace rmsim::singh
