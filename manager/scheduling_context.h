#pragma once
// What a policy sees and does at a mapping event (DESIGN.md "SchedulingContext"). Plain C++: policies are
// unit-tested on hand-built contexts without a simulation; the ResourceManager owns one context for the
// whole run, feeds it arrivals and notices, and executes its decisions on the modeled hardware.
//
// Allocation units: with Granularity::Node a unit is a node of the cluster (index local to the cluster);
// with Granularity::Core a unit is a core, numbered node-major (unit = local node x cores per node + core).
// Every cluster has an AvailabilityProfile over its units; running tasks, permanent reservations and
// place-holders are booked there.
#include <cstdint>
#include <functional>
#include <optional>
#include <queue>
#include <set>
#include <vector>

#include "manager/availability_profile.h"
#include "manager/decision.h"
#include "manager/job_record.h"
#include "manager/policy.h"
#include "manager/task_record.h"
#include "platform/platform_spec.h"
#include "workloads/task.h"
#include "workloads/workload.h"

namespace rmsim {

struct EnergyBudget {
    Joules budget_j = 0;        ///< per period; <= 0: no budget
    Seconds period_s = 86400;   ///< e.g. a day (Machovec Ch.3 §3.2.4)
    Seconds start_s = 0;        ///< when the first period starts (no constraint before it)
};

class SchedulingContext {
public:
    /// `tasks` must outlive the context; task i has id i.
    SchedulingContext(const PlatformSpec& platform, const std::vector<Task>& tasks, Granularity granularity);

    // --- time, platform, tasks -------------------------------------------------------------------------
    Seconds now() const { return now_s_; }
    const PlatformSpec& platform() const { return platform_; }
    Granularity granularity() const { return granularity_; }
    std::size_t cluster_count() const { return platform_.clusters.size(); }
    std::uint32_t pstate_count(ClusterId c) const;
    std::uint32_t cores_per_node(ClusterId c) const { return cores_per_node_.at(c); }
    const Task& task(TaskId t) const { return tasks_.at(t); }
    const TaskRecord& record(TaskId t) const { return records_.at(t); }
    std::size_t task_count() const { return tasks_.size(); }
    /// Arrived, unmapped tasks in arrival order, as of the start of this mapping event. Tasks mapped or
    /// dropped during the event stay listed until the next one: check is_waiting().
    const std::vector<TaskId>& waiting() const { return waiting_; }
    bool is_waiting(TaskId t) const { return records_.at(t).state == TaskState::Waiting; }
    std::size_t running_count() const { return running_count_; }

    // --- estimates (the papers' ETC/APC view: execution times are known) --------------------------------
    /// Units the task needs on cluster c (0: it cannot run there).
    std::uint32_t units_needed(TaskId t, ClusterId c) const;
    /// Time to do the task's remaining work on cluster c at P-state p; negative if it cannot run there.
    Seconds exec_time(TaskId t, ClusterId c, std::uint32_t pstate) const;
    /// Energy of that execution on its units: busy cores, plus uncore and node base power when whole
    /// nodes are allocated.
    Joules exec_energy(TaskId t, ClusterId c, std::uint32_t pstate) const;
    /// Utility (value) earned if the task completes at `completion_s`.
    double utility_at(TaskId t, Seconds completion_s) const;

    // --- resources -------------------------------------------------------------------------------------
    AvailabilityProfile& profile(ClusterId c) { return profiles_.at(c); }
    const AvailabilityProfile& profile(ClusterId c) const { return profiles_.at(c); }
    /// The node and local core of a unit (core = kAllCores for a whole node).
    std::pair<NodeId, std::uint32_t> unit_location(ClusterId c, LocalNodeIndex unit) const;

    // --- energy ----------------------------------------------------------------------------------------
    /// Exact energy consumed by the whole machine so far (from the power meters).
    Joules energy_consumed() const { return energy_reader_ ? energy_reader_() : 0.0; }
    /// Consumed plus the estimated energy still to come from running and reserved tasks.
    Joules energy_committed() const;
    const EnergyBudget& budget() const { return budget_; }
    void set_budget(const EnergyBudget& b) {
        budget_ = b;
        period_start_s_ = b.start_s;
    }
    // Per budget period (e.g. a day, Machovec Ch.3 §3.2.4; manager/scheduling_context_energy.cpp):
    /// Start of the budget period containing now.
    Seconds budget_period_start() const { return period_start_s_; }
    /// Energy consumed since the period started (exact: the manager snapshots the meters at its start).
    Joules energy_consumed_in_period() const { return energy_consumed() - period_start_energy_j_; }
    /// energy_consumed_in_period() plus the estimated energy of running and reserved tasks.
    Joules energy_committed_in_period() const { return energy_committed() - period_start_energy_j_; }
    /// budget - energy_committed_in_period() (+inf without a budget).
    Joules energy_remaining() const;
    /// The linear goal curve of the metaheuristics (Machovec Ch.3 §3.3.6): energy at a constant rate,
    /// budget x (t - period start) / period.
    Joules energy_goal(Seconds t_s) const;
    /// Used by the ResourceManager at each period boundary, with the machine's exact consumed energy.
    void begin_budget_period(Seconds start_s, Joules consumed_at_start_j);

    // --- actions (take effect at now()) --------------------------------------------------------------
    /// Starts a waiting task now on `units` of cluster c at P-state p. The units must be idle for the
    /// whole execution (std::logic_error otherwise).
    void start(TaskId t, ClusterId c, std::vector<LocalNodeIndex> units, std::uint32_t pstate);
    /// Books the task to start at `start_s` (> now) on `units`: a permanent reservation, or a place-holder
    /// that is removed at the beginning of the next mapping event (Machovec Ch.3 §3.3.2).
    void reserve(TaskId t, ClusterId c, std::vector<LocalNodeIndex> units, Seconds start_s,
                 std::uint32_t pstate, bool placeholder);
    /// Removes a waiting or reserved task for good.
    void drop(TaskId t);
    /// Refuses a waiting task (e.g. its value is already zero, Singh 2015 §IV).
    void reject(TaskId t);
    /// Stops a running task; it returns to the waiting set with its remaining work when the hardware
    /// reports it (units are free from now on).
    void preempt(TaskId t);
    void set_pstate(NodeId node, std::uint32_t core, std::uint32_t pstate);

    // --- DAG jobs (Singh 2015): a job runs on one node, its tasks follow the graph -------------------
    /// Gives the context the jobs of the workload (every task then belongs to a job; `jobs` must outlive
    /// the context). Tasks of jobs are not listed in waiting(): policies schedule waiting_jobs().
    void set_jobs(const std::vector<DagJob>* jobs);
    bool has_jobs() const { return jobs_ != nullptr; }
    std::size_t job_count() const { return jobs_ ? jobs_->size() : 0; }
    const DagJob& job(JobId j) const { return jobs_->at(j); }
    const JobRecord& job_record(JobId j) const { return job_records_.at(j); }
    JobId job_of(TaskId t) const { return job_of_.at(t); }
    /// Arrived, unallocated jobs in arrival order (as of the start of this mapping event; check the state).
    const std::vector<JobId>& waiting_jobs() const { return waiting_jobs_; }
    /// Cores of a node (Granularity::Core) with nothing booked from now on: the node's bid (Singh Alg. 1).
    std::vector<std::uint32_t> idle_cores(ClusterId c, LocalNodeIndex node) const;
    /// Runs a waiting job on `node` of cluster c as placed; books its cores for the planned response time.
    void start_job(JobId j, ClusterId c, LocalNodeIndex node, const JobPlacement& placement);
    /// Refuses a waiting job (its value at allocation would be zero, Singh §IV): all its tasks are rejected.
    void reject_job(JobId j);
    /// A Transferred notice: the data of a DAG edge reached its destination core.
    void transfer_done(std::uint64_t tag, Seconds now_s);
    std::size_t jobs_finished() const { return jobs_finished_; }

    // --- used by the ResourceManager (and tests driving a context by hand) --------------------------
    void set_energy_reader(std::function<Joules()> f) { energy_reader_ = std::move(f); }
    /// Task arrives (Pending -> Waiting).
    void arrive(TaskId t, Seconds now_s);
    /// Opens a mapping event at now_s: advances the profiles, removes place-holders (their tasks wait again).
    void begin_event(Seconds now_s);
    /// Moves time without an event (e.g. a notice).
    void advance(Seconds now_s);
    std::vector<Decision> take_decisions();
    /// Earliest reserved start not yet begun (+inf if none).
    Seconds next_reserved_start() const;
    /// Starts the reserved tasks due by `due_s` (>= now_s; a clock tick may round a planned start),
    /// emitting their Start decisions.
    void start_due_reservations(Seconds now_s, Seconds due_s);
    /// Tasks completed, dropped or rejected so far.
    std::size_t finished_count() const { return finished_count_; }
    /// A hardware notice: the part of task t on one node ended (completed or preempted).
    /// Returns true when the last part has reported.
    bool part_finished(TaskId t, bool preempted, double remaining, Joules energy_j, Seconds now_s);
    /// A running task's expected end moved (e.g. it overran its estimate): keep its units booked.
    bool extend_running(TaskId t, Seconds end_s);
    TaskRecord& mutable_record(TaskId t) { return records_.at(t); }
    std::uint64_t mapping_events() const { return events_; }

private:
    void book(TaskId t, ClusterId c, std::vector<LocalNodeIndex>& units, Seconds start_s, Seconds end_s,
              BookingKind kind);
    void set_running(TaskId t);
    /// Every change of a task's state goes through here: it keeps committed_ in step.
    void set_state(TaskId t, TaskState s);
    void compact_waiting();
    void job_task_completed(TaskId t);
    void start_ready_on_core(JobId j, std::uint32_t slot);
    /// A running job past its planned response (manager round trips, link contention) keeps its cores.
    void keep_running_jobs_booked();
    static std::uint64_t edge_tag(JobId j, std::uint32_t e) { return (std::uint64_t(j) << 32) | e; }

    const PlatformSpec& platform_;
    const std::vector<Task>& tasks_;
    Granularity granularity_;
    std::vector<TaskRecord> records_;
    /// The running and reserved tasks, ascending: energy_committed() sums over these, not over every record.
    std::set<TaskId> committed_;
    std::vector<AvailabilityProfile> profiles_;
    std::vector<std::uint32_t> cores_per_node_;
    std::vector<CoreTypeId> core_type_;  ///< per cluster: the type of core 0 of its node type
    std::vector<TaskId> waiting_;
    std::vector<Decision> decisions_;
    struct Timed {
        Seconds at_s;
        TaskId task;
        bool operator>(const Timed& o) const { return at_s != o.at_s ? at_s > o.at_s : task > o.task; }
    };
    std::priority_queue<Timed, std::vector<Timed>, std::greater<Timed>> reserved_;
    std::function<Joules()> energy_reader_;
    EnergyBudget budget_;
    Seconds period_start_s_ = 0;
    Joules period_start_energy_j_ = 0;
    Seconds now_s_ = 0;
    std::size_t running_count_ = 0;
    std::size_t finished_count_ = 0;
    std::uint64_t events_ = 0;
    const std::vector<DagJob>* jobs_ = nullptr;
    std::vector<JobRecord> job_records_;
    std::vector<JobId> job_of_;
    std::vector<JobId> waiting_jobs_;
    std::vector<JobId> running_jobs_;
    std::size_t jobs_finished_ = 0;
};

}  // namespace rmsim
