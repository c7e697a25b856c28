#include "modules/dvfs_domain.h"

#include "modules/core.h"

namespace rmsim {

void DvfsDomain::request(std::uint32_t level) {
    requested_ = level;
    for (Core* c : cores_) c->switch_pstate(level);
}

}  // namespace rmsim
