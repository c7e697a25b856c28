// Siegel §4 dynamic heuristics (manager/policies/siegel/): hand-computed choices, filters and a cancelled start.
#include <catch2/catch.hpp>
#include <random>

#include "manager/bookkeeping.h"
#include "manager/policies/siegel/dynamic_policy.h"
#include "manager/policies/siegel/filters.h"
#include "manager/policies/siegel/heuristics.h"
#include "tests/manager/policies/baseline/baseline_fixture.h"

using namespace rmsim;
using namespace rmsim::test;
using siegel::Candidate;

namespace {

/// `cores` single-core nodes of one core type: P0 busy 10 W, P1 busy 4 W.
PlatformSpec two_pstate_platform(std::uint32_t cores) {
    PlatformSpec p = small_platform({cores}, 1);
    p.core_types[0].pstates = {PState{2e9, 1.0, 10.0, 1.0}, PState{1e9, 0.8, 4.0, 1.0}};
    return p;
}

/// A serial task whose execution time has the PMF p0 at P0 and p1 at P1; deadline `deadline_s` after arrival.
Task pmf_task(TaskId id, std::vector<TimePulse> p0, std::vector<TimePulse> p1, Seconds deadline_s) {
    Task t;
    t.id = id;
    t.cores = 1;
    auto table = std::make_shared<TimeTable>();
    table->seconds = {{0, 0}};
    table->set_distribution(0, 0, std::move(p0));
    table->set_distribution(0, 1, std::move(p1));
    t.work.set_table(table);
    t.work.set_quantile(0.5);
    t.utility = UtilityFunction::step(1, deadline_s);
    return t;
}

// A: P0 {4: .5, 6: .5}, P1 {8: .5, 12: .5}, deadline 100 s (always met).
// B: P0 {2: .5, 8: .5} (mean 5 s, En_ex = 5 s x 10 W = 50 J), P1 {4: .5, 16: .5} (mean 10 s, 10 x 4 = 40 J),
//    deadline 5 s.
std::vector<Task> tasks_ab() {
    return {pmf_task(0, {{4, 0.5}, {6, 0.5}}, {{8, 0.5}, {12, 0.5}}, 100),
            pmf_task(1, {{2, 0.5}, {8, 0.5}}, {{4, 0.5}, {16, 0.5}}, 5)};
}

EstimateConfig distribution() {
    EstimateConfig e;
    e.model = EstimateModel::Distribution;
    return e;
}

/// `cores` single-core nodes, the tasks, the policy; every task arrives and the first mapping event runs at 0.
struct FirstEvent {
    PlatformSpec plat;
    std::vector<Task> tasks;
    Bookkeeping books;
    SiegelDynamicPolicy policy;
    FirstEvent(std::uint32_t cores, std::vector<Task> t, const SiegelDynamicConfig& c)
        : plat(two_pstate_platform(cores)), tasks(std::move(t)),
          books(plat, tasks, Granularity::Core, nullptr, distribution()), policy(c) {
        policy.prepare(books.view());
        arrive_all(books, tasks);
        event_at(books, policy, 0.0_s);
    }
    const TaskRecord& record(TaskId t) const { return books.view().record(t); }
};

struct Placement {
    ClusterId cluster;
    std::uint32_t unit;
    std::uint32_t pstate;
    TaskState state;
};

/// Both tasks arrive at 0; one mapping event; where B went.
Placement place_b(siegel::Heuristic h) {
    SiegelDynamicConfig c;
    c.heuristic = h;
    FirstEvent run(2, tasks_ab(), c);
    const TaskRecord& r = run.record(1);
    return {r.cluster, r.units.empty() ? 99u : r.units.front(), r.pstate, r.state};
}

}  // namespace

TEST_CASE("siegel dynamic: Lightest Load's choice on a two-core example", "[manager][policies][siegel]") {
    // A arrives first: deadline met everywhere, L = 0 for all four candidates -> the first, core 0 at P0.
    // B then sees core 0 ready at {4: .5, 6: .5} and core 1 ready now:
    //   core 0 P0: {4,6} + {2,8} = {6, 8, 12, 14}: p(<= 5) = 0   -> L = 100 x 50 = 5000
    //   core 0 P1: {4,6} + {4,16} >= 8:            p = 0          -> L = 100 x 40 = 4000
    //   core 1 P0: {2, 8}:                          p = .5         -> L =  50 x 50 = 2500
    //   core 1 P1: {4, 16}:                         p = .5         -> L =  50 x 40 = 2000  <- smallest
    FirstEvent run(2, tasks_ab(), SiegelDynamicConfig{});
    const PolicyView& view = run.books.view();
    CHECK(view.record(0).state == TaskState::Running);
    CHECK(view.record(0).units.front() == 0);
    CHECK(view.record(0).pstate == 0);
    CHECK(view.record(1).state == TaskState::Running);
    CHECK(view.record(1).units.front() == 1);
    CHECK(view.record(1).pstate == 1);
}

TEST_CASE("siegel dynamic: MECT and Shortest Queue on the same example", "[manager][policies][siegel]") {
    // MECT: B's expected completion is 5 on core 1 at P0 (0 + 5), 10 at P1, 5 + 5 = 10 and 5 + 10 = 15 on
    // core 0 -> core 1 P0.
    Placement m = place_b(siegel::Heuristic::Mect);
    CHECK(m.unit == 1);
    CHECK(m.pstate == 0);
    // Shortest Queue: A goes first to core 0 (both queues empty, p = 1, lower En_ex: P1 40 J < P0 50 J).
    // B: core 1 has the shorter queue; there p = .5 at both P-states, lower En_ex -> P1.
    Placement s = place_b(siegel::Heuristic::ShortestQueue);
    CHECK(s.unit == 1);
    CHECK(s.pstate == 1);
}

TEST_CASE("siegel dynamic: candidates' probabilities and energies by hand", "[manager][policies][siegel]") {
    const PlatformSpec plat = two_pstate_platform(2);
    const std::vector<Task> tasks = tasks_ab();
    Bookkeeping books(plat, tasks, Granularity::Core, nullptr, distribution());
    SiegelDynamicPolicy policy(SiegelDynamicConfig{});
    arrive_all(books, tasks);
    books.begin_event(0.0_s);
    std::vector<Candidate> c = policy.candidates(books.view(), 1);
    REQUIRE(c.size() == 4);  // core 0 P0, core 0 P1, core 1 P0, core 1 P1 (no queue yet)
    CHECK(c[0].on_time == Approx(0.5));
    CHECK(c[0].expected_energy == Approx(50));
    CHECK(c[1].on_time == Approx(0.5));
    CHECK(c[1].expected_energy == Approx(40));
    CHECK(c[1].expected_completion == Approx(10));
    CHECK(siegel::lightest_load_value(c[1]) == Approx(2000));
}

TEST_CASE("siegel filters: each removes the right assignment", "[manager][policies][siegel]") {
    std::vector<Candidate> c(3);
    c[0].on_time = 0.2, c[0].expected_energy = 30;  // fails the robustness filter only
    c[1].on_time = 0.9, c[1].expected_energy = 60;  // fails the energy filter only
    c[2].on_time = 0.3, c[2].expected_energy = 50;  // passes both (ρ = 0.3 is kept: p >= ρ)
    c[0].core = 0, c[1].core = 1, c[2].core = 2;
    // En_thresh = En_mul x En_rem / ((t_rem / t_avg) x c_tot): depth 1.5 -> medium En_mul 1.0;
    // En_rem 1000 J, t_rem = 200 - 100 = 100 s, t_avg 10 s, c_tot 2: 1.0 x 1000 / (10 x 2) = 50 J.
    siegel::EnergyFilterConfig cfg;
    cfg.en_mul_light = 1.5;  // a multiplier that falls with the depth (the default is 0.75 at every depth)
    cfg.en_mul_medium = 1.0;
    cfg.en_mul_heavy = 0.75;
    cfg.window_s = 200;
    siegel::EnergyState s;
    s.remaining_j = 1000;
    s.now_s = 100;
    s.average_exec_s = 10;
    s.cores = 2;
    s.average_depth = 1.5;
    const Joules thresh = siegel::energy_threshold(cfg, s);
    CHECK(thresh == Approx(50));
    s.average_depth = 0.5;  // light load: En_mul 1.5 -> 75 J
    CHECK(siegel::energy_threshold(cfg, s) == Approx(75));
    s.average_depth = 3;  // heavy load: En_mul 0.75 -> 37.5 J
    CHECK(siegel::energy_threshold(cfg, s) == Approx(37.5));
    // The default: 0.75 at every depth, 0.75 x 1000 / (10 x 2) = 37.5 J.
    siegel::EnergyFilterConfig flat;
    flat.window_s = 200;
    for (double depth : {0.5, 1.5, 3.0}) {
        s.average_depth = depth;
        CHECK(siegel::energy_threshold(flat, s) == Approx(37.5));
    }
    s.remaining_j = -1;  // the constraint is spent: nothing passes
    CHECK(siegel::energy_threshold(cfg, s) == 0);

    auto e = c;
    siegel::energy_filter(e, thresh);
    REQUIRE(e.size() == 2);
    CHECK(e[0].core == 0);
    CHECK(e[1].core == 2);
    auto r = c;
    siegel::robustness_filter(r, 0.3);
    REQUIRE(r.size() == 2);
    CHECK(r[0].core == 1);
    CHECK(r[1].core == 2);
    siegel::energy_filter(r, thresh);
    REQUIRE(r.size() == 1);
    CHECK(r[0].core == 2);
    std::mt19937_64 rng(1);
    CHECK_FALSE(siegel::choose(siegel::Heuristic::Random, {}, rng).has_value());
}

TEST_CASE("siegel dynamic: the robustness filter discards a task with no assignment left",
          "[manager][policies][siegel]") {
    // One core, A running; B's p is 0 on it at both P-states (see above) -> filtered out -> discarded.
    SiegelDynamicConfig c;
    c.robustness_filter = true;
    FirstEvent run(1, tasks_ab(), c);
    CHECK(run.record(0).state == TaskState::Running);
    CHECK(run.record(1).state == TaskState::Dropped);
    PolicyReport rep;
    run.policy.report(rep);
    CHECK(rep.figures[1].first == "discarded");
    CHECK(rep.figures[1].second == 1);
}

TEST_CASE("siegel dynamic: a cancelled start", "[manager][policies][siegel]") {
    // One core: A runs at P0 from 0; B (deadline 5 s) is queued behind it at P0 (MECT: 5 + 5 = 10 < 5 + 10).
    // With cancellation (ρ = 0.3): B's probability at its start when A ends at 6 s is P(6 + {2, 8} <= 5) = 0
    // -> cancelled (dropped); when A ends at 2 s it is P(2 + {2, 8} <= 5) = .5 -> started.
    for (int end : {6, 2}) {
        SiegelDynamicConfig c;
        c.heuristic = siegel::Heuristic::Mect;
        c.cancellation = true;
        FirstEvent run(1, tasks_ab(), c);
        REQUIRE(run.record(0).state == TaskState::Running);
        REQUIRE(run.record(1).state == TaskState::Waiting);
        CHECK(run.policy.queue_length(0) == 2);
        event_at(run.books, run.policy, SimTime::from_whole_seconds(end), {0});
        CHECK(run.record(1).state == (end == 6 ? TaskState::Dropped : TaskState::Running));
    }
}
