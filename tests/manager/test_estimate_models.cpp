// Estimates apart from actuals (manager/estimates.h): the hardware runs the task's work, the manager plans
// with the experiment's estimate model, and the policies cope with tasks that end earlier or later than
// planned. Each case is one whole simulation on a 1-core node: P0 at 1 GHz, 2 W busy, 0.5 W idle; no
// interconnect latency; EASY backfilling, whose place-holder reservation follows the estimates.
#include <catch2/catch.hpp>

#include "manager/estimates.h"
#include "tests/manager/manager_run.h"
#include "tests/modules/hw_fixture.h"

using namespace rmsim;
using namespace rmsim::test;
using namespace rmsim::time_literals;

namespace {

PlatformSpec one_core() { return simple_platform({PState{1e9, 1.0, 2.0, 0.5}}, 1, 1); }

Task task(TaskId id, Seconds arrival_s, Seconds work_s, Seconds requested_s = -1) {
    Task t;
    t.id = id;
    t.arrival_s = arrival_s;
    t.work = cycles(work_s * 1e9);  // work_s at 1 GHz
    t.requested_time_s = requested_s;
    return t;
}

ManagerConfig requested(bool kill) {
    ManagerConfig c;
    c.estimate.model = EstimateModel::Requested;
    c.estimate.kill_at_limit = kill;
    return c;
}

}  // namespace

TEST_CASE("estimates: a requested estimate kills a task at its request", "[manager][estimates][systemc]") {
    // t0: 100 s of work, requested 60 s; t1 arrives at 10 s: 20 s, requested 30 s. EASY reserves t1 at t0's
    // booked end, 60 s. At 60 s t0 reaches its request and is killed with 40 % of its work left; t1 starts
    // when the kill has freed the core (its PREEMPTED notice, at once without latency) and ends at 80 s.
    ManagerRun r(one_core(), {task(0, 0, 100, 60), task(1, 10, 20, 30)}, "easy", requested(true));
    r.run();
    CHECK(r.record(0).state == TaskState::Killed);
    CHECK(r.record(0).end == 60_s);
    CHECK(r.record(0).remaining == Approx(0.4));
    CHECK(r.record(0).energy_j == Approx(2.0 * 60));  // busy 60 s at 2 W
    CHECK(r.record(1).state == TaskState::Completed);
    CHECK(r.record(1).first_start == 60_s);
    CHECK(r.record(1).end == 80_s);
    CHECK(r.manager->stats().kills == 1);
}

TEST_CASE("estimates: with at_limit run a task runs past its request", "[manager][estimates][systemc]") {
    // As above, but t0 is not killed: it runs its 100 s. t1's reservation at 60 s falls due while t0 still holds
    // the core: t1 starts when t0 ends, at 100 s, and ends at 120 s.
    ManagerRun r(one_core(), {task(0, 0, 100, 60), task(1, 10, 20, 30)}, "easy", requested(false));
    r.run();
    CHECK(r.record(0).state == TaskState::Completed);
    CHECK(r.record(0).end == 100_s);
    CHECK(r.record(1).first_start == 100_s);
    CHECK(r.record(1).end == 120_s);
    CHECK(r.manager->stats().kills == 0);
}

TEST_CASE("estimates: a task ending before its request frees its core at once", "[manager][estimates][systemc]") {
    // t0: 100 s of work, requested 200 s; t1 (20 s) arrives at 10 s and is reserved at 200 s. t0 completes at
    // 100 s: at that mapping event EASY re-plans and t1 starts at 100 s, not 200 s.
    ManagerRun r(one_core(), {task(0, 0, 100, 200), task(1, 10, 20, 30)}, "easy", requested(true));
    r.run();
    CHECK(r.record(0).end == 100_s);
    CHECK(r.record(1).first_start == 100_s);
    CHECK(r.record(1).end == 120_s);
}

TEST_CASE("estimates: requested times scale to the cluster and P-state like the work", "[manager][estimates]") {
    // P1 at 0.5 GHz: the work takes twice as long, so does its requested time; no request: the exact time.
    const PlatformSpec p = simple_platform({PState{1e9, 1.0, 2.0, 0.5}, PState{0.5e9, 0.8, 1.0, 0.25}}, 1, 1);
    const Estimates e(p, Granularity::Core, EstimateConfig{EstimateModel::Requested, true});
    const Task t = task(0, 0, 100, 60);
    CHECK(e.exec_time(t, 1.0, 0, 0) == 60_s);
    CHECK(e.exec_time(t, 1.0, 0, 1) == 120_s);
    CHECK(e.exec_time(t, 0.25, 0, 0) == 15_s);  // a quarter of the work left
    CHECK(e.time_limit(t, 1.0, 0, 1) == 120_s);
    CHECK(e.exec_time(task(1, 0, 100), 1.0, 0, 0) == 100_s);  // unknown request: exact
    CHECK(e.time_limit(task(1, 0, 100), 1.0, 0, 0).is_infinite());
    const Estimates exact(p, Granularity::Core);
    CHECK(exact.exec_time(t, 1.0, 0, 0) == 100_s);
    CHECK(exact.time_limit(t, 1.0, 0, 0).is_infinite());
}

namespace {

/// A task whose time on the core type at P0 is 10 s or 30 s with probability 1/2 each (mean 20 s), drawn at
/// its quantile u.
Task stochastic(TaskId id, Seconds arrival_s, double u) {
    Task t;
    t.id = id;
    t.arrival_s = arrival_s;
    auto table = std::make_shared<TimeTable>();
    table->set_distribution(0, 0, {{10.0, 0.5}, {30.0, 0.5}});
    t.work.set_table(table);
    t.work.set_quantile(u);
    return t;
}

}  // namespace

TEST_CASE("estimates: the distribution model plans with the mean and sees the PMF", "[manager][estimates]") {
    const PlatformSpec p = one_core();
    const Estimates e(p, Granularity::Core, EstimateConfig{EstimateModel::Distribution, true});
    const Task slow = stochastic(0, 0, 0.75);  // u = 0.75 > 0.5: the 30 s pulse
    const Task fast = stochastic(1, 0, 0.25);  // the 10 s pulse
    CHECK(slow.work.duration(p.core_types[0], 0, 0) == 30.0);
    CHECK(fast.work.duration(p.core_types[0], 0, 0) == 10.0);
    CHECK(e.exec_time(slow, 1.0, 0, 0) == 20_s);  // (10 + 30) / 2, whatever the draw
    CHECK(e.exec_time(fast, 1.0, 0, 0) == 20_s);
    const Pmf pmf = e.exec_pmf(slow, 1.0, 0, 0);
    REQUIRE(pmf.size() == 2);
    CHECK(pmf.pulses()[0].value == 10.0);
    CHECK(pmf.pulses()[1].probability == 0.5);
    CHECK(pmf.expectation() == Approx(20.0));
    // The exact model sees the drawn time; every model sees a point mass for a deterministic task.
    const Estimates exact(p, Granularity::Core);
    CHECK(exact.exec_time(slow, 1.0, 0, 0) == 30_s);
    CHECK(e.exec_pmf(task(2, 0, 5), 1.0, 0, 0).size() == 1);
}

TEST_CASE("estimates: the hardware runs the drawn time while the manager planned the mean",
          "[manager][estimates][systemc]") {
    // t0 draws 30 s (mean 20 s); t1 (5 s) arrives at 1 s and EASY reserves it at 20 s. At 20 s t0 still runs:
    // the core stays t0's (its booking is renewed a nanosecond at a time) and t1 starts when t0 ends, at 30 s.
    ManagerConfig c;
    c.estimate.model = EstimateModel::Distribution;
    ManagerRun r(one_core(), {stochastic(0, 0, 0.75), task(1, 1, 5)}, "easy", c);
    r.run();
    CHECK(r.record(0).end == 30_s);
    CHECK(r.record(0).energy_j == Approx(2.0 * 30));
    CHECK(r.record(1).first_start == 30_s);
    CHECK(r.record(1).end == 35_s);
}
