#include "sim/outputs/waveforms.h"

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <string>

#include "sim/outputs/vcd_writer.h"

namespace rmsim {

namespace {
std::uint64_t ns_or_max(SimTime t) {
    return t.is_infinite() ? std::numeric_limits<std::uint64_t>::max() : static_cast<std::uint64_t>(t.ns());
}
}  // namespace

WaveformRecorder::WaveformRecorder(Machine& machine, const WaveformConfig& config)
    : machine_(machine), config_(config) {
    for (NodeId n : config_.nodes) {
        if (n >= machine_.node_count())
            throw std::logic_error("waveforms: node " + std::to_string(n) + " is not in the machine");
        Node& node = machine_.node(n);
        power_.push_back(
            std::make_unique<NodePowerTrace>(node.power(), ns_or_max(config_.start), ns_or_max(config_.end)));
        node.observe_power(power_.back().get());
    }
}

WaveformRecorder::~WaveformRecorder() {
    // The module tree may outlive this recorder (it is left to process exit).
    for (NodeId n : config_.nodes) machine_.node(n).observe_power(nullptr);
}

void WaveformRecorder::write(std::ostream& o, const ActivityLog& log, std::uint64_t end_ns) const {
    if (!log.records_segments() || log.open_segments() != 0)
        throw std::logic_error("waveforms: the activity log must record segments and be closed");
    const std::uint64_t end = std::min(ns_or_max(config_.end), end_ns);
    const std::uint64_t start = std::min(ns_or_max(config_.start), end);

    // Variables: per node, core k's busy at first[node] + 2k, its pstate next, then the node's power.
    constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();
    std::vector<std::uint32_t> first(machine_.node_count(), kNone);
    VcdWriter vcd;
    for (std::size_t i = 0; i < config_.nodes.size(); ++i) {
        const NodeId n = config_.nodes[i];
        const Node& node = machine_.node(n);
        vcd.scope("node" + std::to_string(n));
        for (std::uint32_t k = 0; k < node.core_count(); ++k) {
            const std::uint32_t busy = vcd.wire("core" + std::to_string(k) + "_busy", 1, 0);
            if (k == 0) first[n] = busy;
            const std::size_t levels = node.core(k).type().pstates.size();
            vcd.wire("core" + std::to_string(k) + "_pstate", VcdWriter::width_for(levels - 1), 0);
        }
        const std::uint32_t power = vcd.real("power_w", power_[i]->at_start());
        for (const auto& [t, w] : power_[i]->steps()) vcd.change(t, power, w);
    }
    // P-states: each core's records in request order; of several in force at one instant, the last.
    for (const ActivityLog::PStateChange& p : log.pstate_changes()) {
        if (p.node >= first.size() || first[p.node] == kNone) continue;
        for (std::uint32_t c = p.core_first; c <= p.core_last; ++c)
            vcd.change(p.effective_ns, first[p.node] + 2 * c + 1, p.level);
    }
    // Busy: a core's segments never overlap and are logged in the order they end, so a segment that begins
    // when the previous one ends keeps the core busy across that instant.
    for (const ActivityLog::Segment& s : log.segments()) {
        if (s.node >= first.size() || first[s.node] == kNone) continue;
        for (std::uint32_t c = s.core_first; c <= s.core_last; ++c) {
            vcd.change(s.begin_ns, first[s.node] + 2 * c, 1);
            vcd.change(s.end_ns, first[s.node] + 2 * c, 0);
        }
    }
    vcd.write(o, start, end);
}

}  // namespace rmsim
