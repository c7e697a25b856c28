// Preemption as users need it: Decisions::preempt honours the tasks' flags (can be preempted / can preempt),
// the work is conserved, and a preemption costs the platform's checkpoint and restore time and energy
// (PlatformSpec::preemption), which the joules show. One 1-core node at 1 GHz, 2 W busy, 0.5 W idle, no
// uncore or base power.
#include <catch2/catch.hpp>

#include "manager/decisions.h"
#include "manager/policy_view.h"
#include "manager/unit_choice.h"
#include "tests/manager/manager_run.h"
#include "tests/modules/hw_fixture.h"

using namespace rmsim;
using namespace rmsim::test;
using namespace rmsim::time_literals;

namespace {

/// At every arrival and completion: each waiting task (arrival order) starts on idle units, else, if it may
/// preempt, takes the units of the first running task it is allowed to preempt.
class PreemptForUrgent : public Policy {
public:
    PolicyTraits traits() const override { return PolicyTraits{}; }
    void schedule(const PolicyView& view, Decisions& decide) override {
        for (TaskId w : view.waiting()) {
            if (!view.is_waiting(w)) continue;
            const SimTime d = view.exec_time(w, 0, 0);
            auto units = lowest_idle_units(view.profile(0), 1, view.now(), view.now() + d);
            if (units.empty()) {
                for (TaskId r = 0; r < view.task_count() && units.empty(); ++r) {
                    if (view.record(r).state != TaskState::Running || !decide.preempt(r, w)) continue;
                    ++preemptions;
                    units = lowest_idle_units(view.profile(0), 1, view.now(), view.now() + d);
                }
            }
            if (!units.empty()) decide.start(w, 0, std::move(units), 0);
        }
    }
    int preemptions = 0;
};

Task task(TaskId id, Seconds arrival_s, Seconds work_s, bool preemptible, bool can_preempt) {
    Task t;
    t.id = id;
    t.arrival_s = arrival_s;
    t.work = cycles(work_s * 1e9);
    t.preemptible = preemptible;
    t.can_preempt = can_preempt;
    return t;
}

}  // namespace

TEST_CASE("preemption: checkpoint and restore cost time and joules, the work is conserved",
          "[manager][preemption][systemc]") {
    // t0: 100 s, preemptible, 1 GB of memory (checkpoint 2 + 1 = 3 s, restore 3 + 1 = 4 s). t1 (5 s, may
    // preempt) arrives at 10 s and preempts t0: t0 writes its checkpoint over [10, 13) s, busy, and is reported
    // preempted at 13 s with 90 % of its work left; t1 then runs [13, 18) s. At 18 s t0 resumes: it restores
    // over [18, 22) s, busy, then does its 90 s of work: done at 112 s.
    std::vector<Task> tasks{task(0, 0, 100, true, false), task(1, 10, 5, false, true)};
    tasks[0].memory_bytes = 1'000'000'000;
    auto policy = std::make_unique<PreemptForUrgent>();
    PreemptForUrgent* p = policy.get();
    ManagerRun r(costly_preemption_platform(), tasks, std::move(policy));
    r.run();
    CHECK(p->preemptions == 1);
    CHECK(r.preemptions(0) == 1);
    CHECK(r.record(0).state == TaskState::Completed);
    CHECK(r.record(0).first_start == 0_s);
    CHECK(r.record(0).end == 112_s);
    CHECK(r.record(1).first_start == 13_s);
    CHECK(r.record(1).end == 18_s);
    // t0's joules: busy (10 + 3 + 4 + 90) s x 2 W = 214 J, plus the checkpoint's 5 J and the restore's 7 J.
    CHECK(r.record(0).energy_j == Approx(2.0 * (10 + 3 + 4 + 90) + 5 + 7));
    CHECK(r.record(1).energy_j == Approx(2.0 * 5));
    // The core was busy all along, [0, 112) s: 224 J, plus the lumps: what the machine's meter reads.
    CHECK(r.machine->total_energy() == Approx(2.0 * 112 + 5 + 7));
}

TEST_CASE("preemption: a task that cannot be preempted is never preempted", "[manager][preemption][systemc]") {
    // As above but t0 cannot be preempted: t1 waits for it, [100, 105) s; no checkpoint is paid.
    std::vector<Task> tasks{task(0, 0, 100, false, false), task(1, 10, 5, false, true)};
    tasks[0].memory_bytes = 1'000'000'000;
    auto policy = std::make_unique<PreemptForUrgent>();
    PreemptForUrgent* p = policy.get();
    ManagerRun r(costly_preemption_platform(), tasks, std::move(policy));
    r.run();
    CHECK(p->preemptions == 0);
    CHECK(r.preemptions(0) == 0);
    CHECK(r.record(0).end == 100_s);
    CHECK(r.record(1).first_start == 100_s);
    CHECK(r.machine->total_energy() == Approx(2.0 * 105));
}

TEST_CASE("preemption: only a task that may preempt does", "[manager][preemption][systemc]") {
    // t0 can be preempted, but t1 may not preempt: t1 waits.
    std::vector<Task> tasks{task(0, 0, 100, true, false), task(1, 10, 5, false, false)};
    auto policy = std::make_unique<PreemptForUrgent>();
    PreemptForUrgent* p = policy.get();
    ManagerRun r(costly_preemption_platform(), tasks, std::move(policy));
    r.run();
    CHECK(p->preemptions == 0);
    CHECK(r.record(0).end == 100_s);
    CHECK(r.record(1).first_start == 100_s);
}

namespace {

/// Scripted: at 10 s t0 is preempted for t1 and t1 started on the unit t0 still holds (its checkpoint runs until
/// 13 s, so the START waits); at 11 s t1, still waiting for the unit, is preempted for t2, started there too.
/// At any other event each waiting task (arrival order) starts if the unit is idle for its whole run.
class PreemptWaitingStart : public Policy {
public:
    PolicyTraits traits() const override { return PolicyTraits{}; }
    void schedule(const PolicyView& view, Decisions& decide) override {
        const SimTime now = view.now();
        if (now == 10_s && view.is_waiting(1)) {
            REQUIRE(decide.preempt(0, 1));
            decide.start(1, 0, {0}, 0);
            return;
        }
        if (now == 11_s && view.is_waiting(2)) {
            REQUIRE(view.record(1).state == TaskState::Running);  // for the manager; the unit is not free yet
            REQUIRE(decide.preempt(1, 2));
            decide.start(2, 0, {0}, 0);
            return;
        }
        for (TaskId w : view.waiting()) {
            if (!view.is_waiting(w)) continue;
            const SimTime d = view.booked_time(w, 0, 0);
            if (view.profile(0).is_idle(0, now, now + d)) decide.start(w, 0, {0}, 0);
        }
    }
};

}  // namespace

TEST_CASE("preemption: a task preempted while its start waits for its unit never runs then",
          "[manager][preemption][systemc]") {
    // t0: 100 s with 1 GB (checkpoint 3 s, restore 4 s); t1 (5 s) preempts it at 10 s, but t0 writes its
    // checkpoint until 13 s, so t1's START waits for the unit; at 11 s t2 (5 s) preempts t1, which has not run:
    // t1 waits again as if never started (no checkpoint, no preemption counted), and no node ever gets its
    // START for that attempt. t2 starts when t0's checkpoint is written, [13, 18) s; t0 resumes at 18 s:
    // restore [18, 22) s and its 90 s left, done at 112 s; t1 last, [112, 117) s.
    // (Before: the preemption of t1 went to a node where t1 was not running and was never reported; t1 stayed
    // "running" for the manager without a booking, and started when the unit came free, ahead of t2.)
    std::vector<Task> tasks{task(0, 0, 100, true, false), task(1, 10, 5, true, true), task(2, 11, 5, false, true)};
    tasks[0].memory_bytes = 1'000'000'000;
    ManagerRun r(costly_preemption_platform(), tasks, std::make_unique<PreemptWaitingStart>());
    r.run();
    CHECK(r.preemptions(0) == 1);
    CHECK(r.record(0).end == 112_s);
    CHECK(r.record(2).first_start == 13_s);
    CHECK(r.record(2).end == 18_s);
    CHECK(r.preemptions(1) == 0);
    CHECK(r.record(1).first_start == 112_s);
    CHECK(r.record(1).end == 117_s);
    CHECK(r.record(1).energy_j == Approx(2.0 * 5));
    // The core was busy over [0, 117) s at 2 W, plus t0's checkpoint (5 J) and restore (7 J) lumps.
    CHECK(r.machine->total_energy() == Approx(2.0 * 117 + 5 + 7));
}

namespace {

/// Scripted: t0 starts on core 1; at 10 s it is preempted for t1, which starts on both cores although t0
/// still holds core 1 (its checkpoint runs until 13 s): t1's START waits. Any other event: each waiting task (arrival order) at
/// its earliest start on the profile, started now or reserved then (permanently).
class ReserveAtEarliest : public Policy {
public:
    PolicyTraits traits() const override { return PolicyTraits{}; }
    void schedule(const PolicyView& view, Decisions& decide) override {
        const SimTime now = view.now();
        if (now == 0_s && view.is_waiting(0)) {
            decide.start(0, 0, {1}, 0);
            return;
        }
        if (now == 10_s && view.is_waiting(1)) {
            REQUIRE(decide.preempt(0, 1));
            decide.start(1, 0, {0, 1}, 0);
            return;
        }
        for (TaskId w : view.waiting()) {
            if (!view.is_waiting(w)) continue;
            const std::uint32_t k = view.units_needed(w, 0);
            const SimTime d = view.booked_time(w, 0, 0);
            const auto at = view.profile(0).earliest_start(k, d, now);
            if (!at) continue;
            auto units = view.profile(0).choose_nodes(k, *at, d);
            if (*at <= now)
                decide.start(w, 0, std::move(units), 0);
            else
                decide.reserve(w, 0, std::move(units), *at, 0, false);
        }
    }
};

}  // namespace

TEST_CASE("preemption: a start that waits for its units keeps them booked until it runs",
          "[manager][preemption][systemc]") {
    // Two cores. t0 (core 1, 100 s, 1 GB: checkpoint 3 s, restore 4 s) is preempted at 10 s for t1 (2 cores,
    // 2 s), whose START waits until t0's checkpoint is written at 13 s; t1 was booked for [10, 12) s. t2 (1 core,
    // 50 s) arrives at 12.5 s. The manager keeps t1's cores booked from 12.5 s for its 2 s, so t2's earliest
    // start is 14.5 s: t1 runs [13, 15) s, then t2 [15, 65) s on core 0 and t0 resumes on core 1 at 15 s
    // (restore [15, 19) s, its 90 s left: 109 s). (Before: t1's booking lapsed at 12 s, t2 was put on core 0,
    // free on the hardware, from 12.5 s + 1 ns and ran there, and t1 waited for t2 until 62.5 s.)
    PlatformSpec p = costly_preemption_platform();
    p.processor_types[0].cores = 2;
    std::vector<Task> tasks{task(0, 0, 100, true, false), task(1, 10, 2, false, true), task(2, 12.5, 50, false, false)};
    tasks[0].memory_bytes = 1'000'000'000;
    tasks[1].cores = 2;
    ManagerRun r(p, tasks, std::make_unique<ReserveAtEarliest>());
    r.run();
    CHECK(r.record(1).first_start == 13_s);
    CHECK(r.record(1).end == 15_s);
    CHECK(r.record(2).first_start == 15_s);
    CHECK(r.record(2).end == 65_s);
    CHECK(r.record(0).end == 109_s);
}
