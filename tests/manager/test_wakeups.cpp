// A policy can ask to be called at a time of its choosing (Decisions::wake_me_at), beside the periodic,
// arrival and completion triggers.
#include <catch2/catch.hpp>

#include "manager/decisions.h"
#include "manager/policy_view.h"
#include "manager/unit_choice.h"
#include "tests/manager/manager_run.h"
#include "tests/manager/policies/baseline/baseline_fixture.h"
#include "tests/modules/hw_fixture.h"

using namespace rmsim;
using namespace rmsim::test;
using namespace rmsim::time_literals;

namespace {

/// Starts nothing before `opening`: at an earlier mapping event it asks to be called at `opening`, then starts
/// every waiting task it can. Mapping events only on arrivals (and the wake-ups).
class OpensAt : public Policy {
public:
    explicit OpensAt(SimTime opening) : opening_(opening) {}
    PolicyTraits traits() const override {
        PolicyTraits t;
        t.on_arrival = true;
        t.on_completion = false;
        return t;
    }
    void schedule(const PolicyView& view, Decisions& decide) override {
        calls.push_back(view.now());
        if (view.now() < opening_) {
            decide.wake_me_at(opening_);
            return;
        }
        for (TaskId t : view.waiting()) {
            const SimTime d = view.exec_time(t, 0, 0);
            auto units = lowest_idle_units(view.profile(0), view.units_needed(t, 0), view.now(), view.now() + d);
            if (!units.empty()) decide.start(t, 0, std::move(units), 0);
        }
    }
    std::vector<SimTime> calls;

private:
    SimTime opening_;
};

}  // namespace

TEST_CASE("wake-ups: a policy is called at the time it asked for", "[manager][wakeup][systemc]") {
    // One 1-core node at 1 GHz. t0 (10 s) arrives at 0 and t1 (5 s) at 3 s: the policy is called at both
    // arrivals, asks for 42 s each time, and is called once at 42 s (two requests for one time: one event),
    // where it starts t0; t1 waits for the next event, which only the policy can ask for: none, so the run
    // ends when nothing more can happen, with t1 waiting.
    auto policy = std::make_unique<OpensAt>(42_s);
    OpensAt* p = policy.get();
    std::vector<Task> tasks{make_task(0, 0.0, 0, 1, 10.0), make_task(1, 3.0, 0, 1, 5.0)};
    ManagerRun r(simple_platform({PState{1e9, 1.0, 2.0, 0.5}}, 1, 1), tasks, std::move(policy));
    r.run();
    CHECK(p->calls == std::vector<SimTime>{0_s, 3_s, 42_s});
    CHECK(r.record(0).first_start == 42_s);
    CHECK(r.record(0).end == 52_s);
    CHECK(r.record(1).state == TaskState::Waiting);
}

TEST_CASE("wake-ups: a wake-up must be after now", "[manager][wakeup]") {
    const PlatformSpec plat = small_platform({1});
    const std::vector<Task> tasks{node_task(0, 1, 10.0)};
    Bookkeeping books(plat, tasks, Granularity::Node);
    books.begin_event(5_s);
    CHECK_THROWS_AS(books.decisions().wake_me_at(5_s), std::logic_error);
    CHECK_THROWS_AS(books.decisions().wake_me_at(4_s), std::logic_error);
    books.decisions().wake_me_at(6_s);
    CHECK(books.take_wakeups() == std::vector<SimTime>{6_s});
    CHECK(books.take_wakeups().empty());
}
