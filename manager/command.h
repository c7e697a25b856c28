#pragma once
// What the manager sends to the hardware, in order: the ResourceManager turns each command into protocol
// messages on the cluster interconnect. Commands come from policy decisions (manager/decisions.h), from the
// manager's own bookkeeping (a reservation that becomes due) and from the DAG executor (data transfers).
#include <cstdint>

#include "platform/platform_spec.h"

namespace rmsim {

struct Command {
    enum class Kind : std::uint8_t { Start, Preempt, SetPState, Sleep, Wake, Transfer, Hold, Unhold };
    Kind kind = Kind::Start;
    TaskId task = 0;  ///< Start, Preempt; Transfer: the task that produced the data; Hold, Unhold: the job's booking
    NodeId node = 0;  ///< SetPState, Sleep, Wake, Transfer, Hold, Unhold
    std::uint32_t core = 0;       ///< SetPState, Sleep, Wake: local core, or kAllCores; Transfer: source core
    std::uint32_t pstate = 0;     ///< SetPState
    std::uint32_t dst_core = 0;   ///< Transfer: destination core
    std::uint64_t bytes = 0;      ///< Transfer: data volume
    std::uint64_t tag = 0;        ///< Transfer: the DAG edge (echoed by the Transferred notice)
    std::uint64_t core_mask = 0;  ///< Hold, Unhold: the cores (bit i = local core i); 0: `core` alone
};

}  // namespace rmsim
