#include "sim/outputs/node_power_trace.h"

namespace rmsim {

void NodePowerTrace::on_power_change(const sc_core::sc_time& now, Watts delta_w) {
    const std::uint64_t t = to_ns(now);
    if (t > end_ns_) return;
    value_ += delta_w;
    if (t <= start_ns_)
        at_start_ = value_;
    else if (!steps_.empty() && steps_.back().first == t)
        steps_.back().second = value_;
    else
        steps_.emplace_back(t, value_);
}

}  // namespace rmsim
