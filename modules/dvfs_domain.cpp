#include "modules/dvfs_domain.h"

#include "modules/core.h"

namespace rmsim {

void DvfsDomain::request(std::uint32_t level) {
    // Cores change level only through their domain, so after a request each core is at `requested_` or
    // switching to it; Core::switch_pstate would return at once. Skipping the scan matters for node-wide
    // domains, where every START requests its P-state from all cores of the node.
    if (settled_ && level == requested_) return;
    requested_ = level;
    for (Core* c : cores_) c->switch_pstate(level);
    settled_ = true;
}

}  // namespace rmsim
