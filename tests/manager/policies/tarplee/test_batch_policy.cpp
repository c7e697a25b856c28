// The Tarplee batch policies on the simulated hardware (manager/policies/tarplee/batch_policy.h): the
// allocation is computed at the first mapping event, then each machine's queue is dispatched; the simulated
// makespan and energy match the allocation's prediction on a hand-made instance.
#include <catch2/catch.hpp>

#include <memory>

#include "manager/front_report.h"

#include "tests/manager/manager_run.h"
#include "tests/modules/hw_fixture.h"

using namespace rmsim;
using namespace rmsim::test;

namespace {

// Two machine types, one single-core machine each: A (busy 2 W, idle 0.5 W), B (busy 3 W, idle 1 W).
PlatformSpec two_machines() {
    PlatformSpec s = simple_platform({PState{1e9, 1.0, 2.0, 0.5}}, 1, 1);
    CoreType b;
    b.name = "B";
    b.pstates = {PState{1e9, 1.0, 3.0, 1.0}};
    s.core_types.push_back(b);
    ProcessorType pb;
    pb.name = "cpuB";
    pb.core_type = 1;
    pb.cores = 1;
    s.processor_types.push_back(pb);
    NodeType nb;
    nb.name = "nodeB";
    nb.processors.push_back({1, 1});
    s.node_types.push_back(nb);
    ClusterSpec c;
    c.name = "c1";
    c.node_type = 1;
    c.nodes = 1;
    s.clusters.push_back(c);
    return s;
}

// ETC = [[2, 4], [3, 1]] (type x machine type), T = (4, 2): the 2 x 2 LP instance of test_lp_makespan.cpp.
std::vector<Task> bag() {
    auto type0 = std::make_shared<TimeTable>();
    type0->seconds = {{2.0}, {4.0}};
    auto type1 = std::make_shared<TimeTable>();
    type1->seconds = {{3.0}, {1.0}};
    std::vector<Task> tasks;
    for (TaskId id = 0; id < 6; ++id) {
        Task t;
        t.id = id;
        t.type = id % 3 == 2 ? 1 : 0;  // ids 2 and 5 are type 1
        t.work.set_table(t.type == 0 ? Interned<TimeTable>(type0) : Interned<TimeTable>(type1));
        tasks.push_back(t);
    }
    return tasks;
}

double figure(const Policy& p, const std::string& name) {
    PolicyReport r;
    p.report(r);
    for (const auto& [n, v] : r.figures)
        if (n == name) return v;
    FAIL("no figure " << name);
    return 0;
}

}  // namespace

TEST_CASE("tarplee: lp-makespan runs its allocation on the hardware", "[manager][tarplee][systemc]") {
    ManagerRun run(two_machines(), bag(), "lp-makespan");
    run.run();
    // LP: mu = [[3, 1], [0, 2]], MS_LB = 6, integral (rounding keeps it). LPT: machine A runs three type-0
    // tasks (2 + 2 + 2 = 6 s); machine B runs the type-0 task first (4 s, the longest) then two type-1 tasks
    // (1 + 1): 6 s. Energy: both busy for 6 s, never idle: 6 x 2 W + 6 x 3 W = 30 J.
    CHECK(figure(*run.policy, "lp_bound_makespan_s") == Approx(6.0));
    CHECK(figure(*run.policy, "predicted_makespan_s") == Approx(6.0));
    CHECK(figure(*run.policy, "predicted_energy_j") == Approx(30.0));
    double makespan = 0;
    for (TaskId t = 0; t < 6; ++t) {
        CHECK(run.record(t).state == TaskState::Completed);
        makespan = std::max(makespan, run.record(t).end.to_seconds());
    }
    CHECK(makespan == Approx(6.0).margin(1e-3));
    CHECK(run.machine->total_energy() == Approx(30.0).epsilon(1e-3));
    // Machine B ran a type-0 task (id 0, the lowest id of the type's tasks left for it after A's three).
    int on_b = 0;
    for (TaskId t = 0; t < 6; ++t) on_b += run.record(t).cluster == 1 ? 1 : 0;
    CHECK(on_b == 3);
}

TEST_CASE("tarplee: max-min runs its allocation on the hardware", "[manager][tarplee][systemc]") {
    ManagerRun run(two_machines(), bag(), "max-min");
    run.run();
    // Alg. 3 with max, rt = (A, B): MCT type 0: min(2, 4) = 2 on A; type 1: min(3, 1) = 1 on B; the largest:
    // type 0 -> A (2, 0). type 0: min(4, 4) = 4 on A (tie: A first); type 1: min(5, 1) = 1 on B -> type 0 -> A
    // (4, 0). type 0: min(6, 4) = 4 on B; type 1: 1 on B -> type 0 -> B (4, 4). type 0: min(6, 8) = 6 on A;
    // type 1: min(7, 5) = 5 on B -> type 0 -> A (6, 4). type 1: 5 on B -> (6, 5); type 1: min(9, 6) = 6 on B.
    // Makespan 6; A busy 6 s (6 x 2 W = 12 J), B busy 4 + 1 + 1 = 6 s (18 J): 30 J.
    CHECK(figure(*run.policy, "predicted_makespan_s") == Approx(6.0));
    CHECK(figure(*run.policy, "predicted_energy_j") == Approx(30.0));
    double makespan = 0;
    for (TaskId t = 0; t < 6; ++t) makespan = std::max(makespan, run.record(t).end.to_seconds());
    CHECK(makespan == Approx(6.0).margin(1e-3));
    CHECK(run.machine->total_energy() == Approx(30.0).epsilon(1e-3));
}

TEST_CASE("tarplee: lp-energy-front runs its minimum-energy allocation on the hardware",
          "[manager][tarplee][systemc]") {
    ManagerRun run(two_machines(), bag(), "lp-energy-front", {}, "{execute_alpha: 1, weights: 11}");
    run.run();
    // Energy per task (ETC x busy power): type 0: A 2 x 2 = 4 J, B 4 x 3 = 12 J; type 1: A 3 x 2 = 6 J,
    // B 1 x 3 = 3 J. All type 0 on A, type 1 on B: A busy 8 s (16 J); B busy 2 s (6 J), idle 6 s at 1 W
    // (6 J): 28 J, makespan 8. Eq. 10 agrees: 4 x 2 x 1.5 + 2 x 1 x 2 + (0.5 + 1) x 8 = 28. Moving x type-0
    // tasks to B costs 5 J each in busy power and saves 2x s of makespan (1.5 W x 2 s): 28 + 2x, so 28 is
    // the minimum.
    CHECK(figure(*run.policy, "predicted_makespan_s") == Approx(8.0));
    CHECK(figure(*run.policy, "predicted_energy_j") == Approx(28.0));
    CHECK(figure(*run.policy, "min_lp_energy_j") == Approx(28.0));
    CHECK(figure(*run.policy, "min_lp_makespan_s") == Approx(6.0));
    double makespan = 0;
    for (TaskId t = 0; t < 6; ++t) makespan = std::max(makespan, run.record(t).end.to_seconds());
    CHECK(makespan == Approx(8.0).margin(1e-3));
    CHECK(run.machine->total_energy() == Approx(28.0).epsilon(1e-3));
    const auto* fronts = dynamic_cast<const FrontReport*>(run.policy.get());
    REQUIRE(fronts != nullptr);
    const std::string csv = fronts->pareto_csv();
    CHECK(csv.rfind("front,point,energy_j,makespan_s\n", 0) == 0);
    CHECK(csv.find("lp_lower_bound,0,28,8\n") != std::string::npos);
    CHECK(csv.find("executed,0,28,8\n") != std::string::npos);
}

TEST_CASE("tarplee: lp-max-profit runs its allocation on the hardware", "[manager][tarplee][systemc]") {
    ManagerRun run(two_machines(), bag(), "lp-max-profit", {}, "{gamma: 1.5, weights: 5}");
    run.run();
    // E_min = the minimum of Eq. 10 with idle power: 28 J (the lp-energy-front test above); price 1.5 x 28 = 42.
    CHECK(figure(*run.policy, "e_min_j") == Approx(28.0));
    CHECK(figure(*run.policy, "price") == Approx(42.0));
    CHECK(figure(*run.policy, "runs") == 1.0);
    CHECK(figure(*run.policy, "profit_rate_lower_bound") <= figure(*run.policy, "profit_rate_upper_bound") + 1e-9);
    double makespan = 0;
    for (TaskId t = 0; t < 6; ++t) {
        CHECK(run.record(t).state == TaskState::Completed);
        makespan = std::max(makespan, run.record(t).end.to_seconds());
    }
    CHECK(makespan == Approx(figure(*run.policy, "predicted_makespan_s")).margin(1e-3));
    CHECK(run.machine->total_energy() == Approx(figure(*run.policy, "predicted_energy_j")).epsilon(1e-3));
}

namespace {

void check_per_event(const std::string& method) {
    // Three tasks at t = 0: ids 0 and 1 of type 0 (ETC A 2 s, B 4 s), id 2 of type 1 (A 3 s, B 1 s).
    std::vector<Task> tasks = bag();
    tasks.resize(3);
    ManagerRun run(two_machines(), tasks, method, {}, "{mode: per-event}");
    run.run();
    // t = 0, both machines idle, the bag (2, 1) onto (A, B):
    // - LP: min MS with 2 mu00 + 3 mu10 <= MS, 4 mu01 + mu11 <= MS: type 1 on B, type 0 split 2x = 1 + 4 (2 - x),
    //   x = 1.5, MS 3; rounding (1.5, 0.5) -> (2, 0) (the tie to the lower machine type); LPT: A runs 2 x type 0,
    //   B the type-1 task.
    // - min-min: MCT type 0 = 2 on A, type 1 = 1 on B -> type 1 to B (B ready 1); type 0: min(2, 5) = 2 on A
    //   (A ready 2); type 0: min(4, 5) = 4 on A. max-min: type 0 (2 > 1) to A; type 0 min(4, 4) = 4, A on the
    //   tie, against type 1's 1 -> A; type 1 to B. The same counts.
    // Each machine starts the first the method gives it: A task 0 (type 0), B task 2 (type 1), both at 0.
    CHECK(run.record(0).cluster == 0);
    CHECK(run.record(0).end.to_seconds() == Approx(2.0).margin(1e-6));
    CHECK(run.record(2).cluster == 1);
    CHECK(run.record(2).end.to_seconds() == Approx(1.0).margin(1e-6));
    // t = 1: B is free, task 1 waits: the bag (1, 0) onto B alone, 1 + 4 = 5 s. The static plan would have run
    // it on A after task 0 (4 s); the rolling bag only sees the machines idle now.
    CHECK(run.record(1).cluster == 1);
    CHECK(run.record(1).first_start.to_seconds() == Approx(1.0).margin(1e-6));
    CHECK(run.record(1).end.to_seconds() == Approx(5.0).margin(1e-6));
    // Two events mapped a bag (t = 0 and t = 1); at t = 2 nothing waits.
    CHECK(figure(*run.policy, "event_plans") == 2);
}

}  // namespace

// One simulation per process: one test case per method.
TEST_CASE("tarplee: per-event lp-makespan maps the waiting bag onto the idle machines", "[manager][tarplee][systemc]") {
    check_per_event("lp-makespan");
}

TEST_CASE("tarplee: per-event min-min maps the waiting bag onto the idle machines", "[manager][tarplee][systemc]") {
    check_per_event("min-min");
}

TEST_CASE("tarplee: per-event max-min maps the waiting bag onto the idle machines", "[manager][tarplee][systemc]") {
    check_per_event("max-min");
}
