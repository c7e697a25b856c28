#pragma once
// Conversions between SystemC time and rmsim's times, done at the model boundary, correct under whatever time
// resolution the kernel has (SystemC resolutions are powers of ten, 1 fs .. 100 s): rmsim's own runs set
// 1 ns (set_time_resolution()), a host design that embeds rmsim's modules may set another. Nothing here reads
// sc_time::value() as nanoseconds.
//   SimTime (whole ns, manager side) <-> sc_time: to_sc_time() and to_sim_time(), exact at 1 ns resolution,
//     rounded up (never earlier) where one grid is coarser than the other.
//   Seconds (config, power models) -> sc_time: from_seconds_ceil(), rounded up to the resolution (tolerating
//     representation noise, platform/exec_rounding.h), so that no duration is shortened.
#include <cstdint>

#include <systemc>

#include "platform/exec_rounding.h"
#include "platform/time.h"
#include "platform/units.h"

namespace rmsim {

/// rmsim's own runs work in whole nanoseconds. Must run before any non-zero sc_time is created.
void set_time_resolution();

/// The kernel's current time: what sc_core::sc_time_stamp() returns (the current context's time), read inline
/// instead of through a call into the library. The model asks for it millions of times a second.
inline const sc_core::sc_time& sim_now() { return sc_core::sc_get_curr_simcontext()->time_stamp(); }

/// Time resolution of the kernel in femtoseconds (a power of ten).
std::uint64_t resolution_fs();

namespace detail {
/// ticks_per_second() once the resolution can no longer change (0 before): read inline from then on.
extern double frozen_ticks_per_second;
double ticks_per_second_lookup();
}  // namespace detail

/// Ticks of the resolution per second (a power of ten as a double, exact up to 1e15).
inline double ticks_per_second() {
    const double tps = detail::frozen_ticks_per_second;
    return tps != 0 ? tps : detail::ticks_per_second_lookup();
}

/// Seconds of a kernel time (ticks / ticks per second, correctly rounded).
inline Seconds to_seconds(const sc_core::sc_time& t) { return static_cast<double>(t.value()) / ticks_per_second(); }
/// Rounded up to the next tick of the resolution; 0 for s <= 0.
sc_core::sc_time from_seconds_ceil(Seconds s);
/// The manager's time on the kernel's grid (exact when the resolution is 1 ns or finer).
sc_core::sc_time to_sc_time(SimTime t);
/// The kernel's time on the manager's ns grid (exact when the resolution is 1 ns or coarser).
SimTime to_sim_time(const sc_core::sc_time& t);
/// The same as whole nanoseconds (outputs count in ns), and back.
inline std::uint64_t to_ns(const sc_core::sc_time& t) { return static_cast<std::uint64_t>(to_sim_time(t).ns()); }
inline sc_core::sc_time from_ns(std::uint64_t ns) {
    return to_sc_time(SimTime::from_ns(static_cast<std::int64_t>(ns)));
}

}  // namespace rmsim
