#pragma once
// energy.csv and pstates.csv (columns documented in docs/outputs.md).
#include <string>

#include "modules/activity_log.h"
#include "modules/energy_sampler.h"

namespace rmsim {

/// time_s, then the draw per category in W (transitions are energy lumps: no power column), total_w, then
/// the cumulative energy per category in J and total_j. One row per sample.
std::string energy_csv(const EnergySampler& sampler);

/// time_s,node,core_first,core_last,pstate,effective_s: one row per P-state switch request, covering the
/// contiguous cores of one node that switched together. Every core starts at P0 (no row).
std::string pstates_csv(const ActivityLog& log);

}  // namespace rmsim
