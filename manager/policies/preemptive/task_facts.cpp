#include "manager/policies/preemptive/task_facts.h"

#include <algorithm>

namespace rmsim {

void TaskFacts::grow(const PolicyView& view, TaskId t) {
    clusters_ = view.cluster_count();
    const std::size_t n = std::max<std::size_t>(view.task_count(), t + 1);
    facts_.resize(n);
    remaining_.resize(n, -1);
    rets_.resize(n * clusters_);
}

void TaskFacts::fill(const PolicyView& view, TaskId t, Facts& f) {
    const Task& task = view.task(t);
    f.known = true;
    f.can_preempt = task.can_preempt;
    f.preemptible = task.preemptible;
    f.arrival_s = task.arrival_s;
    f.arrival = task.arrival();
    f.utility = task.utility;
    f.max_utility = task.utility.max_value();
}

const Seconds* TaskFacts::rets(const PolicyView& view, TaskId t) {
    if (t >= facts_.size()) grow(view, t);
    Seconds* row = rets_.data() + t * clusters_;
    const double remaining = view.record(t).remaining;
    if (remaining_[t] != remaining) {
        remaining_[t] = remaining;
        for (ClusterId k = 0; k < clusters_; ++k) {
            const SimTime d = view.exec_time(t, k, 0);
            row[k] = d.is_negative() ? -1 : d.to_seconds();
        }
    }
    return row;
}

}  // namespace rmsim
