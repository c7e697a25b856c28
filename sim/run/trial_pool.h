#pragma once
// Trials in forked child processes: trial t of every experiment, each in its own process (the SystemC
// kernel is process-global: one simulation per process), at most `jobs` at a time, with a progress line.
#include <cstddef>
#include <set>

#include "sim/run/run_plan.h"
#include "sim/run/trial_runner.h"

namespace rmsim {

/// Runs the trials of `plan` in order, but not those in `skip` (indices of RunPlan::run), each in a forked
/// child (`opt` gives the rest; opt.quiet silences the progress line, whose final line says "<what> done"). A
/// child reports its own error on stderr and dies with rmsim. Returns how many runs failed; `bad_input`, if
/// given, receives how many of them failed on the user's input (exit 2: a streamed workload's bad line).
std::size_t run_trial_pool(const RunPlan& plan, const std::set<std::size_t>& skip, const TrialOptions& opt,
                           unsigned jobs, const std::string& what, std::size_t* bad_input = nullptr);

}  // namespace rmsim
