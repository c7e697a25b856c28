// The replay windows of trace days (workloads/trace_days.h), shared by the machovec_trace and swf workloads.
#include <catch2/catch.hpp>

#include "workloads/trace_days.h"

using namespace rmsim;

TEST_CASE("trace days: a window is its days after the warm-up, half-open", "[workloads][trace]") {
    // Day 8, two days, 4 h of warm-up: [8 x 86,400 - 14,400, 10 x 86,400) = [676,800, 864,000).
    const TraceWindow w = trace_window(8, 2, 4 * 3600.0);
    CHECK(w.begin == 676800.0);
    CHECK(w.end == 864000.0);
    CHECK(w.holds(676800.0));
    CHECK_FALSE(w.holds(676799.0));
    CHECK(w.holds(863999.0));
    CHECK_FALSE(w.holds(864000.0));
    // Without warm-up day 0 starts at the trace's time 0.
    CHECK(trace_window(0, 1, 0).begin == 0.0);
    CHECK(trace_window(0, 1, 0).end == 86400.0);
}
