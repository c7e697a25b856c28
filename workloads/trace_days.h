#pragma once
// Days of a trace (the machovec_trace and swf workloads, docs/workloads.md): day d is the submit times
// [d·86,400, (d + 1)·86,400) counted from the trace's time 0 (Machovec Ch.3 B2.7's GAP); a replay window is
// `days` such days preceded by `warmup_s` of the day before, and arrivals are shifted so that it starts at t = 0.
#include "platform/units.h"

namespace rmsim {

constexpr Seconds kTraceDay_s = 86400.0;

struct TraceWindow {
    Seconds begin = 0;  ///< trace time of t = 0 (the warm-up's start)
    Seconds end = 0;    ///< exclusive
    bool holds(Seconds submit_s) const { return submit_s >= begin && submit_s < end; }
};

/// The window of `days` days from day `first_day` (whole numbers, so the products are exact) after `warmup_s`.
inline TraceWindow trace_window(double first_day, double days, Seconds warmup_s) {
    return {first_day * kTraceDay_s - warmup_s, (first_day + days) * kTraceDay_s};
}

}  // namespace rmsim
