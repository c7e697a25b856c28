#pragma once
// What a mapping event decided, in order: the ResourceManager turns each into protocol commands.
#include <cstdint>
#include <vector>

#include "manager/availability_profile.h"
#include "platform/platform_spec.h"

namespace rmsim {

struct Decision {
    enum class Kind : std::uint8_t { Start, Preempt, SetPState, Transfer };
    Kind kind = Kind::Start;
    TaskId task = 0;            ///< Start, Preempt; Transfer: the task that produced the data
    NodeId node = 0;            ///< SetPState, Transfer
    std::uint32_t core = 0;     ///< SetPState: local core, or kAllCores (all cores of the node); Transfer: source
    std::uint32_t pstate = 0;   ///< SetPState
    std::uint32_t dst_core = 0; ///< Transfer: destination core
    std::uint64_t bytes = 0;    ///< Transfer: data volume
    std::uint64_t tag = 0;      ///< Transfer: the DAG edge (echoed by the Transferred notice)
};

}  // namespace rmsim
