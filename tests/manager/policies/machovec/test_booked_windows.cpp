// The windows booked per cluster in one Max <M> mapping event (manager/policies/machovec/booked_windows.h):
// versions, and which options a later booking leaves exact; hand-computed examples.
#include <catch2/catch.hpp>

#include "manager/policies/machovec/booked_windows.h"

using namespace rmsim;

namespace {
SimTime s(int seconds) { return SimTime::from_whole_seconds(seconds); }
}  // namespace

TEST_CASE("booked windows: a cluster's version counts its bookings", "[manager][machovec]") {
    BookedWindows w(2);
    CHECK(w.version(0) == 0);
    w.add(0, s(10), s(20));
    w.add(0, s(30), s(40));
    w.add(1, s(0), s(5));
    CHECK(w.version(0) == 2);
    CHECK(w.version(1) == 1);
}

TEST_CASE("booked windows: only overlapping bookings since the version touch an option", "[manager][machovec]") {
    BookedWindows w(2);
    w.add(0, s(10), s(20));  // version 0 -> 1
    w.add(0, s(30), s(40));  // 1 -> 2
    w.add(1, s(12), s(18));  // another cluster
    // [20, 30) touches both bookings of cluster 0 at their ends only: half-open, no overlap.
    CHECK(w.untouched(0, 0, s(20), s(30)));
    // [15, 25) overlaps the first booking, made at version 0 ...
    CHECK_FALSE(w.untouched(0, 0, s(15), s(25)));
    // ... but an option computed after it (version 1) saw it already.
    CHECK(w.untouched(0, 1, s(15), s(25)));
    CHECK_FALSE(w.untouched(0, 1, s(35), s(36)));  // inside the second
    CHECK(w.untouched(0, 2, s(0), s(100)));        // up to date: nothing since
    CHECK_FALSE(w.untouched(1, 0, s(0), s(100)));  // cluster 1's own booking
    CHECK(w.untouched(1, 0, s(18), s(100)));
}
