#include "manager/bookkeeping.h"

#include <stdexcept>
#include <string>
#include <utility>

namespace rmsim {

Bookkeeping::Bookkeeping(const PlatformSpec& platform, const TaskTable& tasks, Granularity granularity,
                         const std::vector<DagJob>* jobs, EstimateConfig estimate, bool hold_job_cores)
    : Bookkeeping(platform, &tasks, nullptr, granularity, jobs, estimate, hold_job_cores) {}

Bookkeeping::Bookkeeping(const PlatformSpec& platform, const std::vector<Task>& tasks, Granularity granularity,
                         const std::vector<DagJob>* jobs, EstimateConfig estimate, bool hold_job_cores)
    : Bookkeeping(platform, nullptr, std::make_unique<TaskTable>(tasks), granularity, jobs, estimate, hold_job_cores) {}

Bookkeeping::Bookkeeping(const PlatformSpec& platform, const TaskTable* tasks, std::unique_ptr<TaskTable> owned,
                         Granularity granularity, const std::vector<DagJob>* jobs, EstimateConfig estimate,
                         bool hold_job_cores)
    : owned_tasks_(std::move(owned)), tasks_(tasks ? tasks : owned_tasks_.get()),
      estimates_(platform, granularity, estimate), ledger_(*tasks_, estimates_, outbox_),
      jobs_(jobs ? std::optional<DagExecutor>(std::in_place, ledger_, estimates_, *jobs, hold_job_cores)
                 : std::nullopt),
      energy_(ledger_, estimates_), domains_(platform), stores_(platform),
      view_(estimates_, ledger_, energy_, domains_, jobs_ ? &*jobs_ : nullptr),
      decisions_(ledger_, jobs_ ? &*jobs_ : nullptr, wakeups_) {
    view_.set_energy_stores(&stores_);
}

bool Bookkeeping::node_depleted(NodeId n, SimTime now) {
    ledger_.advance(now);
    if (!stores_.mark_depleted(n, now)) return false;
    if (jobs_) throw std::logic_error("node " + std::to_string(n) + ": energy stores are not supported with DAG jobs");
    ledger_.retire_node(n);
    return true;
}

void Bookkeeping::arrive(TaskId t, SimTime now) {
    ledger_.arrive(t, now, /*listed=*/!jobs_);
    if (jobs_) jobs_->task_arrived(t);
}

void Bookkeeping::begin_event(SimTime now) {
    ledger_.begin_event(now);
    if (jobs_) jobs_->after_event_opened();
}

bool Bookkeeping::part_finished(TaskId t, bool preempted, double remaining, Joules energy_j, SimTime now) {
    if (jobs_ && preempted)
        throw std::logic_error("task " + std::to_string(t) + ": tasks of DAG jobs are not preemptible");
    // A task of a DAG job runs inside its job's booking (one block for the job's cores).
    const bool done =
        ledger_.part_finished(t, preempted, remaining, energy_j, now, /*keeps_booking=*/jobs_.has_value());
    if (done && jobs_) jobs_->task_completed(t);
    return done;
}

void Bookkeeping::transfer_done(std::uint64_t tag, SimTime now) {
    ledger_.advance(now);
    if (!jobs_) throw std::logic_error("Bookkeeping: a transfer notice without DAG jobs");
    jobs_->transfer_done(tag);
}

void Bookkeeping::hold_ended(TaskId task, Joules energy_j, SimTime now) {
    ledger_.advance(now);
    if (!jobs_) throw std::logic_error("Bookkeeping: a hold notice without DAG jobs");
    jobs_->hold_ended(task, energy_j);
}

SimTime Bookkeeping::time_limit(TaskId t) const {
    const TaskRecord& r = ledger_.record(t);
    return estimates_.time_limit(ledger_.task(t), r.remaining, r.cluster, r.pstate);
}

std::vector<SimTime> Bookkeeping::take_wakeups() {
    std::vector<SimTime> w;
    w.swap(wakeups_);
    return w;
}

std::vector<Command> Bookkeeping::take_commands() {
    std::vector<Command> c;
    take_commands(c);
    return c;
}

void Bookkeeping::take_commands(std::vector<Command>& into) {
    into.clear();
    into.swap(outbox_);
}

}  // namespace rmsim
