#include "manager/scheduling_context.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include "platform/exec_rounding.h"

namespace rmsim {

namespace {
std::string tname(TaskId t) { return "task " + std::to_string(t); }
}  // namespace

const char* to_string(TaskState s) {
    switch (s) {
        case TaskState::Pending: return "pending";
        case TaskState::Waiting: return "waiting";
        case TaskState::Reserved: return "reserved";
        case TaskState::Running: return "running";
        case TaskState::Completed: return "completed";
        case TaskState::Dropped: return "dropped";
        case TaskState::Rejected: return "rejected";
    }
    return "?";
}

SchedulingContext::SchedulingContext(const PlatformSpec& platform, const std::vector<Task>& tasks,
                                     Granularity granularity)
    : platform_(platform), tasks_(tasks), granularity_(granularity), records_(tasks.size()) {
    for (const ClusterSpec& c : platform_.clusters) {
        const std::uint32_t cpn = platform_.cores_per_node(c.node_type);
        cores_per_node_.push_back(cpn);
        core_type_.push_back(platform_.core_type_of(c.node_type, 0));
        profiles_.emplace_back(granularity == Granularity::Node ? c.nodes : c.nodes * cpn);
    }
    for (std::size_t i = 0; i < tasks_.size(); ++i)
        if (tasks_[i].id != i) throw std::logic_error("SchedulingContext: task ids must be 0..n-1 in order");
}

std::uint32_t SchedulingContext::pstate_count(ClusterId c) const {
    return static_cast<std::uint32_t>(platform_.pstate_count(platform_.clusters.at(c).node_type));
}

std::uint32_t SchedulingContext::units_needed(TaskId t, ClusterId c) const {
    const Task& task = tasks_.at(t);
    const std::uint32_t cpn = cores_per_node_.at(c);
    std::uint32_t units;
    if (granularity_ == Granularity::Node) {
        const std::uint32_t nodes = task.nodes_on_cluster(c);
        units = nodes > 0 ? nodes : (task.nodes_per_cluster ? 0 : (task.cores + cpn - 1) / cpn);
    } else {
        const std::uint32_t nodes = task.nodes_on_cluster(c);
        units = nodes > 0 ? nodes * cpn : (task.nodes_per_cluster ? 0 : task.cores);
    }
    return units <= profiles_.at(c).node_count() ? units : 0;
}

Seconds SchedulingContext::exec_time(TaskId t, ClusterId c, std::uint32_t pstate) const {
    const Task& task = tasks_.at(t);
    const CoreTypeId ct = core_type_.at(c);
    const CoreType& type = platform_.core_types.at(ct);
    const Seconds full = task.work.duration(type, ct, pstate);
    if (full < 0) return full;
    // Exactly what the core takes (modules/core.cpp): it starts with done = 1 - remaining (Core::start) and
    // finishes the fraction 1 - done in whole clock periods, then whole ns. Without this, a task whose
    // cycles are not a multiple of the clock or whose memory time has sub-ns parts would overrun its
    // booking by up to a clock period plus a nanosecond.
    const double left = 1.0 - (1.0 - records_.at(t).remaining);
    const std::uint64_t ns = remaining_exec_ns(left, full, type.pstates.at(pstate).frequency_hz);
    return static_cast<Seconds>(ns) * 1e-9;  // as to_seconds (platform/sim_time.h)
}

Joules SchedulingContext::exec_energy(TaskId t, ClusterId c, std::uint32_t pstate) const {
    const Seconds time = exec_time(t, c, pstate);
    const std::uint32_t units = units_needed(t, c);
    if (time < 0 || units == 0) return std::numeric_limits<Joules>::infinity();
    const WorkModel& work = tasks_.at(t).work;
    const CoreTypeId ct = core_type_.at(c);
    if (granularity_ == Granularity::Core)
        return time * units * work.busy_power_w(platform_.core_types.at(ct), ct, pstate);
    // Whole nodes: every core busy, every processor's uncore, the node's base power.
    const NodeType& nt = platform_.node_types.at(platform_.clusters.at(c).node_type);
    Watts node_w = nt.base_power_w.size() > 1 ? nt.base_power_w.at(pstate) : nt.base_power_w.front();
    for (const auto& g : nt.processors) {
        const ProcessorType& pt = platform_.processor_types.at(g.type);
        const Watts busy = work.busy_power_w(platform_.core_types.at(pt.core_type), pt.core_type, pstate);
        const Watts uncore = pt.uncore_power_w.size() > 1 ? pt.uncore_power_w.at(pstate) : pt.uncore_power_w.front();
        node_w += g.count * (uncore + pt.cores * busy);
    }
    return time * units * node_w;
}

double SchedulingContext::utility_at(TaskId t, Seconds completion_s) const {
    const Task& task = tasks_.at(t);
    return task.utility.value_at(completion_s - task.arrival_s);
}

std::pair<NodeId, std::uint32_t> SchedulingContext::unit_location(ClusterId c, LocalNodeIndex unit) const {
    const NodeId first = platform_.first_node(c);
    if (granularity_ == Granularity::Node) return {first + unit, kAllCores};
    const std::uint32_t cpn = cores_per_node_.at(c);
    return {first + unit / cpn, unit % cpn};
}

Joules SchedulingContext::energy_committed() const {
    Joules j = energy_consumed();
    for (TaskId t : committed_) {  // ascending ids, as a scan of every record would add them
        const TaskRecord& r = records_[t];
        if (r.state == TaskState::Reserved) {
            j += exec_energy(t, r.cluster, r.pstate);
        } else {
            const Seconds total = exec_time(t, r.cluster, r.pstate);
            if (total > 0) {
                const double left = std::clamp(1.0 - (now_s_ - r.start_s) / total, 0.0, 1.0);
                j += left * exec_energy(t, r.cluster, r.pstate);
            }
        }
    }
    return j;
}

void SchedulingContext::set_state(TaskId t, TaskState s) {
    records_[t].state = s;
    if (s == TaskState::Running || s == TaskState::Reserved) {
        committed_.insert(t);
    } else {
        committed_.erase(t);
    }
}

void SchedulingContext::book(TaskId t, ClusterId c, std::vector<LocalNodeIndex>& units, Seconds start_s,
                             Seconds end_s, BookingKind kind) {
    if (units.empty()) throw std::logic_error(tname(t) + ": no units to run on");
    std::sort(units.begin(), units.end());
    profiles_.at(c).add(units, start_s, end_s, t, kind);
}

void SchedulingContext::start(TaskId t, ClusterId c, std::vector<LocalNodeIndex> units, std::uint32_t pstate) {
    TaskRecord& r = records_.at(t);
    if (r.state != TaskState::Waiting) throw std::logic_error(tname(t) + ": start of a task that is " + to_string(r.state));
    const Seconds d = exec_time(t, c, pstate);
    if (d < 0) throw std::logic_error(tname(t) + ": cannot run on cluster " + std::to_string(c));
    book(t, c, units, now_s_, now_s_ + std::max(d, 1e-9), BookingKind::Running);
    r.cluster = c;
    r.pstate = pstate;
    r.units = std::move(units);
    set_running(t);
}

void SchedulingContext::set_running(TaskId t) {
    TaskRecord& r = records_.at(t);
    set_state(t, TaskState::Running);
    r.placeholder = false;
    r.start_s = now_s_;
    if (r.first_start_s < 0) r.first_start_s = now_s_;
    const auto loc = unit_location(r.cluster, r.units.front());
    r.first_node = loc.first;
    r.first_core = loc.second;
    // Parts: one per node touched (the hardware reports per node).
    std::uint32_t nodes = 0;
    NodeId last = std::numeric_limits<NodeId>::max();
    for (LocalNodeIndex u : r.units) {
        const NodeId n = unit_location(r.cluster, u).first;
        if (n != last) ++nodes;
        last = n;
    }
    r.node_count = nodes;
    r.parts_left = nodes;
    ++running_count_;
    decisions_.push_back(Decision{Decision::Kind::Start, t, 0, 0, 0});
}

void SchedulingContext::reserve(TaskId t, ClusterId c, std::vector<LocalNodeIndex> units, Seconds start_s,
                                std::uint32_t pstate, bool placeholder) {
    if (start_s <= now_s_) {
        start(t, c, std::move(units), pstate);
        return;
    }
    TaskRecord& r = records_.at(t);
    if (r.state != TaskState::Waiting) throw std::logic_error(tname(t) + ": reservation of a task that is " + to_string(r.state));
    const Seconds d = exec_time(t, c, pstate);
    if (d < 0) throw std::logic_error(tname(t) + ": cannot run on cluster " + std::to_string(c));
    book(t, c, units, start_s, start_s + std::max(d, 1e-9),
         placeholder ? BookingKind::PlaceHolder : BookingKind::Reservation);
    set_state(t, TaskState::Reserved);
    r.placeholder = placeholder;
    r.cluster = c;
    r.pstate = pstate;
    r.units = std::move(units);
    r.planned_start_s = start_s;
    reserved_.push(Timed{start_s, t});
}

void SchedulingContext::drop(TaskId t) {
    TaskRecord& r = records_.at(t);
    if (r.state != TaskState::Waiting && r.state != TaskState::Reserved)
        throw std::logic_error(tname(t) + ": drop of a task that is " + to_string(r.state));
    if (r.state == TaskState::Reserved) profiles_.at(r.cluster).remove(t);
    set_state(t, TaskState::Dropped);
    r.end_s = now_s_;
    ++finished_count_;
    r.units.clear();
}

void SchedulingContext::reject(TaskId t) {
    TaskRecord& r = records_.at(t);
    if (r.state != TaskState::Waiting) throw std::logic_error(tname(t) + ": rejection of a task that is " + to_string(r.state));
    set_state(t, TaskState::Rejected);
    r.end_s = now_s_;
    ++finished_count_;
}

void SchedulingContext::preempt(TaskId t) {
    TaskRecord& r = records_.at(t);
    if (r.state != TaskState::Running) throw std::logic_error(tname(t) + ": preemption of a task that is " + to_string(r.state));
    if (jobs_) throw std::logic_error(tname(t) + ": tasks of DAG jobs are not preemptible");
    profiles_.at(r.cluster).remove(t);
    decisions_.push_back(Decision{Decision::Kind::Preempt, t, 0, 0, 0});
}

void SchedulingContext::set_pstate(NodeId node, std::uint32_t core, std::uint32_t pstate) {
    decisions_.push_back(Decision{Decision::Kind::SetPState, 0, node, core, pstate});
}

void SchedulingContext::arrive(TaskId t, Seconds now_s) {
    advance(now_s);
    TaskRecord& r = records_.at(t);
    if (r.state != TaskState::Pending) throw std::logic_error(tname(t) + ": arrives twice");
    set_state(t, TaskState::Waiting);
    if (jobs_) {
        // A job arrives with its tasks; policies see the job, not the tasks.
        JobRecord& j = job_records_.at(job_of_[t]);
        if (j.state == JobState::Pending) {
            j.state = JobState::Waiting;
            waiting_jobs_.push_back(job_of_[t]);
        }
        return;
    }
    waiting_.push_back(t);
}

void SchedulingContext::advance(Seconds now_s) {
    if (now_s < now_s_) throw std::logic_error("SchedulingContext: time moved backwards");
    now_s_ = now_s;
}

void SchedulingContext::compact_waiting() {
    waiting_.erase(std::remove_if(waiting_.begin(), waiting_.end(),
                                  [this](TaskId t) { return records_[t].state != TaskState::Waiting; }),
                   waiting_.end());
}

void SchedulingContext::begin_event(Seconds now_s) {
    advance(now_s);
    ++events_;
    if (jobs_) keep_running_jobs_booked();
    for (AvailabilityProfile& p : profiles_) {
        p.set_now(now_s);
        for (TaskId t : p.clear_placeholders()) {
            TaskRecord& r = records_.at(t);
            set_state(t, TaskState::Waiting);
            r.placeholder = false;
            r.units.clear();
            r.planned_start_s = -1;
            waiting_.push_back(t);
        }
    }
    compact_waiting();
    if (jobs_)
        waiting_jobs_.erase(std::remove_if(waiting_jobs_.begin(), waiting_jobs_.end(),
                                           [this](JobId j) { return job_records_[j].state != JobState::Waiting; }),
                            waiting_jobs_.end());
    auto by_arrival = [this](TaskId a, TaskId b) {
        const Seconds ta = tasks_[a].arrival_s, tb = tasks_[b].arrival_s;
        return ta != tb ? ta < tb : a < b;
    };
    if (!std::is_sorted(waiting_.begin(), waiting_.end(), by_arrival))
        std::sort(waiting_.begin(), waiting_.end(), by_arrival);
    waiting_.erase(std::unique(waiting_.begin(), waiting_.end()), waiting_.end());
}

std::vector<Decision> SchedulingContext::take_decisions() {
    std::vector<Decision> d;
    d.swap(decisions_);
    return d;
}

Seconds SchedulingContext::next_reserved_start() const {
    auto& q = const_cast<std::priority_queue<Timed, std::vector<Timed>, std::greater<Timed>>&>(reserved_);
    while (!q.empty()) {
        const TaskRecord& r = records_.at(q.top().task);
        if (r.state == TaskState::Reserved && r.planned_start_s == q.top().at_s) return q.top().at_s;
        q.pop();  // stale: dropped, place-holder removed or re-reserved
    }
    return std::numeric_limits<Seconds>::infinity();
}

void SchedulingContext::start_due_reservations(Seconds now_s, Seconds due_s) {
    advance(now_s);
    while (next_reserved_start() <= due_s) {
        const TaskId t = reserved_.top().task;
        reserved_.pop();
        profiles_.at(records_[t].cluster).set_kind(t, BookingKind::Running);
        set_running(t);
    }
}

bool SchedulingContext::part_finished(TaskId t, bool preempted, double remaining, Joules energy_j, Seconds now_s) {
    advance(now_s);
    TaskRecord& r = records_.at(t);
    if (r.state != TaskState::Running || r.parts_left == 0)
        throw std::logic_error(tname(t) + ": a notice for a task that is " + to_string(r.state));
    r.energy_j += energy_j;
    if (jobs_) {
        if (preempted) throw std::logic_error(tname(t) + ": tasks of DAG jobs are not preemptible");
        r.parts_left = 0;
        --running_count_;
        set_state(t, TaskState::Completed);
        ++finished_count_;
        r.remaining = 0;
        r.end_s = now_s;
        job_task_completed(t);
        return true;
    }
    if (preempted) {
        r.any_part_preempted = true;
        r.reported_remaining = std::max(r.reported_remaining, remaining);
    }
    if (--r.parts_left > 0) return false;
    --running_count_;
    const bool back_to_waiting = r.any_part_preempted && r.reported_remaining > 0;
    r.any_part_preempted = false;
    if (back_to_waiting) {
        // Work is conserved: the slowest part's remaining fraction (of the whole work) is what is left.
        r.remaining = r.reported_remaining;
        r.reported_remaining = 0;
        set_state(t, TaskState::Waiting);
        ++r.preemptions;
        r.units.clear();
        waiting_.push_back(t);
    } else {
        set_state(t, TaskState::Completed);
        ++finished_count_;
        r.remaining = 0;
        r.end_s = now_s;
        profiles_.at(r.cluster).remove(t);
    }
    return true;
}

bool SchedulingContext::extend_running(TaskId t, Seconds end_s) {
    return profiles_.at(records_.at(t).cluster).update_end(t, end_s);
}

}  // namespace rmsim
