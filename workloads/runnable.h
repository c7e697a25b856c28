#pragma once
// Whether a task can be simulated on a platform at all, checked where the task is read (its CSV row, its
// SWF line, its generator's key) so that a task no policy could ever run is refused with its location
// instead of leaving a run that ends with it unfinished and no word said:
//   - it arrives within simulated time (platform/model_limits.h);
//   - some cluster has the cores or nodes it asks for and a core type its work can run on (the request is
//     served within one cluster, as every policy serves it, manager/estimates.h);
//   - on every cluster that can serve it, its work at every P-state ends within simulated time.
#include <string>
#include <vector>

#include "platform/platform_spec.h"
#include "workloads/task.h"

namespace rmsim {

/// The part of a task that makes it impossible to simulate (for readers that can point at a column).
enum class TaskFault { None, Arrival, Request, Work };

struct TaskProblem {
    TaskFault fault = TaskFault::None;
    std::string message;  ///< e.g. "asks for 1000 cores, but the largest cluster has 16 (cluster 'k')"
    explicit operator bool() const { return fault != TaskFault::None; }
};

class RunnableCheck {
public:
    /// `platform` must outlive the check.
    explicit RunnableCheck(const PlatformSpec& platform);
    /// Why `t` cannot be simulated on the platform (no fault if it can).
    TaskProblem problem(const Task& t) const;

private:
    struct Cluster {
        std::uint32_t nodes = 0;
        std::uint32_t cores_per_node = 0;
        CoreTypeId first_core_type = 0;      ///< what the manager estimates with (core 0 of a node)
        std::vector<CoreTypeId> core_types;  ///< every core type of its nodes
        std::size_t pstates = 0;
    };
    const PlatformSpec& platform_;
    std::vector<Cluster> clusters_;
    std::uint64_t largest_cores_ = 0;  ///< cores of the largest cluster
    std::uint32_t largest_nodes_ = 0;  ///< nodes of the largest cluster
};

}  // namespace rmsim
