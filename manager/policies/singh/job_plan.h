#pragma once
// A planned execution of one job on the cores of one node (Singh 2015 Sec. III-E: the task -> core
// allocation inside the node and the V/F level of every task), with its response time and its energy by
// Eq. (1)-(2). Times are relative to the job's start (its first task starts at 0), in whole nanoseconds.
#include <cstdint>
#include <vector>

#include "manager/policies/singh/node_model.h"
#include "workloads/task.h"

namespace rmsim::singh {

struct PlannedTask {
    std::uint32_t core = 0;   ///< 0 .. cores_used()-1: the job's own cores, numbered by first use
    std::uint32_t level = 0;  ///< V/F level = P-state index (0 = fastest)
    TimeNs start_ns = 0;      ///< the core starts executing the task
    TimeNs finish_ns = 0;     ///< start + execution time at `level`
};

struct JobPlan {
    std::vector<PlannedTask> tasks;  ///< by task index of the job
    /// Per core, its tasks in execution order. Dispatching each core's tasks in this order, each as soon as
    /// its core is free and its input data has arrived, reproduces the planned times (without link
    /// contention, which planning ignores).
    std::vector<std::vector<std::uint32_t>> core_sequence;
    TimeNs response_ns = 0;       ///< last finish - first start (= last finish)
    Joules dynamic_energy_j = 0;  ///< Eq. (2): Σ exec · (busy - idle power) at each task's level
    Joules static_energy_j = 0;   ///< Eq. (1) static part, see list_schedule.h for the gating AMBIG

    std::uint32_t cores_used() const { return static_cast<std::uint32_t>(core_sequence.size()); }
    Joules energy_j() const { return dynamic_energy_j + static_energy_j; }  ///< Eq. (1) E_total
    Seconds response_s() const { return ns_to_seconds(response_ns); }
    std::vector<std::uint32_t> core_of_tasks() const;   ///< tasks[i].core for every i
    std::vector<std::uint32_t> level_of_tasks() const;  ///< tasks[i].level for every i
};

/// Value the job earns if it starts at absolute time `start_s` and runs as planned: its value curve at the
/// completion time start_s + response (Singh Sec. III-C; the curve's argument is time since arrival).
double plan_value(const Job& job, const JobPlan& plan, Seconds start_s);

}  // namespace rmsim::singh
