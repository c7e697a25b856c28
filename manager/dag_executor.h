#pragma once
// The DAG job executor (Singh, Dziurzanski, Indrusiak 2015 §III): runs the jobs a policy starts. A job runs
// on one node; its cores are booked as one block from its start until its last task completes; each task
// starts when its inputs are in and the task before it on its core is
// done; data between tasks on different cores crosses the node's interconnect (a Transfer command, then a
// Transferred notice). With `hold_cores` (the default) the job's cores are kept powered from its start to its
// end (a Hold command, then an Unhold when its last task completes, answered by a HoldEnded notice): Singh
// Eq. (1) charges the static power of the used cores over the job's whole execution time, and the job's
// energy is what its cores' meters measure over that span (each task's segment with the wait before it, and
// the wait after the core's last task). Owned by the ResourceManager (through its Bookkeeping); policies see the job records
// through the PolicyView and start or reject jobs by deciding. Plain C++, no SystemC.
#include <cstdint>
#include <vector>

#include "manager/job_record.h"
#include "manager/task_ledger.h"
#include "workloads/workload.h"

namespace rmsim {

class DagExecutor {
public:
    /// `jobs` must outlive the executor; every task of the ledger belongs to one job.
    DagExecutor(TaskLedger& ledger, const Estimates& estimates, const std::vector<DagJob>& jobs,
                bool hold_cores = true);

    // --- queries ---
    std::size_t job_count() const { return jobs_.size(); }
    const DagJob& job(JobId j) const { return jobs_.at(j); }
    const JobRecord& job_record(JobId j) const { return job_records_.at(j); }
    JobId job_of(TaskId t) const { return job_of_.at(t); }
    /// Arrived, unallocated jobs in arrival order (as of the start of this mapping event; check the state).
    const std::vector<JobId>& waiting_jobs() const { return waiting_jobs_; }
    std::size_t jobs_finished() const { return jobs_finished_; }
    /// Jobs' cores are kept powered over the job's span (constructor).
    bool holds_cores() const { return hold_cores_; }
    /// Unhold commands sent whose HoldEnded notice has not arrived.
    std::size_t holds_open() const { return holds_open_; }
    /// Cores of a node (Granularity::Core) with nothing booked from now on: the node's bid (Singh Alg. 1).
    std::vector<std::uint32_t> idle_cores(ClusterId c, LocalNodeIndex node) const;

    // --- decisions ---
    /// Runs a waiting job on `node` of cluster c as placed; books its cores until it completes.
    void start_job(JobId j, ClusterId c, LocalNodeIndex node, const JobPlacement& placement);
    /// Refuses a waiting job (its value at allocation would be zero, Singh §IV): all its tasks are rejected.
    void reject_job(JobId j);

    // --- the manager's own bookkeeping ---
    /// A task arrived (the ledger has it as waiting, unlisted): its job joins waiting_jobs().
    void task_arrived(TaskId t);
    /// After the ledger opened the event: drops the jobs no longer waiting from waiting_jobs().
    void after_event_opened();
    /// A task of a running job completed: sends its outputs, starts what became ready.
    void task_completed(TaskId t);
    /// A Transferred notice: the data of a DAG edge reached its destination core.
    void transfer_done(std::uint64_t tag);
    /// A HoldEnded notice for the job booked under `task` (its first task): the energy of its cores since
    /// their last task joins the job's.
    void hold_ended(TaskId task, Joules energy_j);

private:
    void start_ready_on_core(JobId j, std::uint32_t slot);
    /// Hold or Unhold commands for the cores of job j (one per node of up to 64 cores, else one per core).
    void push_hold(JobId j, Command::Kind kind);
    static std::uint64_t edge_tag(JobId j, std::uint32_t e) { return (std::uint64_t(j) << 32) | e; }

    TaskLedger& ledger_;
    const Estimates& estimates_;
    const std::vector<DagJob>& jobs_;
    std::vector<JobRecord> job_records_;
    std::vector<JobId> job_of_;
    std::vector<JobId> waiting_jobs_;
    std::size_t jobs_finished_ = 0;
    bool hold_cores_;
    std::size_t holds_open_ = 0;
};

}  // namespace rmsim
