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
    CHECK(r.record(0).preemptions == 1);
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
    CHECK(r.record(0).preemptions == 0);
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
