#pragma once
// How long the modeled hardware takes to finish a piece of work, to the nanosecond (docs/architecture.md "Execution
// model"): a core completes a segment after its remaining cycles, rounded up to whole clock periods at the
// current frequency, then rounded up to whole nanoseconds (the simulation's time resolution). One
// definition, SystemC-free, used by the core (modules/core.cpp) and by the manager's estimates
// (SchedulingContext::exec_time), so that an estimate equals the hardware's duration for a start without
// wake-up or DVFS latencies.
//
// The nanosecond rounding is a true ceiling up to representation noise; from_seconds_ceil in
// modules/sim_time.h uses it too.
#include <algorithm>
#include <cmath>
#include <cstdint>

#include "platform/units.h"

namespace rmsim {

/// std::nearbyint(x) in the default rounding mode (to nearest, ties to even), without its call into the
/// library (x86-64's baseline has no rounding instruction; the cores round millions of times a run). Below
/// 2^52 in magnitude, adding and taking away 2^52 leaves no fraction bits, so the addition rounds x to a whole
/// number as the current rounding mode does; from 2^52 on every double is whole. The sign is x's, as
/// nearbyint's (-0.3 gives -0.0).
inline double nearest_whole(double x) {
    constexpr double k2p52 = 4503599627370496.0;
    if (!(std::fabs(x) < k2p52)) return x;  // already whole, or infinite or NaN
    const double big = std::copysign(k2p52, x);
    return std::copysign((x + big) - big, x);
}

/// ceil(x), except that x within representation noise of a whole number gives that number: `abs_tol`
/// absolute plus 1e-15 relative (a few ulps of a double, whose spacing grows with x; above 5e14 this is
/// more than half a unit, so such x round to the nearest whole number).
inline double ceil_tolerant(double x, double abs_tol) {
    const double r = nearest_whole(x);
    return std::fabs(x - r) <= abs_tol + 1e-15 * std::fabs(x) ? r : std::ceil(x);
}

/// Seconds to whole nanoseconds, rounded up so that a duration is never shortened, but tolerating
/// representation noise (1.5e-6 s * 1e9 = 1500.0000000000002 ns is 1500 ns). 0 for s <= 0.
inline std::uint64_t ceil_to_ns(Seconds s) {
    if (s <= 0) return 0;
    return static_cast<std::uint64_t>(std::max(0.0, ceil_tolerant(s * 1e9, 1e-6)));
}

/// Ticks (of a time resolution with `ticks_per_s` ticks per second) a core at frequency `f_hz` needs for the
/// fraction `left` (0..1) of work whose whole duration there is `full_s` (WorkModel::duration, analytic or
/// tabular): left * full_s * f_hz cycles rounded up to a whole number (a product that should be whole is not
/// bumped by its rounding error), then whole ticks, rounded up.
inline std::uint64_t remaining_exec_ticks(double left, Seconds full_s, Hertz f_hz, double ticks_per_s) {
    const double cycles = std::max(0.0, ceil_tolerant(left * full_s * f_hz, 1e-9));
    const double seconds = cycles / f_hz;
    if (seconds <= 0) return 0;
    return static_cast<std::uint64_t>(std::max(0.0, ceil_tolerant(seconds * ticks_per_s, 1e-6)));
}

/// The same in nanoseconds (the manager's estimates, platform/time.h).
inline std::uint64_t remaining_exec_ns(double left, Seconds full_s, Hertz f_hz) {
    return remaining_exec_ticks(left, full_s, f_hz, 1e9);
}

}  // namespace rmsim
