#include "manager/policies/tarplee/steady_state_policy.h"

#include <algorithm>
#include <numeric>

#include "manager/decisions.h"
#include "manager/policy_view.h"

namespace rmsim {

// Tarplee Ch.5 §5.3 Eq. 36: ptilde_ij = M_j p_ij is the effective number of type-j machines running type-i
// tasks, so the type-i tasks completed per second on type j are ptilde_ij / ETC_ij = x_ij, at most lambda_i in
// all (37e) and at most M_j machines' worth of work per type j (37f).
double SteadyStateSchedule::admission(std::size_t i) const {
    const double served = std::accumulate(throughput[i].begin(), throughput[i].end(), 0.0);
    if (!(served > 0)) return 0;
    return arrival_rate[i] > served ? served / arrival_rate[i] : 1.0;
}

std::vector<double> SteadyStateSchedule::routing(std::size_t i) const {
    const double served = std::accumulate(throughput[i].begin(), throughput[i].end(), 0.0);
    std::vector<double> p(throughput[i].size(), 0.0);
    if (served > 0)
        for (std::size_t j = 0; j < p.size(); ++j) p[j] = throughput[i][j] / served;
    return p;
}

PolicyTraits SteadyStatePolicy::traits() const {
    PolicyTraits t;
    t.on_arrival = true;
    t.on_completion = true;
    t.granularity = Granularity::Core;
    t.serial_tasks = true;  // one task per machine at a time
    return t;
}

void SteadyStatePolicy::prepare(const PolicyView& view) {
    const std::size_t T = schedule_.throughput.size(), C = view.cluster_count();
    for (const auto& row : schedule_.throughput)
        if (row.size() != C)
            throw InputError(where_, "tarplee-steady-state: a throughput row has " + std::to_string(row.size()) +
                                         " entries, the platform has " + std::to_string(C) +
                                         " clusters (one column per cluster, in platform order)");
    for (TaskId t = 0; t < view.task_count(); ++t) {
        const std::size_t i = view.task(t).type;
        if (i >= T)
            throw InputError(where_, "tarplee-steady-state: the workload has a task of type " + std::to_string(i) +
                                         ", the throughput matrix " + std::to_string(T) + " rows");
    }
    std::vector<std::size_t> units(C);
    for (ClusterId c = 0; c < C; ++c) units[c] = view.unit_count(c);
    queues_.reset(units);
    admit_.resize(T);
    cumulative_.resize(T);
    for (std::size_t i = 0; i < T; ++i) {
        admit_[i] = schedule_.admission(i);
        cumulative_[i] = schedule_.routing(i);
        std::partial_sum(cumulative_[i].begin(), cumulative_[i].end(), cumulative_[i].begin());
        for (ClusterId c = 0; c < C; ++c)
            if (schedule_.throughput[i][c] > 0 && units[c] == 0)
                throw InputError(where_, "tarplee-steady-state: task type " + std::to_string(i) +
                                             " is served on cluster " + std::to_string(c) + ", which has no machine");
    }
    seen_.assign(view.task_count(), 0);
}

double SteadyStatePolicy::uniform() { return static_cast<double>(rng_() >> 11) * 0x1.0p-53; }

void SteadyStatePolicy::schedule(const PolicyView& view, Decisions& decide) {
    // The arrivals since the last event, from the waiting queue's additions log (O(new arrivals), not
    // O(waiting): the admitted tasks wait in the policy's machine queues, and in the view's waiting set,
    // until they start).
    std::vector<TaskId> arrived;
    const WaitingQueue& q = view.waiting();
    for (; log_seen_ < q.additions(); ++log_seen_) {
        const TaskId t = q.addition(log_seen_);
        if (q.contains(t) && !seen_[t]) arrived.push_back(t);
    }
    q.consumed(log_seen_);
    for (TaskId t : arrived) {
        seen_[t] = 1;
        const std::size_t i = view.task(t).type;
        if (!(uniform() < admit_[i])) {
            decide.reject(t);
            rejected_ += 1;
            continue;
        }
        admitted_ += 1;
        const double u = uniform();
        const auto& cum = cumulative_[i];
        // The first type whose cumulative probability exceeds u (the last one with x_ij > 0 if rounding
        // leaves u above the sum).
        ClusterId c = 0;
        while (c + 1 < cum.size() && (u >= cum[c] || schedule_.throughput[i][c] <= 0)) ++c;
        while (schedule_.throughput[i][c] <= 0) --c;
        std::size_t best = 0;
        SimTime least = queues_.remaining_work(c, 0, view.now());
        for (std::size_t k = 1; k < queues_.machines(c); ++k) {
            const SimTime w = queues_.remaining_work(c, k, view.now());
            if (w < least) least = w, best = k;
        }
        queues_.push(view, c, best, t);
    }
    queues_.dispatch(view, decide);
}

void SteadyStatePolicy::report(PolicyReport& r) const {
    double served = 0;
    for (const auto& row : schedule_.throughput) served = std::accumulate(row.begin(), row.end(), served);
    r.figures.emplace_back("admitted", admitted_);
    r.figures.emplace_back("rejected", rejected_);
    r.figures.emplace_back("predicted_throughput_per_s", served);
}

}  // namespace rmsim
