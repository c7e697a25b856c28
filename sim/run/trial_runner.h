#pragma once
// One simulation (one trial) in this process: build the platform's module tree and the resource manager,
// run, check the end-of-run invariants, write the results.
#include <cstdint>
#include <string>

#include "sim/config/experiment.h"
#include "sim/outputs/metrics.h"
#include "sim/run/progress.h"

namespace rmsim {

struct TrialOptions {
    std::string out_dir;  ///< results go here (created); files are written under temporary names first
    bool quiet = false;
    bool progress = false;                        ///< draw a progress line with ETA on stderr (a single in-process run)
    double progress_period_s = kProgressPeriodS;  ///< between progress lines when stderr is not a terminal
    /// A forked trial whose pool logs progress: TrialProgress records go to this pipe (sim/run/progress.h).
    int progress_fd = -1;
    bool trace = false;  ///< also write trace.json (Chrome/Perfetto): one track per core, P-state and power counters
    /// provenance.json (sim/outputs/provenance.h), written after every other file: its presence marks the trial
    /// finished. None when empty.
    std::string provenance;
};

/// Runs trial `trial` of `e`. Throws InputError (bad workload input) or std::exception (internal errors).
Metrics run_trial(const Experiment& e, std::uint32_t trial, const TrialOptions& opt);

}  // namespace rmsim
