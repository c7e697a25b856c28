// A policy puts idle cores to sleep and wakes them (Decisions::sleep, wake), carried out on the hardware
// through SLEEP and WAKE commands; the joules show the sleep power, the wake energy and the wake latency.
#include <catch2/catch.hpp>

#include "manager/decisions.h"
#include "manager/policy_view.h"
#include "tests/manager/manager_run.h"
#include "tests/modules/hw_fixture.h"

using namespace rmsim;
using namespace rmsim::test;
using namespace rmsim::time_literals;

namespace {

/// At 0 s: t0 on core 0, core 1 to sleep. At 10 s (t0 done, t1 arrived): wake core 1, t1 on it.
class SleepThenWake : public Policy {
public:
    PolicyTraits traits() const override { return PolicyTraits{}; }
    void schedule(const PolicyView& view, Decisions& decide) override {
        if (view.now() == 0_s) {
            decide.start(0, 0, {0}, 0);
            decide.sleep(0, 1);
        } else if (view.is_waiting(1)) {
            decide.wake(0, 1);
            decide.start(1, 0, {1}, 0);
        }
    }
};

Task task(TaskId id, Seconds arrival_s, Seconds work_s) {
    Task t;
    t.id = id;
    t.arrival_s = arrival_s;
    t.work = cycles(work_s * 1e9);
    return t;
}

}  // namespace

TEST_CASE("power decisions: a policy sleeps and wakes cores", "[manager][power][systemc]") {
    // One node of 2 cores at 1 GHz: busy 2 W, idle 0.5 W, sleep 0.1 W; waking takes 0.5 s and 0.2 J.
    // t0 (10 s) runs [0, 10) s on core 0 while core 1 sleeps. At 10 s t1 (5 s) arrives: core 1 is woken (0.5 s
    // at idle power) and runs t1 over [10.5, 15.5) s; core 0 idles from 10 s to the end, 15.5 s.
    PlatformSpec p = simple_platform({PState{1e9, 1.0, 2.0, 0.5}}, 2, 1);
    p.core_types[0].sleep_power_w = 0.1;
    p.core_types[0].wake_latency_s = 0.5;
    p.core_types[0].wake_energy_j = 0.2;
    ManagerRun r(p, {task(0, 0, 10), task(1, 10, 5)}, std::make_unique<SleepThenWake>());
    r.run();
    CHECK(r.record(0).end == 10_s);
    CHECK(r.record(1).first_start == 10_s);  // the START went at 10 s; the core was ready at 10.5 s
    CHECK(r.record(1).end == SimTime::from_seconds(15.5));
    // Core 0: 10 s busy (20 J) + 5.5 s idle (2.75 J). Core 1: 10 s asleep (1 J), the wake lump (0.2 J),
    // 0.5 s waking at idle power (0.25 J), 5 s busy (10 J).
    CHECK(r.machine->total_energy() == Approx(20 + 2.75 + 1 + 0.2 + 0.25 + 10));
    // t1's own joules: its core from the START on (waking included).
    CHECK(r.record(1).energy_j == Approx(0.25 + 10));
}

TEST_CASE("power decisions: bad targets are policy bugs", "[manager][power]") {
    const PlatformSpec p = simple_platform({PState{1e9, 1.0, 2.0, 0.5}}, 2, 1);
    const std::vector<Task> tasks{task(0, 0, 1)};
    Bookkeeping books(p, tasks, Granularity::Core);
    CHECK_THROWS_AS(books.decisions().sleep(1, 0), std::logic_error);          // no node 1
    CHECK_THROWS_AS(books.decisions().wake(0, 2), std::logic_error);           // no core 2
    CHECK_THROWS_AS(books.decisions().set_pstate(0, 0, 1), std::logic_error);  // one P-state only
    books.decisions().sleep(0, kAllCores);
    const auto c = books.take_commands();
    REQUIRE(c.size() == 1);
    CHECK(c[0].kind == Command::Kind::Sleep);
}
