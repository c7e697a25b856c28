#include "modules/dvfs_domain.h"

#include <string>

#include "modules/core.h"
#include "modules/report.h"

namespace rmsim {

void DvfsDomain::apply() {
    if (frozen_) return;
    const std::uint32_t level = std::max(wanted_, cap_);
    // Cores change level only through their domain, so after a request each core is at `requested_` or
    // switching to it; Core::switch_pstate would return at once. Skipping the scan matters for node-wide
    // domains, where every START requests its P-state from all cores of the node.
    if (settled_ && level == requested_) return;
    const bool changed = level != requested_;
    requested_ = level;
    for (Core* c : cores_) c->switch_pstate(level);
    settled_ = true;
    if (changed && listener_) listener_->on_domain_level(*this);
}

void DvfsDomain::refuse(std::uint32_t level) {
    report_error(msg_type::dvfs, std::string(cores_.empty() ? "DVFS domain" : cores_.front()->name()) + ": P-state " +
                                     std::to_string(level) + " out of range");
}

void DvfsDomain::cap(std::uint32_t level) {
    cap_ = std::min(level, levels() - 1);
    apply();
}

void DvfsDomain::add(Core* c) {
    cores_.push_back(c);
    levels_ = std::min<std::uint32_t>(levels_, static_cast<std::uint32_t>(c->type().pstates.size()));
    settled_ = false;
}

const CoreType& DvfsDomain::core_type() const { return cores_.front()->type(); }

}  // namespace rmsim
