#pragma once
// trace.json: the run as a Chrome trace-event file (JSON object format) for ui.perfetto.dev or
// chrome://tracing. Layout (details in docs/outputs.md):
//   process "machine" (pid 1): counter "machine power_w", the machine's total draw at every change;
//   process "node N (cluster C)" (pid N + 2) for every node that ran a segment or switched P-state:
//     thread "core K" (tid = global core index + 2) with one "X" slice per task segment, "task T";
//     counter "core K pstate" for every core whose P-state changed (starting at P0 at time 0).
// Timestamps and durations are exact microseconds (simulated time). pids and tids start at 1: Perfetto
// treats 0 specially.
#include <string>

#include "modules/activity_log.h"
#include "modules/energy_sampler.h"
#include "modules/machine.h"

namespace rmsim {

/// `log` must record segments and be closed (close_open); `sampler` must record power and be finished.
std::string trace_json(const Machine& machine, const ActivityLog& log, const EnergySampler& sampler);

}  // namespace rmsim
