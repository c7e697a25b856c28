// The Event-Based and Task-Based metaheuristics (Machovec Ch.3 §3.3.6): Max UPR while the committed energy
// is at or below the linear goal curve, Max UPE above it.
#include <catch2/catch.hpp>

#include "manager/policy_registry.h"
#include "tests/manager/policies/machovec/machovec_fixture.h"

using namespace rmsim;
using namespace rmsim::test;
using namespace rmsim::time_literals;

namespace {

// Options of a task taking 10 s at P0 / 20 s at P1 on either cluster, utility 1 (fixture powers):
//   c0 P0: 10 s x 10 W = 100 J, 1 core:  UPR 1 / (10 x 1) = 0.1,   UPE 1 / 100 = 0.01
//   c0 P1: 20 s x  4 W =  80 J, 1 core:  UPR 1 / 20       = 0.05,  UPE 1 / 80  = 0.0125
//   c1 P0: 10 s x 20 W = 200 J, 2 cores: UPR 1 / 20       = 0.05,  UPE 0.005
//   c1 P1: 20 s x  6 W = 120 J, 2 cores: UPR 1 / 40,               UPE 1 / 120
// so Max UPR takes c0 at P0 and Max UPE takes c0 at P1.
struct Setup {
    PlatformSpec p = two_cluster_platform(2, 1);
    std::vector<Task> tasks;
    Bookkeeping books;
    const PolicyView& view = books.view();
    Joules consumed;
    Setup(std::size_t n, Joules consumed_j) : tasks(make(n)), books(p, tasks, Granularity::Node), consumed(consumed_j) {
        books.energy().set_reader([this] { return consumed; });
        books.energy().set_budget(EnergyBudget{1000, 86400_s, 0_s, {}});
        for (const Task& t : tasks) books.arrive(t.id, t.arrival());
        books.begin_event(43200_s);  // half the day: goal = 1000 x 43200 / 86400 = 500 J
    }
    static std::vector<Task> make(std::size_t n) {
        std::vector<Task> ts;
        for (TaskId i = 0; i < n; ++i) ts.push_back(het_task(i, 43200, 10, 20, 10, 20, UtilityFunction::constant(1)));
        return ts;
    }
    void run(const std::string& policy) {
        builtin_policies()
            .create(policy, PolicyParams(), SourceLocation{"test", 0, 0})
            ->schedule(view, books.decisions());
    }
};

}  // namespace

TEST_CASE("metaheuristics: event-based uses max UPR below the goal and max UPE above it", "[manager][machovec]") {
    Setup below(1, 400);  // committed 400 J <= goal 500 J
    CHECK(below.view.energy_goal(43200_s) == Approx(500.0));
    below.run("event-based");
    REQUIRE(below.view.record(0).state == TaskState::Running);
    CHECK(below.view.record(0).cluster == 0);
    CHECK(below.view.record(0).pstate == 0);  // Max UPR

    Setup above(1, 600);  // committed 600 J > 500 J
    above.run("event-based");
    REQUIRE(above.view.record(0).state == TaskState::Running);
    CHECK(above.view.record(0).cluster == 0);
    CHECK(above.view.record(0).pstate == 1);  // Max UPE
}

TEST_CASE("metaheuristics: task-based switches to max UPE once the goal is reached", "[manager][machovec]") {
    // Committed 450 J <= 500: Max UPR maps task 0 on c0 node 0 at P0 (+100 J -> 550 J >= 500), then Max UPE
    // maps task 1 on c0 node 1 at P1.
    Setup task_based(2, 450);
    task_based.run("task-based");
    CHECK(task_based.view.record(0).pstate == 0);
    CHECK(task_based.view.record(1).pstate == 1);
    CHECK(task_based.view.record(1).cluster == 0);
    // Event-based keeps Max UPR for the whole event: both at P0.
    Setup event_based(2, 450);
    event_based.run("event-based");
    CHECK(event_based.view.record(0).pstate == 0);
    CHECK(event_based.view.record(1).pstate == 0);
}

TEST_CASE("metaheuristics: E_committed counts the place-holders the event opened with (§3.3.6.2)",
          "[manager][machovec]") {
    // Task 0 arrived at 43,100 s and got a place-holder at the event of 43,140 s: c0 node 0 from 43,300 s at
    // P0 (100 J estimated, see above). The event of 43,200 s removes it (§3.3.1) and task 0 waits again.
    // Consumed 450 J; the goal at 43,200 s is 500 J. §3.3.6.2: E_committed = 450 + 100 (the place-holder)
    // = 550 > 500 -> Max UPE: c0 at P1. Without the place-holder 450 <= 500 -> Max UPR: c0 at P0.
    for (const bool with : {true, false}) {
        const PlatformSpec p = two_cluster_platform(2, 1);
        const std::vector<Task> tasks{het_task(0, 43100, 10, 20, 10, 20, UtilityFunction::constant(1))};
        Bookkeeping books(p, tasks, Granularity::Node);
        const Joules consumed = 450;
        books.energy().set_reader([&] { return consumed; });
        books.energy().set_budget(EnergyBudget{1000, 86400_s, 0_s, {}});
        books.arrive(0, tasks[0].arrival());
        books.begin_event(43140_s);
        books.decisions().reserve(0, 0, {0}, 43300_s, 0, true);
        CHECK(books.view().energy_committed_in_period() == Approx(550.0));  // the place-holder is committed
        books.begin_event(43200_s);
        REQUIRE(books.view().record(0).state == TaskState::Waiting);
        CHECK(books.view().energy_committed_in_period() == Approx(450.0));
        CHECK(books.view().energy_of_cleared_placeholders() == Approx(100.0));
        PolicyParams params;
        if (!with) params = PolicyParams(YAML::Load("{e_committed: without-placeholders}"), "test");
        builtin_policies()
            .create("event-based", params, SourceLocation{"test", 0, 0})
            ->schedule(books.view(), books.decisions());
        REQUIRE(books.view().record(0).state == TaskState::Running);
        CHECK(books.view().record(0).cluster == 0);
        CHECK(books.view().record(0).pstate == (with ? 1u : 0u));
        // Mapped again, the task is in E_committed once, by its new start.
        CHECK(books.view().energy_of_cleared_placeholders() == 0.0);
    }
}

TEST_CASE("metaheuristics: the switch follows a goal shaped by a two-step price curve", "[manager][machovec][energy]") {
    // At 12:00 the straight line's goal is 1000 x 0.5 = 500 J; a day priced 1 then 3 (shares 1 and 1/3) allots
    // 3/4 of the budget to the first half: 750 J. Committed 600 J is above the line (Max UPE: P1) and below
    // the curve (Max UPR: P0).
    Setup line(1, 600);
    line.run("event-based");
    REQUIRE(line.view.record(0).state == TaskState::Running);
    CHECK(line.view.record(0).pstate == 1);

    Setup curve(1, 600);
    EnergyBudget b{1000, 86400_s, 0_s, {}};
    b.shape = {1.0, 1.0 / 3.0};
    curve.books.energy().set_budget(b);
    CHECK(curve.view.energy_goal(43200_s) == Approx(750.0).epsilon(1e-12));
    curve.run("event-based");
    REQUIRE(curve.view.record(0).state == TaskState::Running);
    CHECK(curve.view.record(0).pstate == 0);
    // Committed 800 J is above both: Max UPE.
    Setup above(1, 800);
    above.books.energy().set_budget(b);
    above.run("event-based");
    CHECK(above.view.record(0).pstate == 1);
}
