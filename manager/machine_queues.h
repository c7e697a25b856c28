#pragma once
// One FIFO queue of tasks per machine, where a machine is one allocation unit of a cluster running one task at
// a time (Tarplee's machines: single-core nodes, Granularity::Core), dispatched whenever the machine is free:
// the batch methods fill the queues once (manager/policies/tarplee/batch_policy.h), the steady-state policy
// appends to them as tasks arrive (manager/policies/tarplee/steady_state_policy.h).
//
// A busy machine is kept in a heap keyed by its task's estimated end, so a mapping event looks only at the
// machines due by now (O(due · log machines) per event, not O(machines)); a machine due whose completion
// notice has not arrived yet (its task still Running) waits for a later event. A task pushed onto an idle
// machine starts at the next dispatch().
#include <cstddef>
#include <vector>

#include "platform/platform_spec.h"
#include "platform/time.h"

namespace rmsim {

class PolicyView;
class Decisions;

class MachineQueues {
public:
    /// Empties every queue; `units[c]` machines in cluster c, all idle.
    void reset(const std::vector<std::size_t>& units);
    /// Appends task t to machine k of cluster c (started at P0 when its turn comes).
    void push(const PolicyView& view, ClusterId c, std::size_t k, TaskId t);
    /// Starts the next task of every machine that is free: first the machines due by now, in the order of
    /// their estimated ends (ties: lower cluster, then lower unit), then the idle machines given tasks since the
    /// last dispatch, in the order they were given their first.
    void dispatch(const PolicyView& view, Decisions& decide);
    /// The work machine k of cluster c has left at `now`: what remains of its task's booked time (0 once due)
    /// plus the booked times of its queue.
    SimTime remaining_work(ClusterId c, std::size_t k, SimTime now) const;
    std::size_t clusters() const { return machines_.size(); }
    std::size_t machines(ClusterId c) const { return machines_[c].size(); }

private:
    struct Machine {
        std::vector<TaskId> tasks;  ///< in start order
        std::size_t next = 0;       ///< the next to start
        TaskId current = 0;
        bool busy = false;
        SimTime end;     ///< the current task's estimated end
        SimTime queued;  ///< booked time of tasks[next ..]
    };
    struct Due {
        SimTime end;
        ClusterId cluster;
        std::size_t unit;
        bool operator>(const Due& o) const {
            return end != o.end ? end > o.end : (cluster != o.cluster ? cluster > o.cluster : unit > o.unit);
        }
    };
    void start_next(const PolicyView& view, Decisions& decide, ClusterId c, std::size_t k);

    std::vector<std::vector<Machine>> machines_;  ///< [cluster][unit]
    std::vector<Due> due_;                        ///< min-heap of the busy machines
    std::vector<Due> ready_;                      ///< idle machines given a task since the last dispatch
};

}  // namespace rmsim
