// The constant-memory timing of mapping events (manager/event_timing.h): the median to within one bin, the
// mean and max exact, and the events filed by the decade of the queue length.
#include <catch2/catch.hpp>

#include "manager/event_timing.h"

using namespace rmsim;

TEST_CASE("event timing: median within a bin, mean and max exact, filed by queue decade") {
    EventTiming t;
    // Five events of 1, 2, 3, 4, 100 us: median 3 us, mean 110/5 = 22 us, max 100 us.
    t.add(1e-6, 0);
    t.add(2e-6, 5);
    t.add(3e-6, 9);
    t.add(4e-6, 10);
    t.add(100e-6, 123456);
    CHECK(t.all().count() == 5);
    CHECK(t.all().mean() == Approx(22e-6));
    CHECK(t.all().max() == 100e-6);
    // Bins are 10^(1/32) = 1.0746 wide: the bin centre is within a factor 1.0746 of the value.
    CHECK(t.all().median() == Approx(3e-6).epsilon(0.075));
    CHECK(t.at_queue_decade(0).count() == 1);  // queue 0
    CHECK(t.at_queue_decade(1).count() == 2);  // 5 and 9
    CHECK(t.at_queue_decade(2).count() == 1);  // 10
    CHECK(t.at_queue_decade(6).count() == 1);  // 123456 >= 10^5
    CHECK(t.at_queue_decade(6).median() == Approx(100e-6).epsilon(0.075));
    CHECK(EventTiming::decade_label(0) == "0");
    CHECK(EventTiming::decade_label(1) == "1-9");
    CHECK(EventTiming::decade_label(3) == "100-999");
    CHECK(EventTiming::decade_label(6) == ">=100000");
}
