#include "sim/outputs/run_recorder.h"

#include "modules/sim_time.h"
#include "sim/outputs/time_series.h"
#include "sim/outputs/trace_json.h"

namespace rmsim {

namespace {
std::vector<sc_core::sc_time> to_times(const std::vector<SimTime>& s) {
    std::vector<sc_core::sc_time> t;
    for (SimTime x : s) t.push_back(to_sc_time(x));
    return t;
}
}  // namespace

RunRecorder::RunRecorder(Machine& machine, Seconds sample_interval_s, bool trace, std::vector<SimTime> marks,
                         bool record_segments)
    : machine_(machine), trace_(trace), log_(trace || record_segments),
      sampler_(to_sc_time(SimTime::from_seconds(sample_interval_s)), trace), marks_(to_times(marks)) {
    machine_.attach_log(&log_);
    machine_.observe_energy(this);
}

void RunRecorder::on_span(const EnergyIntegrator& i, const sc_core::sc_time& now) {
    sampler_.on_span(i, now);
    marks_.on_span(i, now);
}

void RunRecorder::end_run() {
    if (ended_) return;
    ended_ = true;
    const sc_core::sc_time end = sc_core::sc_time_stamp();
    sampler_.finish(machine_.energy_account(), end);
    marks_.finish(machine_.energy_account(), end);
    log_.close_open(end);
}

RunRecorder::~RunRecorder() {
    // The module tree may outlive this recorder (it is left to process exit).
    machine_.attach_log(nullptr);
    machine_.observe_energy(nullptr);
}

void RunRecorder::finish(ResultFiles& files) {
    end_run();
    files.add("energy.csv", energy_csv(sampler_));
    files.add("pstates.csv", pstates_csv(log_));
    if (trace_) files.add("trace.json", trace_json(machine_, log_, sampler_));
}

}  // namespace rmsim
