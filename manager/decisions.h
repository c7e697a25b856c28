#pragma once
// What a policy may do at a mapping event (batsched's decision object): start, reserve (permanent or
// place-holder), drop, reject, preempt, set a P-state, put cores to sleep or wake them, start or reject a DAG
// job, and ask to be called again at a time of its choosing. Each decision is
// validated against the task's state (std::logic_error for one that does not fit: a policy bug) and takes
// effect in the manager's bookkeeping at once, so that the rest of the event plans against it; the
// ResourceManager then carries it out on the hardware. A policy changes manager state only through here.
#include <cstdint>
#include <optional>
#include <vector>

#include "manager/dag_executor.h"
#include "manager/job_record.h"
#include "manager/task_ledger.h"

namespace rmsim {

class Decisions {
public:
    Decisions(TaskLedger& ledger, DagExecutor* jobs, std::vector<SimTime>& wakeups)
        : ledger_(ledger), jobs_(jobs), wakeups_(wakeups) {}
    Decisions(const Decisions&) = delete;
    Decisions& operator=(const Decisions&) = delete;

    /// Starts a waiting task now on `units` of cluster c at P-state p. The units must be idle for the
    /// whole execution.
    void start(TaskId t, ClusterId c, std::vector<LocalNodeIndex> units, std::uint32_t pstate);
    /// Books the task to start at `start` (> now) on `units`: a permanent reservation, or a place-holder
    /// that is removed at the beginning of the next mapping event (Machovec Ch.3 §3.3.2).
    void reserve(TaskId t, ClusterId c, std::vector<LocalNodeIndex> units, SimTime start_at, std::uint32_t pstate,
                 bool placeholder);
    /// Machovec Ch.2 §2.2: the waiting task runs in its k-th allowable VM configuration (cores, memory, ETC
    /// time) from its next start or reservation on (both then book the configuration's time and memory).
    void choose_vm_config(TaskId t, std::uint32_t k);
    /// Removes a waiting or reserved task for good.
    void drop(TaskId t);
    /// Cancels a task's permanent reservation: it waits again, to be re-planned in the same event (e.g.
    /// conservative backfilling's compression when a task ends before its estimate).
    void unreserve(TaskId t);
    /// Refuses a waiting task (e.g. its value is already zero, Singh 2015 §IV).
    void reject(TaskId t);
    /// Stops a running task, if its flags allow: the task must be preemptible (Task::preemptible) and, when
    /// the preemption is for another task `for_task`, that task must be allowed to preempt
    /// (Task::can_preempt). Returns false, with nothing done, if they do not. The victim's units are free
    /// for planning from now on; it returns to the waiting set with its remaining work (conserved) once the
    /// hardware has written its checkpoint (the platform's preemption cost) and reported. Where it resumes is
    /// the policy's choice (TaskRecord keeps the cluster and first node of its last start).
    [[nodiscard]] bool preempt(TaskId t, std::optional<TaskId> for_task = std::nullopt);
    /// Sets the P-state of the DVFS domain of (node, core); core = kAllCores: every core of the node.
    void set_pstate(NodeId node, std::uint32_t core, std::uint32_t pstate);
    /// Puts an idle core (core = kAllCores: every idle core of the node) into its sleep state (sleep power);
    /// a core with work is left alone. A START on a sleeping core wakes it first (wake latency and energy).
    void sleep(NodeId node, std::uint32_t core);
    /// Wakes a sleeping or power-gated core (or every core of the node) to idle, after its wake latency.
    void wake(NodeId node, std::uint32_t core);
    /// Asks for a mapping event at time `at` (> now), beside the policy's periodic, arrival and completion
    /// triggers (std::logic_error for a time not after now).
    void wake_me_at(SimTime at);
    /// Runs a waiting DAG job on `node` of cluster c as placed; books its cores until it completes.
    void start_job(JobId j, ClusterId c, LocalNodeIndex node, const JobPlacement& placement);
    /// Refuses a waiting DAG job: all its tasks are rejected.
    void reject_job(JobId j);

private:
    DagExecutor& jobs(const char* what);
    void power_command(Command::Kind kind, NodeId node, std::uint32_t core, std::uint32_t pstate = 0);

    TaskLedger& ledger_;
    DagExecutor* jobs_;
    std::vector<SimTime>& wakeups_;
};

}  // namespace rmsim
