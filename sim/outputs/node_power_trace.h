#pragma once
// One node's total draw (node base + its processors' uncore + its cores) as a step function, for waves.vcd:
// the observer of every PowerMeter of the node (modules/power_meter.h, PowerObserver), summing their changes.
// Only what a span [start, end] needs is kept: the value at `start` (every change up to it folded in) and one
// value per later instant at which the draw changed, up to `end`. Energy lumps have no draw and are not seen.
#include <cstdint>
#include <utility>
#include <vector>

#include "modules/power_meter.h"

namespace rmsim {

class NodePowerTrace : public PowerObserver {
public:
    /// `initial_w`: the node's draw when the trace begins (Node::power()).
    NodePowerTrace(Watts initial_w, std::uint64_t start_ns, std::uint64_t end_ns)
        : value_(initial_w), at_start_(initial_w), start_ns_(start_ns), end_ns_(end_ns) {}

    void on_power_change(const sc_core::sc_time& now, Watts delta_w) override;

    /// The draw in force at `start` (after every change at `start`).
    Watts at_start() const { return at_start_; }
    /// (t in ns, draw from t on) for start < t <= end, t ascending, one entry per instant.
    const std::vector<std::pair<std::uint64_t, Watts>>& steps() const { return steps_; }

private:
    Watts value_;
    Watts at_start_;
    std::uint64_t start_ns_, end_ns_;
    std::vector<std::pair<std::uint64_t, Watts>> steps_;
};

}  // namespace rmsim
