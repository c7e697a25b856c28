#pragma once
// What a mapping event decided, in order: the ResourceManager turns each into protocol commands.
#include <cstdint>
#include <vector>

#include "manager/availability_profile.h"
#include "platform/platform_spec.h"

namespace rmsim {

struct Decision {
    enum class Kind : std::uint8_t { Start, Preempt, SetPState };
    Kind kind = Kind::Start;
    TaskId task = 0;            ///< Start, Preempt
    NodeId node = 0;            ///< SetPState
    std::uint32_t core = 0;     ///< SetPState: local core, or kAllCores (all cores of the node)
    std::uint32_t pstate = 0;   ///< SetPState
};

}  // namespace rmsim
