#include "sim/run_recorder.h"

#include "platform/sim_time.h"
#include "sim/time_series.h"
#include "sim/trace_json.h"

namespace rmsim {

RunRecorder::RunRecorder(Machine& machine, Seconds sample_interval_s, bool trace)
    : machine_(machine), trace_(trace), log_(trace), sampler_(from_seconds_round(sample_interval_s), trace) {
    machine_.attach_log(&log_);
    machine_.observe_energy(&sampler_);
}

RunRecorder::~RunRecorder() {
    // The module tree may outlive this recorder (it is left to process exit).
    machine_.attach_log(nullptr);
    machine_.observe_energy(nullptr);
}

void RunRecorder::finish(ResultFiles& files) {
    const sc_core::sc_time end = sc_core::sc_time_stamp();
    sampler_.finish(machine_.energy_account(), end);
    log_.close_open(end);
    files.add("energy.csv", energy_csv(sampler_));
    files.add("pstates.csv", pstates_csv(log_));
    if (trace_) files.add("trace.json", trace_json(machine_, log_, sampler_));
}

}  // namespace rmsim
