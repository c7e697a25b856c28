// The measurement window of the utility metrics (Machovec Ch.3 §3.2.4): pro-rating of tasks that
// straddle its edges, warm-up excluded; computed on manager bookkeeping driven by hand.
#include <catch2/catch.hpp>

#include "sim/outputs/metrics.h"
#include "tests/manager/policies/baseline/baseline_fixture.h"

using namespace rmsim;
using namespace rmsim::test;
using namespace rmsim::time_literals;

TEST_CASE("metrics: window pro-rates straddling tasks", "[sim][metrics]") {
    const PlatformSpec p = small_platform({1});
    std::vector<Task> tasks{make_task(0, 0, 0, 1, 100), make_task(1, 50, 0, 1, 100), make_task(2, 150, 0, 1, 100)};
    tasks[0].utility = UtilityFunction::constant(10);
    tasks[1].utility = UtilityFunction::linear_decay(6, 300);
    tasks[2].utility = UtilityFunction::constant(5);
    Bookkeeping books(p, tasks, Granularity::Core);
    const PolicyView& view = books.view();
    books.arrive(0, 0_s);
    books.begin_event(0_s);
    books.decisions().start(0, 0, {0}, 0);  // T0 runs [0, 100)
    books.arrive(1, 50_s);
    books.part_finished(0, false, 0, 0, 100_s);
    books.begin_event(100_s);
    books.decisions().start(1, 0, {0}, 0);  // T1 waits 50 s, runs [100, 200)
    books.arrive(2, 150_s);
    books.begin_event(160_s);
    books.decisions().drop(2);  // T2 dropped at 160
    books.part_finished(1, false, 0, 0, 200_s);

    const WindowMetrics w = compute_window_metrics(view, 80_s, 180_s, 1234.5);
    // T0: f = (100 - 80) / 100 = 0.2 -> earned 0.2 x 10 = 2, maximum 0.2 x 10 = 2.
    // T1: f = (180 - 100) / 100 = 0.8; utility at completion - arrival = 150 s: 6 x (300 - 150) / 300 = 3,
    //     best (starts at arrival, 100 s): 6 x (300 - 100) / 300 = 4 -> earned 0.8 x 3 = 2.4, maximum 0.8 x 4 = 3.2.
    // T2 (dropped): ideal [150, 250), (180 - 150) / 100 = 0.3 of its best 5 -> maximum 1.5.
    CHECK(w.utility_earned == Approx(2.0 + 2.4));
    CHECK(w.utility_max == Approx(2.0 + 3.2 + 1.5));
    CHECK(w.utility_percent == Approx(100.0 * 4.4 / 6.7));
    CHECK(w.arrived == 1);    // T2 (T0 and T1 arrived during the warm-up)
    CHECK(w.completed == 1);  // T0 at 100 (T1 completes at 200, after the window)
    CHECK(w.dropped == 1);
    CHECK(w.energy_j == 1234.5);

    // The whole run as a window counts every task whole: 10 + 3 earned, 10 + 4 + 5 maximum.
    const WindowMetrics all = compute_window_metrics(view, 0_s, 1000_s, 0);
    CHECK(all.utility_earned == Approx(13.0));
    CHECK(all.utility_max == Approx(19.0));
    CHECK(all.arrived == 3);
}
