#include "manager/machine_queues.h"

#include <algorithm>
#include <functional>

#include "manager/decisions.h"
#include "manager/policy_view.h"

namespace rmsim {

void MachineQueues::reset(const std::vector<std::size_t>& units) {
    machines_.assign(units.size(), {});
    for (std::size_t c = 0; c < units.size(); ++c) machines_[c].resize(units[c]);
    due_.clear();
    ready_.clear();
}

void MachineQueues::push(const PolicyView& view, ClusterId c, std::size_t k, TaskId t) {
    Machine& m = machines_[c][k];
    if (!m.busy && m.next == m.tasks.size()) ready_.push_back({SimTime(), c, k});
    m.tasks.push_back(t);
    m.queued += view.booked_time(t, c, 0);
}

void MachineQueues::start_next(const PolicyView& view, Decisions& decide, ClusterId c, std::size_t k) {
    Machine& m = machines_[c][k];
    m.busy = false;
    if (m.next == m.tasks.size()) return;
    m.current = m.tasks[m.next++];
    const SimTime booked = view.booked_time(m.current, c, 0);
    m.queued -= booked;
    m.busy = true;
    m.end = view.now() + booked;
    decide.start(m.current, c, {static_cast<LocalNodeIndex>(k)}, 0);
    // Keyed 1 us before the estimated end: the hardware's own rounding of the duration can end the task a
    // nanosecond earlier than the estimate, and its completion event must find the machine due.
    const SimTime early = SimTime::from_seconds(1e-6);
    due_.push_back({view.now() + (booked > early ? booked - early : SimTime()), c, k});
    std::push_heap(due_.begin(), due_.end(), std::greater<Due>());
}

void MachineQueues::dispatch(const PolicyView& view, Decisions& decide) {
    std::vector<Due> still_running;
    while (!due_.empty() && due_.front().end <= view.now()) {
        std::pop_heap(due_.begin(), due_.end(), std::greater<Due>());
        const Due d = due_.back();
        due_.pop_back();
        const TaskState s = view.record(machines_[d.cluster][d.unit].current).state;
        if (s == TaskState::Running || s == TaskState::Reserved) {
            still_running.push_back(d);
            continue;
        }
        start_next(view, decide, d.cluster, d.unit);
    }
    for (const Due& d : still_running) {
        due_.push_back(d);
        std::push_heap(due_.begin(), due_.end(), std::greater<Due>());
    }
    std::vector<Due> ready;
    ready.swap(ready_);
    for (const Due& d : ready)
        if (!machines_[d.cluster][d.unit].busy) start_next(view, decide, d.cluster, d.unit);
}

SimTime MachineQueues::remaining_work(ClusterId c, std::size_t k, SimTime now) const {
    const Machine& m = machines_[c][k];
    return (m.busy && m.end > now ? m.end - now : SimTime()) + m.queued;
}

}  // namespace rmsim
