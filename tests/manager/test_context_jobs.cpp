// DAG jobs in the SchedulingContext (Singh 2015 §III): a job's tasks start as the graph allows, data
// between cores becomes Transfer decisions, the cores stay booked until the last task completes.
#include <catch2/catch.hpp>

#include "manager/scheduling_context.h"
#include "tests/manager/policies/baseline/baseline_fixture.h"

using namespace rmsim;
using namespace rmsim::test;

namespace {

/// A diamond 0 -> {1, 2} -> 3 with 100-byte edges.
Workload diamond() {
    Job j;
    j.arrival_s = 5;
    for (TaskId i = 0; i < 4; ++i) j.tasks.push_back(make_task(i, 5, 0, 1, 10.0 * (i + 1)));
    j.edges = {{0, 1, 100}, {0, 2, 100}, {1, 3, 100}, {2, 3, 100}};
    j.value = UtilityFunction::linear_decay(8, 1000);
    return flatten_jobs({j});
}

/// A context on `p` with the diamond job, every task arrived at 5 s.
struct DiamondContext {
    Workload w = diamond();
    SchedulingContext ctx;
    explicit DiamondContext(const PlatformSpec& p) : ctx(p, w.tasks, Granularity::Core) {
        ctx.set_jobs(&w.jobs);
        for (TaskId t = 0; t < 4; ++t) ctx.arrive(t, 5);
    }
};

std::vector<Decision> of_kind(const std::vector<Decision>& ds, Decision::Kind k) {
    std::vector<Decision> out;
    for (const Decision& d : ds)
        if (d.kind == k) out.push_back(d);
    return out;
}

}  // namespace

TEST_CASE("context jobs: a diamond follows its graph across two cores", "[manager][jobs]") {
    const PlatformSpec p = small_platform({2}, 4);  // 2 nodes x 4 cores
    const Workload w = diamond();
    SchedulingContext ctx(p, w.tasks, Granularity::Core);
    ctx.set_jobs(&w.jobs);
    for (TaskId t = 0; t < 4; ++t) ctx.arrive(t, 5);
    ctx.begin_event(5);
    CHECK(ctx.waiting().empty());  // tasks of jobs are scheduled through their job
    REQUIRE(ctx.waiting_jobs() == std::vector<JobId>{0});
    CHECK(ctx.idle_cores(0, 1) == std::vector<std::uint32_t>{0, 1, 2, 3});

    // On node 1: tasks 0, 1, 3 on core 2, task 2 on core 3 (P-state 1 for task 2).
    JobPlacement pl;
    pl.core_of_task = {2, 2, 3, 2};
    pl.pstate_of_task = {0, 0, 1, 0};
    pl.planned_start_s = {0, 10, 10, 40};
    pl.planned_response_s = 80;
    pl.planned_energy_j = 123;
    ctx.start_job(0, 0, 1, pl);
    CHECK(ctx.idle_cores(0, 1) == std::vector<std::uint32_t>{0, 1});  // cores 2 and 3 are the job's
    auto ds = ctx.take_decisions();
    REQUIRE(ds.size() == 1);  // only the source can start
    CHECK(ds[0].kind == Decision::Kind::Start);
    CHECK(ds[0].task == 0);
    CHECK(ctx.record(0).units == std::vector<LocalNodeIndex>{1 * 4 + 2});  // unit = node x 4 + core

    // Task 0 completes at 15: edge 0->1 stays on core 2 (task 1 starts), edge 0->2 crosses to core 3.
    ctx.part_finished(0, false, 0, 2.5, 15);
    ds = ctx.take_decisions();
    const auto starts = of_kind(ds, Decision::Kind::Start);
    const auto transfers = of_kind(ds, Decision::Kind::Transfer);
    REQUIRE(starts.size() == 1);
    CHECK(starts[0].task == 1);
    REQUIRE(transfers.size() == 1);
    CHECK(transfers[0].node == 1);  // global node index (one cluster)
    CHECK(transfers[0].core == 2);
    CHECK(transfers[0].dst_core == 3);
    CHECK(transfers[0].bytes == 100);
    CHECK(ctx.record(2).state == TaskState::Reserved);  // waits for its data

    ctx.transfer_done(transfers[0].tag, 15.001);
    ds = ctx.take_decisions();
    REQUIRE(ds.size() == 1);
    CHECK(ds[0].task == 2);
    CHECK(ctx.record(2).pstate == 1);

    // Task 1 completes (core 2 is next free for task 3, but 3 also needs task 2's data): nothing starts.
    ctx.part_finished(1, false, 0, 1, 35);
    CHECK(of_kind(ctx.take_decisions(), Decision::Kind::Start).empty());
    ctx.part_finished(2, false, 0, 4, 75);
    ds = ctx.take_decisions();
    REQUIRE(of_kind(ds, Decision::Kind::Transfer).size() == 1);  // 2 -> 3 crosses back to core 2
    ctx.transfer_done(of_kind(ds, Decision::Kind::Transfer)[0].tag, 75.001);
    ds = ctx.take_decisions();
    REQUIRE(ds.size() == 1);
    CHECK(ds[0].task == 3);
    ctx.part_finished(3, false, 0, 0.5, 115);
    const JobRecord& r = ctx.job_record(0);
    CHECK(r.state == JobState::Completed);
    CHECK(r.end_s == 115);
    CHECK(r.energy_j == Approx(2.5 + 1 + 4 + 0.5));
    CHECK(r.transfers == 2);
    CHECK(ctx.finished_count() == 4);
    CHECK(ctx.jobs_finished() == 1);
    ctx.begin_event(115);
    CHECK(ctx.idle_cores(0, 1) == std::vector<std::uint32_t>{0, 1, 2, 3});  // released
}

TEST_CASE("context jobs: rejecting a job rejects its tasks", "[manager][jobs]") {
    const PlatformSpec p = small_platform({1}, 2);
    DiamondContext d(p);
    SchedulingContext& ctx = d.ctx;
    ctx.begin_event(6);
    ctx.reject_job(0);
    CHECK(ctx.job_record(0).state == JobState::Rejected);
    CHECK(ctx.finished_count() == 4);
    for (TaskId t = 0; t < 4; ++t) CHECK(ctx.record(t).state == TaskState::Rejected);
    ctx.begin_event(7);
    CHECK(ctx.waiting_jobs().empty());
    CHECK_THROWS_AS(ctx.reject_job(0), std::logic_error);
}

TEST_CASE("context jobs: a job overrunning its plan keeps its cores", "[manager][jobs]") {
    const PlatformSpec p = small_platform({1}, 2);
    DiamondContext d(p);
    SchedulingContext& ctx = d.ctx;
    ctx.begin_event(5);
    JobPlacement pl{{0, 0, 0, 0}, {0, 0, 0, 0}, {0, 10, 30, 60}, 100, 0};
    ctx.start_job(0, 0, 0, pl);
    CHECK(ctx.idle_cores(0, 0) == std::vector<std::uint32_t>{1});
    ctx.begin_event(105.5);  // planned end 105 has passed, the job still runs
    CHECK(ctx.idle_cores(0, 0) == std::vector<std::uint32_t>{1});
}
