#pragma once
// The task ledger: the manager's record of every task (where it is in its life, where it runs), the
// waiting set, the reservations to start, and the availability profile of each cluster with every running
// task, permanent reservation and place-holder booked in it. Owned by the ResourceManager (through its
// Bookkeeping); policies read it through the PolicyView and change it only by deciding (Decisions).
// Plain C++, no SystemC.
//
// Allocation units: with Granularity::Node a unit is a node of the cluster (index local to the cluster);
// with Granularity::Core a unit is a core, numbered node-major (unit = local node x cores per node + core).
#include <cstdint>
#include <queue>
#include <unordered_map>
#include <utility>
#include <vector>

#include "manager/availability_profile.h"
#include "manager/command.h"
#include "manager/estimates.h"
#include "manager/node_parts.h"
#include "manager/paged_slots.h"
#include "manager/task_record.h"
#include "manager/task_table.h"
#include "manager/waiting_queue.h"
#include "workloads/task.h"

namespace rmsim {

/// How many tasks have arrived and how many have ended in each final state, counted as the ledger moves them
/// (the end-of-run invariants compare them with the records and with the manager's counts).
struct EndStateCounts {
    std::uint64_t arrived = 0, completed = 0, dropped = 0, rejected = 0, killed = 0;
};

class TaskLedger {
public:
    /// `tasks` must outlive the ledger; task i has id i. Commands (Start, Preempt) go to `outbox`. With a
    /// streamed table a record is made when its task arrives and dropped when the manager retires the task.
    TaskLedger(const TaskTable& tasks, const Estimates& estimates, std::vector<Command>& outbox);

    // --- queries -------------------------------------------------------------------------------------
    SimTime now() const { return now_; }
    const Task& task(TaskId t) const { return tasks_.at(t); }
    const PlatformSpec& platform() const { return estimates_.platform(); }
    const TaskRecord& record(TaskId t) const { return records_.at(t); }
    /// The latest (re)start: the first start until a preemption, then the latest restart; kNotYet before.
    SimTime start_time(TaskId t) const {
        const TaskRecord& r = records_.at(t);
        if (!r.preempted) return r.first_start;
        const SimTime restart = preempted_.at(t).restart;
        return restart == kNotYet ? r.first_start : restart;
    }
    /// Times the task was preempted (its work kept, it waited again); 0 for most tasks, whose records say so
    /// without a look-up.
    std::uint32_t preemptions(TaskId t) const { return records_.at(t).preempted ? preempted_.at(t).preemptions : 0; }
    /// Reserved: the reserved start; kNotYet otherwise.
    SimTime planned_start(TaskId t) const {
        auto it = planned_start_.find(t);
        return it == planned_start_.end() ? kNotYet : it->second;
    }
    std::size_t task_count() const { return tasks_.size(); }
    /// The task is in the manager's table: always, unless a streamed run has retired it (manager/task_table.h).
    bool has_task(TaskId t) const { return tasks_.holds(t); }
    /// Arrived, unmapped tasks in arrival order (manager/waiting_queue.h). A task mapped or dropped during
    /// the event leaves it at once; no mapping event walks it whole unless its policy does.
    const WaitingQueue& waiting() const { return waiting_; }
    /// A place-holder removed when the current mapping event opened (begin_event): its task, where and at
    /// which P-state it was planned. Machovec Ch.3 §3.3.6.2 counts them in E_committed.
    struct ClearedPlaceHolder {
        TaskId task;
        ClusterId cluster;
        std::uint32_t pstate;
    };
    const std::vector<ClearedPlaceHolder>& placeholders_cleared() const { return placeholders_cleared_; }
    /// False for a task a streamed run has retired (it finished).
    bool is_waiting(TaskId t) const { return records_.holds(t) && records_[t].state == TaskState::Waiting; }
    std::size_t running_count() const { return running_count_; }
    /// Tasks running or reserved (place-holders included).
    std::size_t committed_count() const { return committed_count_; }
    /// Tasks completed, dropped or rejected so far.
    std::size_t finished_count() const { return finished_count_; }
    /// Arrivals and final states so far, each counted at its transition.
    const EndStateCounts& end_state_counts() const { return counts_; }
    std::uint64_t mapping_events() const { return events_; }
    /// Tasks that completed before the end of their booking (they ran shorter than estimated), so far.
    std::uint64_t early_ends() const { return early_ends_; }
    /// The reserved (not place-holder, not yet started) tasks, ascending ids.
    std::vector<TaskId> reserved_tasks() const;
    const AvailabilityProfile& profile(ClusterId c) const { return profiles_.at(c); }
    /// The node and local core of a unit (core = kAllCores for a whole node).
    std::pair<NodeId, std::uint32_t> unit_location(ClusterId c, LocalNodeIndex unit) const {
        return layouts_.at(c).location(unit);
    }
    /// Where cluster c's units lie: for walking a task's units by node part (manager/node_parts.h).
    const UnitLayout& unit_layout(ClusterId c) const { return layouts_.at(c); }
    /// The units of the task's latest start (none before it started), kept after it ends: where it ran, for
    /// the outputs (batsim_jobs.csv). One offset per task and the units of each start, in one array.
    std::pair<const LocalNodeIndex*, std::size_t> last_units(TaskId t) const {
        if (t >= last_units_at_.size() || last_units_at_[t] == kNoUnits) return {nullptr, 0};
        const LocalNodeIndex* at = last_units_.data() + last_units_at_[t];
        return {at + 1, at[0]};
    }
    /// Calls f(t) for every running and reserved task, ascending ids (a bitmap over the ids: O(1) per change,
    /// O((tasks from the lowest committed id) / 64 + committed) per walk).
    template <typename F>
    void for_each_committed(F&& f) const {
        // Words below committed_low_ are empty (a streamed run's long-finished ids cost nothing).
        while (committed_low_ < committed_bits_.size() && committed_bits_[committed_low_] == 0) ++committed_low_;
        for (std::size_t w = committed_low_; w < committed_bits_.size(); ++w)
            for (std::uint64_t bits = committed_bits_[w]; bits != 0; bits &= bits - 1)
                f(static_cast<TaskId>(w * 64 + static_cast<std::size_t>(__builtin_ctzll(bits))));
    }
    /// Time of the task's remaining work on cluster c at P-state p (Estimates::exec_time).
    SimTime exec_time(TaskId t, ClusterId c, std::uint32_t pstate) const;
    /// Machovec Ch.2: the VM configuration chosen for the task (an index into its work's vm_configs), null
    /// if none was chosen (its own cores and work).
    const VmConfig* vm_config(TaskId t) const;
    /// The task's work as it books and runs: its chosen VM configuration's, else its own.
    WorkModel work_of(TaskId t) const;
    /// Time of the task's remaining work in its k-th VM configuration on cluster c (rounded as exec_time()).
    SimTime vm_exec_time(TaskId t, std::uint32_t k, ClusterId c) const;
    /// A task that resumes (work done, remaining < 1) first restores its checkpoint on each of its `nodes`
    /// node parts of cluster c (manager/preemption_costs.h); 0 for a fresh task or a free preemption. Its
    /// bookings (start, reservation, place-holder) cover it.
    SimTime restore_time(TaskId t, ClusterId c, std::uint32_t nodes) const;
    /// Earliest reserved start not yet begun (+inf if none).
    SimTime next_reserved_start() const;

    // --- decisions, as manager/decisions.h describes them (std::logic_error if one does not fit the state) --
    void start(TaskId t, ClusterId c, std::vector<LocalNodeIndex> units, std::uint32_t pstate);
    /// A start now if start <= now.
    void reserve(TaskId t, ClusterId c, std::vector<LocalNodeIndex> units, SimTime start_at, std::uint32_t pstate,
                 bool placeholder);
    /// Machovec Ch.2: the waiting task will run in its k-th VM configuration (cores, memory, time) from its
    /// next start or reservation on; a later choice replaces it.
    void choose_vm_config(TaskId t, std::uint32_t k);
    void drop(TaskId t);
    void reject(TaskId t);
    /// A permanent reservation cancelled: the task waits again.
    void unreserve(TaskId t);
    /// The task's units are free from now on; it waits again when every part has reported.
    void preempt(TaskId t);
    /// The task reached its time limit: its parts are stopped (a Preempt command) and it ends Killed when
    /// they have reported (Completed if it finished first).
    void kill(TaskId t);

    // --- the manager's own bookkeeping ---------------------------------------------------------------
    /// Task arrives (Pending -> Waiting); `listed`: it joins waiting() (tasks of DAG jobs do not).
    void arrive(TaskId t, SimTime now, bool listed = true);
    /// Opens a mapping event at now: advances the profiles, removes place-holders (their tasks wait again).
    void begin_event(SimTime now);
    /// Moves time without an event (e.g. a notice).
    void advance(SimTime now);
    /// Starts the reserved tasks due by `due` (>= now; a clock tick may round a planned start).
    void start_due_reservations(SimTime now, SimTime due);
    /// Node n's energy store is used up (its first DEPLETED notice): its units are out of service for good. The
    /// running tasks booked on them lose their bookings (their parts there have stopped and report DEPLETED; a
    /// task with parts on other nodes is stopped there as by a preemption: a Preempt command), the reservations
    /// and place-holders on them are cancelled (their tasks wait again), and the units are booked from now to
    /// +inf under out_of_service_owner(n), so no query of the profile finds them free and a start or
    /// reservation on them is refused (std::logic_error, the profile's).
    void retire_node(NodeId n);
    /// The owner of the booking that keeps node n's units out of service (never a task id).
    static TaskId out_of_service_owner(NodeId n) { return ~TaskId{0} - 1 - n; }
    /// A hardware notice: the part of task t on one node ended (completed or preempted). Returns true when
    /// the last part has reported. `keeps_booking`: the task's units are booked by someone else (a DAG
    /// job's block), so its completion leaves the profile alone.
    /// A running task preempted (or killed) before its START reached the hardware (its units were still
    /// held): no node will report it. It waits again with its work, as if never started (a kill ends it).
    void withdraw_start(TaskId t, SimTime now);
    /// A running task whose START still waits for its units (held past their booking by another task): its
    /// booking follows it, up to now + the time it was booked for (its run and any restore), so that nothing
    /// new is placed on its units meanwhile. Extended if booked (unless a later booking is in the way),
    /// booked again from now if its booking has lapsed and the units are free.
    void follow_unstarted(TaskId t);
    bool part_finished(TaskId t, bool preempted, double remaining, Joules energy_j, SimTime now,
                       bool keeps_booking = false);
    /// The START of a task went to the hardware at now (later than decided if its units were still busy).
    void start_sent(TaskId t, SimTime now);
    /// A running task's expected end moved (e.g. it overran its estimate): keep its units booked.
    bool extend_running(TaskId t, SimTime end);
    /// Books `units` of cluster c over [start, end) for `owner` as it is (used by the DAG executor).
    void book(TaskId owner, ClusterId c, std::vector<LocalNodeIndex>& units, SimTime start, SimTime end,
              BookingKind kind);
    bool update_booking_end(ClusterId c, TaskId owner, SimTime end) { return profiles_.at(c).update_end(owner, end); }
    void remove_booking(ClusterId c, TaskId owner) { profiles_.at(c).remove(owner); }
    /// A DAG job's task placed on its core, to start when its inputs are in (Reserved, not in the queue).
    void hold_for_job(TaskId t, ClusterId c, LocalNodeIndex unit, std::uint32_t pstate, SimTime planned_start);
    /// Starts a held or reserved task now (emits its Start command).
    void set_running(TaskId t);
    void push_command(const Command& c) { outbox_.push_back(c); }

    // --- streamed runs (manager/task_table.h) --------------------------------------------------------
    /// The tasks that reached a final state since the last call, in the order they did (streamed runs only;
    /// always empty otherwise).
    std::vector<TaskId> take_finished() { return std::exchange(finished_, {}); }
    /// Drops a finished task's record and what is kept beside it (std::logic_error if it is not final).
    void release(TaskId t);
    /// Records held now, and the most at any time (every task's, unless streamed).
    std::size_t records_held() const { return records_.live(); }
    std::size_t peak_records_held() const { return records_.peak_live(); }

private:
    /// Distinct hardware nodes of the units of cluster c.
    std::uint32_t nodes_of(ClusterId c, const std::vector<LocalNodeIndex>& units) const;
    /// Every change of a task's state goes through here: it keeps committed_ and the waiting queue in step.
    void set_state(TaskId t, TaskState s);

    const TaskTable& tasks_;
    const Estimates& estimates_;
    std::vector<Command>& outbox_;
    PagedSlots<TaskRecord> records_;
    std::vector<TaskId> finished_;  ///< streamed: reached a final state, not yet taken
    static constexpr std::uint64_t kNoUnits = ~std::uint64_t{0};
    std::vector<std::uint64_t> last_units_at_;  ///< per task: where its latest start's [count, units...] are
    std::vector<LocalNodeIndex> last_units_;
    /// A task preempted at least once (TaskRecord::preempted): its preemptions and latest restart (kNotYet
    /// until it restarts after its first preemption: start_time() is then its first start).
    struct Preempted {
        SimTime restart = kNotYet;
        std::uint32_t preemptions = 0;
    };
    std::unordered_map<TaskId, Preempted> preempted_;
    /// Reserved tasks: their reserved start (a few at a time, so beside the records, not in them).
    std::unordered_map<TaskId, SimTime> planned_start_;
    /// Running tasks with a preempted part: the largest remaining fraction their preempted parts reported.
    std::unordered_map<TaskId, double> reported_remaining_;
    /// Machovec Ch.2: the VM configuration chosen per task (only value-of-service workloads have any).
    std::unordered_map<TaskId, std::uint32_t> vm_config_;
    /// Bit t: task t is running or reserved. Energy committed sums over these, not over every record.
    std::vector<std::uint64_t> committed_bits_;
    mutable std::size_t committed_low_ = 0;  ///< every word below it is 0
    std::vector<AvailabilityProfile> profiles_;
    std::vector<UnitLayout> layouts_;  ///< per cluster
    WaitingQueue waiting_;
    std::vector<ClearedPlaceHolder> placeholders_cleared_;  ///< by the current event's begin_event
    struct Timed {
        SimTime at;
        TaskId task;
        bool operator>(const Timed& o) const { return at != o.at ? at > o.at : task > o.task; }
    };
    mutable std::priority_queue<Timed, std::vector<Timed>, std::greater<Timed>> reserved_;
    SimTime now_;
    std::size_t running_count_ = 0;
    std::size_t committed_count_ = 0;
    std::size_t finished_count_ = 0;
    EndStateCounts counts_;
    std::uint64_t events_ = 0;
    std::uint64_t early_ends_ = 0;
};

}  // namespace rmsim
