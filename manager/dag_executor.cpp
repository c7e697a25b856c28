#include "manager/dag_executor.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace rmsim {

namespace {
constexpr std::uint32_t kNoSlot = std::numeric_limits<std::uint32_t>::max();
std::string jname(JobId j) { return "job " + std::to_string(j); }
}  // namespace

const char* to_string(JobState s) {
    switch (s) {
        case JobState::Pending: return "pending";
        case JobState::Waiting: return "waiting";
        case JobState::Running: return "running";
        case JobState::Completed: return "completed";
        case JobState::Rejected: return "rejected";
    }
    return "?";
}

DagExecutor::DagExecutor(TaskLedger& ledger, const Estimates& estimates, const std::vector<DagJob>& jobs,
                         bool hold_cores)
    : ledger_(ledger), estimates_(estimates), jobs_(jobs), job_records_(jobs.size()),
      job_of_(ledger.task_count(), std::numeric_limits<JobId>::max()), hold_cores_(hold_cores) {
    for (const DagJob& j : jobs_)
        for (std::uint32_t i = 0; i < j.task_count; ++i) job_of_.at(j.first_task + i) = j.id;
    for (TaskId t = 0; t < job_of_.size(); ++t)
        if (job_of_[t] == std::numeric_limits<JobId>::max())
            throw std::logic_error("DagExecutor: task " + std::to_string(t) + " belongs to no job");
}

void DagExecutor::task_arrived(TaskId t) {
    // A job arrives with its tasks; policies see the job, not the tasks.
    JobRecord& j = job_records_.at(job_of_[t]);
    if (j.state == JobState::Pending) {
        j.state = JobState::Waiting;
        waiting_jobs_.push_back(job_of_[t]);
    }
}

std::vector<std::uint32_t> DagExecutor::idle_cores(ClusterId c, LocalNodeIndex node) const {
    if (estimates_.granularity() != Granularity::Core) throw std::logic_error("idle_cores needs Granularity::Core");
    const std::uint32_t cpn = estimates_.cores_per_node(c);
    const AvailabilityProfile& p = ledger_.profile(c);
    std::vector<std::uint32_t> idle;
    for (std::uint32_t core = 0; core < cpn; ++core)
        if (p.is_idle(node * cpn + core, ledger_.now(), SimTime::infinity())) idle.push_back(core);
    return idle;
}

void DagExecutor::start_job(JobId j, ClusterId c, LocalNodeIndex node, const JobPlacement& pl) {
    const DagJob& job = jobs_.at(j);
    JobRecord& jr = job_records_.at(j);
    if (jr.state != JobState::Waiting)
        throw std::logic_error(jname(j) + ": start of a job that is " + to_string(jr.state));
    const std::uint32_t n = job.task_count;
    if (pl.core_of_task.size() != n || pl.pstate_of_task.size() != n || pl.planned_start.size() != n)
        throw std::logic_error(jname(j) + ": the placement does not cover every task");
    const std::uint32_t cpn = estimates_.cores_per_node(c);
    const std::uint32_t levels = estimates_.pstate_count(c);
    jr.slot_of_core.assign(cpn, kNoSlot);
    jr.sequence.clear();
    for (std::uint32_t i = 0; i < n; ++i) {
        const std::uint32_t core = pl.core_of_task[i];
        if (core >= cpn) throw std::logic_error(jname(j) + ": core " + std::to_string(core) + " is not on the node");
        if (pl.pstate_of_task[i] >= levels) throw std::logic_error(jname(j) + ": no such P-state");
        if (jr.slot_of_core[core] == kNoSlot) {
            jr.slot_of_core[core] = static_cast<std::uint32_t>(jr.sequence.size());
            jr.sequence.emplace_back();
        }
        jr.sequence[jr.slot_of_core[core]].push_back(i);
    }
    // Tasks sharing a core run in planned-start order (ties: lower index first).
    for (auto& seq : jr.sequence)
        std::stable_sort(seq.begin(), seq.end(),
                         [&](std::uint32_t a, std::uint32_t b) { return pl.planned_start[a] < pl.planned_start[b]; });
    // Book the job's cores as one block, under its first task's id, until its last task completes: the
    // planned response is the policy's estimate, the cores are the job's for as long as it actually runs.
    std::vector<LocalNodeIndex> units;
    for (std::uint32_t core = 0; core < cpn; ++core)
        if (jr.slot_of_core[core] != kNoSlot) units.push_back(node * cpn + core);
    const SimTime now = ledger_.now();
    ledger_.book(job.first_task, c, units, now, SimTime::infinity(), BookingKind::Running);
    jr.state = JobState::Running;
    jr.cluster = c;
    jr.node = node;
    jr.core_of_task = pl.core_of_task;
    jr.next_on_core.assign(jr.sequence.size(), 0);
    jr.inputs_left.assign(n, 0);
    for (const DataEdge& e : job.edges) ++jr.inputs_left[e.to];
    jr.tasks_left = n;
    jr.start = now;
    jr.planned_response = pl.planned_response;
    jr.planned_energy_j = pl.planned_energy_j;
    for (std::uint32_t i = 0; i < n; ++i)
        ledger_.hold_for_job(job.first_task + i, c, node * cpn + pl.core_of_task[i], pl.pstate_of_task[i],
                             now + pl.planned_start[i]);
    // Singh Eq. (1): the used cores draw static power over the job's whole execution time.
    if (hold_cores_) push_hold(j, Command::Kind::Hold);
    for (std::uint32_t slot = 0; slot < jr.sequence.size(); ++slot) start_ready_on_core(j, slot);
}

void DagExecutor::push_hold(JobId j, Command::Kind kind) {
    const JobRecord& jr = job_records_[j];
    const std::uint32_t cpn = estimates_.cores_per_node(jr.cluster);
    Command d;
    d.kind = kind;
    d.task = jobs_.at(j).first_task;
    d.node = estimates_.platform().first_node(jr.cluster) + jr.node;
    if (cpn <= 64) {
        for (std::uint32_t core = 0; core < cpn; ++core)
            if (jr.slot_of_core[core] != kNoSlot) d.core_mask |= std::uint64_t{1} << core;
        d.core = static_cast<std::uint32_t>(__builtin_ctzll(d.core_mask));
        ledger_.push_command(d);
        if (kind == Command::Kind::Unhold) ++holds_open_;
        return;
    }
    for (std::uint32_t core = 0; core < cpn; ++core) {
        if (jr.slot_of_core[core] == kNoSlot) continue;
        d.core = core;
        ledger_.push_command(d);
        if (kind == Command::Kind::Unhold) ++holds_open_;
    }
}

void DagExecutor::hold_ended(TaskId task, Joules energy_j) {
    if (holds_open_ == 0) throw std::logic_error("DagExecutor: a hold ended that was not released");
    --holds_open_;
    job_records_.at(job_of_.at(task)).energy_j += energy_j;
}

void DagExecutor::after_event_opened() {
    waiting_jobs_.erase(std::remove_if(waiting_jobs_.begin(), waiting_jobs_.end(),
                                       [this](JobId j) { return job_records_[j].state != JobState::Waiting; }),
                        waiting_jobs_.end());
}

void DagExecutor::reject_job(JobId j) {
    JobRecord& jr = job_records_.at(j);
    if (jr.state != JobState::Waiting)
        throw std::logic_error(jname(j) + ": rejection of a job that is " + to_string(jr.state));
    jr.state = JobState::Rejected;
    jr.end = ledger_.now();
    ++jobs_finished_;
    const DagJob& job = jobs_.at(j);
    for (std::uint32_t i = 0; i < job.task_count; ++i) ledger_.reject(job.first_task + i);
}

void DagExecutor::start_ready_on_core(JobId j, std::uint32_t slot) {
    JobRecord& jr = job_records_[j];
    const std::vector<std::uint32_t>& seq = jr.sequence[slot];
    if (jr.next_on_core[slot] >= seq.size()) return;
    const std::uint32_t i = seq[jr.next_on_core[slot]];
    const TaskId t = jobs_.at(j).first_task + i;
    if (ledger_.record(t).state != TaskState::Reserved || jr.inputs_left[i] > 0) return;
    ledger_.set_running(t);
}

void DagExecutor::task_completed(TaskId t) {
    const JobId j = job_of_.at(t);
    const DagJob& job = jobs_.at(j);
    JobRecord& jr = job_records_.at(j);
    const auto i = static_cast<std::uint32_t>(t - job.first_task);
    jr.energy_j += ledger_.record(t).energy_j;
    const std::uint32_t core = jr.core_of_task[i];
    const std::uint32_t slot = jr.slot_of_core[core];
    ++jr.next_on_core[slot];
    const NodeId node = estimates_.platform().first_node(jr.cluster) + jr.node;
    for (std::uint32_t e : job.out_edges[i]) {
        const DataEdge& edge = job.edges[e];
        const std::uint32_t dst = jr.core_of_task[edge.to];
        if (dst == core) {
            --jr.inputs_left[edge.to];  // same core: the data is already there
            continue;
        }
        Command d;
        d.kind = Command::Kind::Transfer;
        d.task = t;
        d.node = node;
        d.core = core;
        d.dst_core = dst;
        d.bytes = static_cast<std::uint64_t>(std::llround(edge.data_bytes));
        d.tag = edge_tag(j, e);
        ledger_.push_command(d);
        ++jr.transfers;
    }
    if (--jr.tasks_left == 0) {
        jr.state = JobState::Completed;
        jr.end = ledger_.now();
        ++jobs_finished_;
        ledger_.remove_booking(jr.cluster, job.first_task);
        if (hold_cores_) push_hold(j, Command::Kind::Unhold);
        return;
    }
    start_ready_on_core(j, slot);
}

void DagExecutor::transfer_done(std::uint64_t tag) {
    const auto j = static_cast<JobId>(tag >> 32);
    const auto e = static_cast<std::uint32_t>(tag & 0xffffffffu);
    JobRecord& jr = job_records_.at(j);
    const DataEdge& edge = jobs_.at(j).edges.at(e);
    if (jr.inputs_left.at(edge.to) == 0) throw std::logic_error(jname(j) + ": a transfer arrived twice");
    --jr.inputs_left[edge.to];
    start_ready_on_core(j, jr.slot_of_core[jr.core_of_task[edge.to]]);
}

}  // namespace rmsim
