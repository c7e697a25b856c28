// What the Ch.4 policy keeps of the tasks across mapping events (manager/policies/preemptive/task_facts.h):
// the RETs are the view's exec_time at P0, computed anew once a preemption has changed a task's remaining work;
// the utility is the task's to the bit.
#include <catch2/catch.hpp>

#include "manager/bookkeeping.h"
#include "manager/policies/preemptive/task_facts.h"
#include "tests/manager/policies/baseline/baseline_fixture.h"

using namespace rmsim;
using namespace rmsim::test;

namespace {

/// Two clusters of one 1-core node: cluster 0 of core type 0, cluster 1 of core type 1 (a copy of type 0).
PlatformSpec two_core_types() {
    PlatformSpec p = small_platform({1, 1});
    p.core_types.push_back(p.core_types[0]);
    p.core_types[1].name = "d";
    p.processor_types.push_back(p.processor_types[0]);
    p.processor_types[1].name = "q";
    p.processor_types[1].core_type = 1;
    p.node_types.push_back(p.node_types[0]);
    p.node_types[1].name = "m";
    p.node_types[1].processors = {NodeType::Processors{1, 1}};
    p.clusters[1].node_type = 1;
    return p;
}

/// A serial task of `t0` s at P0 on core type 0 and `t1` s on type 1 (negative: it cannot run there).
Task serial(TaskId id, Seconds t0, Seconds t1) {
    Task t = make_task(id, 0.0, 0, 1, t0);
    auto table = std::make_shared<TimeTable>();
    table->seconds = {{t0, 2 * t0}, {t1, 2 * t1}};
    t.work.set_table(table);
    t.preemptible = true;
    t.arrival_s = 0.25 * id;
    // 4 until 50 s after arrival, then down to 1 at 100 s, then 1.
    t.utility = UtilityFunction::piecewise_linear({{0, 4.0}, {50, 4.0}, {100, 1.0}});
    return t;
}

}  // namespace

TEST_CASE("Ch.4 task facts: RETs kept per task, computed anew after a preemption", "[manager][preemptive]") {
    const PlatformSpec spec = two_core_types();
    const std::vector<Task> tasks{serial(0, 40, -1), serial(1, 30, 10)};
    Bookkeeping books(spec, tasks, Granularity::Core);
    const PolicyView& view = books.view();
    arrive_all(books, tasks);
    books.begin_event(1.0_s);
    TaskFacts facts;
    facts.prepare(view);  // sized for both tasks, nothing copied yet
    CHECK_FALSE(facts.known(0));
    // Task 0: 40 s on cluster 0, cannot run on cluster 1 (-1). Task 1: 30 s and 10 s.
    CHECK(facts.rets(view, 0)[0] == 40.0);
    CHECK(facts.rets(view, 0)[1] == -1.0);
    CHECK(facts.rets(view, 1)[0] == 30.0);
    CHECK(facts.rets(view, 1)[1] == 10.0);
    // The fixed facts: task 1 arrives at 0.25 s; completing 60 s from 1 s is 60.75 s after its arrival:
    // 4 - 3 x 10.75 / 50 = 3.355.
    CHECK_FALSE(facts.known(1));
    CHECK(facts.of(view, 1).preemptible);
    CHECK_FALSE(facts.of(view, 1).can_preempt);
    CHECK(facts.of(view, 1).arrival_s == 0.25);
    CHECK(facts.known(1));
    CHECK(facts.utility(1, 1.0_s, 60.0) == Approx(3.355).epsilon(1e-12));
    CHECK(facts.utility(1, 1.0_s, 60.0) == view.utility_at(1, 61.0_s));
    // Task 1 runs on cluster 1 from 1 s and is preempted at 4 s with 60 % of its work left: 0.6 x 30 = 18 s on
    // cluster 0, 0.6 x 10 = 6 s on cluster 1.
    books.decisions().start(1, 1, {0}, 0);
    books.begin_event(4.0_s);
    REQUIRE(books.decisions().preempt(1));
    REQUIRE(books.part_finished(1, true, 0.6, 1.0, 4.0_s));
    books.begin_event(5.0_s);
    CHECK(facts.rets(view, 1)[0] == Approx(18.0).epsilon(1e-12));
    CHECK(facts.rets(view, 1)[1] == Approx(6.0).epsilon(1e-12));
    // Always what the view computes for the task's remaining work now.
    for (TaskId t : {0, 1})
        for (ClusterId k : {0, 1}) {
            const SimTime d = view.exec_time(t, k, 0);
            CHECK(facts.rets(view, t)[k] == (d.is_negative() ? -1.0 : d.to_seconds()));
        }
    // And the utility at any completion is the task's, to the bit.
    for (TaskId t : {0, 1}) {
        (void)facts.of(view, t);
        for (double x : {0.0, 1e-3, 44.0, 44.75, 45.0, 70.123, 94.75, 95.0, 1e4})
            CHECK(facts.utility(t, 5.0_s, x) ==
                  tasks[t].utility.value_at((5.0_s - tasks[t].arrival()).to_seconds() + x));
    }
}
