#include "manager/resource_manager.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <functional>
#include <limits>
#include <stdexcept>
#include <string>

#include "platform/sim_time.h"

namespace rmsim {

using sc_core::sc_time;
using sc_core::sc_time_stamp;

namespace {
SimTime now_time() { return to_sim_time(sc_time_stamp()); }
/// While a task's hardware is still busy past its booking but reports no projected end (waking, or at a
/// barrier), the manager looks again this much later.
constexpr SimTime kRecheck = SimTime::from_ns(1000);
}  // namespace

ResourceManager::ResourceManager(sc_core::sc_module_name name, Machine& machine, const std::vector<Task>& tasks,
                                 Policy& policy, const ManagerConfig& config, const std::vector<DagJob>* jobs)
    : sc_module(name), machine_(machine), tasks_(tasks), policy_(policy), traits_(policy.traits()), config_(config),
      books_(machine_.spec(), tasks, traits_.granularity, jobs), wake_("wake") {
    policy_.prepare(books_.view());
    books_.energy().set_budget(config.budget);
    // The first boundary is the budget's start when it is later than 0 (e.g. after a warm-up).
    next_budget_ = config.budget.start > SimTime() ? config.budget.start : config.budget.period;
    books_.energy().set_reader([this] { return machine_.total_energy(); });
    arrival_order_.resize(tasks.size());
    for (std::size_t i = 0; i < tasks.size(); ++i) arrival_order_[i] = i;
    std::stable_sort(arrival_order_.begin(), arrival_order_.end(),
                     [&](TaskId a, TaskId b) { return tasks[a].arrival() < tasks[b].arrival(); });
    machine_.manager_port().set_handler([this](const Message& m) { on_notice(m); });
    SC_HAS_PROCESS(ResourceManager);
    SC_METHOD(tick);
    sensitive << wake_;
    // Runs once at time 0 (no dont_initialize): the first arrivals and the first periodic event.
}

bool ResourceManager::all_finished() const { return books_.ledger().finished_count() == tasks_.size(); }

void ResourceManager::tick() {
    const SimTime now = now_time();
    bool trigger = event_due_;
    event_due_ = false;
    while (next_arrival_ < arrival_order_.size() && tasks_[arrival_order_[next_arrival_]].arrival() <= now) {
        books_.arrive(arrival_order_[next_arrival_++], now);
        trigger |= traits_.on_arrival;
    }
    books_.start_due_reservations(now, now);
    // Budget periods (e.g. days): the energy accounts restart from the meters' exact reading.
    while (config_.budget.budget_j > 0 && now >= next_budget_) {
        books_.energy().begin_period(next_budget_, machine_.total_energy());
        next_budget_ += config_.budget.period;
    }
    if (traits_.period > SimTime() && now >= next_period_) {
        trigger = true;
        while (next_period_ <= now) next_period_ += traits_.period;
    }
    if (trigger) mapping_event();
    execute(books_.take_commands());
    const bool arrivals_left = next_arrival_ < arrival_order_.size();
    if ((!arrivals_left && all_finished()) || now >= config_.end) {
        sc_core::sc_stop();
        return;
    }
    arm();
}

void ResourceManager::arm() {
    SimTime next = SimTime::infinity();
    if (next_arrival_ < arrival_order_.size()) next = tasks_[arrival_order_[next_arrival_]].arrival();
    next = std::min(next, books_.next_reserved_start());
    if (traits_.period > SimTime() && !all_finished()) next = std::min(next, next_period_);
    if (config_.budget.budget_j > 0 && !all_finished()) next = std::min(next, next_budget_);
    next = std::min(next, config_.end);
    if (next.is_infinite()) return;
    const sc_time at = to_sc_time(next);
    wake_.notify(at > sc_time_stamp() ? at - sc_time_stamp() : sc_core::SC_ZERO_TIME);
}

void ResourceManager::extend_overdue() {
    // A running task whose booking ends now or earlier but whose hardware is still busy (wake-up or DVFS
    // latencies, deferred start) keeps its units booked until its projected completion.
    const SimTime now = now_time();
    auto later = std::greater<std::pair<SimTime, TaskId>>();
    while (!running_ends_.empty() && running_ends_.front().first <= now) {
        std::pop_heap(running_ends_.begin(), running_ends_.end(), later);
        const TaskId t = running_ends_.back().second;
        running_ends_.pop_back();
        const TaskRecord& r = books_.ledger().record(t);
        if (r.state != TaskState::Running) continue;
        const Booking* b = books_.ledger().profile(r.cluster).booking(t);
        if (!b || b->end > now) continue;  // already moved
        SimTime end = now;
        for (LocalNodeIndex u : r.units) {
            const auto loc = books_.ledger().unit_location(r.cluster, u);
            const Node& node = machine_.node(loc.first);
            for (std::uint32_t c = 0; c < node.core_count(); ++c) {
                if (loc.second != kAllCores && c != loc.second) continue;
                const Core& core = node.core(c);
                if (core.has_segment() && core.task() == t)
                    end = std::max(end, to_sim_time(core.projected_completion()));
            }
        }
        if (end <= now) end = now + kRecheck;  // waking or at a barrier: look again shortly
        if (!books_.extend_running(t, end)) {
            // The overrun reaches a later booking (e.g. by clock-period rounding): that task's start is
            // deferred by execute() until the units are really free, so the hardware stays consistent.
            ++stats_.overruns;
            continue;
        }
        running_ends_.emplace_back(end, t);
        std::push_heap(running_ends_.begin(), running_ends_.end(), later);
    }
}

void ResourceManager::mapping_event() {
    extend_overdue();
    const auto t0 = std::chrono::steady_clock::now();
    books_.begin_event(now_time());
    policy_.schedule(books_.view(), books_.decisions());
    const auto t1 = std::chrono::steady_clock::now();
    ++stats_.mapping_events;
    stats_.event_wall_s.push_back(std::chrono::duration<double>(t1 - t0).count());
}

std::uint64_t ResourceManager::unit_key(const std::pair<NodeId, std::uint32_t>& loc) {
    return (std::uint64_t(loc.first) << 32) | loc.second;
}

bool ResourceManager::units_free(TaskId t) const {
    const TaskRecord& r = books_.ledger().record(t);
    for (LocalNodeIndex u : r.units) {
        const auto loc = books_.ledger().unit_location(r.cluster, u);
        // A START already sent but not yet applied by the node (same instant) holds the unit too.
        const auto claimed = occupant_.find(unit_key(loc));
        if (claimed != occupant_.end() && claimed->second != t) return false;
        const Node& node = machine_.node(loc.first);
        if (loc.second != kAllCores) {
            if (node.core(loc.second).has_segment()) return false;
        } else if (node.busy()) {
            return false;
        }
    }
    return true;
}

void ResourceManager::execute(const std::vector<Command>& commands) {
    for (const Command& d : commands) {
        switch (d.kind) {
            case Command::Kind::Start:
                if (units_free(d.task)) {
                    send_start(d.task);
                } else {
                    ++stats_.deferred_starts;
                    deferred_.push_back(d.task);
                }
                break;
            case Command::Kind::Preempt: {
                const TaskRecord& r = books_.ledger().record(d.task);
                NodeId last = std::numeric_limits<NodeId>::max();
                for (LocalNodeIndex u : r.units) {
                    const NodeId n = books_.ledger().unit_location(r.cluster, u).first;
                    if (n == last) continue;
                    last = n;
                    Message m;
                    m.op = Op::Preempt;
                    m.node = n;
                    m.core = kAllCores;
                    m.task = d.task;
                    machine_.manager_port().send(m);
                }
                break;
            }
            case Command::Kind::Transfer: {
                // Data along a DAG edge, core to core over the node's interconnect (Singh 2015 §III-A).
                Message m;
                m.op = Op::Transfer;
                m.node = d.node;
                m.core = d.core;
                m.dst_core = d.dst_core;
                m.task = d.task;
                m.bytes = d.bytes;
                m.tag = d.tag;
                machine_.manager_port().send(m);
                break;
            }
            case Command::Kind::SetPState: {
                Message m;
                m.op = Op::SetPState;
                m.node = d.node;
                m.core = d.core;
                m.pstate = d.pstate;
                machine_.manager_port().send(m);
                break;
            }
        }
    }
}

void ResourceManager::send_start(TaskId t) {
    const SimTime now = now_time();
    books_.start_sent(t, now);
    const TaskRecord& r = books_.ledger().record(t);
    const Task& task = tasks_[t];
    const std::uint32_t cpn = books_.view().cores_per_node(r.cluster);
    const std::uint64_t cores = traits_.granularity == Granularity::Node ? std::uint64_t(r.units.size()) * cpn
                                                                        : r.units.size();
    Gang* gang = cores > 1 ? machine_.manager_port().new_gang(t, static_cast<std::uint32_t>(cores)) : nullptr;
    for (LocalNodeIndex u : r.units) {
        const auto loc = books_.ledger().unit_location(r.cluster, u);
        occupant_[unit_key(loc)] = t;
        Message m;
        m.op = Op::Start;
        m.node = loc.first;
        m.core = loc.second;
        m.task = t;
        m.work = task.work;
        m.pstate = r.pstate;
        m.remaining = r.remaining;
        m.gang = gang;
        machine_.manager_port().send(m);
    }
    const SimTime d = books_.ledger().exec_time(t, r.cluster, r.pstate);
    running_ends_.emplace_back(now + std::max(d, SimTime()), t);
    std::push_heap(running_ends_.begin(), running_ends_.end(), std::greater<std::pair<SimTime, TaskId>>());
}

void ResourceManager::retry_deferred() {
    if (deferred_.empty()) return;
    std::vector<TaskId> still;
    for (TaskId t : deferred_) {
        if (books_.ledger().record(t).state != TaskState::Running) continue;
        if (units_free(t)) send_start(t);
        else still.push_back(t);
    }
    deferred_.swap(still);
}

void ResourceManager::on_notice(const Message& m) {
    if (m.op == Op::Transferred) {
        books_.transfer_done(m.tag, now_time());  // may start the edge's destination task
        wake_.notify(sc_core::SC_ZERO_TIME);
        return;
    }
    if (m.op != Op::Completed && m.op != Op::Preempted) return;
    const TaskRecord& r = books_.ledger().record(m.task);
    const std::vector<LocalNodeIndex> units = r.units;  // part_finished may clear them (back to waiting)
    const ClusterId cluster = r.cluster;
    const bool done = books_.part_finished(m.task, m.op == Op::Preempted, m.remaining, m.energy_j, now_time());
    if (done)
        for (LocalNodeIndex u : units) {
            const auto it = occupant_.find(unit_key(books_.ledger().unit_location(cluster, u)));
            if (it != occupant_.end() && it->second == m.task) occupant_.erase(it);
        }
    if (!done) return;
    machine_.manager_port().release_gang(m.task);
    retry_deferred();
    event_due_ |= traits_.on_completion;
    wake_.notify(sc_core::SC_ZERO_TIME);
}

}  // namespace rmsim
