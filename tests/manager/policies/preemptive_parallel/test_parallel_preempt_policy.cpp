// The preemptive heuristics for parallel tasks on a Ch.3 style system (parallel_preempt_policy.h), one mapping
// event by hand, no SystemC. Cluster 0: 4 one-core nodes of core type A (10 W busy at P0); cluster 1: one
// node (the tasks here cannot run there). At time 0 three preemptible tasks run on cluster 0 until 1000 s:
//   tA on nodes {0, 1}, utility 4 x (1 - elapsed / 2000): 2 at 1000 s
//   tB on node 2, utility 1 (constant)
//   tC on node 3, utility 1 (constant)
// At 10 s the urgent tU arrives: 2 nodes, 100 s at P0 (200 s at P1) on cluster 0, may preempt.
#include <yaml-cpp/yaml.h>
#include <algorithm>
#include <catch2/catch.hpp>

#include "manager/policy_registry.h"
#include "tests/manager/policies/machovec/machovec_fixture.h"

using namespace rmsim;
using namespace rmsim::test;
using namespace rmsim::time_literals;

namespace {

enum : TaskId { tA = 0, tB = 1, tC = 2, tU = 3 };

Task parallel_task(TaskId id, Seconds arrival, std::uint32_t nodes, Seconds a0, UtilityFunction u) {
    Task t = het_task(id, arrival, a0, 2 * a0, -1, -1, u);
    t.nodes = nodes;
    t.cores = nodes;
    return t;
}

std::vector<Task> instance(UtilityFunction urgent) {
    std::vector<Task> t{parallel_task(tA, 0, 2, 1000, UtilityFunction::linear_decay(4.0, 2000.0)),
                        parallel_task(tB, 0, 1, 1000, UtilityFunction::constant(1.0)),
                        parallel_task(tC, 0, 1, 1000, UtilityFunction::constant(1.0)),
                        parallel_task(tU, 10, 2, 100, urgent)};
    for (TaskId i : {tA, tB, tC}) t[i].preemptible = true;
    t[tU].can_preempt = true;
    return t;
}

std::unique_ptr<Policy> make(const std::string& name) {
    return builtin_policies().create(name, PolicyParams(YAML::Load("{}"), "test.yaml"), SourceLocation{"test", 0, 0});
}

/// The three running at 0, tU waiting at 10; then one event of `policy` at 10 s.
void run_event(Bookkeeping& books, const std::vector<Task>& tasks, Policy& policy) {
    arrive_tasks(books, {tasks[tA], tasks[tB], tasks[tC]});
    books.begin_event(0_s);
    books.decisions().start(tA, 0, {0, 1}, 0);
    books.decisions().start(tB, 0, {2}, 0);
    books.decisions().start(tC, 0, {3}, 0);
    books.arrive(tU, tasks[tU].arrival());
    books.advance(10_s);
    map_at(books, policy, 10_s);
}

bool preempted(const PolicyView& v, TaskId t) { return v.profile(0).booking(t) == nullptr; }

/// Exactly `victims` of tA, tB, tC were preempted (their bookings are gone); the others still run.
void check_victims(const PolicyView& v, std::vector<TaskId> victims) {
    for (TaskId t : {tA, tB, tC}) {
        INFO("task " << t);
        CHECK(preempted(v, t) == (std::find(victims.begin(), victims.end(), t) != victims.end()));
    }
}

}  // namespace

TEST_CASE("parallel preemption: Greedy preempts the fewest victims, Diff the least loss",
          "[manager][preemptive-parallel]") {
    // tU earns 8 if it ends within 300 s of its arrival. Without preemption it starts at 1000 s: 0, no option.
    // Preempting now (free checkpoints) it ends at 110 s: 8. Each victim resumes after tU, at 110 s, with its
    // 990 s left: ends at 1100 s. Losses: tA 4(1 - 1000/2000) - 4(1 - 1100/2000) = 2 - 1.8 = 0.2 (0.1 a node),
    // tB and tC 0. Two nodes are needed.
    const PlatformSpec plat = two_cluster_platform(4, 1);
    const std::vector<Task> tasks = instance(UtilityFunction::step(8.0, 300.0));
    SECTION("Greedy (Max Util): the most nodes first, tA alone (its utility 2 < 8)") {
        Bookkeeping books(plat, tasks, Granularity::Node);
        auto p = make("ch3-max-util-preempt-greedy");
        run_event(books, tasks, *p);
        const PolicyView& v = books.view();
        check_victims(v, {tA});
        CHECK(v.record(tU).state == TaskState::Running);
        CHECK(v.record(tU).units == std::vector<LocalNodeIndex>{0, 1});
        CHECK(v.profile(0).booking(tU)->end == 110_s);
    }
    SECTION("Diff (Max Util): the least loss per node, tB and tC (0) before tA (0.1)") {
        Bookkeeping books(plat, tasks, Granularity::Node);
        auto p = make("ch3-max-util-preempt-diff");
        run_event(books, tasks, *p);
        const PolicyView& v = books.view();
        check_victims(v, {tB, tC});
        CHECK(v.record(tU).units == std::vector<LocalNodeIndex>{2, 3});
    }
}

TEST_CASE("parallel preemption: a task that cannot be preempted is never preempted", "[manager][preemptive-parallel]") {
    // Only tA may be preempted; tU needs 3 nodes: tA frees 2, so no victim set exists and nothing is
    // preempted, under every rule.
    const PlatformSpec plat = two_cluster_platform(4, 1);
    std::vector<Task> tasks = instance(UtilityFunction::step(8.0, 300.0));
    tasks[tB].preemptible = false;
    tasks[tC].preemptible = false;
    tasks[tU].nodes = tasks[tU].cores = 3;
    for (const char* name : {"ch3-max-util-preempt-greedy", "ch3-max-upt-preempt-diff", "ch3-max-upe-preempt-energy"}) {
        INFO(name);
        Bookkeeping books(plat, tasks, Granularity::Node);
        auto p = make(name);
        run_event(books, tasks, *p);
        const PolicyView& v = books.view();
        check_victims(v, {});
        CHECK(v.record(tU).state != TaskState::Running);
    }
}

TEST_CASE("parallel preemption: the energy-aware rule declines a preemption whose energy is not worth it",
          "[manager][preemptive-parallel]") {
    // tU: utility 8 (1 - elapsed / 2200). Without preemption it starts at 1000 s, ends 1100 s: 8 (1 - 1090 /
    // 2200) = 4.036 for 100 s x 2 nodes x 10 W = 2000 J: 0.002018 / J. Preempting now it ends at 110 s:
    // 8 (1 - 100 / 2200) = 7.636. Each victim set frees 2 nodes; a checkpoint costs 2000 J a part (no time,
    // no restore cost): tA (2 parts) 4000 J, tB + tC 4000 J. Energy rule: (7.636 - loss) / (2000 + 4000)
    // <= 0.00127 < 0.002018: declined (tU keeps its place-holder at 1000 s). Greedy (Util 7.636 > 4.036 and
    // > the victims' 2) preempts tA whatever the energy.
    PlatformSpec plat = two_cluster_platform(4, 1);
    plat.preemption.checkpoint_j = 2000;
    const std::vector<Task> tasks = instance(UtilityFunction::linear_decay(8.0, 2200.0));
    {
        Bookkeeping books(plat, tasks, Granularity::Node);
        auto p = make("ch3-max-upe-preempt-energy");
        run_event(books, tasks, *p);
        const PolicyView& v = books.view();
        check_victims(v, {});
        CHECK(v.record(tU).state == TaskState::Reserved);
        CHECK(v.planned_start(tU) == 1000_s);
    }
    {
        Bookkeeping books(plat, tasks, Granularity::Node);
        auto p = make("ch3-max-util-preempt-greedy");
        run_event(books, tasks, *p);
        CHECK(preempted(books.view(), tA));
        CHECK(books.view().record(tU).state == TaskState::Running);
    }
    // Free checkpoints: tB + tC lose nothing, 7.636 / 2000 = 0.0038 > 0.002018: the energy rule preempts them.
    {
        const PlatformSpec free_plat = two_cluster_platform(4, 1);
        Bookkeeping books(free_plat, tasks, Granularity::Node);
        auto p = make("ch3-max-upe-preempt-energy");
        run_event(books, tasks, *p);
        const PolicyView& v = books.view();
        check_victims(v, {tB, tC});
        CHECK(v.record(tU).state == TaskState::Running);
    }
}

TEST_CASE("parallel preemption: a resumed task's place-holder covers its restore", "[manager][preemptive-parallel]") {
    // Restore: 3 s + 1 GB a part / 1 GB/s. tR (2 nodes, 2 GB of memory, 1000 s at P0) starts at 0 and is
    // preempted at 100 s with half its work left (both parts report 0.5). tY (4 nodes, 200 s) starts at 100
    // s. At the event at 100 s Max Util places tR at 300 s when tY ends: a place-holder of 500 s of work +
    // (3 + 1e9 / 1e9) = 4 s of restore: [300, 804) s.
    PlatformSpec plat = two_cluster_platform(4, 1);
    plat.preemption.resume_s = 3;
    plat.preemption.bandwidth_bytes_per_s = 1e9;
    std::vector<Task> tasks{parallel_task(0, 0, 2, 1000, UtilityFunction::constant(5.0)),
                            parallel_task(1, 0, 4, 200, UtilityFunction::constant(5.0))};
    tasks[0].preemptible = true;
    tasks[0].memory_bytes = 2'000'000'000;
    Bookkeeping books(plat, tasks, Granularity::Node);
    arrive_tasks(books, tasks);
    books.begin_event(0_s);
    books.decisions().start(0, 0, {0, 1}, 0);
    books.advance(100_s);
    REQUIRE(books.decisions().preempt(0));
    books.part_finished(0, true, 0.5, 0, 100_s);
    books.part_finished(0, true, 0.5, 0, 100_s);
    REQUIRE(books.view().is_waiting(0));
    books.decisions().start(1, 0, {0, 1, 2, 3}, 0);
    CHECK(books.view().booked_time(0, 0, 0) == 504_s);
    auto p = make("max-util");
    map_at(books, *p, 100_s);
    const PolicyView& v = books.view();
    REQUIRE(v.record(0).state == TaskState::Reserved);
    CHECK(v.record(0).placeholder);
    CHECK(v.planned_start(0) == 300_s);
    CHECK(v.profile(0).booking(0)->end == 804_s);
}
