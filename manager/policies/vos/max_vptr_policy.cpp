#include "manager/policies/vos/max_vptr_policy.h"

#include <algorithm>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "manager/decisions.h"
#include "manager/policies/vos/vm_options.h"
#include "manager/policy_view.h"

namespace rmsim {

namespace {

/// Algorithm 1 line 3: the task's configuration of highest VPTR over the clusters (ties: the first, i.e.
/// the lowest cluster then configuration index); nullopt if none earns V > 0 (the task is to be dropped).
std::optional<VmOption> best_option(const PolicyView& view, TaskId t) {
    std::optional<VmOption> best;
    const std::uint32_t n = static_cast<std::uint32_t>(vm_configs(view, t).size());
    for (ClusterId c = 0; c < view.cluster_count(); ++c)
        for (std::uint32_t k = 0; k < n; ++k) {
            const std::optional<VmOption> o = vm_option(view, t, k, c);
            if (o && o->value > 0 && (!best || o->vptr() > best->vptr())) best = o;
        }
    return best;
}

}  // namespace

MaxVptrPolicy::MaxVptrPolicy(const MaxVptrConfig& config) : config_(config) {
    if (!(config.period > SimTime())) throw std::invalid_argument("MaxVptrPolicy: the event period must be positive");
}

PolicyTraits MaxVptrPolicy::traits() const { return vos_traits(config_.period); }

void MaxVptrPolicy::report(PolicyReport& r) const {
    r.figures.emplace_back("dropped", static_cast<double>(dropped_));
    r.figures.emplace_back("started_now", static_cast<double>(started_));
    r.figures.emplace_back("placeholders", static_cast<double>(placeholders_));
}

// Machovec Ch.2 §2.4.2, Algorithm 1. The place-holders of the previous event were removed when this one
// opened (TaskLedger::begin_event) and their tasks are mappable again.
//
// Selection: within one event the schedule only fills up, so an option's earliest start never moves earlier;
// V is non-increasing in completion time and the configuration's TR is fixed, so a task's best VPTR never
// increases. A heap entry is therefore an upper bound of its task's current best; an entry computed since
// the last assignment is exact, and on top of the heap it beats every other task's bound. Ties go to the
// first mappable task (arrival order), as §2.4.2 says ("the first available mappable task and VM pair"), and
// the heap orders equal VPTRs that way. A task found with no configuration earning value is dropped, as line
// 3 drops it when it is re-examined (values only fall, so it could not be chosen later in the event).
void MaxVptrPolicy::schedule(const PolicyView& view, Decisions& decide) {
    std::vector<TaskId> mappable = drop_worthless(view, decide, dropped_);
    std::vector<char> done(mappable.size(), 0);
    struct Entry {
        double vptr;
        std::uint32_t task;  // index into mappable
        std::uint64_t version;
        VmOption option;
    };
    auto below = [](const Entry& a, const Entry& b) {  // a is popped after b
        if (a.vptr != b.vptr) return a.vptr < b.vptr;
        return a.task > b.task;
    };
    std::uint64_t version = 0;  // assignments made in this event
    std::vector<Entry> heap;
    auto drop = [&](std::size_t i) {
        decide.drop(mappable[i]);
        done[i] = 1;
        ++dropped_;
    };
    auto push = [&](std::size_t i) {
        const std::optional<VmOption> o = best_option(view, mappable[i]);
        if (!o) return drop(i);
        heap.push_back(Entry{o->vptr(), static_cast<std::uint32_t>(i), version, *o});
        std::push_heap(heap.begin(), heap.end(), below);
    };
    const bool rescan = config_.selection == VptrSelection::Rescan;
    if (!rescan)
        for (std::size_t i = 0; i < mappable.size(); ++i) push(i);

    for (;;) {
        std::optional<Entry> chosen;
        if (rescan) {
            for (std::size_t i = 0; i < mappable.size(); ++i) {
                if (done[i]) continue;
                const std::optional<VmOption> o = best_option(view, mappable[i]);
                if (!o) {
                    drop(i);
                    continue;
                }
                if (!chosen || o->vptr() > chosen->vptr) chosen = Entry{o->vptr(), std::uint32_t(i), version, *o};
            }
        }
        while (!rescan && !heap.empty()) {
            std::pop_heap(heap.begin(), heap.end(), below);
            const Entry e = heap.back();
            heap.pop_back();
            if (done[e.task]) continue;
            if (e.version != version) {  // stale: re-value and push back
                push(e.task);
                continue;
            }
            chosen = e;
            break;
        }
        if (!chosen) break;  // line 1: the mappable set is empty
        const TaskId t = mappable[chosen->task];
        const VmOption& o = chosen->option;
        const std::uint32_t k = vm_configs(view, t)[o.config].cores;
        // §2.4.2 core choice (from [14], as Ch.3 §3.3.7): the cores creating the fewest, then smallest, idle voids.
        std::vector<LocalNodeIndex> cores = view.profile(o.cluster).choose_nodes(k, o.start, o.duration);
        if (cores.size() != k)
            throw std::logic_error("MaxVptrPolicy: no cores at the earliest start of task " + std::to_string(t));
        // Lines 5-9: start now, else a place-holder.
        ++(o.start <= view.now() ? started_ : placeholders_);
        commit_vm_option(view, decide, t, o, std::move(cores), true);
        done[chosen->task] = 1;  // line 10
        ++version;
    }
}

}  // namespace rmsim
