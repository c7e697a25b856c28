#include "manager/policies/preemptive_parallel/preemption_search.h"

#include <algorithm>

#include "manager/policies/preemptive_parallel/victim_sets.h"
#include "manager/preemption_costs.h"

namespace rmsim {

namespace {

constexpr double kTinyJ = 1e-9;  // a denominator for an option with no modelled power (UPE stays finite)

double cores_of(const PolicyView& view, ClusterId c, std::size_t units) {
    return view.granularity() == Granularity::Node ? double(units) * view.cores_per_node(c) : double(units);
}

/// The victim's objective and utility now and when it resumes after `urgent_end` (then restores and runs the
/// rest), and the preemption's energy for it.
VictimEffect effect_of(const PolicyView& view, const RunningPart& p, Objective m, SimTime urgent_end) {
    VictimEffect e;
    e.util_now = view.utility_at(p.id, p.end);
    const SimTime resumed = urgent_end + p.restore + (p.end - view.now());
    e.util_resumed = view.utility_at(p.id, resumed);
    e.energy_j = p.power_w * (p.checkpoint + p.restore).to_seconds() + p.lumps_j;
    const Joules run_j = std::max(p.power_w * p.remaining_s, kTinyJ);
    e.obj_now = objective_value(m, e.util_now, p.remaining_s, p.cores, run_j);
    e.obj_resumed =
        objective_value(m, e.util_resumed, p.remaining_s + p.restore.to_seconds(), p.cores, run_j + e.energy_j);
    return e;
}

double loss_for_order(ParallelRule rule, const VictimEffect& e) {
    return rule == ParallelRule::Energy ? e.util_now - e.util_resumed : e.obj_now - e.obj_resumed;
}

}  // namespace

std::vector<std::vector<RunningPart>> running_parts(const PolicyView& view) {
    const SimTime now = view.now();
    const PlatformSpec& spec = view.platform();
    const bool free = spec.preemption.free();
    std::vector<std::vector<RunningPart>> out(view.cluster_count());
    view.for_each_running_or_reserved([&](TaskId t) {
        const TaskRecord& r = view.record(t);
        const Task& task = view.task(t);
        if (r.state != TaskState::Running || !task.preemptible) return;
        const Booking* b = view.profile(r.cluster).booking(t);
        if (!b || b->end <= now || b->end.is_infinite()) return;  // checkpointing (preempted), or ending now
        RunningPart p;
        p.id = t;
        p.cluster = r.cluster;
        p.end = b->end;
        p.remaining_s = (b->end - now).to_seconds();
        p.units = r.units;
        p.cores = cores_of(view, r.cluster, r.units.size());
        const SimTime d = view.exec_time(t, r.cluster, r.pstate);
        p.power_w = d > SimTime() ? view.exec_energy(t, r.cluster, r.pstate) / d.to_seconds() : 0.0;
        if (!free) {
            const auto nodes = static_cast<std::uint32_t>(r.node_count);
            p.checkpoint = checkpoint_time(spec, r.cluster, task.memory_bytes, nodes);
            p.restore = restore_time(spec, r.cluster, task.memory_bytes, nodes);
            p.lumps_j = checkpoint_lumps(spec.preemption, task.memory_bytes, nodes) +
                        restore_lumps(spec.preemption, task.memory_bytes, nodes);
        }
        out[r.cluster].push_back(std::move(p));
    });
    return out;
}

std::optional<PreemptPlan> best_plan(const PolicyView& view, TaskId t,
                                     const std::vector<std::vector<RunningPart>>& running, const SearchLimits& lim,
                                     bool& declined) {
    const SimTime now = view.now();
    const Objective m = lim.rule == ParallelRule::Energy ? Objective::UPE : lim.objective;
    // The best without preemption: Max-M's options (earliest start per cluster and P-state, §3.3.7).
    NoPreemptBest best;
    for (ClusterId c = 0; c < view.cluster_count(); ++c)
        for (std::uint32_t p = 0; p < view.pstate_count(c); ++p) {
            const auto o = earliest_option(view, t, c, p, lim.day_end);
            if (!o || o->energy_j > lim.energy_left_j) continue;
            if (o->start <= now) return std::nullopt;  // it can start now: no preemption (Max-M maps it)
            const double v = o->value(m);
            const double upe = o->util / std::max(o->energy_j, kTinyJ);
            best.obj = best.exists ? std::max(best.obj, v) : v;
            best.upe = best.exists ? std::max(best.upe, upe) : upe;
            best.exists = true;
        }
    std::optional<PreemptPlan> plan;
    for (ClusterId c = 0; c < view.cluster_count(); ++c) {
        const std::vector<RunningPart>& parts = running[c];
        const std::uint32_t k = view.units_needed(t, c);
        const SimTime d = view.booked_time(t, c, 0);
        if (k == 0 || parts.empty() || d.is_negative()) continue;
        const Joules task_j = std::max(view.exec_energy(t, c, 0), kTinyJ);
        const double cores = cores_of(view, c, k);
        // A bound before any victim is weighed: started now, no checkpoint, nothing lost (every rule's value
        // only falls from there).
        const double u0 = view.utility_at(t, now + d);
        const double bound =
            lim.rule == ParallelRule::Energy ? u0 / task_j : objective_value(m, u0, d.to_seconds(), cores, task_j);
        if (!(u0 > 0) || (best.exists && !(bound > (lim.rule == ParallelRule::Energy ? best.upe : best.obj)))) continue;
        if (task_j > lim.energy_left_j) continue;
        SimTime max_ckpt;
        for (const RunningPart& p : parts) max_ckpt = std::max(max_ckpt, p.checkpoint);
        const SimTime window_end = now + max_ckpt + d;
        const AvailabilityProfile& profile = view.profile(c);
        const auto idle = static_cast<std::uint32_t>(profile.idle_nodes(now, window_end).size());
        if (idle >= k) continue;
        // Greedy (Alg. 6) considers only running tasks worth less than the urgent task there: valued here with
        // the longest checkpoint of the cluster, a lower bound of its value with any victim set.
        const double urgent_floor = objective_value(m, view.utility_at(t, window_end), d.to_seconds(), cores, task_j);
        // Candidates: the nodes each frees for the whole window (idle after its own end, up to the window's).
        std::vector<VictimCandidate> cands;
        std::vector<std::size_t> part_of;
        for (std::size_t i = 0; i < parts.size(); ++i) {
            const RunningPart& p = parts[i];
            VictimCandidate v;
            v.id = p.id;
            for (LocalNodeIndex u : p.units)
                if (p.end >= window_end || profile.is_idle(u, p.end, window_end)) ++v.nodes;
            if (v.nodes == 0) continue;
            const VictimEffect e = effect_of(view, p, m, window_end);
            if (lim.rule == ParallelRule::Greedy && !(e.obj_now < urgent_floor)) continue;
            v.loss = loss_for_order(lim.rule, e);
            v.value = e.obj_now;
            cands.push_back(v);
            part_of.push_back(i);
        }
        const VictimOrder order =
            lim.rule == ParallelRule::Greedy ? VictimOrder::FewestVictims : VictimOrder::LeastLoss;
        const std::vector<std::size_t> chosen = choose_victims(cands, k - idle, order, lim.max_victims);
        if (chosen.empty()) continue;
        // The urgent task starts once the chosen victims' checkpoints are written.
        SimTime delay;
        for (std::size_t j : chosen) delay = std::max(delay, parts[part_of[j]].checkpoint);
        const SimTime end = now + delay + d;
        PreemptOption option;
        option.util = view.utility_at(t, end);
        option.energy_j = task_j;
        option.obj = objective_value(m, option.util, d.to_seconds(), cores, task_j);
        for (std::size_t j : chosen) option.victims.push_back(effect_of(view, parts[part_of[j]], m, end));
        const Verdict verdict = judge(lim.rule, option, best);
        const Joules total = task_j + preemption_energy(option);
        if (!verdict.preempt || total > lim.energy_left_j) {
            declined = true;
            continue;
        }
        if (plan && !(verdict.value > plan->verdict.value)) continue;
        PreemptPlan p;
        p.task = t;
        p.cluster = c;
        p.start = now + delay;
        for (std::size_t j : chosen) p.victims.push_back(cands[j].id);
        p.verdict = verdict;
        p.energy_j = total;
        plan = std::move(p);
    }
    return plan;
}

}  // namespace rmsim
