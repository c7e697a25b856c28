#pragma once
// The results over the trials of a run: aggregate.json per variant (mean and 95 % CI of every numeric
// summary field, sim/outputs/aggregate.h) and, for a config with variants, comparison.csv and comparison.md
// (sim/outputs/comparison.h). Reads the trials' summary.json files once every trial has run.
#include <string>

#include "sim/run/run_plan.h"

namespace rmsim {

/// Writes aggregate.json in every variant's folder and, with variants, the comparison tables in `out`.
void write_run_results(const RunPlan& plan, const std::string& out);

/// A single run's summary (`dir`/summary.json) on stdout: tasks, utility, times, energy by part.
void print_summary(const std::string& dir);

/// What `rmsim run` prints at the end on stdout: a single run's summary, the comparison table of a config with
/// variants, or where aggregate.json is.
void print_run_results(const RunPlan& plan);

}  // namespace rmsim
