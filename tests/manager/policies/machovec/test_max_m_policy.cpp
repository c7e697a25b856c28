// The Max <M> heuristics of Machovec Ch.3 §3.3.5 (Algorithm 4) on the hand-made instance of
// machovec_fixture.h: two one-node clusters, two P-states, two tasks, everything at time 0.
//
// Options at time 0 on empty clusters (start 0; util, energy, cores; then UPT, UPR, UPE):
//   t0 (util 10 x (1 - finish/1000)):
//     c0 P0: 100 s, util 9,   1000 J (100 x 10 W), 1 core   UPT .09   UPR .09   UPE .009
//     c0 P1: 200 s, util 8,    800 J (200 x 4 W),  1 core   UPT .04   UPR .04   UPE .01
//     c1 P0:  50 s, util 9.5, 1000 J (50 x 20 W),  2 cores  UPT .19   UPR .095  UPE .0095
//     c1 P1: 100 s, util 9,    600 J (100 x 6 W),  2 cores  UPT .09   UPR .045  UPE .015
//   t1 (util 4):
//     c0 P0:  40 s, 400 J, 1 core   UPT .1    UPR .1    UPE .01
//     c0 P1:  80 s, 320 J, 1 core   UPT .05   UPR .05   UPE .0125
//     c1 P0:  20 s, 400 J, 2 cores  UPT .2    UPR .1    UPE .01
//     c1 P1:  40 s, 240 J, 2 cores  UPT .1    UPR .05   UPE .016667
#include <yaml-cpp/yaml.h>
#include <catch2/catch.hpp>

#include "manager/policies/machovec/max_m_policy.h"
#include "manager/policies/machovec/register.h"
#include "manager/policy_registry.h"
#include "tests/manager/policies/machovec/machovec_fixture.h"

using namespace rmsim;
using namespace rmsim::test;
using namespace rmsim::time_literals;

namespace {

MaxMConfig config(Objective m, bool placeholders = true) {
    MaxMConfig c;
    c.objective = m;
    c.placeholders = placeholders;
    return c;
}

void check_running(const PolicyView& view, TaskId t, ClusterId c, std::uint32_t p) {
    INFO("task " << t);
    CHECK(view.record(t).state == TaskState::Running);
    CHECK(view.record(t).cluster == c);
    CHECK(view.record(t).pstate == p);
    CHECK(view.start_time(t) == 0.0_s);
}

void check_reserved(const PolicyView& view, TaskId t, ClusterId c, std::uint32_t p, SimTime start, bool placeholder) {
    INFO("task " << t);
    CHECK(view.record(t).state == TaskState::Reserved);
    CHECK(view.record(t).cluster == c);
    CHECK(view.record(t).pstate == p);
    CHECK(view.planned_start(t) == start);
    CHECK(view.record(t).placeholder == placeholder);
}

}  // namespace

TEST_CASE("machovec max-m: Max Util maps the task with the highest utility first", "[manager][machovec]") {
    const PlatformSpec plat = two_cluster_platform();
    const std::vector<Task> tasks = two_tasks();
    Bookkeeping books(plat, tasks, Granularity::Node);
    const PolicyView& view = books.view();
    MaxMPolicy policy(config(Objective::Util));
    arrive_tasks(books, tasks);
    map_at(books, policy, 0.0_s);
    // t0's best is c1 P0 (9.5) > t1's 4: t0 starts on c1 at P0. t1 then earns 4 everywhere (c1 from 50):
    // the tie goes to the first option found, c0 P0 (GAP tie-break), which starts now.
    check_running(view, 0, 1, 0);
    check_running(view, 1, 0, 0);
}

TEST_CASE("machovec max-m: Max UPT reserves the loser behind the winner on the fast cluster", "[manager][machovec]") {
    const PlatformSpec plat = two_cluster_platform();
    const std::vector<Task> tasks = two_tasks();
    Bookkeeping books(plat, tasks, Granularity::Node);
    const PolicyView& view = books.view();
    MaxMPolicy policy(config(Objective::UPT));
    arrive_tasks(books, tasks);
    map_at(books, policy, 0.0_s);
    // t1 c1 P0 .2 > t0 c1 P0 .19: t1 runs on c1 over [0, 20). Then t0: c1 P0 from 20, finish 70, util 9.3,
    // UPT 9.3/50 = .186 > c0 P0 .09: a place-holder at 20 on c1, P0.
    check_running(view, 1, 1, 0);
    check_reserved(view, 0, 1, 0, 20_s, true);
}

TEST_CASE("machovec max-m: Max UPR counts the cores of the whole nodes", "[manager][machovec]") {
    const PlatformSpec plat = two_cluster_platform();
    const std::vector<Task> tasks = two_tasks();
    Bookkeeping books(plat, tasks, Granularity::Node);
    const PolicyView& view = books.view();
    MaxMPolicy policy(config(Objective::UPR));
    arrive_tasks(books, tasks);
    map_at(books, policy, 0.0_s);
    // t1: c0 P0 4/(40 x 1) = .1 ties c1 P0 4/(20 x 2) = .1 -> c0 P0 (first found); .1 > t0's .095, so t1
    // goes first on c0. t0: c1 P0 9.5/(50 x 2) = .095 > c0 P0 from 40 (8.6/100 = .086): starts now on c1.
    check_running(view, 1, 0, 0);
    check_running(view, 0, 1, 0);
}

TEST_CASE("machovec max-m: Max UPE prefers the low P-state", "[manager][machovec]") {
    const PlatformSpec plat = two_cluster_platform();
    const std::vector<Task> tasks = two_tasks();
    Bookkeeping books(plat, tasks, Granularity::Node);
    const PolicyView& view = books.view();
    MaxMPolicy policy(config(Objective::UPE, /*placeholders=*/false));
    arrive_tasks(books, tasks);
    map_at(books, policy, 0.0_s);
    // t1 c1 P1 4/240 = .016667 > t0 c1 P1 9/600 = .015: t1 on c1 P1 over [0, 40). t0: c1 P1 from 40,
    // finish 140, util 8.6, 8.6/600 = .014333 > c0 P1 8/800 = .01 > c1 P0 from 40 (9.1/1000): a permanent
    // reservation at 40 on c1, P1.
    check_running(view, 1, 1, 1);
    check_reserved(view, 0, 1, 1, 40_s, false);
}

TEST_CASE("machovec max-m: a place-holder is re-planned at the next event, a permanent reservation stays",
          "[manager][machovec]") {
    const PlatformSpec plat = two_cluster_platform();
    std::vector<Task> tasks = two_tasks();
    // t2 arrives at 10: hopeless on c0 (1000 s), 20 s on c1 at P0, worth 100.
    tasks.push_back(het_task(2, 10.0, 1000, 2000, 20, 40, UtilityFunction::constant(100.0)));
    for (bool placeholders : {true, false}) {
        INFO("placeholders " << placeholders);
        Bookkeeping books(plat, tasks, Granularity::Node);
        const PolicyView& view = books.view();
        MaxMPolicy policy(config(Objective::UPT, placeholders));
        books.arrive(0, 0.0_s);
        books.arrive(1, 0.0_s);
        map_at(books, policy, 0.0_s);  // as in the Max UPT test: t1 runs on c1 [0, 20), t0 booked at 20 on c1
        check_reserved(view, 0, 1, 0, 20_s, placeholders);
        books.arrive(2, 10.0_s);
        map_at(books, policy, 10.0_s);
        if (placeholders) {
            // The place-holder is gone; t2 (c1 P0 from 20: UPT 100/20 = 5) beats t0 (.186) and takes [20, 40).
            // t0 then: c1 P0 from 40, finish 90, util 9.1, UPT .182 > c0 P0 from 10 (8.9/100 = .089).
            check_reserved(view, 2, 1, 0, 20_s, true);
            check_reserved(view, 0, 1, 0, 40_s, true);
        } else {
            // t0 keeps [20, 70); t2's best is c1 P0 after it, at 70 (UPT 5 > c0 P0 100/1000 = .1).
            check_reserved(view, 0, 1, 0, 20_s, false);
            check_reserved(view, 2, 1, 0, 70_s, false);
        }
    }
}

TEST_CASE("machovec max-m: dropping below the threshold (§3.3.3)", "[manager][machovec]") {
    const PlatformSpec plat = two_cluster_platform();
    const std::vector<Task> tasks = {two_tasks()[0]};
    {
        // First event at 950: fastest cluster c1 at P0, 50 s -> finish 1000, util 0 < 0.5: dropped.
        Bookkeeping books(plat, tasks, Granularity::Node);
        const PolicyView& view = books.view();
        MaxMPolicy policy(config(Objective::Util));
        arrive_tasks(books, tasks);
        map_at(books, policy, 950.0_s);
        CHECK(view.record(0).state == TaskState::Dropped);
    }
    {
        // At 880: finish 930, util 10 x 0.07 = 0.7, not below 0.5: kept and started on c1 P0.
        Bookkeeping books(plat, tasks, Granularity::Node);
        const PolicyView& view = books.view();
        MaxMPolicy policy(config(Objective::Util));
        arrive_tasks(books, tasks);
        map_at(books, policy, 880.0_s);
        CHECK(view.record(0).state == TaskState::Running);
        CHECK(view.record(0).cluster == 1);
    }
}

TEST_CASE("machovec max-m: no option may exceed the energy left in the period", "[manager][machovec]") {
    const PlatformSpec plat = two_cluster_platform();
    const std::vector<Task> tasks = two_tasks();
    Bookkeeping books(plat, tasks, Granularity::Node);
    const PolicyView& view = books.view();
    books.energy().set_budget(EnergyBudget{1000.0, 86400.0_s, 0.0_s, {}});
    MaxMPolicy policy(config(Objective::UPT));
    arrive_tasks(books, tasks);
    map_at(books, policy, 0.0_s);
    // t1 first as in the Max UPT test (400 J; 600 J left). t0: c1 P0 and c0 P0 (1000 J) and c0 P1 (800 J)
    // no longer fit; c1 P1 (600 J) from 20 does.
    check_running(view, 1, 1, 0);
    check_reserved(view, 0, 1, 1, 20_s, true);
}

TEST_CASE("machovec max-m: an option that lost value to a booking is re-valued before it is chosen",
          "[manager][machovec]") {
    const PlatformSpec plat = two_cluster_platform();
    // t0: A 100/200 s, B 50/100 s, utility 10 x (1 - elapsed/1000): best c1 P0, 9.5, 50 s x 20 W = 1000 J.
    // t1: A 900/1800 s, B 10/20 s, utility 9.4 x (1 - elapsed/1000): c1 P0 at 0 finishes at 10, 9.306.
    // t2: A 40/80 s, B 20/40 s, utility 9: every option 9, c0 P0 first (400 J).
    const std::vector<Task> tasks = {het_task(0, 0.0, 100, 200, 50, 100, UtilityFunction::linear_decay(10.0, 1000.0)),
                                     het_task(1, 0.0, 900, 1800, 10, 20, UtilityFunction::linear_decay(9.4, 1000.0)),
                                     het_task(2, 0.0, 40, 80, 20, 40, UtilityFunction::constant(9.0))};
    Bookkeeping books(plat, tasks, Granularity::Node);
    const PolicyView& view = books.view();
    books.energy().set_budget(EnergyBudget{1500.0, 86400.0_s, 0.0_s, {}});
    MaxMPolicy policy(config(Objective::Util));
    arrive_tasks(books, tasks);
    map_at(books, policy, 0.0_s);
    // 1. t0 (9.5) on c1 P0 now; 1500 - 1000 = 500 J left.
    // 2. t1 on c1 now starts at 50: P0 finishes at 60, 9.4 x 0.94 = 8.836; c0 P0 at 900, 0.94. Its best,
    //    8.836, is below t2's 9, so t2 goes first: c0 P0 now, 400 J; 100 J left.
    // 3. t1: c1 P0 200 J, c1 P1 20 x 6 = 120 J, c0 P0 9000 J, c0 P1 7200 J: none fits, t1 keeps waiting.
    // (Ranking t1 by its value before t0's booking, 9.306 > 9, would map t1 second and push t2 to c1 P1.)
    check_running(view, 0, 1, 0);
    check_running(view, 2, 0, 0);
    CHECK(view.is_waiting(1));
}

TEST_CASE("machovec max-m: the per-resource filter removes the energy-hungry options", "[manager][machovec]") {
    const PlatformSpec plat = two_cluster_platform();
    const std::vector<Task> tasks = two_tasks();
    Bookkeeping books(plat, tasks, Granularity::Node);
    const PolicyView& view = books.view();
    // Resources remaining at 0 until the end of the day: 86400 x 1 core + 86400 x 2 cores = 259200 core-s.
    // EPR_budget = 4.0 x 324000 J / 259200 core-s = 5 J per core-s. Options' J per core-s: c0 P0 10,
    // c0 P1 4, c1 P0 10, c1 P1 3 (both tasks): only P1 survives.
    books.energy().set_budget(EnergyBudget{324000.0, 86400.0_s, 0.0_s, {}});
    MaxMConfig c = config(Objective::Util);
    c.filter = FilterKind::PerResource;
    c.leniency = 4.0;
    MaxMPolicy policy(c);
    arrive_tasks(books, tasks);
    map_at(books, policy, 0.0_s);
    // t0: c1 P1 (util 9) > c0 P1 (8), and 9 > t1's 4: t0 on c1 P1. t1: c0 P1 now (util 4).
    check_running(view, 0, 1, 1);
    check_running(view, 1, 0, 1);
}

TEST_CASE("machovec register: the four Max <M> policies and their parameters", "[manager][machovec]") {
    PolicyRegistry r;
    register_machovec_policies(r);
    const SourceLocation at{"exp.yaml", 3, 5};
    for (const char* name : {"max-util", "max-upt", "max-upr", "max-upe"}) {
        const PolicyInfo* info = r.find(name);
        REQUIRE(info != nullptr);
        CHECK(info->family == "machovec");
        const auto p = r.create(name, PolicyParams(YAML::Load("{}"), "exp.yaml"), at);
        CHECK(p->traits().granularity == Granularity::Node);
        CHECK(p->traits().period == 60_s);
        CHECK_FALSE(p->traits().on_arrival);
    }
    const auto upr = r.create(
        "max-upr", PolicyParams(YAML::Load("{filter: per-resource, reservations: permanent}"), "exp.yaml"), at);
    const auto* m = dynamic_cast<const MaxMPolicy*>(upr.get());
    REQUIRE(m != nullptr);
    CHECK(m->config().objective == Objective::UPR);
    CHECK(m->config().filter == FilterKind::PerResource);
    CHECK(m->config().leniency == 4.0);
    CHECK_FALSE(m->config().placeholders);
    CHECK(m->config().dropping_threshold == 0.5);
    CHECK_THROWS_AS(r.create("max-util", PolicyParams(YAML::Load("{reservations: soft}"), "exp.yaml"), at), InputError);
    CHECK_THROWS_AS(r.create("max-util", PolicyParams(YAML::Load("{filter: global}"), "exp.yaml"), at), InputError);
    CHECK_THROWS_AS(r.create("max-util", PolicyParams(YAML::Load("{pstate: 1}"), "exp.yaml"), at), InputError);
}
