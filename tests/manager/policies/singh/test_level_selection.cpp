// Singh 2015 V/F identification: Algorithm 3 (FTPS), the FCPS baseline and ValOpt, on hand examples.
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <utility>

#include "manager/policies/singh/fcps_levels.h"
#include "manager/policies/singh/ftps_levels.h"
#include "manager/policies/singh/planning_problem.h"
#include "manager/policies/singh/valopt_levels.h"
#include "manager/policies/singh/value_per_energy.h"
#include "tests/manager/policies/singh/singh_fixture.h"

using namespace rmsim;
using namespace rmsim::singh;

namespace {
using Order = std::vector<std::pair<std::uint32_t, std::uint32_t>>;
// Task work in units of 1e9 cycles: at L0 (1 GHz) c seconds at 2.0 W -> 2c J; at L1 (0.5 GHz) 2c seconds at
// 0.6 W -> 1.2c J (gated cores: E = Σ exec · busy, Eq. 1-2 with static only while executing). No link
// delay (latency 0, infinite bandwidth) so that response times are plain sums.
NodeModel instant_link_node() {
    NodeModel n = singh_test::two_level_node(3, true);
    n.link = {0.0, std::numeric_limits<double>::infinity()};
    return n;
}
}  // namespace

TEST_CASE("singh FTPS: Algorithm 3 fixing order on a 3-task fork", "[manager][singh]") {
    // t0 -> t1, t0 -> t2 with 1e9, 2e9, 1e9 cycles, each on its own core. R = e0 + max(e1, e2).
    // Value curve: 10 until 3 s, then linear to 0 at 7 s; the job arrives and starts at 0.
    // Round 1 (all at L0: R = 1 + 2 = 3, E = 2 + 4 + 2 = 8):
    //   t0 L0: 10 / 8 = 1.25          t0 L1: R = 2 + 2 = 4, V = 10·3/4 = 7.5, E = 1.2+4+2 = 7.2 -> 1.0417
    //   t1 L0: 1.25                   t1 L1: R = 1 + 4 = 5, V = 5, E = 2+2.4+2 = 6.4 -> 0.78125
    //   t2 L0: 1.25                   t2 L1: R = 1 + max(2, 2) = 3, V = 10, E = 2+4+1.2 = 7.2 -> 1.3889
    //   -> fix (t2, L1).
    // Round 2 (R = 3, E = 7.2): t0 L0: 10/7.2 = 1.3889; t0 L1: R = 4, V = 7.5, E = 6.4 -> 1.1719;
    //   t1 L0: 1.3889 (the same plan: a tie, the lower task index wins); t1 L1: R = 5, V = 5, E = 5.6 -> 0.8929
    //   -> fix (t0, L0).
    // Round 3: t1 L0: 1.3889; t1 L1: 0.8929 -> fix (t1, L0).
    const Job job =
        singh_test::make_job({1e9, 2e9, 1e9}, {{0, 1, 1}, {0, 2, 1}}, UtilityFunction::value_curve(10, 3, 7));
    const NodeModel node = instant_link_node();
    const PlanningProblem pb(job, node);
    const LevelSelection s = ftps_levels(pb, {0, 1, 2}, 0.0);
    CHECK(s.fixing_order == Order{{2, 1}, {0, 0}, {1, 0}});
    CHECK(s.level_of_task == std::vector<std::uint32_t>{0, 0, 1});
    CHECK(s.complete);
    CHECK(s.plan.response_s() == Approx(3.0).epsilon(1e-12));
    CHECK(s.plan.energy_j() == Approx(7.2).epsilon(1e-12));
    CHECK(s.schedules_evaluated == 6 + 4 + 2);
}

TEST_CASE("singh FTPS vs FCPS: per-task and per-core levels on two tasks sharing a core", "[manager][singh]") {
    // t0 -> t1, t0 -> t2 (1e9, 2e9, 1e9 cycles); t0 on core 0, t1 and t2 on core 1 (t1 first: larger
    // rank). R = e0 + e1 + e2. Value: 10 until 7 s, linear to 0 at 11 s.
    const Job job =
        singh_test::make_job({1e9, 2e9, 1e9}, {{0, 1, 1}, {0, 2, 1}}, UtilityFunction::value_curve(10, 7, 11));
    const NodeModel node = instant_link_node();
    const PlanningProblem pb(job, node);

    // FCPS, groups core 0 = {t0}, core 1 = {t1, t2}. All L0: R = 4, E = 8.
    // Round 1: c0 L0 10/8 = 1.25; c0 L1: R = 5, V = 10, E = 7.2 -> 1.3889;
    //          c1 L0 1.25;        c1 L1: R = 1 + 4 + 2 = 7, V = 10, E = 2 + 2.4 + 1.2 = 5.6 -> 1.7857
    //   -> fix (c1, L1).
    // Round 2: c0 L0: 10/5.6 = 1.7857; c0 L1: R = 8, V = 7.5, E = 4.8 -> 1.5625 -> fix (c0, L0).
    const LevelSelection f = fcps_levels(pb, {0, 1, 1}, 0.0);
    CHECK(f.fixing_order == Order{{1, 1}, {0, 0}});
    CHECK(f.level_of_task == std::vector<std::uint32_t>{0, 1, 1});
    CHECK(f.plan.response_s() == Approx(7.0).epsilon(1e-12));
    CHECK(f.plan.energy_j() == Approx(5.6).epsilon(1e-12));

    // FTPS on the same allocation. All L0: R = 4, E = 8.
    // Round 1: t0 L1: R = 5, E = 7.2 -> 1.3889; t1 L1: R = 1+4+1 = 6, V = 10, E = 6.4 -> 1.5625;
    //          t2 L1: R = 5, E = 7.2 -> 1.3889; every L0 option 1.25 -> fix (t1, L1).
    // Round 2 (R = 6, E = 6.4): t0 L0 1.5625; t0 L1: R = 7, E = 5.6 -> 1.7857;
    //          t2 L0 1.5625; t2 L1: R = 7, E = 5.6 -> 1.7857 (tie: lower task index) -> fix (t0, L1).
    // Round 3 (R = 7, E = 5.6): t2 L0: 1.7857; t2 L1: R = 2+4+2 = 8, V = 7.5, E = 4.8 -> 1.5625 -> (t2, L0).
    const LevelSelection t = ftps_levels(pb, {0, 1, 1}, 0.0);
    CHECK(t.fixing_order == Order{{1, 1}, {0, 1}, {2, 0}});
    CHECK(t.level_of_task == std::vector<std::uint32_t>{1, 1, 0});
    CHECK(t.plan.response_s() == Approx(7.0).epsilon(1e-12));
    CHECK(t.plan.energy_j() == Approx(5.6).epsilon(1e-12));

    // ValOpt: everything at L0: R = 4, E = 8.
    const JobPlan v = valopt_plan(pb, {0, 1, 1});
    CHECK(v.level_of_tasks() == std::vector<std::uint32_t>{0, 0, 0});
    CHECK(v.response_s() == Approx(4.0).epsilon(1e-12));
    CHECK(v.energy_j() == Approx(8.0).epsilon(1e-12));

    // Singh 2015 §IV-B Algorithm 3 (FTPS) and §V-A (FCPS) maximize value / E_total. When every candidate
    // completes on the value curve's plateau the value is a constant and both greedies minimize E_total; each
    // task's least-energy level is L1 (1.2 J instead of 2 J per 1e9 cycles), so the per-core restriction of
    // FCPS does not bind and the two give the same levels. The same allocation, value 10 until 100 s:
    const Job flat =
        singh_test::make_job({1e9, 2e9, 1e9}, {{0, 1, 1}, {0, 2, 1}}, UtilityFunction::value_curve(10, 100, 200));
    const PlanningProblem fpb(flat, node);
    // FCPS, all L0: E = 8. Round 1: c0 L1: E = 1.2 + 4 + 2 = 7.2 -> 10/7.2 = 1.3889; c1 L1: E = 2 + 2.4 + 1.2
    //   = 5.6 -> 1.7857 -> fix (c1, L1). Round 2: c0 L0: 10/5.6 = 1.7857; c0 L1: E = 4.8 -> 2.0833 -> (c0, L1).
    const LevelSelection ff = fcps_levels(fpb, {0, 1, 1}, 0.0);
    CHECK(ff.fixing_order == Order{{1, 1}, {0, 1}});
    // FTPS, all L0: E = 8. Round 1: t0 L1 7.2 -> 1.3889; t1 L1: E = 2 + 2.4 + 2 = 6.4 -> 1.5625; t2 L1 7.2 ->
    //   1.3889 -> fix (t1, L1). Round 2: t0 L1 and t2 L1: E = 5.6 -> 1.7857 each (tie: the lower task) ->
    //   (t0, L1). Round 3: t2 L0: 1.7857; t2 L1: E = 4.8 -> 2.0833 -> (t2, L1).
    const LevelSelection ft = ftps_levels(fpb, {0, 1, 1}, 0.0);
    CHECK(ft.fixing_order == Order{{1, 1}, {0, 1}, {2, 1}});
    // Both: every task at L1, R = 2 + 4 + 2 = 8 s, E = 4.8 J, value 10.
    CHECK(ff.level_of_task == std::vector<std::uint32_t>{1, 1, 1});
    CHECK(ft.level_of_task == ff.level_of_task);
    CHECK(ft.plan.response_s() == Approx(8.0).epsilon(1e-12));
    CHECK(ft.plan.energy_j() == Approx(4.8).epsilon(1e-12));
    CHECK(ff.plan.energy_j() == Approx(4.8).epsilon(1e-12));
    CHECK(plan_value(flat, ft.plan, 0.0) == Approx(10.0));
}

TEST_CASE("singh FTPS: a job with no value even at P0 is left at P0, incomplete", "[manager][singh]") {
    // Value 0 from 7 s after arrival; starting at 10 s, every completion is too late.
    const Job job =
        singh_test::make_job({1e9, 2e9, 1e9}, {{0, 1, 1}, {0, 2, 1}}, UtilityFunction::value_curve(10, 3, 7));
    const NodeModel node = instant_link_node();
    const PlanningProblem pb(job, node);
    const LevelSelection s = ftps_levels(pb, {0, 1, 2}, 10.0);
    CHECK(!s.complete);
    CHECK(s.fixing_order.empty());
    CHECK(s.level_of_task == std::vector<std::uint32_t>{0, 0, 0});
    CHECK(plan_value(job, s.plan, 10.0) == 0.0);
    const LevelSelection f = fcps_levels(pb, {0, 1, 2}, 10.0);
    CHECK(!f.complete);
}

TEST_CASE("singh value per energy: zero value and zero energy", "[manager][singh]") {
    CHECK(value_per_energy(10, 4) == Approx(2.5));
    CHECK(value_per_energy(0, 4) == 0.0);
    CHECK(std::isinf(value_per_energy(1, 0)));
}
