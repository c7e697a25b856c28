#pragma once
// Choosing a P-state for a target frequency, as Linux cpufreq's frequency-table relations do
// (CPUFREQ_RELATION_L / _H / _C). Levels are indices into a core type's P-states, P0 the fastest.
#include <cstdint>

#include "platform/platform_spec.h"

namespace rmsim {

/// The slowest level whose frequency is at least `target` (P0 if none is): Linux's RELATION_L.
std::uint32_t level_at_or_above(const CoreType& t, Hertz target);
/// The fastest level whose frequency is at most `target` (the slowest level if none is): RELATION_H.
std::uint32_t level_at_or_below(const CoreType& t, Hertz target);
/// The level whose frequency is closest to `target`, the faster one on a tie: RELATION_C.
std::uint32_t level_closest(const CoreType& t, Hertz target);

}  // namespace rmsim
