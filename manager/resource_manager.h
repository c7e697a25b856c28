#pragma once
// The resource manager (docs/architecture.md "Manager"): a SystemC module that owns the manager's bookkeeping (task
// ledger, DAG executor, energy accounts: manager/bookkeeping.h), feeds it task arrivals and hardware notices,
// triggers mapping events (on arrival, on completion, periodically, as the policy declares, and at the times
// the policy asks for), calls the
// policy with the read-only view and the decision sink, and turns the resulting commands into rmsim
// protocol messages.
//
// TLM is its only path to the hardware: it sends commands and reads the machine's energy meter through its
// ControlPort and learns everything else from notices (a START's acknowledgement with the projected end of
// each part, later changes of that projection, completions, preemptions). It never calls into a node, core or
// meter. A unit is the manager's from the START it sends until the task's last notice; a START whose units
// are still held waits for them.
//
// Under an estimate model other than `exact` (manager/estimates.h) the manager does not use the projected
// ends (it would learn the actual times from them): a task that runs past its booking keeps its units booked
// one nanosecond at a time (TaskLedger::begin_event), and one that reaches its time limit is killed.
//
// At each instant the manager acts last: a wake-up at time t waits (delta cycles) until nothing else is
// pending at t, so completions, arrivals and notices of the same instant are all registered before it
// decides.
#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <queue>
#include <unordered_map>
#include <vector>

#include <systemc>

#include "manager/bookkeeping.h"
#include "manager/event_timing.h"
#include "manager/policy.h"
#include "modules/control_port.h"
#include "modules/instant_watchdog.h"
#include "platform/platform_spec.h"
#include "workloads/task.h"

namespace rmsim {

struct ManagerConfig {
    SimTime end = SimTime::infinity();  ///< stop the simulation here (infinity: when every task has finished)
    EnergyBudget budget;
    EstimateConfig estimate;  ///< how the manager estimates execution times (manager/estimates.h)
    /// DAG jobs: keep a job's cores powered from its start to its end (Singh 2015 Eq. 1: static power of the
    /// used cores over the job's execution time), or let a core that gates when idle gate between the
    /// job's tasks (false). manager/dag_executor.h.
    bool hold_job_cores = true;
};

struct ManagerStats {
    std::uint64_t mapping_events = 0;
    SimTime last_mapping_event = kNotYet;  ///< when the policy was last called (kNotYet: never)
    EventTiming event_wall;                ///< scheduler wall time per mapping event, by queue length
    std::size_t max_waiting = 0;           ///< longest waiting queue seen at a mapping event
    /// Most tasks waiting, reserved or running at once, seen after the arrivals of an instant and at its end
    /// (the tasks a streamed run must hold, manager/task_table.h).
    std::size_t peak_waiting_and_running = 0;
    std::uint64_t deferred_starts = 0;  ///< starts delayed because a unit was still held by an earlier task
    std::uint64_t overruns = 0;         ///< running tasks projected past their booking into a later one
    std::uint64_t kills = 0;            ///< tasks killed at their time limit
    // The hardware's side of the task counts, as the manager hears it (the end-of-run invariants compare them
    // with the ledger's): node parts started and their final notices, and the tasks a notice completed.
    std::uint64_t parts_started = 0;       ///< node parts whose START went to the hardware
    std::uint64_t completed_notices = 0;   ///< COMPLETED notices received (one per node part)
    std::uint64_t preempted_notices = 0;   ///< PREEMPTED notices received (one per node part)
    std::uint64_t depleted_notices = 0;    ///< DEPLETED notices of task parts received (one per node part)
    std::uint64_t notice_completions = 0;  ///< tasks that their last part's notice left completed
};

class ResourceManager : public sc_core::sc_module {
public:
    /// `platform`, `tasks` and `jobs` (the DAG jobs of the workload, nullptr for independent tasks) must
    /// outlive the manager; `port` is its network interface on the cluster interconnect (with the meter).
    /// `mission`: the UAV mission of the tasks (Machovec Ch.5; it too must outlive the manager), or nullptr.
    ResourceManager(sc_core::sc_module_name name, const PlatformSpec& platform, ControlPort& port,
                    const std::vector<Task>& tasks, Policy& policy, const ManagerConfig& config,
                    const std::vector<DagJob>* jobs = nullptr, const UavMission* mission = nullptr);
    /// The same over a task table, which may be streamed (manager/task_table.h): then its tasks are admitted
    /// as their arrivals come, and a finished task is retired at the end of the instant it finished at
    /// (set_retire: its outcome taken), its task and record dropped.
    ResourceManager(sc_core::sc_module_name name, const PlatformSpec& platform, ControlPort& port, TaskTable& tasks,
                    Policy& policy, const ManagerConfig& config, const std::vector<DagJob>* jobs = nullptr,
                    const UavMission* mission = nullptr);
    /// Streamed runs: hands the tasks finished by now to the retire function and drops them (at the end of
    /// every instant the manager acts at, and once more by the caller after the run). In every run, first brings
    /// the running tasks' bookings up to their parts' latest projections (on_projection()).
    void retire_finished();
    /// Called with each finished task of a streamed run, in the order they finished, before it is dropped.
    void set_retire(std::function<void(const PolicyView&, TaskId)> retire) { retire_ = std::move(retire); }

    const Bookkeeping& bookkeeping() const { return books_; }
    const ManagerStats& stats() const { return stats_; }
    /// True when every task has finished (completed, dropped or rejected).
    bool all_finished() const;
    /// Tasks handed to the bookkeeping as they arrived.
    std::size_t arrivals() const { return next_arrival_; }
    /// Tasks not arrived yet.
    bool arrivals_left() const { return tasks_->streamed() ? tasks_->has_next() : next_arrival_ < tasks_->size(); }
    /// Node parts of the running tasks whose START still waits for their units (not sent to the hardware).
    std::uint64_t unsent_parts() const;

private:
    ResourceManager(sc_core::sc_module_name name, const PlatformSpec& platform, ControlPort& port, TaskTable* tasks,
                    std::unique_ptr<TaskTable> owned, Policy& policy, const ManagerConfig& config,
                    const std::vector<DagJob>* jobs, const UavMission* mission);
    SimTime next_arrival() const {
        return tasks_->streamed() ? tasks_->next_arrival() : (*tasks_)[arriving(next_arrival_)].arrival();
    }
    /// The next task arrives: its id (a streamed table admits it).
    TaskId take_arrival() {
        ++next_arrival_;
        return tasks_->streamed() ? tasks_->admit_next() : arriving(next_arrival_ - 1);
    }
    void tick();
    void note_active();
    void on_notice(const Message& m);
    /// A STARTED or PROJECTED notice: the part's projected end; the booking follows if it is later.
    void on_projection(const Message& m);
    void mapping_event();
    void execute(const std::vector<Command>& commands);
    void send_start(TaskId t);
    bool units_free(TaskId t) const;
    /// The slot of unit u of cluster c in occupant_.
    std::size_t unit_slot(ClusterId c, LocalNodeIndex u) const { return unit_base_[c] + u; }
    void retry_deferred();
    /// A preemption (or kill) of a task whose start is still deferred: nothing of it runs on the hardware,
    /// so no node would report it; the ledger withdraws the start (TaskLedger::withdraw_start).
    void preempt_unstarted(TaskId t);
    void arm();
    Joules energy_now() { return port_.read_meter().total_j; }

    ControlPort& port_;
    std::unique_ptr<TaskTable> owned_tasks_;  ///< the table over a vector, for the vector constructor
    TaskTable* tasks_;
    std::function<void(const PolicyView&, TaskId)> retire_;
    Policy& policy_;
    PolicyTraits traits_;
    ManagerConfig config_;
    Bookkeeping books_;
    ManagerStats stats_;
    // Two events wake the manager: one for now (a notice, an instant that is not over) and one for its next
    // time (an arrival, a reservation, a wake-up). With one, each notification for now would cancel the timed
    // one and leave it in the kernel's queue of timed events until its time: a dead entry a completion.
    sc_core::sc_event wake_now_;
    sc_core::sc_event wake_at_;
    InstantWatchdog watchdog_;
    std::size_t next_arrival_ = 0;
    /// Task ids in arrival order, empty when the tasks come in arrival order already (ids fit 32 bits:
    /// WaitingQueue checks).
    std::vector<std::uint32_t> arrival_order_;
    /// The i-th task to arrive.
    TaskId arriving(std::size_t i) const { return arrival_order_.empty() ? i : arrival_order_[i]; }
    SimTime next_period_;
    SimTime next_budget_;              ///< the next budget period boundary
    bool meter_interval_set_ = false;  ///< the meter's interval readings follow the budget periods
    bool event_due_ = false;
    bool arrived_since_event_ = false;  ///< a task arrived after the last mapping event
    std::vector<TaskId> deferred_;
    std::vector<Command> commands_;  ///< the commands being executed (Bookkeeping::take_commands)
    /// Per allocation unit of every cluster (unit_slot()): the task holding it from its START until its
    /// final notice, kNoTask if none.
    static constexpr TaskId kNoTask = std::numeric_limits<TaskId>::max();
    std::vector<TaskId> occupant_;
    std::vector<std::size_t> unit_base_;  ///< per cluster, its first slot in occupant_
    /// Running tasks whose hardware reported a projected end other than the booked one (modules/protocol.h,
    /// acknowledgement by exception): the projection of each node part that reported, for that start.
    struct Projections {
        std::uint32_t attempt = 0;
        std::vector<std::pair<NodeId, SimTime>> parts;  ///< ascending nodes
        SimTime latest;                                 ///< the latest of the parts' projections
    };
    std::unordered_map<TaskId, Projections> projected_;
    /// The ends that one task's consecutive STARTED / PROJECTED notices asked its booking to follow, not yet
    /// applied (apply_extensions()). The parts of a wide task start one after another (the manager's link
    /// carries its STARTs in turn), each projecting an end a little later: following each at once would
    /// rewrite the booking on every node once per part.
    struct PendingExtension {
        TaskId task = 0;
        std::vector<SimTime> ends;  ///< per notice, in order (empty: none pending)
    };
    PendingExtension extension_;
    /// Brings the booking of the pending task to the ends its notices asked for: what following each notice at
    /// once gives (the same booking and overrun count), in one update when the latest end fits.
    void apply_extensions();
    struct Limit {
        SimTime at;
        TaskId task;
        std::uint32_t attempt;
        bool operator>(const Limit& o) const { return at != o.at ? at > o.at : task > o.task; }
    };
    /// Wake-ups the policy asked for (Decisions::wake_me_at), earliest first.
    std::priority_queue<SimTime, std::vector<SimTime>, std::greater<SimTime>> wakeups_;
    /// Time limits of running tasks (the `requested` model), earliest first; stale entries (a task restarted,
    /// ended, or ended and retired by a streamed run) skipped.
    std::priority_queue<Limit, std::vector<Limit>, std::greater<Limit>> limits_;
    /// `l`'s task is running the attempt `l` was set for, not being killed: its limit may still come due.
    bool limit_pending(const Limit& l) const;
    void kill_due(SimTime now);
};

}  // namespace rmsim
