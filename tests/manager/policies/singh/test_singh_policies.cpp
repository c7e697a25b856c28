// The Singh 2015 run-time loop on hand-made jobs (no SystemC): rejection of jobs whose value can only be
// zero, ValOpt's most valuable job first, PBA's highest value per energy first, Algorithm 3's level choice.
#include <catch2/catch.hpp>

#include "manager/bookkeeping.h"
#include "manager/policy_registry.h"
#include "tests/modules/hw_fixture.h"
#include "workloads/workload.h"

using namespace rmsim;
using namespace rmsim::time_literals;

namespace {

/// 1 node with `cores` cores: P0 1 GHz (busy 2 W, idle 0.5 W), P1 0.5 GHz (busy 0.8 W, idle 0.3 W).
PlatformSpec node(std::uint32_t cores) {
    PlatformSpec p = test::simple_platform({PState{1e9, 1.0, 2.0, 0.5}, PState{0.5e9, 0.8, 0.8, 0.3}}, cores, 1);
    p.core_types[0].gate_when_idle = true;
    return p;
}

/// A one-task job taking `p0_s` at P0 (2 x that at P1), arriving at 0.
Job single(Seconds p0_s, UtilityFunction value) {
    Job j;
    Task t;
    t.work = test::cycles(p0_s * 1e9);
    j.tasks = {t};
    j.value = value;
    return j;
}

struct Run {
    Workload w;
    PlatformSpec p;
    Bookkeeping books;
    const PolicyView& view = books.view();
    std::unique_ptr<Policy> policy;
    Run(std::vector<Job> jobs, std::uint32_t cores, const std::string& name)
        : Run(flatten_jobs(std::move(jobs)), cores, name) {}
    Run(Workload workload, std::uint32_t cores, const std::string& name)
        : w(std::move(workload)), p(node(cores)), books(p, w.tasks, Granularity::Core, &w.jobs),
          policy(builtin_policies().create(name, PolicyParams(), SourceLocation{"test", 0, 0})) {
        policy->prepare(view);
        for (TaskId t = 0; t < w.tasks.size(); ++t) books.arrive(t, 0_s);
        books.begin_event(0_s);
        policy->schedule(view, books.decisions());
    }
    JobState state(JobId j) const { return view.job_record(j).state; }
};

}  // namespace

TEST_CASE("singh: a job whose value can only be zero is rejected", "[manager][singh]") {
    // Job 0 needs 10 s even at P0 but its value reaches 0 at 8 s: rejected. Job 1 keeps value 3: runs.
    Run r({single(10, UtilityFunction::linear_decay(5, 8)), single(10, UtilityFunction::constant(3))}, 2, "valopt");
    CHECK(r.state(0) == JobState::Rejected);
    CHECK(r.view.record(0).state == TaskState::Rejected);
    CHECK(r.state(1) == JobState::Running);
}

TEST_CASE("singh: valopt takes the most valuable job first", "[manager][singh]") {
    // One core: job 0 (10 s, value 4) and job 1 (20 s, value 6); maxBid = 1 core, one job per bid.
    Run r({single(10, UtilityFunction::constant(4)), single(20, UtilityFunction::constant(6))}, 1, "valopt");
    CHECK(r.state(1) == JobState::Running);
    CHECK(r.state(0) == JobState::Waiting);
    CHECK(r.view.record(1).pstate == 0);
}

TEST_CASE("singh: pba takes the highest value per energy first", "[manager][singh]") {
    // Profiles (k = 1): job 0 at P0: 10 s x 20 J = 200 < P1: 20 s x 16 J = 320 -> P0, 20 J;
    // job 1 at P0: 20 s x 40 J = 800 < P1: 40 s x 32 J = 1280 -> P0, 40 J.
    // Value per energy: job 0: 4 / 20 = 0.2 > job 1: 6 / 40 = 0.15 -> job 0 first (ValOpt took job 1).
    Run r({single(10, UtilityFunction::constant(4)), single(20, UtilityFunction::constant(6))}, 1, "pba");
    CHECK(r.state(0) == JobState::Running);
    CHECK(r.state(1) == JobState::Waiting);
    CHECK(r.view.job_record(0).planned_energy_j == Approx(20.0));
}

TEST_CASE("singh: nba-ftps slows a task when value per energy rises", "[manager][singh]") {
    // One 10 s task, value 10 x (100 - t) / 100: P0 ends at 10 s: 9 / (10 s x 2 W = 20 J) = 0.45;
    // P1 ends at 20 s: 8 / (20 s x 0.8 W = 16 J) = 0.5 -> Algorithm 3 fixes P1.
    Run r({single(10, UtilityFunction::linear_decay(10, 100))}, 2, "nba-ftps");
    REQUIRE(r.state(0) == JobState::Running);
    CHECK(r.view.record(0).pstate == 1);
    CHECK(r.view.job_record(0).planned_energy_j == Approx(16.0));
    CHECK(r.view.job_record(0).planned_response == SimTime::from_seconds(20.0));
    // ValOpt keeps the highest level.
    Run v({single(10, UtilityFunction::linear_decay(10, 100))}, 2, "valopt");
    CHECK(v.view.record(0).pstate == 0);
}

TEST_CASE("singh: independent tasks as one-task jobs keep their utility as the job's value", "[manager][singh]") {
    // Tasks 0 (10 s, utility 4) and 1 (20 s, utility 6), both at 0: jobs 0 and 1 of one task each, valued 4 and 6.
    std::vector<Task> tasks(2);
    tasks[0].work = test::cycles(10e9);
    tasks[0].utility = UtilityFunction::constant(4);
    tasks[1].id = 1;
    tasks[1].work = test::cycles(20e9);
    tasks[1].utility = UtilityFunction::constant(6);
    const Workload w = one_task_jobs(tasks);
    REQUIRE(w.jobs.size() == 2);
    for (JobId j = 0; j < 2; ++j) {
        CHECK(w.jobs[j].first_task == j);
        CHECK(w.jobs[j].task_count == 1);
        CHECK(w.jobs[j].edges.empty());
        CHECK(w.jobs[j].value == tasks[j].utility);
        CHECK(w.tasks[j].utility == tasks[j].utility);  // kept: the task's completion earns the job's value
    }
    // On one core ValOpt starts the more valuable job (1) and keeps job 0 waiting, as with flattened jobs.
    Run r(w, 1, "valopt");
    CHECK(r.state(1) == JobState::Running);
    CHECK(r.state(0) == JobState::Waiting);
}
