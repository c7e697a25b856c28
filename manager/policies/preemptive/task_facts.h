#pragma once
// What a Machovec Ch.4 mapping event reads of each task, kept across events in a table by task id: the task's
// arrival, utility function and preemption flags (fixed: copied from the task when it is first asked for), and
// its remaining execution time (RET, §4.3.4.1: the exact ETC of its remaining work at P0) on every cluster,
// computed anew only when its remaining work has changed (a preemption). An event reads them for thousands of
// waiting tasks: recomputed from the task records each time, the RETs were about a third of the event, and the
// reads of the records (144 bytes a task, scattered) most of the rest of the policy's own work (a profile of
// the Ch.4 mapping event, bench/bench_ch4_mapper.cpp).
#include <cstddef>
#include <vector>

#include "manager/policy_view.h"

namespace rmsim {

class TaskFacts {
public:
    struct Facts {
        bool known = false;  ///< copied from the task
        bool can_preempt = false;
        bool preemptible = false;
        Seconds arrival_s = 0;  ///< Task::arrival_s
        SimTime arrival;        ///< Task::arrival()
        UtilityFunction utility;
        double max_utility = 0;  ///< utility.max_value()
    };

    /// Sizes the table for every task of the view (otherwise done at the first call, i.e. in a mapping event).
    void prepare(const PolicyView& view) {
        if (view.task_count() > facts_.size()) grow(view, static_cast<TaskId>(view.task_count() - 1));
    }
    /// Task t's fixed facts (copied on the first call for t).
    const Facts& of(const PolicyView& view, TaskId t) {
        if (t >= facts_.size()) grow(view, t);
        Facts& f = facts_[t];
        if (!f.known) fill(view, t, f);
        return f;
    }
    /// The utility task t earns if it completes `from_now` seconds after `now` (its utility function at
    /// (now - arrival) in seconds + from_now). t must have been asked for with of().
    double utility(TaskId t, SimTime now, Seconds from_now) const {
        const Facts& f = facts_[t];
        return f.utility.value_at((now - f.arrival).to_seconds() + from_now);
    }
    bool known(TaskId t) const { return t < facts_.size() && facts_[t].known; }
    /// The most a known task can earn (its utility at elapsed 0).
    double max_utility(TaskId t) const { return facts_[t].max_utility; }

    /// Task t's RET on each of the view's clusters in seconds, view.exec_time(t, k, 0) (-1 where it cannot run),
    /// for its remaining work now. Valid while t's remaining work stays the same (the table is sized for every
    /// task of the view at the first call and does not move after).
    const Seconds* rets(const PolicyView& view, TaskId t);

private:
    /// Sizes the table for every task of the view (and t).
    void grow(const PolicyView& view, TaskId t);
    static void fill(const PolicyView& view, TaskId t, Facts& f);

    std::size_t clusters_ = 0;
    std::vector<Facts> facts_;       ///< per task id
    std::vector<double> remaining_;  ///< per task id: the remaining work its RETs are for (-1: none yet)
    std::vector<Seconds> rets_;      ///< per task id, per cluster
};

}  // namespace rmsim
