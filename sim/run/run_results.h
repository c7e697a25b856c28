#pragma once
// The results over the trials of a run: aggregate.json per variant (mean and 95 % CI of every numeric
// summary field, sim/outputs/aggregate.h) and, for a config with variants, comparison.csv and comparison.md
// (sim/outputs/comparison.h). Reads the trials' summary.json files once every trial has run.
#include <string>

#include "sim/run/run_plan.h"

namespace rmsim {

/// Writes aggregate.json in every variant's folder and, with variants, the comparison tables in `out`.
void write_run_results(const RunPlan& plan, const std::string& out);

}  // namespace rmsim
