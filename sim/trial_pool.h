#pragma once
// Trials in forked child processes: trial t of every experiment, each in its own process (the SystemC
// kernel is process-global: one simulation per process), at most `jobs` at a time, with a progress line.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "sim/experiment.h"
#include "sim/trial_runner.h"

namespace rmsim {

/// Runs trials 0..trials-1 of every experiment, experiment by experiment, writing trial t of `exps[v]` to
/// `dirs[v]/trial-t` (`opt` gives the rest; opt.quiet silences the progress line). A child reports its own
/// error on stderr. Returns how many runs failed.
std::size_t run_trial_pool(const std::vector<Experiment>& exps, const std::vector<std::string>& dirs,
                           std::uint32_t trials, const TrialOptions& opt, unsigned jobs);

}  // namespace rmsim
