#pragma once
// What a policy sees at a mapping event (batsched's read-only view of the platform and queue): time, the
// platform, every task and its record, the waiting set, the availability profiles, the estimates of
// execution time and energy, the energy accounts, and the DAG jobs. Read-only: a policy changes nothing
// except by deciding (manager/decisions.h). Plain C++, so every heuristic is unit-tested without a simulation.
#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "manager/availability_profile.h"
#include "manager/dag_executor.h"
#include "manager/domain_states.h"
#include "manager/energy_accounts.h"
#include "manager/energy_stores.h"
#include "manager/estimates.h"
#include "manager/task_ledger.h"
#include "platform/platform_spec.h"
#include "workloads/task.h"
#include "workloads/uav_mission.h"
#include "workloads/workload.h"

namespace rmsim {

class PolicyView {
public:
    PolicyView(const Estimates& estimates, const TaskLedger& ledger, const EnergyAccounts& energy,
               const DomainStates& domains, const DagExecutor* jobs)
        : estimates_(estimates), ledger_(ledger), energy_(energy), domains_(domains), jobs_(jobs) {}
    PolicyView(const PolicyView&) = delete;
    PolicyView& operator=(const PolicyView&) = delete;
    /// Where energy_store() reads (the manager's books, which read the hardware; nullptr: the platform's
    /// capacities, nothing used, none depleted).
    void set_energy_stores(const EnergyStores* stores) { stores_ = stores; }

    // --- time, platform, tasks -------------------------------------------------------------------------
    SimTime now() const { return ledger_.now(); }
    const PlatformSpec& platform() const { return estimates_.platform(); }
    Granularity granularity() const { return estimates_.granularity(); }
    std::size_t cluster_count() const { return estimates_.cluster_count(); }
    std::uint32_t pstate_count(ClusterId c) const { return estimates_.pstate_count(c); }
    std::uint32_t cores_per_node(ClusterId c) const { return estimates_.cores_per_node(c); }
    /// Allocation units of cluster c (its nodes, or its cores with Granularity::Core).
    std::uint32_t unit_count(ClusterId c) const { return estimates_.unit_count(c); }
    const Task& task(TaskId t) const { return ledger_.task(t); }
    const TaskRecord& record(TaskId t) const { return ledger_.record(t); }
    /// Reserved: the reserved start; kNotYet otherwise.
    SimTime planned_start(TaskId t) const { return ledger_.planned_start(t); }
    /// The latest (re)start: the first start until a preemption, then the latest restart.
    SimTime start_time(TaskId t) const { return ledger_.start_time(t); }
    /// Times the task was preempted so far.
    std::uint32_t preemptions(TaskId t) const { return ledger_.preemptions(t); }
    /// Task ids given so far: every task, or a streamed run's arrived tasks (docs/architecture.md, "Streaming").
    std::size_t task_count() const { return ledger_.task_count(); }
    /// The task and its record can be read: always, unless a streamed run has retired it (finished).
    bool has_task(TaskId t) const { return ledger_.has_task(t); }
    /// Arrived, unmapped tasks in arrival order (manager/waiting_queue.h): a range over the tasks waiting now.
    /// A task mapped or dropped during the event leaves it at once. Walking it whole costs O(queue length):
    /// policies that decide from the front (FCFS, EASY) stop early.
    const WaitingQueue& waiting() const { return ledger_.waiting(); }
    bool is_waiting(TaskId t) const { return ledger_.is_waiting(t); }
    std::size_t running_count() const { return ledger_.running_count(); }
    /// Calls f(t) for every running and reserved task, ascending ids (O(tasks / 64 + such tasks)).
    template <typename F>
    void for_each_running_or_reserved(F&& f) const {
        ledger_.for_each_committed(std::forward<F>(f));
    }
    /// Tasks completed, dropped or rejected so far.
    std::size_t finished_count() const { return ledger_.finished_count(); }
    std::uint64_t mapping_events() const { return ledger_.mapping_events(); }
    /// Tasks that completed before the end of their booking (shorter than estimated), so far.
    std::uint64_t early_ends() const { return ledger_.early_ends(); }
    /// The tasks with a permanent reservation not yet started, ascending ids.
    std::vector<TaskId> reserved_tasks() const { return ledger_.reserved_tasks(); }

    // --- estimates (the papers' ETC/APC view) ----------------------------------------------------------
    /// Units the task needs on cluster c (0: it cannot run there).
    std::uint32_t units_needed(TaskId t, ClusterId c) const { return estimates_.units_needed(ledger_.task(t), c); }
    /// Time to do the task's remaining work on cluster c at P-state p; negative if it cannot run there.
    SimTime exec_time(TaskId t, ClusterId c, std::uint32_t pstate) const { return ledger_.exec_time(t, c, pstate); }
    /// How long a start or reservation books the task's units: exec_time() but at least 1 ns (a task of zero
    /// work still holds its units for the time resolution, TaskLedger::start/reserve); negative if it cannot
    /// run there. Query the profile over this window, not exec_time()'s, or a zero-work task's empty window
    /// finds units that are busy.
    /// A task that resumes also restores its checkpoint first (TaskLedger::restore_time; its nodes: the units
    /// under node granularity, one node under core granularity), and its booking covers that.
    SimTime booked_time(TaskId t, ClusterId c, std::uint32_t pstate) const {
        const SimTime d = exec_time(t, c, pstate);
        if (d.is_negative()) return d;
        const std::uint32_t nodes = granularity() == Granularity::Node ? units_needed(t, c) : 1;
        return std::max(d + ledger_.restore_time(t, c, nodes), kOneNanosecond);
    }
    /// Energy of that execution on its units: busy cores, plus uncore and node base power when whole
    /// nodes are allocated.
    Joules exec_energy(TaskId t, ClusterId c, std::uint32_t pstate) const {
        return estimates_.exec_energy(ledger_.task(t), ledger_.record(t).remaining, c, pstate);
    }
    /// Machovec Ch.2: the time of the task's remaining work in its k-th VM configuration on cluster c (what
    /// a start or reservation after choose_vm_config(t, k) books, at least 1 ns).
    SimTime vm_booked_time(TaskId t, std::uint32_t k, ClusterId c) const {
        return std::max(ledger_.vm_exec_time(t, k, c), kOneNanosecond);
    }
    /// The VM configuration chosen for the task, null if none.
    const VmConfig* vm_config(TaskId t) const { return ledger_.vm_config(t); }
    /// The distribution of that time (manager/estimates.h: a point mass unless the estimate model is
    /// `distribution` and the task's execution time is stochastic).
    Pmf exec_pmf(TaskId t, ClusterId c, std::uint32_t pstate) const {
        return estimates_.exec_pmf(ledger_.task(t), ledger_.record(t).remaining, c, pstate);
    }
    const EstimateConfig& estimate_config() const { return estimates_.config(); }
    /// Utility (value) earned if the task completes at `completion`.
    double utility_at(TaskId t, SimTime completion) const {
        const Task& task = ledger_.task(t);
        return task.utility.value_at((completion - task.arrival()).to_seconds());
    }

    // --- resources -------------------------------------------------------------------------------------
    const AvailabilityProfile& profile(ClusterId c) const { return ledger_.profile(c); }
    /// The node and local core of a unit (core = kAllCores for a whole node).
    std::pair<NodeId, std::uint32_t> unit_location(ClusterId c, LocalNodeIndex unit) const {
        return ledger_.unit_location(c, unit);
    }
    /// The units of the task's latest start (none before it started), kept after it ends.
    std::pair<const LocalNodeIndex*, std::size_t> last_units(TaskId t) const { return ledger_.last_units(t); }

    // --- energy (manager/energy_accounts.h) -------------------------------------------------------------
    /// The DVFS domain of `core` of node `n`: its level now and the fraction of its cores holding a task
    /// (manager/domain_states.h; under a governor or a power cap the level is the hardware's, as reported).
    DomainState domain_state(NodeId n, std::uint32_t core) const { return domains_.state(n, core); }
    Joules energy_consumed() const { return energy_.consumed(); }
    Joules energy_committed() const { return energy_.committed(); }
    const EnergyBudget& budget() const { return energy_.budget(); }
    SimTime budget_period_start() const { return energy_.period_start(); }
    Joules energy_consumed_in_period() const { return energy_.consumed_in_period(); }
    Joules energy_committed_in_period() const { return energy_.committed_in_period(); }
    /// Estimated energy of the place-holders this mapping event opened by removing (EnergyAccounts).
    Joules energy_of_cleared_placeholders() const { return energy_.cleared_placeholders(); }
    Joules energy_remaining() const { return energy_.remaining(); }
    Joules energy_goal(SimTime t) const { return energy_.goal(t); }
    /// The goal curve's rate now over its mean rate for the rest of the period (1 on a straight line):
    /// EnergyAccounts::goal_rate_factor_now().
    double energy_goal_rate_factor() const { return energy_.goal_rate_factor_now(); }
    /// Node n's energy store (NodeType::energy_store_j; capacity 0: none): its capacity, the energy drawn from
    /// it up to now (read from the hardware when asked, O(1)), and whether it is used up (the node then stopped
    /// for good and its units are booked out of service in the profile).
    EnergyStoreLevel energy_store(NodeId n) const {
        if (stores_) return stores_->level(n);
        EnergyStoreLevel l;
        l.capacity_j = energy_store_capacity(platform(), n);
        return l;
    }

    // --- Machovec Ch.5 ----------------------------------------------------------------------------------
    /// The UAV mission the tasks belong to (workloads/uav_mission.h), null for any other workload.
    const UavMission* uav_mission() const { return mission_; }
    void set_uav_mission(const UavMission* m) { mission_ = m; }

    // --- DAG jobs (Singh 2015): a job runs on one node, its tasks follow the graph ---------------------
    /// Every task belongs to a job; policies schedule waiting_jobs(), not waiting().
    bool has_jobs() const { return jobs_ != nullptr; }
    /// The manager keeps a DAG job's cores powered from its start to its end (Singh Eq. 1; DagExecutor).
    bool job_cores_held() const { return jobs_ != nullptr && jobs_->holds_cores(); }
    std::size_t job_count() const { return jobs_ ? jobs_->job_count() : 0; }
    const DagJob& job(JobId j) const { return jobs().job(j); }
    const JobRecord& job_record(JobId j) const { return jobs().job_record(j); }
    JobId job_of(TaskId t) const { return jobs().job_of(t); }
    /// Arrived, unallocated jobs in arrival order (as of the start of this mapping event; check the state).
    const std::vector<JobId>& waiting_jobs() const { return jobs().waiting_jobs(); }
    /// Cores of a node (Granularity::Core) with nothing booked from now on: the node's bid (Singh Alg. 1).
    std::vector<std::uint32_t> idle_cores(ClusterId c, LocalNodeIndex node) const { return jobs().idle_cores(c, node); }
    std::size_t jobs_finished() const { return jobs_ ? jobs_->jobs_finished() : 0; }

private:
    const DagExecutor& jobs() const;

    const Estimates& estimates_;
    const TaskLedger& ledger_;
    const EnergyAccounts& energy_;
    const DomainStates& domains_;
    const DagExecutor* jobs_;
    const EnergyStores* stores_ = nullptr;
    const UavMission* mission_ = nullptr;
};

}  // namespace rmsim
