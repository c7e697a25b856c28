#pragma once
// Where rmsim's quantities keep their meaning (docs/config-platform.md "Limits"). A value outside is refused
// where it is read, with its location, rather than letting it overflow inside the model: a time past the end
// of simulated time would saturate to "never", a frequency of 1e300 GHz would make a task's cycles infinite,
// a power of 1e308 W would make the energy infinite. The limits follow from the representation, not taste:
//
//   time       simulated time is a signed 64-bit count of nanoseconds (platform/time.h): it ends at 2^63 ns,
//              9.22e9 s (292 years). Arrivals, durations, periods and deadlines must lie within it, and a
//              task's execution at any P-state must too.
//   resolution a period (a budget period, a sampling interval) shorter than the 1 ns resolution cannot be
//              represented: it would silently become 1 ns.
//   events     a period between a component's events (a policy's mapping events, a governor's samples) is
//              at least 100 us: shorter, a run spends its time on the events (a period of 1 ns is 10^9 events
//              per simulated second), which looks like a hang. The floor is one of the model, not of the
//              representation: Linux's governors sample every few milliseconds, the papers' mapping events
//              are a minute apart.
//   frequency  one clock period must fit in simulated time (f >= 1 / 9.2e9 s) and be no shorter than
//              1 fs, the finest time resolution SystemC offers (f <= 1e15 Hz).
//   magnitude  powers (W), energies (J), utilities and byte counts are at most 1e250: a run's totals sum at
//              most 2^64 components over 9.2e9 s or 2^64 events, and 1e250 x 9.2e9 x 2^64 stays below a
//              double's 1.8e308, so no total can become infinite.
//   P-states   a core type has at most 65,535 P-states: the manager keeps a task's P-state in 16 bits
//              (TaskRecord::pstate, 10^6 records of 64 bytes).
#include <cstdint>

#include "platform/units.h"

namespace rmsim {

/// The end of simulated time in seconds (2^63 ns is 9.223e9 s; rounded down, so every value below it is a
/// finite SimTime).
constexpr Seconds kMaxSeconds = 9.2e9;
/// The shortest period rmsim represents: its time resolution.
constexpr Seconds kResolutionSeconds = 1e-9;
/// The shortest period between a component's events (a policy's mapping events, a governor's samples): shorter
/// periods would flood a run with events.
constexpr Seconds kMinEventPeriodSeconds = 1e-4;
constexpr Hertz kMinFrequencyHz = 1.0 / kMaxSeconds;
constexpr Hertz kMaxFrequencyHz = 1e15;
/// Largest power, energy, utility or byte count.
constexpr double kMaxMagnitude = 1e250;
/// Most P-states of a core type (P0..P65534): it follows from the manager's 16-bit P-state field
/// (TaskRecord::pstate, at most 65,535).
constexpr std::uint32_t kMaxPStates = 65535;

}  // namespace rmsim
