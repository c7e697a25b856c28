#include "manager/resource_manager.h"

#include <algorithm>
#include <chrono>
#include <limits>
#include <stdexcept>
#include <string>

#include "modules/sim_time.h"

namespace rmsim {

using sc_core::sc_time;
using sc_core::sc_time_stamp;

namespace {
SimTime now_time() { return to_sim_time(sc_time_stamp()); }

/// The last of the boundaries first, first + period, ... that is <= now (first <= now, period > 0).
SimTime last_boundary(SimTime first, SimTime period, SimTime now) {
    return first + period * ((now - first).ns() / period.ns());
}
}  // namespace

ResourceManager::ResourceManager(sc_core::sc_module_name name, const PlatformSpec& platform, ControlPort& port,
                                 const std::vector<Task>& tasks, Policy& policy, const ManagerConfig& config,
                                 const std::vector<DagJob>* jobs, const UavMission* mission)
    : ResourceManager(name, platform, port, nullptr, std::make_unique<TaskTable>(tasks), policy, config, jobs,
                      mission) {}

ResourceManager::ResourceManager(sc_core::sc_module_name name, const PlatformSpec& platform, ControlPort& port,
                                 TaskTable& tasks, Policy& policy, const ManagerConfig& config,
                                 const std::vector<DagJob>* jobs, const UavMission* mission)
    : ResourceManager(name, platform, port, &tasks, nullptr, policy, config, jobs, mission) {}

ResourceManager::ResourceManager(sc_core::sc_module_name name, const PlatformSpec& platform, ControlPort& port,
                                 TaskTable* table, std::unique_ptr<TaskTable> owned, Policy& policy,
                                 const ManagerConfig& config, const std::vector<DagJob>* jobs,
                                 const UavMission* mission)
    : sc_module(name), port_(port), owned_tasks_(std::move(owned)), tasks_(table ? table : owned_tasks_.get()),
      policy_(policy), traits_(policy.traits()), config_(config),
      books_(platform, *tasks_, traits_.granularity, jobs, config.estimate, config.hold_job_cores),
      wake_now_("wake_now"), wake_at_("wake_at") {
    if (tasks_->streamed() && jobs) throw std::logic_error("ResourceManager: a streamed run of DAG jobs");
    books_.set_uav_mission(mission);
    policy_.prepare(books_.view());
    books_.energy().set_budget(config.budget);
    // The first boundary is the budget's start when it is later than 0 (e.g. after a warm-up).
    next_budget_ = config.budget.start > SimTime() ? config.budget.start : config.budget.period;
    books_.energy().set_reader([this] { return energy_now(); });
    // The stores' levels are read from the hardware when a policy asks (a debug read of the meter per node).
    if (books_.stores().any())
        books_.stores().set_reader([this](NodeId n) {
            const EnergyStoreReading r = port_.read_energy_store(n);
            EnergyStoreLevel l;
            l.capacity_j = r.capacity_j;
            l.used_j = r.used_j;
            l.depleted = r.depleted;
            return l;
        });
    // Generated workloads come in arrival order: then ids are the order (no table, no sort buffer).
    // A streamed table admits them in arrival order (TaskTable::admit_next checks).
    const TaskTable& tasks = *tasks_;
    bool sorted = true;
    if (!tasks.streamed())
        for (std::size_t i = 1; i < tasks.size() && sorted; ++i)
            sorted = !(tasks[i].arrival() < tasks[i - 1].arrival());
    if (!sorted) {
        arrival_order_.resize(tasks.size());
        for (std::size_t i = 0; i < tasks.size(); ++i) arrival_order_[i] = static_cast<std::uint32_t>(i);
        std::stable_sort(arrival_order_.begin(), arrival_order_.end(), [&](std::uint32_t a, std::uint32_t b) {
            return tasks[static_cast<TaskId>(a)].arrival() < tasks[static_cast<TaskId>(b)].arrival();
        });
    }
    std::size_t units = 0;
    for (ClusterId c = 0; c < books_.estimates().cluster_count(); ++c) {
        unit_base_.push_back(units);
        units += books_.estimates().unit_count(c);
    }
    occupant_.assign(units, kNoTask);
    port_.set_handler([this](const Message& m) { on_notice(m); });
    SC_HAS_PROCESS(ResourceManager);
    SC_METHOD(tick);
    sensitive << wake_now_ << wake_at_;
    // Runs once at time 0 (no dont_initialize): the first arrivals and the first periodic event.
}

bool ResourceManager::all_finished() const {
    // Every task has finished and every job's hold on its cores has been reported (HoldEnded).
    return !arrivals_left() && books_.ledger().finished_count() == tasks_->size() &&
           (!books_.jobs() || books_.jobs()->holds_open() == 0);
}

std::uint64_t ResourceManager::unsent_parts() const {
    std::uint64_t parts = 0;
    for (TaskId t : deferred_)
        if (const TaskRecord& r = books_.ledger().record(t); r.state == TaskState::Running) parts += r.parts_left;
    return parts;
}

void ResourceManager::tick() {
    watchdog_.activation(*this);
    if (!meter_interval_set_ && config_.budget.budget_j > 0) {
        // The meter records the energy at every budget boundary, so the manager need not wake there.
        if (!port_.set_meter_interval(to_sc_time(next_budget_), to_sc_time(config_.budget.period)))
            throw std::logic_error("ResourceManager: the meter refused the budget periods (a boundary has passed)");
        meter_interval_set_ = true;
    }
    // The manager acts last at an instant: what else happens now (a core finishing, a notice arriving, a
    // node applying a command) is registered first.
    if (sc_core::sc_pending_activity_at_current_time()) {
        wake_now_.notify(sc_core::SC_ZERO_TIME);
        return;
    }
    const SimTime now = now_time();
    bool trigger = event_due_;
    event_due_ = false;
    retire_finished();  // those a notice finished since the last instant (and the bookings brought up to date)
    while (arrivals_left() && next_arrival() <= now) {
        books_.arrive(take_arrival(), now);
        trigger |= traits_.on_arrival;
        arrived_since_event_ = true;
    }
    note_active();
    kill_due(now);
    books_.start_due_reservations(now, now);
    // Budget periods (e.g. days): the accounts restart from the meter's exact reading at the latest boundary,
    // which the meter recorded when it passed (MachineMeter's interval readings). The manager does not wake
    // at boundaries: one or many may have passed since it last acted, and the step is O(1) whatever the
    // period.
    if (config_.budget.budget_j > 0 && now >= next_budget_) {
        next_budget_ = last_boundary(next_budget_, config_.budget.period, now);
        books_.energy().begin_period(next_budget_, port_.read_meter().interval_start_j);
        next_budget_ += config_.budget.period;
    }
    if (traits_.period > SimTime() && now >= next_period_) {
        trigger = true;
        next_period_ = last_boundary(next_period_, traits_.period, now) + traits_.period;
    }
    while (!wakeups_.empty() && wakeups_.top() <= now) {
        trigger = true;
        wakeups_.pop();
    }
    if (trigger) mapping_event();
    books_.take_commands(commands_);
    execute(commands_);
    retire_finished();
    note_active();
    if ((!arrivals_left() && all_finished()) || now >= config_.end) {
        sc_core::sc_stop();
        return;
    }
    arm();
}

void ResourceManager::retire_finished() {
    apply_extensions();
    if (!tasks_->streamed()) return;
    for (TaskId t : books_.take_finished()) {
        if (retire_) retire_(books_.view(), t);
        books_.release(t);
        tasks_->release(t);
    }
}

void ResourceManager::note_active() {
    const TaskLedger& l = books_.ledger();
    stats_.peak_waiting_and_running =
        std::max(stats_.peak_waiting_and_running, l.waiting().size() + l.committed_count());
}

void ResourceManager::arm() {
    SimTime next = SimTime::infinity();
    if (arrivals_left()) next = next_arrival();
    next = std::min(next, books_.next_reserved_start());
    // A limit whose task ended, restarted or is being killed never comes due: no wake-up for it.
    while (!limits_.empty() && !limit_pending(limits_.top())) limits_.pop();
    if (!limits_.empty()) next = std::min(next, limits_.top().at);
    if (!wakeups_.empty()) next = std::min(next, wakeups_.top());
    // Once every node's energy store is used up nothing can run again: the periodic events stop when the
    // policy has seen every arrival.
    const bool nothing_can_run = books_.stores().all_depleted() && !arrivals_left() && !arrived_since_event_;
    if (traits_.period > SimTime() && !all_finished() && !nothing_can_run) next = std::min(next, next_period_);
    next = std::min(next, config_.end);
    if (next.is_infinite()) return;
    const sc_time at = to_sc_time(next);
    if (at > sc_time_stamp())
        wake_at_.notify(at - sc_time_stamp());
    else
        wake_now_.notify(sc_core::SC_ZERO_TIME);
}

void ResourceManager::mapping_event() {
    const auto t0 = std::chrono::steady_clock::now();
    stats_.last_mapping_event = now_time();
    arrived_since_event_ = false;
    books_.begin_event(stats_.last_mapping_event);
    // A START still waiting for its units keeps them booked for its whole run from now (TaskLedger::
    // follow_unstarted): otherwise, once its planned end has passed, new tasks would be placed on them.
    for (TaskId t : deferred_) books_.follow_unstarted(t);
    const std::size_t queue = books_.ledger().waiting().size();
    stats_.max_waiting = std::max(stats_.max_waiting, queue);
    policy_.schedule(books_.view(), books_.decisions());
    for (SimTime at : books_.take_wakeups()) wakeups_.push(at);
    const auto t1 = std::chrono::steady_clock::now();
    ++stats_.mapping_events;
    stats_.event_wall.add(std::chrono::duration<double>(t1 - t0).count(), queue);
}

bool ResourceManager::units_free(TaskId t) const {
    const TaskRecord& r = books_.ledger().record(t);
    for (LocalNodeIndex u : r.units) {
        const TaskId holder = occupant_[unit_slot(r.cluster, u)];
        if (holder != kNoTask && holder != t) return false;
    }
    return true;
}

void ResourceManager::execute(const std::vector<Command>& commands) {
    for (const Command& d : commands) {
        Message m;
        m.node = d.node;
        m.core = d.core;
        switch (d.kind) {
            case Command::Kind::Start:
                if (units_free(d.task)) {
                    send_start(d.task);
                } else {
                    ++stats_.deferred_starts;
                    deferred_.push_back(d.task);
                }
                continue;
            case Command::Kind::Preempt: {
                if (const auto it = std::find(deferred_.begin(), deferred_.end(), d.task); it != deferred_.end()) {
                    deferred_.erase(it);
                    preempt_unstarted(d.task);
                    continue;
                }
                const TaskRecord& r = books_.ledger().record(d.task);
                for_each_node_part(r.units, books_.ledger().unit_layout(r.cluster), [&](const NodePart& part) {
                    Message p;
                    p.op = Op::Preempt;
                    p.node = part.node;
                    p.core = kAllCores;
                    p.task = d.task;
                    port_.send(p);
                });
                continue;
            }
            case Command::Kind::Transfer:
                // Data along a DAG edge, core to core over the node's interconnect (Singh 2015 §III-A).
                m.op = Op::Transfer;
                m.dst_core = d.dst_core;
                m.task = d.task;
                m.bytes = d.bytes;
                m.tag = d.tag;
                break;
            case Command::Kind::SetPState:
                m.op = Op::SetPState;
                m.pstate = d.pstate;
                break;
            case Command::Kind::Sleep: m.op = Op::Sleep; break;
            case Command::Kind::Wake: m.op = Op::Wake; break;
            case Command::Kind::Hold:
            case Command::Kind::Unhold:
                m.op = d.kind == Command::Kind::Hold ? Op::Hold : Op::Unhold;
                m.task = d.task;
                m.core_mask = d.core_mask;
                break;
        }
        port_.send(m);
    }
}

void ResourceManager::send_start(TaskId t) {
    const SimTime now = now_time();
    books_.start_sent(t, now);
    const TaskRecord& r = books_.ledger().record(t);
    const Task& task = (*tasks_)[t];
    // One START per node part (manager/node_parts.h): a whole node, or its cores as a mask (nodes of up to 64
    // cores); one per core on larger nodes. The parts were counted when the task started (TaskLedger::
    // set_running); the first part's node is the gang root.
    const bool masks =
        books_.estimates().granularity() == Granularity::Core && books_.estimates().cores_per_node(r.cluster) <= 64;
    Message m;
    m.op = Op::Start;
    m.task = t;
    m.work = books_.ledger().work_of(t);  // its VM configuration's work if one was chosen (Machovec Ch.2)
    m.pstate = r.pstate;
    m.remaining = r.remaining;
    m.gang_nodes = r.node_count;
    m.gang_root = r.first_node;
    m.attempt = books_.ledger().preemptions(t);
    m.memory_bytes = task.memory_bytes / r.node_count;  // spread evenly over the task's nodes
    m.priority = task.utility.max_value();
    // The booked end: the parts that project exactly that are not acknowledged (modules/protocol.h).
    if (const Booking* b = books_.ledger().profile(r.cluster).booking(t); b && !b->end.is_infinite())
        m.expected_end = to_sc_time(b->end);
    for_each_node_part(r.units, books_.ledger().unit_layout(r.cluster), [&](const NodePart& part) {
        ++stats_.parts_started;
        m.node = part.node;
        m.part_cores = part.whole_node ? 0 : part.units();
        if (masks) {
            for (const LocalNodeIndex* u = part.first; u != part.last; ++u) occupant_[unit_slot(r.cluster, *u)] = t;
            books_.domains().started(part, r.pstate);
            m.core = part.core(*part.first);  // units are ascending: the part's lowest core
            m.core_mask = part.core_mask();
            port_.send(m);
            return;
        }
        for (const LocalNodeIndex* u = part.first; u != part.last; ++u) {
            occupant_[unit_slot(r.cluster, *u)] = t;
            books_.domains().started(part.node, part.core(*u), r.pstate);
            m.core = part.core(*u);
            port_.send(m);
        }
    });
    const SimTime limit = books_.time_limit(t);
    if (!limit.is_infinite()) limits_.push(Limit{now + limit, t, books_.ledger().preemptions(t)});
}

// A task that ended before its limit leaves its entry behind; a streamed run may have retired it since (its
// record gone), so that is asked before the record is read. An entry not pending never becomes so: a task
// restarted after a preemption has a new attempt and a new entry.
bool ResourceManager::limit_pending(const Limit& l) const {
    if (!books_.ledger().has_task(l.task)) return false;
    const TaskRecord& r = books_.ledger().record(l.task);
    return r.state == TaskState::Running && !r.killing && books_.ledger().preemptions(l.task) == l.attempt;
}

void ResourceManager::kill_due(SimTime now) {
    while (!limits_.empty() && limits_.top().at <= now) {
        const Limit l = limits_.top();
        limits_.pop();
        if (!limit_pending(l)) continue;
        books_.kill(l.task);
        ++stats_.kills;
    }
}

void ResourceManager::preempt_unstarted(TaskId t) {
    books_.withdraw_start(t, now_time());
    projected_.erase(t);
    event_due_ |= traits_.on_completion;
    wake_now_.notify(sc_core::SC_ZERO_TIME);
}

void ResourceManager::retry_deferred() {
    if (deferred_.empty()) return;
    std::vector<TaskId> still;
    for (TaskId t : deferred_) {
        if (books_.ledger().record(t).state != TaskState::Running) continue;
        if (units_free(t))
            send_start(t);
        else
            still.push_back(t);
    }
    deferred_.swap(still);
}

void ResourceManager::on_projection(const Message& m) {
    if (!extension_.ends.empty() && extension_.task != m.task) apply_extensions();
    const TaskRecord& r = books_.ledger().record(m.task);
    if (r.state != TaskState::Running || m.attempt != books_.ledger().preemptions(m.task)) return;  // stale
    Projections& projections = projected_[m.task];
    if (projections.attempt != m.attempt) {  // a restart: the earlier start's reports no longer hold
        projections.attempt = m.attempt;
        projections.parts.clear();
        projections.latest = SimTime();
    }
    auto& parts = projections.parts;
    const SimTime at = to_sim_time(m.projected_end);
    // The parts of a task report in node order, mostly: appended, else found by a binary search.
    auto p = parts.end();
    if (!parts.empty() && !(parts.back().first < m.node))
        p = std::lower_bound(parts.begin(), parts.end(), m.node, [](const auto& x, NodeId n) { return x.first < n; });
    if (p == parts.end() || p->first != m.node) {
        parts.insert(p, {m.node, at});
        projections.latest = std::max(projections.latest, at);
    } else {
        const SimTime was = p->second;
        p->second = m.op == Op::Started ? std::max(was, at) : at;  // per-core STARTs of one part: the latest
        if (p->second >= projections.latest) {
            projections.latest = p->second;
        } else if (was == projections.latest) {  // the latest moved earlier: the next latest
            projections.latest = SimTime();
            for (const auto& x : parts) projections.latest = std::max(projections.latest, x.second);
        }
    }
    // Tasks of a DAG job run inside their job's booking; other tasks keep their units booked until the
    // hardware's projected end, when the manager's estimates are exact (otherwise it would learn actual
    // times from the projections).
    if (books_.jobs() || books_.estimates().config().model != EstimateModel::Exact) return;
    SimTime end = projections.latest;
    // The parts that have not reported project the end their START expected.
    if (parts.size() < m.gang_nodes && m.expected_end != sc_core::SC_ZERO_TIME)
        end = std::max(end, to_sim_time(m.expected_end));
    const Booking* b = books_.ledger().profile(r.cluster).booking(m.task);
    if (!b) return;
    if (b->memory_gb > 0) {  // the memory pool follows each end at once (its sums as before)
        if (end > b->end && !books_.extend_running(m.task, end)) ++stats_.overruns;
        return;
    }
    // Applied when another notice, the manager's next instant or the end of the run comes (apply_extensions()).
    extension_.task = m.task;
    extension_.ends.push_back(end);
}

void ResourceManager::apply_extensions() {
    if (extension_.ends.empty()) return;
    const TaskId t = extension_.task;
    const TaskRecord& r = books_.ledger().record(t);
    const Booking* b = books_.ledger().profile(r.cluster).booking(t);
    const SimTime latest = *std::max_element(extension_.ends.begin(), extension_.ends.end());
    // A later end that fits means every earlier one did (a booking conflicts only with what starts before its
    // end): the notices' updates together are the latest one. Otherwise they are made one by one.
    if (b && latest > b->end && !books_.extend_running(t, latest)) {
        for (SimTime end : extension_.ends) {
            // The overrun reaches a later booking (e.g. a DVFS switch slowed the task): that task's start waits
            // for the units (execute()), so the hardware stays consistent.
            if (end > b->end && !books_.extend_running(t, end)) ++stats_.overruns;
        }
    }
    extension_.ends.clear();
}

void ResourceManager::on_notice(const Message& m) {
    if (m.op != Op::Started && m.op != Op::Projected) apply_extensions();
    switch (m.op) {
        case Op::Transferred:
            books_.transfer_done(m.tag, now_time());  // may start the edge's destination task
            wake_now_.notify(sc_core::SC_ZERO_TIME);
            return;
        case Op::Started:
        case Op::Projected: on_projection(m); return;
        case Op::HoldEnded:
            books_.hold_ended(m.task, m.energy_j, now_time());
            wake_now_.notify(sc_core::SC_ZERO_TIME);  // the run may be over
            return;
        case Op::DomainLevel: books_.domains().reported(m.node, m.core, m.pstate); return;
        case Op::Completed: ++stats_.completed_notices; break;
        case Op::Preempted: ++stats_.preempted_notices; break;
        case Op::Depleted:
            // The node has stopped for good: the first notice takes its units out of service; a part's notice
            // then ends the part as a preemption's would.
            books_.node_depleted(m.node, now_time());
            if (m.task == kNodeItself) {
                event_due_ |= traits_.on_completion;
                wake_now_.notify(sc_core::SC_ZERO_TIME);  // the commands it produced (Preempt of other parts)
                return;
            }
            ++stats_.depleted_notices;
            break;
        default: throw std::logic_error(std::string("ResourceManager: unexpected ") + to_string(m.op));
    }
    const TaskRecord& r = books_.ledger().record(m.task);
    if (r.state == TaskState::Running && r.parts_left == 1) {
        // The task's last notice: its units are free from now (before part_finished releases r.units).
        for_each_node_part(r.units, books_.ledger().unit_layout(r.cluster), [&](const NodePart& part) {
            for (const LocalNodeIndex* u = part.first; u != part.last; ++u) {
                TaskId& holder = occupant_[unit_slot(r.cluster, *u)];
                if (holder == m.task) holder = kNoTask;
            }
            books_.domains().ended(part);
        });
    }
    const bool stopped = m.op == Op::Preempted || m.op == Op::Depleted;
    const bool done = books_.part_finished(m.task, stopped, m.remaining, m.energy_j, now_time());
    if (!done) return;
    if (books_.ledger().record(m.task).state == TaskState::Completed) ++stats_.notice_completions;
    projected_.erase(m.task);
    retry_deferred();
    event_due_ |= traits_.on_completion;
    wake_now_.notify(sc_core::SC_ZERO_TIME);
}

}  // namespace rmsim
