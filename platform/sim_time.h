#pragma once
// Conversions between SystemC time and SI seconds, done once at the model boundary.
// Inside modules time is always sc_core::sc_time (resolution 1 ns, set by set_time_resolution()).
#include <algorithm>
#include <cmath>
#include <cstdint>

#include <systemc>

#include "platform/exec_rounding.h"
#include "platform/units.h"

namespace rmsim {

/// Must run before any non-zero sc_time is created. rmsim works in whole nanoseconds.
void set_time_resolution();

inline std::uint64_t to_ns(const sc_core::sc_time& t) { return t.value(); }
inline double to_seconds(const sc_core::sc_time& t) { return static_cast<double>(t.value()) * 1e-9; }
inline sc_core::sc_time from_ns(std::uint64_t ns) { return sc_core::sc_time::from_value(ns); }
/// Rounds up to the next whole nanosecond, so that a duration is never shortened (representation noise
/// such as 1.5e-6 * 1e9 = 1500.0000000000002 tolerated: platform/exec_rounding.h).
inline sc_core::sc_time from_seconds_ceil(Seconds s) { return from_ns(ceil_to_ns(s)); }
inline sc_core::sc_time from_seconds_round(Seconds s) {
    return s <= 0 ? sc_core::SC_ZERO_TIME : from_ns(static_cast<std::uint64_t>(std::llround(s * 1e9)));
}

}  // namespace rmsim
