#include "manager/task_ledger.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "manager/preemption_costs.h"

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
        case TaskState::Killed: return "killed";
    }
    return "?";
}

TaskLedger::TaskLedger(const TaskTable& tasks, const Estimates& estimates, std::vector<Command>& outbox)
    : tasks_(tasks), estimates_(estimates), outbox_(outbox), committed_bits_((tasks.size() + 63) / 64, 0),
      waiting_(tasks) {
    if (!tasks_.streamed())
        for (std::size_t i = 0; i < tasks_.size(); ++i) records_.push_back(TaskRecord{});
    // Under core granularity a hardware node's cores are one group of the profile (packing, NodeChoice::Pack).
    for (ClusterId c = 0; c < estimates_.cluster_count(); ++c)
        profiles_.emplace_back(estimates_.unit_count(c), SimTime(),
                               estimates_.granularity() == Granularity::Core ? estimates_.cores_per_node(c) : 1);
    for (ClusterId c = 0; c < estimates_.cluster_count(); ++c)
        layouts_.push_back(UnitLayout{estimates_.platform().first_node(c), estimates_.cores_per_node(c),
                                      estimates_.granularity() == Granularity::Node});
    for (ClusterId c = 0; c < estimates_.cluster_count(); ++c)
        if (const double gb = estimates_.platform().clusters[c].memory_gb; gb > 0) profiles_[c].set_memory_capacity(gb);
    for (std::size_t i = 0; i < tasks_.size(); ++i)
        if (tasks_[i].id != i) throw std::logic_error("TaskLedger: task ids must be 0..n-1 in order");
}

void TaskLedger::release(TaskId t) {
    const TaskRecord& r = records_.at(t);
    if (!is_final(r.state)) throw std::logic_error(tname(t) + ": released while " + to_string(r.state));
    if (r.preempted) preempted_.erase(t);
    reported_remaining_.erase(t);
    vm_config_.erase(t);
    records_.release(t);
}

SimTime TaskLedger::exec_time(TaskId t, ClusterId c, std::uint32_t pstate) const {
    if (vm_config_.empty()) return estimates_.exec_time(tasks_.at(t), records_.at(t).remaining, c, pstate);
    Task configured = tasks_.at(t);
    configured.work = work_of(t);
    return estimates_.exec_time(configured, records_.at(t).remaining, c, pstate);
}

const VmConfig* TaskLedger::vm_config(TaskId t) const {
    if (vm_config_.empty()) return nullptr;  // every workload without VM configurations
    const auto it = vm_config_.find(t);
    return it == vm_config_.end() ? nullptr : &tasks_.at(t).work.table()->vm_configs[it->second];
}

WorkModel TaskLedger::work_of(TaskId t) const {
    const VmConfig* v = vm_config(t);
    return v ? vm_config_work(*v) : tasks_.at(t).work;
}

SimTime TaskLedger::vm_exec_time(TaskId t, std::uint32_t k, ClusterId c) const {
    Task configured = tasks_.at(t);
    if (!configured.work.table() || k >= configured.work.table()->vm_configs.size())
        throw std::logic_error(tname(t) + ": no VM configuration " + std::to_string(k));
    configured.work = vm_config_work(configured.work.table()->vm_configs[k]);
    return estimates_.exec_time(configured, records_.at(t).remaining, c, 0);
}

void TaskLedger::choose_vm_config(TaskId t, std::uint32_t k) {
    const Task& task = tasks_.at(t);
    if (records_.at(t).state != TaskState::Waiting)
        throw std::logic_error(tname(t) + ": VM configuration for a task that is " + to_string(records_[t].state));
    if (!task.work.table() || k >= task.work.table()->vm_configs.size())
        throw std::logic_error(tname(t) + ": no VM configuration " + std::to_string(k));
    vm_config_[t] = k;
}

void TaskLedger::set_state(TaskId t, TaskState s) {
    if (s != TaskState::Waiting) waiting_.remove(t);
    if (records_[t].state == TaskState::Reserved && s != TaskState::Reserved) planned_start_.erase(t);
    records_[t].state = s;
    if (tasks_.streamed() && is_final(s)) finished_.push_back(t);
    // Back to waiting (a place-holder cleared, a reservation cancelled): the next decision chooses again.
    if (s == TaskState::Waiting && !vm_config_.empty()) vm_config_.erase(t);
    const std::uint64_t bit = std::uint64_t{1} << (t % 64);
    std::uint64_t& word = committed_bits_[t / 64];
    const bool was = (word & bit) != 0;
    const bool is = s == TaskState::Running || s == TaskState::Reserved;
    if (is == was) return;
    if (is) {
        word |= bit;
        committed_low_ = std::min<std::size_t>(committed_low_, t / 64);
        ++committed_count_;
    } else {
        word &= ~bit;
        --committed_count_;
    }
}

SimTime TaskLedger::restore_time(TaskId t, ClusterId c, std::uint32_t nodes) const {
    const PlatformSpec& spec = estimates_.platform();
    if (!(records_.at(t).remaining < 1.0) || spec.preemption.free()) return SimTime();
    return rmsim::restore_time(spec, c, tasks_.at(t).memory_bytes, nodes);
}

std::uint32_t TaskLedger::nodes_of(ClusterId c, const std::vector<LocalNodeIndex>& units) const {
    std::vector<NodeId> nodes;
    nodes.reserve(units.size());
    for (LocalNodeIndex u : units) nodes.push_back(unit_location(c, u).first);
    std::sort(nodes.begin(), nodes.end());
    return static_cast<std::uint32_t>(std::unique(nodes.begin(), nodes.end()) - nodes.begin());
}

void TaskLedger::book(TaskId owner, ClusterId c, std::vector<LocalNodeIndex>& units, SimTime start, SimTime end,
                      BookingKind kind) {
    if (units.empty()) throw std::logic_error(tname(owner) + ": no units to run on");
    if (!std::is_sorted(units.begin(), units.end())) std::sort(units.begin(), units.end());  // chosen ascending
    const VmConfig* v = vm_config_.empty() ? nullptr : vm_config(owner);
    profiles_.at(c).add(units, start, end, owner, kind, v && profiles_.at(c).memory() ? v->memory_gb : 0.0);
}

void TaskLedger::start(TaskId t, ClusterId c, std::vector<LocalNodeIndex> units, std::uint32_t pstate) {
    TaskRecord& r = records_.at(t);
    if (r.state != TaskState::Waiting)
        throw std::logic_error(tname(t) + ": start of a task that is " + to_string(r.state));
    const std::uint16_t level = record_pstate(pstate);  // before any change
    SimTime d = exec_time(t, c, pstate);
    if (d.is_negative()) throw std::logic_error(tname(t) + ": cannot run on cluster " + std::to_string(c));
    if (r.remaining < 1.0) d += restore_time(t, c, nodes_of(c, units));
    book(t, c, units, now_, now_ + std::max(d, kOneNanosecond), BookingKind::Running);
    r.cluster = c;
    r.pstate = level;
    r.units = std::move(units);
    set_running(t);
}

void TaskLedger::set_running(TaskId t) {
    TaskRecord& r = records_.at(t);
    set_state(t, TaskState::Running);
    r.placeholder = false;
    if (r.first_start == kNotYet) r.first_start = now_;
    if (r.preempted) preempted_.at(t).restart = now_;
    const auto loc = unit_location(r.cluster, r.units.front());
    r.first_node = loc.first;
    r.first_core = loc.second;
    // Parts: one per node touched (the hardware reports per node).
    std::uint32_t nodes = 0;
    for_each_node_part(r.units, unit_layout(r.cluster), [&nodes](const NodePart&) { ++nodes; });
    r.node_count = nodes;
    r.parts_left = nodes;
    if (!tasks_.streamed()) {  // kept for the outputs after the task ends (a streamed run has none that read it)
        if (last_units_at_.empty()) last_units_at_.assign(tasks_.size(), kNoUnits);
        last_units_at_.at(t) = last_units_.size();
        last_units_.push_back(static_cast<LocalNodeIndex>(r.units.size()));
        last_units_.insert(last_units_.end(), r.units.begin(), r.units.end());
    }
    ++running_count_;
    Command cmd;
    cmd.kind = Command::Kind::Start;
    cmd.task = t;
    outbox_.push_back(cmd);
}

void TaskLedger::reserve(TaskId t, ClusterId c, std::vector<LocalNodeIndex> units, SimTime start_at,
                         std::uint32_t pstate, bool placeholder) {
    if (start_at <= now_) {
        start(t, c, std::move(units), pstate);
        return;
    }
    TaskRecord& r = records_.at(t);
    if (r.state != TaskState::Waiting)
        throw std::logic_error(tname(t) + ": reservation of a task that is " + to_string(r.state));
    const std::uint16_t level = record_pstate(pstate);  // before any change
    SimTime d = exec_time(t, c, pstate);
    if (d.is_negative()) throw std::logic_error(tname(t) + ": cannot run on cluster " + std::to_string(c));
    if (r.remaining < 1.0) d += restore_time(t, c, nodes_of(c, units));
    book(t, c, units, start_at, start_at + std::max(d, kOneNanosecond),
         placeholder ? BookingKind::PlaceHolder : BookingKind::Reservation);
    set_state(t, TaskState::Reserved);
    r.placeholder = placeholder;
    r.cluster = c;
    r.pstate = level;
    r.units = std::move(units);
    planned_start_[t] = start_at;
    reserved_.push(Timed{start_at, t});
}

void TaskLedger::hold_for_job(TaskId t, ClusterId c, LocalNodeIndex unit, std::uint32_t pstate, SimTime planned_start) {
    TaskRecord& r = records_.at(t);
    const std::uint16_t level = record_pstate(pstate);  // before any change
    set_state(t, TaskState::Reserved);
    r.placeholder = false;
    r.cluster = c;
    r.pstate = level;
    r.units = std::vector<LocalNodeIndex>{unit};
    planned_start_[t] = planned_start;
}

void TaskLedger::drop(TaskId t) {
    TaskRecord& r = records_.at(t);
    if (r.state != TaskState::Waiting && r.state != TaskState::Reserved)
        throw std::logic_error(tname(t) + ": drop of a task that is " + to_string(r.state));
    if (r.state == TaskState::Reserved) profiles_.at(r.cluster).remove(t);
    set_state(t, TaskState::Dropped);
    r.end = now_;
    ++finished_count_;
    ++counts_.dropped;
    r.units.clear();
}

void TaskLedger::unreserve(TaskId t) {
    TaskRecord& r = records_.at(t);
    if (r.state != TaskState::Reserved || r.placeholder)
        throw std::logic_error(tname(t) + ": cancelling a reservation of a task that is " + to_string(r.state));
    profiles_.at(r.cluster).remove(t);
    set_state(t, TaskState::Waiting);
    r.units.clear();  // its entry in reserved_ is stale from now on (no planned start)
    waiting_.add(t);
}

std::vector<TaskId> TaskLedger::reserved_tasks() const {
    std::vector<TaskId> out;
    for_each_committed([&](TaskId t) {
        if (records_[t].state == TaskState::Reserved && !records_[t].placeholder) out.push_back(t);
    });
    return out;
}

void TaskLedger::reject(TaskId t) {
    TaskRecord& r = records_.at(t);
    if (r.state != TaskState::Waiting)
        throw std::logic_error(tname(t) + ": rejection of a task that is " + to_string(r.state));
    set_state(t, TaskState::Rejected);
    r.end = now_;
    ++finished_count_;
    ++counts_.rejected;
}

void TaskLedger::preempt(TaskId t) {
    TaskRecord& r = records_.at(t);
    if (r.state != TaskState::Running)
        throw std::logic_error(tname(t) + ": preemption of a task that is " + to_string(r.state));
    profiles_.at(r.cluster).remove(t);
    Command cmd;
    cmd.kind = Command::Kind::Preempt;
    cmd.task = t;
    outbox_.push_back(cmd);
}

void TaskLedger::kill(TaskId t) {
    TaskRecord& r = records_.at(t);
    if (r.state != TaskState::Running || r.killing)
        throw std::logic_error(tname(t) + ": kill of a task that is " + to_string(r.state));
    r.killing = true;
    profiles_.at(r.cluster).remove(t);
    Command cmd;
    cmd.kind = Command::Kind::Preempt;
    cmd.task = t;
    outbox_.push_back(cmd);
}

void TaskLedger::arrive(TaskId t, SimTime now, bool listed) {
    advance(now);
    if (tasks_.streamed()) {  // the task has just joined the table (TaskTable::admit_next)
        if (t != records_.size()) throw std::logic_error(tname(t) + ": a streamed task arrives out of order");
        records_.push_back(TaskRecord{});
        if (committed_bits_.size() * 64 <= t) committed_bits_.push_back(0);
    }
    TaskRecord& r = records_.at(t);
    if (r.state != TaskState::Pending) throw std::logic_error(tname(t) + ": arrives twice");
    set_state(t, TaskState::Waiting);
    ++counts_.arrived;
    if (listed) waiting_.add(t);
}

void TaskLedger::advance(SimTime now) {
    if (now < now_) throw std::logic_error("TaskLedger: time moved backwards");
    now_ = now;
}

void TaskLedger::begin_event(SimTime now) {
    advance(now);
    ++events_;
    placeholders_cleared_.clear();
    for (ClusterId c = 0; c < profiles_.size(); ++c) {
        AvailabilityProfile& p = profiles_[c];
        // A running task past its booked end (it overran its estimate) is expected to end at any moment: its
        // units stay booked for the next nanosecond, where a later booking does not already hold them.
        for (TaskId t : p.set_now(now)) {
            const TaskRecord& r = records_[t];
            if (r.state != TaskState::Running || r.units.empty()) continue;
            bool free = true;
            for (LocalNodeIndex u : r.units) free = free && p.is_idle(u, now, now + kOneNanosecond);
            if (free) p.add(r.units, now, now + kOneNanosecond, t, BookingKind::Running);
        }
        for (TaskId t : p.clear_placeholders()) {
            TaskRecord& r = records_.at(t);
            placeholders_cleared_.push_back({t, r.cluster, r.pstate});
            set_state(t, TaskState::Waiting);
            r.placeholder = false;
            r.units.clear();
            waiting_.add(t);
        }
    }
    waiting_.tidy();
}

SimTime TaskLedger::next_reserved_start() const {
    while (!reserved_.empty()) {
        // A streamed run retires a finished task: a stale entry of it has no record left to read.
        const TaskId t = reserved_.top().task;
        if (records_.holds(t) && records_[t].state == TaskState::Reserved && planned_start(t) == reserved_.top().at)
            return reserved_.top().at;
        reserved_.pop();  // stale: dropped, place-holder removed, re-reserved, or retired since
    }
    return SimTime::infinity();
}

void TaskLedger::start_due_reservations(SimTime now, SimTime due) {
    advance(now);
    while (next_reserved_start() <= due) {
        const TaskId t = reserved_.top().task;
        reserved_.pop();
        profiles_.at(records_[t].cluster).set_kind(t, BookingKind::Running);
        set_running(t);
    }
}

void TaskLedger::withdraw_start(TaskId t, SimTime now) {
    advance(now);
    TaskRecord& r = records_.at(t);
    if (r.state != TaskState::Running || r.parts_left != r.node_count)
        throw std::logic_error(tname(t) + ": withdrawal of a start that is " + to_string(r.state));
    // The preemption or kill already took its booking out of the profile (preempt(), kill()).
    r.parts_left = 0;
    --running_count_;
    r.units.clear();
    if (r.killing) {  // killed at its time limit before it ever ran this attempt: stopped with its work
        r.killing = false;
        set_state(t, TaskState::Killed);
        ++finished_count_;
        ++counts_.killed;
        r.end = now;
        return;
    }
    if (!r.preempted) r.first_start = kNotYet;  // it never ran: its first start is still to come
    set_state(t, TaskState::Waiting);
    waiting_.add(t);
}

void TaskLedger::follow_unstarted(TaskId t) {
    const TaskRecord& r = records_.at(t);
    if (r.state != TaskState::Running || r.units.empty()) return;
    AvailabilityProfile& p = profiles_.at(r.cluster);
    SimTime length = exec_time(t, r.cluster, r.pstate);  // as start() and reserve() booked it
    if (r.remaining < 1.0) length += restore_time(t, r.cluster, nodes_of(r.cluster, r.units));
    const SimTime end = now_ + std::max(length, kOneNanosecond);
    if (const Booking* b = p.booking(t)) {
        if (b->end < end) p.update_end(t, end);
        return;
    }
    for (LocalNodeIndex u : r.units)
        if (!p.is_idle(u, now_, end)) return;
    p.add(r.units, now_, end, t, BookingKind::Running);
}

void TaskLedger::retire_node(NodeId n) {
    const PlatformSpec& spec = platform();
    const ClusterId c = spec.cluster_of(n);
    const UnitLayout& layout = layouts_.at(c);
    AvailabilityProfile& p = profiles_.at(c);
    const std::uint32_t per_node = layout.units_per_node();
    const LocalNodeIndex first = (n - layout.first_node) * per_node;
    std::vector<LocalNodeIndex> units(per_node);
    for (std::uint32_t i = 0; i < per_node; ++i) units[i] = first + i;
    std::vector<TaskId> owners;
    for (LocalNodeIndex u : units)
        for (const BusyInterval& b : p.timeline(u))
            if (b.end > now_) owners.push_back(b.owner);
    std::sort(owners.begin(), owners.end());
    owners.erase(std::unique(owners.begin(), owners.end()), owners.end());
    for (TaskId t : owners) {
        if (t >= records_.size()) continue;
        TaskRecord& r = records_[t];
        if (r.state == TaskState::Running) {
            profiles_.at(r.cluster).remove(t);
            if (r.node_count > 1) {  // its other parts stop as by a preemption; this one reports DEPLETED
                Command cmd;
                cmd.kind = Command::Kind::Preempt;
                cmd.task = t;
                outbox_.push_back(cmd);
            }
        } else if (const Booking* b = p.booking(t);
                   r.state == TaskState::Reserved && b && b->kind != BookingKind::Running) {
            profiles_.at(r.cluster).remove(t);
            set_state(t, TaskState::Waiting);
            r.placeholder = false;
            r.units.clear();
            waiting_.add(t);
        }
    }
    // What is left on the units (nothing, but for a DAG job's block) keeps them until it ends.
    SimTime from = now_;
    for (LocalNodeIndex u : units)
        if (const Timeline& tl = p.timeline(u); !tl.empty()) from = std::max(from, tl.back().end);
    if (from.is_infinite()) return;
    p.add(units, from, SimTime::infinity(), out_of_service_owner(n), BookingKind::Reservation);
}

bool TaskLedger::part_finished(TaskId t, bool preempted, double remaining, Joules energy_j, SimTime now,
                               bool keeps_booking) {
    advance(now);
    TaskRecord& r = records_.at(t);
    if (r.state != TaskState::Running || r.parts_left == 0)
        throw std::logic_error(tname(t) + ": a notice for a task that is " + to_string(r.state));
    r.energy_j += energy_j;
    if (preempted) {
        r.any_part_preempted = true;
        double& reported = reported_remaining_[t];
        reported = std::max(reported, remaining);
    }
    if (--r.parts_left > 0) return false;
    --running_count_;
    double reported = 0;  // the largest remaining fraction reported by the preempted parts
    if (r.any_part_preempted) {
        auto it = reported_remaining_.find(t);
        reported = it->second;
        reported_remaining_.erase(it);
    }
    const bool back_to_waiting = r.any_part_preempted && reported > 0;
    r.any_part_preempted = false;
    if (back_to_waiting && r.killing) {
        // Killed at its time limit: stopped for good with its work unfinished.
        r.killing = false;
        r.remaining = reported;
        set_state(t, TaskState::Killed);
        ++finished_count_;
        ++counts_.killed;
        r.end = now;
        r.units.clear();  // placement kept in first_node/first_core/node_count
    } else if (back_to_waiting) {
        // Work is conserved: the slowest part's remaining fraction (of the whole work) is what is left.
        r.remaining = reported;
        set_state(t, TaskState::Waiting);
        ++preempted_[t].preemptions;
        r.preempted = true;
        r.units.clear();
        waiting_.add(t);
    } else {
        r.killing = false;  // it completed before the kill reached it
        set_state(t, TaskState::Completed);
        ++finished_count_;
        ++counts_.completed;
        r.remaining = 0;
        r.end = now;
        if (!keeps_booking) {
            SimTime booked_end;
            if (profiles_.at(r.cluster).remove(t, &booked_end) && now < booked_end) ++early_ends_;
        }
        r.units.clear();  // placement kept in first_node/first_core/node_count
    }
    return true;
}

void TaskLedger::start_sent(TaskId t, SimTime now) {
    TaskRecord& r = records_.at(t);
    // The first start is when the hardware got the task's first START (later than the decision if its units
    // were still held); a restart after a preemption keeps it.
    if (!r.preempted) {
        r.first_start = now;
    } else {
        preempted_.at(t).restart = now;
    }
}

bool TaskLedger::extend_running(TaskId t, SimTime end) {
    return profiles_.at(records_.at(t).cluster).update_end(t, end);
}

}  // namespace rmsim
