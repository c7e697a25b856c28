// The DAG job executor (Singh 2015 §III), driven through the manager's bookkeeping: a job's tasks start as the
// graph allows, data between cores becomes Transfer commands, the cores stay booked until the last task
// completes.
#include <catch2/catch.hpp>

#include "manager/bookkeeping.h"
#include "tests/manager/policies/baseline/baseline_fixture.h"

using namespace rmsim;
using namespace rmsim::test;
using namespace rmsim::time_literals;

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

/// Bookkeeping on `p` with the diamond job, every task arrived at 5 s.
struct DiamondJob {
    Workload w = diamond();
    Bookkeeping books;
    const PolicyView& view = books.view();
    explicit DiamondJob(const PlatformSpec& p) : books(p, w.tasks, Granularity::Core, &w.jobs) {
        for (TaskId t = 0; t < 4; ++t) books.arrive(t, 5_s);
    }
};

std::vector<Command> of_kind(const std::vector<Command>& ds, Command::Kind k) {
    std::vector<Command> out;
    for (const Command& d : ds)
        if (d.kind == k) out.push_back(d);
    return out;
}

}  // namespace

TEST_CASE("dag executor: a diamond follows its graph across two cores", "[manager][jobs]") {
    const PlatformSpec p = small_platform({2}, 4);  // 2 nodes x 4 cores
    const Workload w = diamond();
    Bookkeeping books(p, w.tasks, Granularity::Core, &w.jobs);
    const PolicyView& view = books.view();
    for (TaskId t = 0; t < 4; ++t) books.arrive(t, 5_s);
    books.begin_event(5_s);
    CHECK(view.waiting().empty());  // tasks of jobs are scheduled through their job
    REQUIRE(view.waiting_jobs() == std::vector<JobId>{0});
    CHECK(view.idle_cores(0, 1) == std::vector<std::uint32_t>{0, 1, 2, 3});

    // On node 1: tasks 0, 1, 3 on core 2, task 2 on core 3 (P-state 1 for task 2).
    JobPlacement pl;
    pl.core_of_task = {2, 2, 3, 2};
    pl.pstate_of_task = {0, 0, 1, 0};
    pl.planned_start = {0_s, 10_s, 10_s, 40_s};
    pl.planned_response = 80_s;
    pl.planned_energy_j = 123;
    books.decisions().start_job(0, 0, 1, pl);
    CHECK(view.idle_cores(0, 1) == std::vector<std::uint32_t>{0, 1});  // cores 2 and 3 are the job's
    auto ds = books.take_commands();
    // The job's cores are held powered over its span (Singh Eq. 1): one Hold for cores 2 and 3 of node 1,
    // then the source's START (only the source can start).
    REQUIRE(ds.size() == 2);
    CHECK(ds[0].kind == Command::Kind::Hold);
    CHECK(ds[0].node == 1);
    CHECK(ds[0].core_mask == 0b1100);
    CHECK(ds[0].task == 0);  // the job's booking
    CHECK(ds[1].kind == Command::Kind::Start);
    CHECK(ds[1].task == 0);
    CHECK(view.record(0).units == std::vector<LocalNodeIndex>{1 * 4 + 2});  // unit = node x 4 + core

    // Task 0 completes at 15: edge 0->1 stays on core 2 (task 1 starts), edge 0->2 crosses to core 3.
    books.part_finished(0, false, 0, 2.5, 15_s);
    ds = books.take_commands();
    const auto starts = of_kind(ds, Command::Kind::Start);
    const auto transfers = of_kind(ds, Command::Kind::Transfer);
    REQUIRE(starts.size() == 1);
    CHECK(starts[0].task == 1);
    REQUIRE(transfers.size() == 1);
    CHECK(transfers[0].node == 1);  // global node index (one cluster)
    CHECK(transfers[0].core == 2);
    CHECK(transfers[0].dst_core == 3);
    CHECK(transfers[0].bytes == 100);
    CHECK(view.record(2).state == TaskState::Reserved);  // waits for its data

    books.transfer_done(transfers[0].tag, 15.001_s);
    ds = books.take_commands();
    REQUIRE(ds.size() == 1);
    CHECK(ds[0].task == 2);
    CHECK(view.record(2).pstate == 1);

    // Task 1 completes (core 2 is next free for task 3, but 3 also needs task 2's data): nothing starts.
    books.part_finished(1, false, 0, 1, 35_s);
    CHECK(of_kind(books.take_commands(), Command::Kind::Start).empty());
    books.part_finished(2, false, 0, 4, 75_s);
    ds = books.take_commands();
    REQUIRE(of_kind(ds, Command::Kind::Transfer).size() == 1);  // 2 -> 3 crosses back to core 2
    books.transfer_done(of_kind(ds, Command::Kind::Transfer)[0].tag, 75.001_s);
    ds = books.take_commands();
    REQUIRE(ds.size() == 1);
    CHECK(ds[0].task == 3);
    books.part_finished(3, false, 0, 0.5, 115_s);
    const JobRecord& r = view.job_record(0);
    CHECK(r.state == JobState::Completed);
    CHECK(r.end == 115_s);
    CHECK(r.energy_j == Approx(2.5 + 1 + 4 + 0.5));
    // The job's end releases the hold; the HoldEnded notice brings the cores' energy after their last task.
    ds = books.take_commands();
    REQUIRE(ds.size() == 1);
    CHECK(ds[0].kind == Command::Kind::Unhold);
    CHECK(ds[0].core_mask == 0b1100);
    CHECK(books.jobs()->holds_open() == 1);
    books.hold_ended(0, 0.75, 115_s);
    CHECK(books.jobs()->holds_open() == 0);
    CHECK(r.energy_j == Approx(2.5 + 1 + 4 + 0.5 + 0.75));
    CHECK_THROWS_AS(books.hold_ended(0, 0.75, 115_s), std::logic_error);  // none open
    CHECK(r.transfers == 2);
    CHECK(view.finished_count() == 4);
    CHECK(view.jobs_finished() == 1);
    books.begin_event(115_s);
    CHECK(view.idle_cores(0, 1) == std::vector<std::uint32_t>{0, 1, 2, 3});  // released
}

TEST_CASE("dag executor: rejecting a job rejects its tasks", "[manager][jobs]") {
    const PlatformSpec p = small_platform({1}, 2);
    DiamondJob d(p);
    Bookkeeping& books = d.books;
    const PolicyView& view = d.view;
    books.begin_event(6_s);
    books.decisions().reject_job(0);
    CHECK(view.job_record(0).state == JobState::Rejected);
    CHECK(view.finished_count() == 4);
    for (TaskId t = 0; t < 4; ++t) CHECK(view.record(t).state == TaskState::Rejected);
    books.begin_event(7_s);
    CHECK(view.waiting_jobs().empty());
    CHECK_THROWS_AS(books.decisions().reject_job(0), std::logic_error);
}

TEST_CASE("dag executor: a job overrunning its plan keeps its cores", "[manager][jobs]") {
    const PlatformSpec p = small_platform({1}, 2);
    DiamondJob d(p);
    Bookkeeping& books = d.books;
    const PolicyView& view = d.view;
    books.begin_event(5_s);
    JobPlacement pl{{0, 0, 0, 0}, {0, 0, 0, 0}, {0_s, 10_s, 30_s, 60_s}, 100_s, 0};
    books.decisions().start_job(0, 0, 0, pl);
    CHECK(view.idle_cores(0, 0) == std::vector<std::uint32_t>{1});
    books.begin_event(105.5_s);  // planned end 105 has passed, the job still runs
    CHECK(view.idle_cores(0, 0) == std::vector<std::uint32_t>{1});
}
