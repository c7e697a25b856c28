#pragma once
// waves.vcd (run.waveforms, docs/outputs.md): for each selected node, each core's `busy` (it holds a task
// segment) and `pstate` (the level in force), and the node's total draw `power_w`, over a span of the run,
// as a VCD file for GTKWave.
//
// Why not SystemC's sc_trace: an sc_trace file samples every traced object at every time step of the
// kernel, so its cost grows with the number of traced objects times the number of steps (of the whole
// machine, not of the traced nodes), and it cannot be limited to a span of time. Here nothing is sampled:
// the busy and pstate signals come from the ActivityLog's records after the run, and the power from an
// observer of the selected nodes' meters that sees only their changes (one null-pointer test per change
// on every other meter). The node filter is what keeps a machine of 100,000 cores from writing gigabytes.
#include <memory>
#include <ostream>
#include <vector>

#include "modules/activity_log.h"
#include "modules/machine.h"
#include "sim/config/waveform_config.h"
#include "sim/outputs/node_power_trace.h"

namespace rmsim {

class WaveformRecorder {
public:
    /// Observes the meters of the selected nodes (call before sc_start; the node ids must be the
    /// machine's). Power changes outside [config.start, config.end] are not kept.
    WaveformRecorder(Machine& machine, const WaveformConfig& config);
    ~WaveformRecorder();
    WaveformRecorder(const WaveformRecorder&) = delete;
    WaveformRecorder& operator=(const WaveformRecorder&) = delete;

    /// Writes waves.vcd of a run that ended at `end_ns`, over [start, min(end, end_ns)]. `log` must record
    /// segments and be closed (ActivityLog::close_open).
    void write(std::ostream& o, const ActivityLog& log, std::uint64_t end_ns) const;

private:
    Machine& machine_;
    WaveformConfig config_;
    std::vector<std::unique_ptr<NodePowerTrace>> power_;  ///< per selected node, in config_.nodes order
};

}  // namespace rmsim
