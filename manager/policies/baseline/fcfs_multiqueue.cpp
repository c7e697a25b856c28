#include "manager/policies/baseline/fcfs_multiqueue.h"

#include <algorithm>

#include "manager/decisions.h"
#include "manager/policies/baseline/conservative.h"
#include "manager/policy_view.h"

namespace rmsim {

PolicyTraits FcfsMultiQueuePolicy::traits() const {
    PolicyTraits t;
    t.on_arrival = true;
    t.on_completion = true;
    t.granularity = granularity_;
    return t;
}

double FcfsMultiQueuePolicy::average_resources(const PolicyView& view, TaskId t, std::uint32_t pstate) {
    double sum = 0;
    std::uint32_t clusters = 0;
    for (ClusterId c = 0; c < view.cluster_count(); ++c) {
        const std::uint32_t k = view.units_needed(t, c);
        const SimTime d = view.exec_time(t, c, clamp_pstate(view, c, pstate));
        if (k == 0 || d.is_negative()) continue;
        const double cores = view.granularity() == Granularity::Node ? double(k) * view.cores_per_node(c) : double(k);
        sum += d.to_seconds() * cores;  // Eq. 1: resources allocated = execution time x cores allocated
        ++clusters;
    }
    // GAP: "averaged over the clusters" — over the clusters that can run the task.
    return clusters ? sum / clusters : 0.0;
}

// GAP: "the task that needs the most resources in the system" — the largest average among the tasks
// classified (the mappable tasks of this mapping event). The garbled text names only small and medium;
// we read: below 30 % small, from 30 % up to 60 % medium, above 60 % large.
std::vector<SizeQueue> FcfsMultiQueuePolicy::classify(const PolicyView& view, const std::vector<TaskId>& tasks,
                                                      std::uint32_t pstate) {
    std::vector<double> res(tasks.size());
    double largest = 0;
    for (std::size_t i = 0; i < tasks.size(); ++i) {
        res[i] = average_resources(view, tasks[i], pstate);
        largest = std::max(largest, res[i]);
    }
    std::vector<SizeQueue> q(tasks.size());
    for (std::size_t i = 0; i < tasks.size(); ++i) {
        if (res[i] < kLowerFraction * largest)
            q[i] = SizeQueue::Small;
        else if (res[i] <= kUpperFraction * largest)
            q[i] = SizeQueue::Medium;
        else
            q[i] = SizeQueue::Large;
    }
    return q;
}

std::vector<TaskId> FcfsMultiQueuePolicy::round_robin_order(const std::vector<TaskId>& tasks,
                                                            const std::vector<SizeQueue>& queues) {
    std::vector<TaskId> small, medium, large;
    for (std::size_t i = 0; i < tasks.size(); ++i) {
        switch (queues.at(i)) {
            case SizeQueue::Small: small.push_back(tasks[i]); break;
            case SizeQueue::Medium: medium.push_back(tasks[i]); break;
            case SizeQueue::Large: large.push_back(tasks[i]); break;
        }
    }
    std::vector<TaskId> order;
    order.reserve(tasks.size());
    std::size_t is = 0, im = 0, il = 0;
    // §3.3.4.5: "within each cycle, at most one large task is assigned, at most four medium tasks are
    // assigned, and finally at most eight small tasks are assigned".
    while (order.size() < tasks.size()) {
        for (std::size_t n = 0; n < kLargePerCycle && il < large.size(); ++n) order.push_back(large[il++]);
        for (std::size_t n = 0; n < kMediumPerCycle && im < medium.size(); ++n) order.push_back(medium[im++]);
        for (std::size_t n = 0; n < kSmallPerCycle && is < small.size(); ++n) order.push_back(small[is++]);
    }
    return order;
}

void FcfsMultiQueuePolicy::schedule(const PolicyView& view, Decisions& decide) {
    // Tasks no cluster can run are rejected here (by the shared assignment) rather than queued: they
    // would otherwise count as the largest and skew the thresholds.
    std::vector<TaskId> tasks;
    for (TaskId t : view.waiting()) {
        if (!runnable_somewhere(view, t, pstate_))
            decide.reject(t);
        else
            tasks.push_back(t);
    }
    const std::vector<TaskId> order = round_robin_order(tasks, classify(view, tasks, pstate_));
    ConservativePolicy::assign_in_order(view, decide, order, pstate_, choice_);
}

}  // namespace rmsim
