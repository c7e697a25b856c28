// LP-makespan (Tarplee Ch.2): the LP bound (Eq. 3, CLP), rounding (Alg. 1), LPT local assignment (Alg. 2),
// the MET bound (Eq. 6).
#include <catch2/catch.hpp>

#include <algorithm>
#include <functional>
#include <random>
#include <utility>
#include <vector>

#include "manager/policies/tarplee/allocation_lp.h"
#include "manager/policies/tarplee/local_assignment.h"
#include "manager/policies/tarplee/rounding.h"

using namespace rmsim;

TEST_CASE("tarplee: LP bound of a 2 x 2 instance solved by hand", "[manager][tarplee]") {
    // ETC = [[2, 4], [3, 1]], T = (4, 2), one machine of each type.
    // Type 1 is relatively fast on machine 1 (2/4 = 0.5), type 2 on machine 2 (3/1 = 3), so type 2 stays on
    // machine 2 (load 2) and type 1 is split x on machine 2, 4 - x on machine 1:
    //   F_1 = 2(4 - x) = 8 - 2x,  F_2 = 2 + 4x;  equal at x = 1 -> MS_LB = 6, mu = [[3, 1], [0, 2]].
    // Dual certificate: machine weights w = (2/3, 1/3) give sum_i T_i min_j w_j ETC_ij
    //   = 4 min(4/3, 4/3) + 2 min(2, 1/3) = 16/3 + 2/3 = 6, so no allocation does better.
    TypeBag bag{{{2, 4}, {3, 1}}, {4, 2}, {1, 1}};
    const LpSolution s = lp_makespan_bound(bag);
    CHECK(s.makespan == Approx(6.0).epsilon(1e-9));
    CHECK(s.mu[0][0] == Approx(3.0).epsilon(1e-9));
    CHECK(s.mu[0][1] == Approx(1.0).epsilon(1e-9));
    CHECK(s.mu[1][0] == Approx(0.0).margin(1e-9));
    CHECK(s.mu[1][1] == Approx(2.0).epsilon(1e-9));
    // Eq. 6: MET = (4 min(2,4) + 2 min(3,1)) / 2 = (8 + 2) / 2 = 5 < 6 (the LP bound is tighter).
    CHECK(met_makespan_bound(bag) == Approx(5.0).epsilon(1e-12));
}

TEST_CASE("tarplee: LP bound with machine counts and an empty machine type", "[manager][tarplee]") {
    // ETC = [[2, 4, 10], [3, 1, 10]], T = (4, 2), M = (3, 0, 1): type 2 has no machine (its column is out),
    // type 3 is one slow machine. Per task moved from type 1 to type 3, F_1 falls by ETC_i1 / 3 (2/3 for a
    // type-1 task, 1 for a type-2 task) and F_3 rises by 10, so type-2 tasks move: y of them,
    //   F_1 = (4*2 + 3(2 - y)) / 3 = (14 - 3y) / 3,  F_3 = 10 y;  equal at y = 14/33 -> MS_LB = 140/33.
    // Dual certificate: weights w = (10/11 on F_1, 1/11 on F_3) give
    //   4 min(10/11 * 2/3, 1/11 * 10) + 2 min(10/11 * 1, 1/11 * 10) = 4 * 20/33 + 2 * 30/33 = 140/33.
    TypeBag bag{{{2, 4, 10}, {3, 1, 10}}, {4, 2}, {3, 0, 1}};
    const LpSolution s = lp_makespan_bound(bag);
    CHECK(s.makespan == Approx(140.0 / 33.0).epsilon(1e-9));
    CHECK(s.mu[0][1] == 0.0);
    CHECK(s.mu[1][1] == 0.0);
    CHECK(s.mu[1][2] == Approx(14.0 / 33.0).epsilon(1e-9));
}

TEST_CASE("tarplee: rounding reproduces the worked example Eq. 4 -> Eq. 5", "[manager][tarplee]") {
    // §2.2.3.2: rows sum to T = (23, 24, 39, 46); n = T_i - sum floor = 0, 1, 1, 2.
    const std::vector<std::vector<double>> mu{
        {3, 0, 9, 11, 0, 0}, {3, 0, 9.6, 11.4, 0, 0}, {3, 15.3, 9.3, 11.4, 0, 0}, {3, 15.2, 9.9, 11.4, 2.3, 4.2}};
    const CountMatrix expect{{3, 0, 9, 11, 0, 0},
                             {3, 0, 10, 11, 0, 0},    // n = 1: .6 > .4
                             {3, 15, 9, 12, 0, 0},    // n = 1: .4 > .3 > .3
                             {3, 15, 10, 12, 2, 4}};  // n = 2: .9 and .4 over .3, .2, .2
    CHECK(round_allocation(mu, {23, 24, 39, 46}) == expect);
}

TEST_CASE("tarplee: rounding tolerates solver noise and keeps row sums", "[manager][tarplee]") {
    // 8.9999999 is 9 (n would otherwise be 1 and round up the wrong entry); 2.0000001 is 2.
    CHECK(round_allocation({{8.9999999, 2.0000001, 1.0}}, {12}) == CountMatrix{{9, 2, 1}});
    // Ties (GAP): equal fractional parts, the lower index goes up first: 1.5 + 1.5 = 3 -> (2, 1).
    CHECK(round_allocation({{1.5, 1.5}}, {3}) == CountMatrix{{2, 1}});
    CHECK_THROWS_AS(round_allocation({{1.0, 1.0}}, {5}), std::invalid_argument);
}

TEST_CASE("tarplee: LPT local assignment on a small instance by hand", "[manager][tarplee]") {
    // One machine type with 2 machines; tasks: 2 of ETC 5 (type 0), 3 of ETC 3 (type 1), 1 of ETC 2 (type 2).
    // LPT order 5,5,3,3,3,2; ready (m0, m1): 5->m0 (5,0); 5->m1 (5,5); 3->m0 (8,5); 3->m1 (8,8); 3->m0 (11,8);
    // 2->m1 (11,10). Makespan 11 = ceil(21 / 2), optimal here.
    const Matrix etc{{5}, {3}, {2}};
    const FullAllocation a = local_assignment_lpt(etc, {{2}, {3}, {1}}, {2});
    CHECK(a.count(0, 0, 0) == 1);
    CHECK(a.count(1, 0, 0) == 2);
    CHECK(a.count(2, 0, 0) == 0);
    CHECK(a.count(0, 0, 1) == 1);
    CHECK(a.count(1, 0, 1) == 1);
    CHECK(a.count(2, 0, 1) == 1);
    CHECK(a.ready(0, 0) == 11.0);
    CHECK(a.ready(0, 1) == 10.0);
    CHECK(a.makespan() == 11.0);
    CHECK(a.type_counts() == CountMatrix{{2}, {3}, {1}});
}

namespace {

// Alg. 2 task by task: the reference for the rounds shortcut of local_assignment_lpt.
FullAllocation lpt_task_by_task(const Matrix& etc, const CountMatrix& muhat, const std::vector<Count>& machines) {
    FullAllocation out(muhat.size(), machines);
    for (std::size_t j = 0; j < machines.size(); ++j) {
        std::vector<std::size_t> tasks;
        for (std::size_t i = 0; i < muhat.size(); ++i)
            for (Count c = 0; c < muhat[i][j]; ++c) tasks.push_back(i);
        std::stable_sort(tasks.begin(), tasks.end(),
                         [&](std::size_t a, std::size_t b) { return etc[a][j] > etc[b][j]; });
        for (std::size_t i : tasks) {
            std::size_t best = 0;
            for (std::size_t k = 1; k < static_cast<std::size_t>(machines[j]); ++k)
                if (out.ready(j, k) < out.ready(j, best)) best = k;
            out.ready(j, best) += etc[i][j];
            out.count(i, j, best) += 1;
        }
    }
    return out;
}

}  // namespace

TEST_CASE("tarplee: LPT by counts equals LPT task by task", "[manager][tarplee]") {
    // Integer ETCs keep every sum exact, so both must make the same choices, tie-breaks included.
    std::mt19937_64 rng(7);
    std::uniform_int_distribution<int> e(1, 20), c(0, 40), m(1, 7);
    for (int trial = 0; trial < 50; ++trial) {
        const std::size_t T = 1 + trial % 5, M = 1 + trial % 3;
        Matrix etc(T, std::vector<double>(M));
        CountMatrix muhat(T, std::vector<Count>(M));
        std::vector<Count> machines(M);
        for (auto& mj : machines) mj = m(rng);
        for (std::size_t i = 0; i < T; ++i)
            for (std::size_t j = 0; j < M; ++j) {
                etc[i][j] = e(rng);
                muhat[i][j] = c(rng);
            }
        const FullAllocation fast = local_assignment_lpt(etc, muhat, machines);
        const FullAllocation ref = lpt_task_by_task(etc, muhat, machines);
        for (std::size_t j = 0; j < M; ++j)
            for (std::size_t k = 0; k < static_cast<std::size_t>(machines[j]); ++k) {
                CHECK(fast.ready(j, k) == ref.ready(j, k));
                for (std::size_t i = 0; i < T; ++i) CHECK(fast.count(i, j, k) == ref.count(i, j, k));
            }
    }
}

TEST_CASE("tarplee: LP-makespan bounds on a random CVB instance", "[manager][tarplee]") {
    // MET <= LP bound <= rounded DLT makespan <= full allocation makespan.
    std::mt19937_64 rng(3);
    CvbEtcParams p;
    p.task_types = 6;
    p.machines = 4;
    p.mean_task = 10;
    p.v_task = 0.6;
    p.v_mach = 0.6;
    TypeBag bag{generate_etc_cvb(p, rng), {30, 55, 12, 80, 41, 9}, {3, 5, 2, 6}};
    const LpSolution s = lp_makespan_bound(bag);
    for (std::size_t i = 0; i < bag.task_types(); ++i) {
        double row = 0;
        for (double v : s.mu[i]) row += v;
        CHECK(row == Approx(static_cast<double>(bag.tasks[i])).epsilon(1e-9));
    }
    const CountMatrix muhat = round_allocation(s.mu, bag.tasks);
    const FullAllocation full = local_assignment_lpt(bag.etc, muhat, bag.machines);
    CHECK(met_makespan_bound(bag) <= s.makespan * (1 + 1e-9));
    CHECK(s.makespan <= dlt_makespan(bag.etc, muhat, bag.machines) * (1 + 1e-9));
    CHECK(dlt_makespan(bag.etc, muhat, bag.machines) <= full.makespan() * (1 + 1e-9));
    CHECK(full.type_counts() == muhat);
}
