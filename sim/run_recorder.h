#pragma once
// The time-series results of one run: before the simulation it attaches an ActivityLog and an
// EnergySampler to the machine; after it, it turns them into energy.csv, pstates.csv and, when tracing,
// trace.json. Recording adds no SystemC process, so the run (its events and its end time) is the same
// with or without it.
#include "modules/activity_log.h"
#include "modules/energy_sampler.h"
#include "platform/builder.h"
#include "sim/result_files.h"

namespace rmsim {

class RunRecorder {
public:
    /// Attaches to `machine` (call during elaboration). `trace`: also record task segments and every
    /// change of the machine's draw for trace.json.
    RunRecorder(Machine& machine, Seconds sample_interval_s, bool trace);
    ~RunRecorder();
    RunRecorder(const RunRecorder&) = delete;
    RunRecorder& operator=(const RunRecorder&) = delete;

    /// The run has ended (now): closes the records and adds energy.csv, pstates.csv and, when tracing,
    /// trace.json to `files`. Call once.
    void finish(ResultFiles& files);

    const ActivityLog& log() const { return log_; }
    const EnergySampler& sampler() const { return sampler_; }

private:
    Machine& machine_;
    bool trace_;
    ActivityLog log_;
    EnergySampler sampler_;
};

}  // namespace rmsim
