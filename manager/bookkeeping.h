#pragma once
// The ResourceManager's own state, without SystemC: the estimates, the task ledger, the DAG job executor
// (for workloads of jobs) and the energy accounts, with the read-only PolicyView and the Decisions sink
// that policies get at a mapping event. The ResourceManager drives it with arrivals and hardware notices
// and sends the commands it produces; tests drive it by hand the same way.
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "manager/command.h"
#include "manager/dag_executor.h"
#include "manager/decisions.h"
#include "manager/domain_states.h"
#include "manager/energy_accounts.h"
#include "manager/energy_stores.h"
#include "manager/estimates.h"
#include "manager/policy_view.h"
#include "manager/task_ledger.h"

namespace rmsim {

class Bookkeeping {
public:
    /// `platform`, `tasks` and `jobs` (nullptr: independent tasks) must outlive the bookkeeping.
    Bookkeeping(const PlatformSpec& platform, const TaskTable& tasks, Granularity granularity,
                const std::vector<DagJob>* jobs = nullptr, EstimateConfig estimate = {}, bool hold_job_cores = true);
    /// The same over every task of a vector (which must outlive the bookkeeping).
    Bookkeeping(const PlatformSpec& platform, const std::vector<Task>& tasks, Granularity granularity,
                const std::vector<DagJob>* jobs = nullptr, EstimateConfig estimate = {}, bool hold_job_cores = true);
    Bookkeeping(const Bookkeeping&) = delete;
    Bookkeeping& operator=(const Bookkeeping&) = delete;

    /// What policies get: the read-only view and the decision sink.
    const PolicyView& view() const { return view_; }
    Decisions& decisions() { return decisions_; }
    /// The UAV mission of the tasks (Machovec Ch.5), seen through the view.
    void set_uav_mission(const UavMission* m) { view_.set_uav_mission(m); }

    const TaskLedger& ledger() const { return ledger_; }
    const DagExecutor* jobs() const { return jobs_ ? &*jobs_ : nullptr; }
    EnergyAccounts& energy() { return energy_; }
    DomainStates& domains() { return domains_; }
    /// The nodes' energy stores: the depleted nodes, and where a level is read (EnergyStores::set_reader).
    EnergyStores& stores() { return stores_; }
    const EnergyStores& stores() const { return stores_; }
    const EnergyAccounts& energy() const { return energy_; }

    // --- driven by the ResourceManager (and tests) ---
    /// Task arrives (Pending -> Waiting); a task of a DAG job brings its job into waiting_jobs().
    void arrive(TaskId t, SimTime now);
    /// Opens a mapping event at now: place-holders are removed (their tasks wait again), the waiting sets are
    /// compacted.
    void begin_event(SimTime now);
    void advance(SimTime now) { ledger_.advance(now); }
    /// Starts the reserved tasks due by `due` (>= now).
    void start_due_reservations(SimTime now, SimTime due) { ledger_.start_due_reservations(now, due); }
    SimTime next_reserved_start() const { return ledger_.next_reserved_start(); }
    /// A hardware notice: the part of task t on one node ended (completed or preempted). Returns true when
    /// the last part has reported (a completed task of a DAG job then moves its job on).
    bool part_finished(TaskId t, bool preempted, double remaining, Joules energy_j, SimTime now);
    /// A DEPLETED notice from node n: the first marks it depleted and takes its units out of service for good
    /// (TaskLedger::retire_node). True the first time. (A part's notice then goes to part_finished as a
    /// preemption's.) std::logic_error for a workload of DAG jobs, whose tasks are not preemptible.
    bool node_depleted(NodeId n, SimTime now);
    /// A preemption or kill of a task whose START has not left the manager (TaskLedger::withdraw_start).
    void withdraw_start(TaskId t, SimTime now) { ledger_.withdraw_start(t, now); }
    /// TaskLedger::follow_unstarted.
    void follow_unstarted(TaskId t) { ledger_.follow_unstarted(t); }
    /// A Transferred notice: the data of a DAG edge reached its destination core.
    void transfer_done(std::uint64_t tag, SimTime now);
    /// A HoldEnded notice: the hold on the cores of the job booked under `task` ended, with their energy
    /// since their last task (DagExecutor::hold_ended).
    void hold_ended(TaskId task, Joules energy_j, SimTime now);
    /// The START of a task went to the hardware at now.
    void start_sent(TaskId t, SimTime now) { ledger_.start_sent(t, now); }
    /// How long the running task may run from its start before it is killed (infinity: no limit).
    SimTime time_limit(TaskId t) const;
    /// The running task reached its time limit (Preempt commands; it ends Killed).
    void kill(TaskId t) { ledger_.kill(t); }
    const Estimates& estimates() const { return estimates_; }
    /// A running task's expected end moved: keep its units booked (false if that would overlap a booking).
    bool extend_running(TaskId t, SimTime end) { return ledger_.extend_running(t, end); }
    /// The commands produced since the last call, in order.
    std::vector<Command> take_commands();
    /// The same into `into` (its old contents dropped): the manager swaps two buffers at every step, so
    /// neither is allocated again.
    void take_commands(std::vector<Command>& into);
    /// The wake-ups the policy asked for (Decisions::wake_me_at) since the last call.
    std::vector<SimTime> take_wakeups();

    /// Streamed runs: the tasks that reached a final state since the last call (TaskLedger::take_finished),
    /// and the release of a task's record once its outcome is taken.
    std::vector<TaskId> take_finished() { return ledger_.take_finished(); }
    void release(TaskId t) { ledger_.release(t); }

private:
    Bookkeeping(const PlatformSpec& platform, const TaskTable* tasks, std::unique_ptr<TaskTable> owned,
                Granularity granularity, const std::vector<DagJob>* jobs, EstimateConfig estimate, bool hold_job_cores);

    std::unique_ptr<TaskTable> owned_tasks_;  ///< the table over a vector, for the vector constructor
    const TaskTable* tasks_;
    Estimates estimates_;
    std::vector<Command> outbox_;
    std::vector<SimTime> wakeups_;
    TaskLedger ledger_;
    std::optional<DagExecutor> jobs_;
    EnergyAccounts energy_;
    DomainStates domains_;
    EnergyStores stores_;
    PolicyView view_;
    Decisions decisions_;
};

}  // namespace rmsim
