#pragma once
// The time-series results of one run: before the simulation it attaches an ActivityLog and an
// EnergySampler to the machine; after it, it turns them into energy.csv, pstates.csv and, when tracing,
// trace.json. Recording adds no SystemC process, so the run (its events and its end time) is the same
// with or without it.
#include <vector>

#include "modules/activity_log.h"
#include "modules/energy_marks.h"
#include "modules/energy_sampler.h"
#include "modules/machine.h"
#include "sim/outputs/result_files.h"

namespace rmsim {

class RunRecorder : private EnergyObserver {
public:
    /// Attaches to `machine` (call during elaboration). `trace`: also record task segments and every
    /// change of the machine's draw for trace.json. `marks`: instants (ascending) at which the machine's
    /// exact cumulative energy is wanted, e.g. a measurement window's edges. `record_segments`: the log
    /// keeps task segments even without `trace` (for waves.vcd).
    RunRecorder(Machine& machine, Seconds sample_interval_s, bool trace, std::vector<SimTime> marks = {},
                bool record_segments = false);
    ~RunRecorder();
    RunRecorder(const RunRecorder&) = delete;
    RunRecorder& operator=(const RunRecorder&) = delete;

    /// The run has ended (now): closes the records (once; finish() calls it too).
    void end_run();
    /// Adds energy.csv, pstates.csv and, when tracing, trace.json to `files`. Call once.
    void finish(ResultFiles& files);
    /// The machine's energy at mark k (after end_run()).
    Joules energy_at_mark(std::size_t k) const { return marks_.at(k); }

    const ActivityLog& log() const { return log_; }
    const EnergySampler& sampler() const { return sampler_; }

private:
    /// Forwards the energy account's spans to the sampler and the marks (the account has one observer).
    void on_span(const EnergyIntegrator& i, const sc_core::sc_time& now) override;

    Machine& machine_;
    bool trace_;
    bool ended_ = false;
    ActivityLog log_;
    EnergySampler sampler_;
    EnergyMarks marks_;
};

}  // namespace rmsim
