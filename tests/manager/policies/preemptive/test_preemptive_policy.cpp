// The Machovec Ch.4 policy on the simulated hardware, by hand: one core at 1 GHz, mapping events every 60 s.
// t0 (arrives at 0, 100 s of work, worth 1 whenever it ends) runs from the first event; t1 (arrives at 30 s,
// 20 s of work, worth 8 if it ends within 60 s of its arrival, else 0) may preempt it.
#include <catch2/catch.hpp>

#include "tests/manager/manager_run.h"
#include "tests/modules/hw_fixture.h"

using namespace rmsim;
using namespace rmsim::test;

namespace {

std::vector<Task> two_tasks() {
    Task t0;
    t0.id = 0;
    t0.arrival_s = 0;
    t0.work = cycles(100e9);
    t0.utility = UtilityFunction::constant(1.0);
    t0.preemptible = true;
    Task t1;
    t1.id = 1;
    t1.arrival_s = 30;
    t1.work = cycles(20e9);
    t1.utility = UtilityFunction::step(8.0, 60);
    t1.can_preempt = true;
    return {t0, t1};
}

PlatformSpec one_core() { return simple_platform({PState{1e9, 1.0, 2.0, 0.5}}, 1, 1); }

}  // namespace

TEST_CASE("Ch.4 policy: Max Util with Greedy preemption on the hardware", "[manager][preemptive][systemc]") {
    ManagerRun run(one_core(), two_tasks(), "ch4-max-util", {}, "{preemption: greedy}");
    run.run();
    // Event at 60 s: t1 would end at 80 s, 50 s after its arrival: worth 8 > t0's 1: t0 is preempted (40 s of
    // its work done... 60 s done, 40 s left). t1 runs 60-80 s. Event at 120 s: t0 resumes on its cluster and
    // ends at 160 s.
    CHECK(run.record(1).state == TaskState::Completed);
    CHECK(run.record(1).end.to_seconds() == Approx(80.0));
    CHECK(run.record(0).state == TaskState::Completed);
    CHECK(run.preemptions(0) == 1);
    CHECK(run.record(0).end.to_seconds() == Approx(120.0 + 40.0));
}

TEST_CASE("Ch.4 policy: Max Util without preemption drops the task that can no longer earn utility",
          "[manager][preemptive][systemc]") {
    ManagerRun run(one_core(), two_tasks(), "ch4-max-util", {}, "{preemption: none}");
    run.run();
    // t0 holds the core until 100 s. At the event at 120 s, t1 would end at 140 s, 110 s after its arrival:
    // worth 0 on any core: dropped (§4.3.2).
    CHECK(run.record(0).end.to_seconds() == Approx(100.0));
    CHECK(run.preemptions(0) == 0);
    CHECK(run.record(1).state == TaskState::Dropped);
}
