#pragma once
// The DAG job executor (Singh, Dziurzanski, Indrusiak 2015 §III): runs the jobs a policy starts. A job runs
// on one node; its cores are booked as one block from its start until its last task completes; each task
// starts when its inputs are in and the task before it on its core is
// done; data between tasks on different cores crosses the node's interconnect (a Transfer command, then a
// Transferred notice). Owned by the ResourceManager (through its Bookkeeping); policies see the job records
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
    DagExecutor(TaskLedger& ledger, const Estimates& estimates, const std::vector<DagJob>& jobs);

    // --- queries ---
    std::size_t job_count() const { return jobs_.size(); }
    const DagJob& job(JobId j) const { return jobs_.at(j); }
    const JobRecord& job_record(JobId j) const { return job_records_.at(j); }
    JobId job_of(TaskId t) const { return job_of_.at(t); }
    /// Arrived, unallocated jobs in arrival order (as of the start of this mapping event; check the state).
    const std::vector<JobId>& waiting_jobs() const { return waiting_jobs_; }
    std::size_t jobs_finished() const { return jobs_finished_; }
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

private:
    void start_ready_on_core(JobId j, std::uint32_t slot);
    static std::uint64_t edge_tag(JobId j, std::uint32_t e) { return (std::uint64_t(j) << 32) | e; }

    TaskLedger& ledger_;
    const Estimates& estimates_;
    const std::vector<DagJob>& jobs_;
    std::vector<JobRecord> job_records_;
    std::vector<JobId> job_of_;
    std::vector<JobId> waiting_jobs_;
    std::size_t jobs_finished_ = 0;
};

}  // namespace rmsim
