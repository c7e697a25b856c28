#include "manager/policies/preemptive/preemptive_policy.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "manager/decisions.h"
#include "manager/policy_view.h"

namespace rmsim {

namespace {

/// The mapper's model of the tasks from the manager's view (exact ETC: the remaining work's time at P0), read
/// from the policy's table of the tasks' facts (task_facts.h).
class ViewModel : public MapperModel {
public:
    ViewModel(const PolicyView& v, TaskFacts& facts) : v_(v), facts_(facts), now_(v.now()) {}
    /// The mapper asks for a task's RETs cluster after cluster: its row is looked up once (the table does not
    /// move within an event: it holds every task id from its first use).
    Seconds ret(TaskId t, ClusterId k) const override {
        if (!row_ || t != row_task_) {
            row_ = facts_.rets(v_, t);
            row_task_ = t;
        }
        return row_[k];
    }
    double utility(TaskId t, Seconds from_now) const override {
        if (facts_.known(t)) return facts_.utility(t, now_, from_now);
        const Task& task = v_.task(t);
        return task.utility.value_at((now_ - task.arrival()).to_seconds() + from_now);
    }
    /// A utility function is non-increasing, but its value as computed (a few operations on values of at most
    /// its maximum) may be off by a few ulps of that maximum: 1e-9 of it covers that many times over.
    double utility_bound(TaskId t, Seconds from_now) const override {
        const double margin = 1e-9 * (facts_.known(t) ? facts_.max_utility(t) : v_.task(t).utility.max_value());
        return utility(t, from_now) + margin;
    }

private:
    const PolicyView& v_;
    TaskFacts& facts_;
    SimTime now_;
    mutable const Seconds* row_ = nullptr;
    mutable TaskId row_task_ = 0;
};

}  // namespace

PolicyTraits PreemptivePolicy::traits() const {
    PolicyTraits t;
    t.on_arrival = false;
    t.on_completion = false;
    t.period = config_.period;
    t.granularity = Granularity::Core;
    // Machovec Ch.4 §4.2: serial tasks, one core each; the mapper places a task on one core (a task of several
    // cores or whole nodes would run on one core as if it were serial).
    t.serial_tasks = true;
    return t;
}

void PreemptivePolicy::schedule(const PolicyView& view, Decisions& decide) {
    ViewModel model(view, facts_);
    const auto clusters = static_cast<ClusterId>(view.cluster_count());
    // (1) Dropping (§4.3.2): utility non-increasing in completion time, so the fastest allowed cluster decides.
    std::vector<MappableTask> mappable;
    // The tasks of a burst (§4.4.3) wait side by side: one arrival, one type, one utility function. A task
    // with the same RET on every cluster, arrival and utility function as the one before it joins its group
    // (MappableTask::group: Pair weighs their pairs once).
    const bool pair = config_.rule == PreemptRule::Pair;
    std::vector<Seconds> rets(clusters), last_rets;
    const TaskFacts::Facts* last = nullptr;
    std::uint32_t group = 0;
    const std::vector<TaskId> waiting = view.waiting().to_vector();
    mappable.reserve(waiting.size());
    for (TaskId t : waiting) {
        const TaskFacts::Facts& task = facts_.of(view, t);
        const TaskRecord& r = view.record(t);
        MappableTask m;
        m.id = t;
        m.can_preempt = task.can_preempt;
        m.preemptible = task.preemptible;
        if (r.preempted) m.pinned = r.cluster;  // resumes on its cluster only (§4.2.3)
        Seconds fastest = -1;
        const Seconds* ret = facts_.rets(view, t);
        for (ClusterId k = 0; k < clusters; ++k) {
            rets[k] = m.pinned && *m.pinned != k ? -1 : ret[k];
            const Seconds x = rets[k];
            if (x >= 0 && (fastest < 0 || x < fastest)) fastest = x;
        }
        if (fastest < 0 || !(model.utility(t, fastest) > 0)) {
            decide.drop(t);
            ++dropped_;
            continue;
        }
        if (pair) {
            const bool twin =
                last && rets == last_rets && task.arrival_s == last->arrival_s && task.utility == last->utility;
            m.group = twin ? group : ++group;
            last = &task;
            last_rets = rets;
        }
        mappable.push_back(m);
    }
    // The cores as they are now: unit u of cluster c is core base[c] + u.
    std::vector<std::uint32_t> base(clusters + 1, 0);
    for (ClusterId c = 0; c < clusters; ++c) base[c + 1] = base[c] + view.unit_count(c);
    std::vector<CoreState> cores(base[clusters]);
    for (ClusterId c = 0; c < clusters; ++c)
        for (std::uint32_t u = 0; u < view.unit_count(c); ++u) cores[base[c] + u].cluster = c;
    const SimTime now = view.now();
    view.for_each_running_or_reserved([&](TaskId t) {
        const TaskRecord& r = view.record(t);
        if (r.state != TaskState::Running) return;
        const Booking* b = view.profile(r.cluster).booking(t);
        if (!b) return;  // preempted: its core is free
        const TaskFacts::Facts& task = facts_.of(view, t);
        for (LocalNodeIndex u : r.units) {
            CoreState& s = cores.at(base[r.cluster] + u);
            s.busy = true;
            s.task = t;
            s.ret = (b->end - now).to_seconds();
            s.preemptible = task.preemptible;
            s.can_preempt = task.can_preempt;
        }
    });
    const std::vector<CoreState> before = cores;
    auto start = [&](TaskId t, std::uint32_t core) {
        const ClusterId c = cores[core].cluster;
        decide.start(t, c, {core - base[c]}, 0);
    };
    // (2) + (3)
    switch (config_.heuristic) {
        case Ch4Config::Heuristic::Random:
        case Ch4Config::Heuristic::Fcfs: {
            // §4.3.3.2 / §4.3.3.3: tasks in random / arrival order, each to the first idle core (in random /
            // index order) where it earns utility. Idle cores only.
            if (config_.heuristic == Ch4Config::Heuristic::Random) std::shuffle(mappable.begin(), mappable.end(), rng_);
            std::vector<std::uint32_t> idle;
            for (std::uint32_t i = 0; i < cores.size(); ++i)
                if (!cores[i].busy) idle.push_back(i);
            for (const MappableTask& m : mappable) {
                if (idle.empty()) break;
                if (config_.heuristic == Ch4Config::Heuristic::Random) std::shuffle(idle.begin(), idle.end(), rng_);
                for (std::size_t j = 0; j < idle.size(); ++j) {
                    const ClusterId k = cores[idle[j]].cluster;
                    if (m.pinned && *m.pinned != k) continue;
                    const Seconds x = model.ret(m.id, k);
                    if (x < 0 || !(model.utility(m.id, x) > 0)) continue;
                    start(m.id, idle[j]);
                    idle.erase(idle.begin() + static_cast<std::ptrdiff_t>(j));
                    break;
                }
            }
            return;
        }
        case Ch4Config::Heuristic::MaxUtil:
        case Ch4Config::Heuristic::MaxUpt: break;
    }
    const Objective objective = config_.heuristic == Ch4Config::Heuristic::MaxUtil ? Objective::Util : Objective::UPT;
    const MapperResult result = map_event(objective, config_.rule, model, std::move(mappable), cores);
    deferred_ += result.deferred.size();
    // Preemptions first (they free the cores), each for the first task that took the victim's core.
    std::vector<std::pair<TaskId, TaskId>> victims;  // (victim, for)
    for (const Assignment& a : result.assignments)
        if (a.preempted && before[a.core].busy && before[a.core].task == *a.preempted)
            victims.emplace_back(*a.preempted, a.task);
    for (const auto& [victim, by] : victims) {
        if (!decide.preempt(victim, by))
            throw std::logic_error("Machovec Ch.4: task " + std::to_string(by) + " may not preempt task " +
                                   std::to_string(victim));
        ++preemptions_;
    }
    for (std::uint32_t i = 0; i < result.cores.size(); ++i) {
        const CoreState& after = result.cores[i];
        if (!after.busy || (before[i].busy && before[i].task == after.task)) continue;
        // A task preempted at this event cannot start before its checkpoint is reported: it waits.
        if (view.is_waiting(after.task)) start(after.task, i);
    }
}

void PreemptivePolicy::report(PolicyReport& r) const {
    r.figures.emplace_back("preemptions", static_cast<double>(preemptions_));
    r.figures.emplace_back("dropped", static_cast<double>(dropped_));
    if (config_.rule == PreemptRule::Pair) r.figures.emplace_back("deferred", static_cast<double>(deferred_));
}

}  // namespace rmsim
