#include "manager/policies/siegel/dynamic_policy.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>

#include "manager/decisions.h"
#include "manager/policy_view.h"
#include "workloads/pmf_merge.h"

namespace rmsim {

using siegel::Candidate;

SiegelDynamicPolicy::SiegelDynamicPolicy(const SiegelDynamicConfig& config) : config_(config), rng_(config.seed) {}

PolicyTraits SiegelDynamicPolicy::traits() const {
    PolicyTraits t;
    t.on_arrival = true;     // immediate mode: every task is assigned on its arrival
    t.on_completion = true;  // a core that finishes starts the next task of its queue
    t.granularity = Granularity::Core;
    t.serial_tasks = true;  // a core executes one task at a time from its queue
    return t;
}

void SiegelDynamicPolicy::build_cores(const PolicyView& view) {
    if (!cores_.empty()) return;
    for (ClusterId c = 0; c < view.cluster_count(); ++c)
        for (std::uint32_t u = 0; u < view.unit_count(c); ++u) {
            Core core;
            core.cluster = c;
            core.unit = u;
            cores_.push_back(std::move(core));
        }
    mapped_.assign(view.task_count(), false);
}

void SiegelDynamicPolicy::prepare(const PolicyView& view) {
    build_cores(view);
    // t_avg of the energy filter: the mean over the tasks of their mean execution time over every core type
    // and P-state (GAP: the slides say "average task execution time").
    double sum = 0;
    std::size_t n = 0;
    for (TaskId t = 0; t < view.task_count(); ++t)
        for (ClusterId c = 0; c < view.cluster_count(); ++c)
            for (std::uint32_t p = 0; p < view.pstate_count(c); ++p) {
                const SimTime e = view.exec_time(t, c, p);
                if (e.is_negative()) continue;
                sum += e.to_seconds();
                ++n;
            }
    if (n > 0 && sum > 0) average_exec_s_ = sum / static_cast<double>(n);
}

double SiegelDynamicPolicy::deadline_s(const PolicyView& view, TaskId t) const {
    const Task& task = view.task(t);
    return task.arrival_s + task.utility.zero_after();
}

std::size_t SiegelDynamicPolicy::queue_length(std::uint32_t core) const {
    const Core& k = cores_.at(core);
    return (k.running ? 1 : 0) + k.queue.size();
}

void SiegelDynamicPolicy::refresh(const PolicyView& view, Core& core) {
    const double now = view.now().to_seconds();
    if (!core.dirty && now <= core.valid_until) return;
    CompletionOptions options;
    options.max_pulses = config_.max_pulses;
    options.cancel_threshold = config_.cancellation ? config_.rho : 0.0;
    std::optional<RunningPmf> running;
    core.valid_until = now;  // an idle core's queue starts at now: recompute at the next instant
    if (core.running) {
        const TaskId t = core.running->task;
        running = RunningPmf{view.exec_pmf(t, core.cluster, core.running->pstate), view.start_time(t).to_seconds(),
                             deadline_s(view, t)};
        // The cut at now changes nothing until now passes the first pulse still ahead.
        const Pmf shifted = running->exec.shifted(running->start);
        if (shifted.max_value() >= now)
            core.valid_until = running_completion(running->exec, running->start, now).min_value();
    }
    std::vector<QueuedPmf> queue;
    queue.reserve(core.queue.size());
    for (const Queued& q : core.queue)
        queue.push_back({view.exec_pmf(q.task, core.cluster, q.pstate), deadline_s(view, q.task)});
    core.completion = queue_completion(running, queue, now, options);
    core.dirty = false;
}

std::vector<Candidate> SiegelDynamicPolicy::candidates(const PolicyView& view, TaskId t) {
    build_cores(view);
    const double deadline = deadline_s(view, t);
    std::vector<Candidate> out;
    std::uint32_t first = 0;
    for (ClusterId c = 0; c < view.cluster_count(); ++c) {
        const std::uint32_t units = view.unit_count(c);
        for (std::uint32_t p = 0; p < view.pstate_count(c); ++p) {
            if (view.exec_time(t, c, p).is_negative()) continue;
            const Pmf exec = merge_pulses(view.exec_pmf(t, c, p), config_.max_pulses);
            const double mean = exec.expectation();
            const Joules energy = view.exec_energy(t, c, p);  // En_ex = E[time] × power
            for (std::uint32_t u = 0; u < units; ++u) {
                Core& core = cores_[first + u];
                refresh(view, core);
                Candidate k;
                k.core = first + u;
                k.pstate = p;
                k.on_time = on_time_probability(core.completion.ready, exec, deadline);
                k.expected_completion = core.completion.ready.expectation() + mean;
                k.expected_energy = energy;
                k.queue_length = (core.running ? 1 : 0) + core.queue.size();
                out.push_back(k);
            }
        }
        first += units;
    }
    // Core by core, P0 first: the order of ties (heuristics.h).
    std::stable_sort(out.begin(), out.end(), [](const Candidate& a, const Candidate& b) { return a.core < b.core; });
    return out;
}

siegel::EnergyState SiegelDynamicPolicy::energy_state(const PolicyView& view) {
    build_cores(view);
    const double now = view.now().to_seconds();
    // En_rem = constraint − (expected energy of the queued and executing tasks + actual energy so far). GAP: an
    // executing task counts the expected share of its energy still to come.
    Joules expected = 0;
    std::size_t depth = 0;
    for (Core& core : cores_) {
        for (const Queued& q : core.queue) expected += q.expected_energy;
        depth += (core.running ? 1 : 0) + core.queue.size();
        if (core.running) {
            const TaskId t = core.running->task;
            const Pmf exec = view.exec_pmf(t, core.cluster, core.running->pstate);
            const double start = view.start_time(t).to_seconds();
            const double mean = exec.expectation();
            const double left = running_completion(exec, start, now).expectation() - now;
            if (mean > 0) expected += core.running->expected_energy * std::clamp(left / mean, 0.0, 1.0);
        }
    }
    siegel::EnergyState s;
    s.remaining_j = config_.energy.constraint_j - view.energy_consumed() - expected;
    s.now_s = now;
    s.average_exec_s = average_exec_s_;
    s.cores = static_cast<double>(cores_.size());
    s.average_depth = static_cast<double>(depth) / static_cast<double>(cores_.size());
    return s;
}

Joules SiegelDynamicPolicy::energy_threshold(const PolicyView& view) {
    return siegel::energy_threshold(config_.energy, energy_state(view));
}

void SiegelDynamicPolicy::map_arrival(const PolicyView& view, TaskId t) {
    std::vector<Candidate> c = candidates(view, t);
    if (config_.energy.constraint_j > 0) {
        const siegel::EnergyState s = energy_state(view);
        // The total energy constraint (GAP: enforced with every heuristic, filter or not): an assignment whose
        // expected energy exceeds what remains of the constraint is not made.
        siegel::energy_filter(c, s.remaining_j);
        if (config_.energy_filter) siegel::energy_filter(c, siegel::energy_threshold(config_.energy, s));  // §4
    }
    if (config_.robustness_filter) siegel::robustness_filter(c, config_.rho);  // Siegel §4 robustness filter
    mapped_[t] = true;
    const auto pick = siegel::choose(config_.heuristic, c, rng_);
    if (!pick) {  // §4: no assignment left after the filters: the task is discarded
        discarded_now_.push_back(t);
        ++discarded_;
        return;
    }
    Core& core = cores_[c[*pick].core];
    core.queue.push_back({t, c[*pick].pstate, c[*pick].expected_energy});
    core.dirty = true;
    ++assigned_;
}

void SiegelDynamicPolicy::start_heads(const PolicyView& view, Decisions& decide) {
    const double now = view.now().to_seconds();
    for (Core& core : cores_) {
        while (!core.running && !core.queue.empty()) {
            const Queued q = core.queue.front();
            core.queue.pop_front();
            core.dirty = true;
            if (config_.cancellation) {
                // Siegel §4 start-time cancellation: P(now + T ≤ deadline) < ρ → cancelled.
                const double p =
                    view.exec_pmf(q.task, core.cluster, q.pstate).shifted(now).cdf(deadline_s(view, q.task));
                if (p < config_.rho) {
                    decide.drop(q.task);
                    ++cancelled_;
                    continue;
                }
            }
            decide.start(q.task, core.cluster, {core.unit}, q.pstate);
            core.running = q;
            ++started_;
        }
    }
}

void SiegelDynamicPolicy::schedule(const PolicyView& view, Decisions& decide) {
    build_cores(view);
    for (Core& core : cores_)
        if (core.running && view.record(core.running->task).state != TaskState::Running) {
            core.running.reset();
            core.dirty = true;
        }
    std::vector<TaskId> arrivals;
    for (TaskId t : view.waiting())
        if (!mapped_[t]) arrivals.push_back(t);
    for (TaskId t : arrivals) {
        const auto t0 = std::chrono::steady_clock::now();
        map_arrival(view, t);
        arrival_wall_s_.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    }
    for (TaskId t : discarded_now_) decide.drop(t);
    discarded_now_.clear();
    start_heads(view, decide);
}

void SiegelDynamicPolicy::report(PolicyReport& r) const {
    r.figures.push_back({"assigned", static_cast<double>(assigned_)});
    r.figures.push_back({"discarded", static_cast<double>(discarded_)});
    r.figures.push_back({"cancelled", static_cast<double>(cancelled_)});
    r.figures.push_back({"started", static_cast<double>(started_)});
    if (!arrival_wall_s_.empty()) {
        std::vector<double> w = arrival_wall_s_;
        std::sort(w.begin(), w.end());
        r.wall.push_back({"arrival_median_s", w[w.size() / 2]});
        r.wall.push_back({"arrival_max_s", w.back()});
    }
}

}  // namespace rmsim
