// Tarplee Ch.5 (manager/policies/tarplee/provisioning.h, provisioning_study.h): the deterministic equivalent of
// the two-stage provisioning problem, the values of information and H1-H3 on an example computed by hand, and
// environment E1 of §5.9.1 against Table 5.2.
#include <catch2/catch.hpp>

#include <cmath>

#include "manager/policies/tarplee/provisioning.h"
#include "manager/policies/tarplee/provisioning_environments.h"
#include "manager/policies/tarplee/provisioning_lshaped.h"
#include "manager/policies/tarplee/provisioning_study.h"
#include "manager/policies/tarplee/provisioning_uncertainty.h"

using namespace rmsim;

namespace {

/// Two task types, two machine types, each task type runnable only on its own machine type in practice (the
/// other ETC is 1e9 s: what runs there is below 1e-8 of a task per second, inside the tolerance below).
/// r = (1, 1.6); beta^B = (1, 2), beta^S = (0.5, 1); nothing owned; budget 4.
ProvisioningEnvironment hand_environment() {
    ProvisioningEnvironment env;
    env.task_types = 2;
    env.machine_types = 2;
    env.reward = {1.0, 1.6};
    env.buy_price = {1.0, 2.0};
    env.sell_price = {0.5, 1.0};
    env.current = {0.0, 0.0};
    env.budget = 4.0;
    return env;
}

ProvisioningScenario hand_scenario(double lambda1, double lambda2) {
    return {{lambda1, lambda2}, {{1.0, 1e9}, {1e9, 2.0}}, {}};
}

constexpr double kTol = 1e-6;

}  // namespace

TEST_CASE("provisioning: the recourse problem, MVP, EEV, WS and H1-H3 computed by hand", "[manager][tarplee]") {
    const ProvisioningEnvironment env = hand_environment();
    // Two equiprobable scenarios, lambda = (0.5, 0.5) and (3.5, 0.5); the mean is (2, 0.5).
    const std::vector<ProvisioningScenario> k{hand_scenario(0.5, 0.5), hand_scenario(3.5, 0.5)};
    ScenarioModel model;
    model.mean = hand_scenario(2.0, 0.5);

    // Marginal reward per unit of money: a machine of type 1 runs one type-1 task a second (reward 1, price 1);
    // one of type 2 half a type-2 task (reward 0.8 a second, price 2: 0.4 per unit). Type-1 machines earn 1 per
    // unit up to 0.5 machines (needed in both scenarios), then 0.5 per unit up to 3.5 (needed in one of two).
    // RP: 3.5 machines of type 1 (cost 3.5), then the 0.5 left buys 0.25 of type 2 (0.4 > 0 beyond a = 3.5):
    // E[reward] = (0.5 + 3.5) / 2 + 1.6 x 0.25 / 2 = 2.0 + 0.2 = 2.2.
    const ValueOfInformation v = value_of_information(env, model, k);
    CHECK(v.rp.rows == 4u + 2u * 6u);     // (M + 2) + K (T + M + 2)
    CHECK(v.rp.columns == 4u + 2u * 4u);  // 2M + K T M
    CHECK(v.rp.purchase.bought[0] == Approx(3.5).margin(kTol));
    CHECK(v.rp.purchase.bought[1] == Approx(0.25).margin(kTol));
    CHECK(v.rp.purchase.sold[0] == Approx(0).margin(kTol));
    CHECK(v.rp.expected_reward_rate == Approx(2.2).margin(kTol));
    CHECK(v.rp.objective == Approx(-2.2).margin(kTol));
    CHECK(v.rp.upgrade_cost == Approx(4.0).margin(kTol));
    CHECK(v.rp.scenarios[0].reward_rate == Approx(0.5 + 0.2).margin(kTol));
    CHECK(v.rp.scenarios[1].reward_rate == Approx(3.5 + 0.2).margin(kTol));
    // MVP at the mean (2, 0.5): 2 machines of type 1 (reward 2), then type 2 at 0.4 per unit: 1 machine
    // (cost 2, reward 0.8): 2.8. EEV, that purchase over the scenarios: (0.5 + 0.8 + 2 + 0.8) / 2 = 2.05.
    CHECK(v.mvp.purchase.bought[0] == Approx(2.0).margin(kTol));
    CHECK(v.mvp.purchase.bought[1] == Approx(1.0).margin(kTol));
    CHECK(v.mvp.expected_reward_rate == Approx(2.8).margin(kTol));
    CHECK(v.eev.expected_reward_rate == Approx(2.05).margin(kTol));
    CHECK(v.vss() == Approx(2.2 - 2.05).margin(kTol));
    // WS: (0.5, 0.5) alone earns 0.5 + 0.8 = 1.3 (cost 2.5); (3.5, 0.5) alone 3.5 + 0.2 = 3.7; mean 2.5.
    CHECK(v.ws == Approx(-2.5).margin(kTol));
    CHECK(v.ws_reward_rate == Approx(2.5).margin(kTol));
    CHECK(v.evpi() == Approx(2.5 - 2.2).margin(kTol));

    // Eq. 53 at the mean: H1 sum_i 1/ETC = (1, 0.5); H2 divided by the price (1, 0.25); H3 lambda r / ETC /
    // price = (2, 0.2). All pick type 1, and the budget buys 4 of it; over the scenarios it earns
    // (0.5 + 3.5) / 2 = 2.0.
    for (ProvisioningHeuristic h :
         {ProvisioningHeuristic::kH1, ProvisioningHeuristic::kH2, ProvisioningHeuristic::kH3}) {
        const Purchase p = heuristic_purchase(env, model.mean, h);
        CHECK(p.bought == std::vector<double>{4.0, 0.0});
        CHECK(solve_provisioning(env, k, p).expected_reward_rate == Approx(2.0).margin(kTol));
    }
}

TEST_CASE("provisioning: selling, the machine bounds, power and failures bind as Eq. 37 says", "[manager][tarplee]") {
    ProvisioningEnvironment env = hand_environment();
    env.current = {0.0, 3.0};  // three type-2 machines owned; selling one brings 1
    env.budget = 0.5;          // type-1 machines to 0.5 + what selling brings
    env.max_machines = {kNoLimit, 3.0};
    // lambda = (2, 0.5): a type-2 machine serves half a task a second, so only one of the three is busy; selling
    // the other two brings 2, which with the budget of 0.5 buys 2.5 of type 1 (reward 2 at lambda_1 = 2).
    const ProvisioningSolution s = solve_provisioning(env, {hand_scenario(2.0, 0.5)});
    CHECK(s.purchase.sold[1] >= 1.5 - kTol);  // at least enough to reach lambda_1 = 2 (cost 2 - 0.5 = 1.5)
    CHECK(s.expected_reward_rate == Approx(2.0 + 0.8).margin(kTol));
    CHECK(s.upgrade_cost <= 0.5 + kTol);
    // A power cap: type-1 tasks draw 10 W a machine, type 2 nothing; P_max = 15 W allows 1.5 busy machines.
    env.max_power = 15;
    ProvisioningScenario sc = hand_scenario(2.0, 0.5);
    sc.dynamic_power = {{10.0, 10.0}, {0.0, 0.0}};
    const ProvisioningSolution capped = solve_provisioning(env, {sc});
    CHECK(capped.scenarios[0].power == Approx(15.0).margin(kTol));
    CHECK(capped.expected_reward_rate == Approx(1.5 + 0.8).margin(kTol));
    // A failure cap on type-2 machines (0.1 per busy machine, at most 0.05): half a machine busy.
    env.max_power = kNoLimit;
    env.failure_rate = {0.0, 0.1};
    env.max_failure_rate = 0.05;
    const ProvisioningSolution failing = solve_provisioning(env, {hand_scenario(2.0, 0.5)});
    CHECK(failing.scenarios[0].failure_rate == Approx(0.05).margin(kTol));
    CHECK(failing.expected_reward_rate == Approx(2.0 + 1.6 * 0.25).margin(kTol));
    // A purchase that breaks the budget is infeasible.
    CHECK_THROWS_AS(solve_provisioning(env, {hand_scenario(2.0, 0.5)}, Purchase{{5.0, 0.0}, {0.0, 0.0}}),
                    std::runtime_error);
    // Only machines owned can be sold: selling 4 of the 3 type-2 machines is infeasible, and a first stage that
    // buys and sells the same type (free when beta^S = 0 and cost is not weighted) cannot sell what it buys.
    CHECK_THROWS_AS(solve_provisioning(env, {hand_scenario(2.0, 0.5)}, Purchase{{0.0, 0.0}, {0.0, 4.0}}),
                    std::runtime_error);
    // Buying one type-1 machine and selling it again keeps M_1 = 0 and costs 1 - 0.5 within the budget of 0.5,
    // which Eq. 37's rows alone allow; the bound M^S_1 <= M^cur_1 = 0 does not.
    CHECK_THROWS_AS(solve_provisioning(env, {hand_scenario(2.0, 0.5)}, Purchase{{1.0, 0.0}, {1.0, 0.0}}),
                    std::runtime_error);
    const ProvisioningSolution free = solve_provisioning(env, {hand_scenario(2.0, 0.5)});
    CHECK(free.purchase.sold[0] == 0.0);
    CHECK(solve_provisioning_lshaped(env, {hand_scenario(2.0, 0.5)}).solution.purchase.sold[0] == 0.0);
}

TEST_CASE("provisioning: H1-H3 never pick a type that cannot be bought", "[manager][tarplee]") {
    ProvisioningEnvironment env = hand_environment();
    env.current = {0.0, 2.0};
    env.max_machines = {kNoLimit, 2.0};  // type 2 owned, kept or sold, not bought
    // H1 scores sum_i 1/ETC_ij: type 1 1 + 1e-9, type 2 1e-9 + 1/2 (hand_scenario's ETC); make type 2 the
    // faster so that only the rule excludes it: ETC_22 = 0.1 gives it 10 + 1e-9.
    ProvisioningScenario mean = hand_scenario(1.0, 1.0);
    mean.etc[1][1] = 0.1;
    const Purchase p = heuristic_purchase(env, mean, ProvisioningHeuristic::kH1);
    CHECK(p.bought[1] == 0.0);
    CHECK(p.bought[0] == Approx(4.0));  // the budget of 4 at beta^B_1 = 1
    env.max_machines = {};
    CHECK(heuristic_purchase(env, mean, ProvisioningHeuristic::kH1).bought[1] == Approx(2.0));  // 4 / beta^B_2
}

TEST_CASE("provisioning: uniform draws with a capped CoV", "[manager][tarplee]") {
    // CoV 1 is capped at 1/sqrt3: U(0, 2m), E1's lambda_1 ~ U(0, 2).
    CHECK(uniform_bounds(1.0, 1.0).first == Approx(0).margin(1e-12));
    CHECK(uniform_bounds(1.0, 1.0).second == Approx(2.0));
    // E1's lambda_2 ~ U(1 - 0.547, 1 + 0.547): CoV 0.547 / sqrt3.
    CHECK(uniform_bounds(1.0, 0.547 / std::sqrt(3.0)).first == Approx(0.453));
    ScenarioModel m;
    m.mean = hand_scenario(1.0, 1.0);
    m.arrival_cov = {1.0, 0.0};
    const auto k = draw_scenarios(m, 2000, 7);
    double sum = 0, lo = 2, hi = 0;
    for (const auto& s : k) {
        sum += s.arrival[0];
        lo = std::min(lo, s.arrival[0]);
        hi = std::max(hi, s.arrival[0]);
        CHECK(s.arrival[1] == 1.0);
    }
    CHECK(sum / 2000 == Approx(1.0).margin(0.05));  // the mean of U(0, 2), within 3.9 standard errors
    CHECK(lo >= 0);
    CHECK(hi <= 2);
    CHECK(draw_scenarios(m, 3, 7)[2].arrival == k[2].arrival);  // the same seed, the same draws
}

TEST_CASE("provisioning: E1 against Table 5.2", "[manager][tarplee]") {
    // Tarplee §5.9.1. The heuristics all pick M1 (H1: sum_i 1/ETC = 1.01 against 0.67 and 0.92; H2, H3 the
    // same with prices and rates 1) and buy 3.5 of it.
    const ProvisioningCase c = tarplee_e1();
    for (ProvisioningHeuristic h : {ProvisioningHeuristic::kH1, ProvisioningHeuristic::kH2, ProvisioningHeuristic::kH3})
        CHECK(heuristic_purchase(c.env, c.model.mean, h).bought == std::vector<double>{3.5, 0.0, 0.0});
    const auto k = draw_scenarios(c.model, 1000, 1);
    const ValueOfInformation v = value_of_information(c.env, c.model, k);
    // RP, by hand with lambda_1 ~ U(0, 2), lambda_2 ~ U(0.453, 1.547), a machines of M1 for T1 and b of M3 for
    // T2 (ETC 1.1), a + b = 3.5: d/da E[min(lambda_1, a)] = P(lambda_1 > a) = 1 - a/2 equals
    // d/db E[min(lambda_2, b/1.1)] = (1.547 - b/1.1) / (1.1 x 1.094), so with c = b/1.1:
    // -0.75 + 0.55 c = (1.547 - c) / 1.2034, c = 1.474, b = 1.621, a = 1.879 (Table 5.2: 1.9 and 1.6). The SAA
    // of 1,000 scenarios lands within 0.05 of it.
    CHECK(v.rp.purchase.bought[0] == Approx(1.879).margin(0.05));
    CHECK(v.rp.purchase.bought[1] == Approx(0).margin(1e-9));
    CHECK(v.rp.purchase.bought[2] == Approx(1.621).margin(0.05));
    // MVP at the mean (1, 1): M1 1.0 for T1 and at least 1.1 of M3 for T2 earn 2.0; where the rest of the
    // budget goes changes nothing at the mean, so any such purchase is optimal (Table 5.2 and CLP's vertex
    // after presolve: all on M3, 2.5; the EEV below is computed for that purchase explicitly).
    CHECK(v.mvp.purchase.bought[0] == Approx(1.0).margin(1e-9));
    CHECK(v.mvp.purchase.bought[2] >= 1.1 - 1e-9);
    CHECK(v.mvp.expected_reward_rate == Approx(2.0).margin(1e-9));
    // The order of §5.9.1: WS >= RP > EEV > the heuristics (about 1.0); EVPI "very small".
    const double h = solve_provisioning(c.env, k, Purchase{{3.5, 0, 0}, {0, 0, 0}}).expected_reward_rate;
    CHECK(v.ws_reward_rate >= v.rp.expected_reward_rate - 1e-9);
    CHECK(v.rp.expected_reward_rate > v.eev.expected_reward_rate);
    CHECK(v.eev.expected_reward_rate > h);
    CHECK(h == Approx(1.0).margin(0.06));
    CHECK(v.evpi() >= -1e-9);
    CHECK(v.evpi() < 0.02);
    // Table 5.2's own MVP purchase (M1 1.0, M3 2.5): T1 earns E[min(lambda_1, 1)] = 1/4 + 1/2 = 0.75, T2 all of
    // E[lambda_2] = 1 (2.5 / 1.1 > 1.547): 1.75, so VSS = (1.994 - 1.75) / 1.75 = 13.9 % (the paper: 13.8 %),
    // where RP earns 1.879 - 1.879^2/4 + 1 - (1.547 - 1.474)^2 / (2 x 1.094) = 1.994.
    const double eev_paper = solve_provisioning(c.env, k, Purchase{{1.0, 0, 2.5}, {0, 0, 0}}).expected_reward_rate;
    CHECK(eev_paper == Approx(1.75).margin(0.05));
    CHECK((v.rp.expected_reward_rate - eev_paper) / eev_paper == Approx(0.139).margin(0.03));
    // A budget that covers every scenario's arrivals (2 + 1.1 x 1.547 = 3.7 < 8): RP serves them all, so its
    // expected reward rate is the scenarios' mean lambda_1 + lambda_2, as WS's (the asymptote 2.0 of Fig. 5.2).
    const ProvisioningCase rich = tarplee_e1(8.0);
    double served = 0;
    for (const ProvisioningScenario& s : k) served += (s.arrival[0] + s.arrival[1]) / 1000.0;
    CHECK(solve_provisioning(rich.env, k).expected_reward_rate == Approx(served).margin(1e-6));
    CHECK(served == Approx(2.0).margin(0.06));
}

TEST_CASE("provisioning: the L-shaped method gives the DEP's optimum", "[manager][tarplee]") {
    // The hand example: one iteration's cuts at a time until the bound meets the cost; the same purchase.
    const ProvisioningEnvironment env = hand_environment();
    const std::vector<ProvisioningScenario> k{hand_scenario(0.5, 0.5), hand_scenario(3.5, 0.5)};
    const LShapedSolution l = solve_provisioning_lshaped(env, k);
    CHECK(l.solution.objective == Approx(-2.2).margin(kTol));
    CHECK(l.solution.purchase.bought[0] == Approx(3.5).margin(kTol));
    CHECK(l.solution.purchase.bought[1] == Approx(0.25).margin(kTol));
    CHECK(l.lower_bound == Approx(-2.2).margin(kTol));
    CHECK(l.iterations >= 2);
    // E1 at 300 scenarios (a unique optimum) and an environment where every part of Eq. 37 binds somewhere:
    // machines owned and sold, idle and dynamic power under P_max, failures under nu_max, a cost weight.
    const ProvisioningCase e1 = tarplee_e1();
    const auto s1 = draw_scenarios(e1.model, 300, 3);
    const ProvisioningSolution dep = solve_provisioning(e1.env, s1);
    const LShapedSolution ls = solve_provisioning_lshaped(e1.env, s1);
    CHECK(ls.solution.objective == Approx(dep.objective).margin(1e-7));
    for (std::size_t j = 0; j < 3; ++j)
        CHECK(ls.solution.purchase.bought[j] == Approx(dep.purchase.bought[j]).margin(1e-5));

    ProvisioningEnvironment rich;
    rich.task_types = 3;
    rich.machine_types = 3;
    rich.reward = {1.0, 2.0, 1.5};
    rich.buy_price = {3.0, 5.0, 4.0};
    rich.sell_price = {1.0, 2.0, 1.5};
    rich.current = {2.0, 0.0, 4.0};
    rich.max_machines = {10.0, 10.0, 6.0};
    rich.idle_power = {5.0, 8.0, 3.0};
    rich.failure_rate = {0.01, 0.02, 0.05};
    rich.budget = 20;
    rich.max_power = 400;
    rich.max_failure_rate = 0.3;
    rich.w_cost = 0.01;
    rich.w_power = 0.001;
    ScenarioModel m;
    m.mean = {{1.0, 0.8, 1.2}, {{2, 3, 4}, {5, 2, 6}, {3, 4, 1.5}}, {{30, 40, 20}, {50, 30, 40}, {20, 25, 10}}};
    m.arrival_cov = {0.4, 0.4, 0.4};
    m.etc_cov.assign(3, std::vector<double>(3, 0.3));
    const auto s2 = draw_scenarios(m, 40, 11);
    const ProvisioningSolution dep2 = solve_provisioning(rich, s2);
    const LShapedSolution ls2 = solve_provisioning_lshaped(rich, s2);
    CHECK(ls2.solution.objective == Approx(dep2.objective).margin(1e-7));
    CHECK(ls2.solution.expected_power <= 400 + 1e-6);
    for (const SteadyState& st : ls2.solution.scenarios) CHECK(st.failure_rate <= 0.3 + 1e-9);
}

TEST_CASE("provisioning: the uncertainty model of §5.4 (NNMF, least squares, draws)", "[manager][tarplee]") {
    // A rank-2 ETC made exactly as eta tau: eta = [[1, 0], [0, 2], [1, 1]], tau = [[3, 1], [1, 2]] gives
    // ETC = [[3, 1], [2, 4], [4, 3]]; the factorisation with L = 2 recovers it (to the error reported).
    const Matrix2 etc{{3, 1}, {2, 4}, {4, 3}};
    const Factorisation f = nnmf(etc, 2, 5);
    CHECK(f.error < 1e-6);
    // Non-negative least squares with A fixed: A = [[1, 0], [0, 2], [1, 1]], B = A [[2], [0.5]] = [[2], [1], [2.5]].
    const Matrix2 x = nonnegative_least_squares({{1, 0}, {0, 2}, {1, 1}}, {{2}, {1}, {2.5}});
    CHECK(x[0][0] == Approx(2.0).margin(1e-6));
    CHECK(x[1][0] == Approx(0.5).margin(1e-6));
    // APC^d = 10 W everywhere means an energy per operation psi with eta psi = 10 ETC: psi = 10 tau fits exactly.
    const Matrix2 apc(3, std::vector<double>(2, 10.0)), cov(3, std::vector<double>(2, 0.25));
    const UncertaintyModel m = fit_uncertainty(etc, apc, 2, cov, 5);
    CHECK(m.etc_error < 1e-6);
    CHECK(m.apc_error < 1e-5);
    const ProvisioningScenario mean = mean_model_scenario(m, {1.0, 1.0, 1.0});
    for (std::size_t i = 0; i < 3; ++i)
        for (std::size_t j = 0; j < 2; ++j) {
            CHECK(mean.etc[i][j] == Approx(etc[i][j]).epsilon(1e-5));
            CHECK(mean.dynamic_power[i][j] == Approx(10.0).epsilon(1e-4));
        }
    // Draws: ETC = eta tau_k keeps the factor structure; the sample mean of ETC approaches eta E[tau].
    const auto k = draw_model_scenarios(m, {1.0, 1.0, 1.0}, {0.25, 0.25, 0.25}, 4000, 9);
    double mean00 = 0;
    for (const auto& s : k) {
        mean00 += s.etc[0][0] / 4000;
        CHECK(s.etc[0][0] > 0);
    }
    CHECK(mean00 == Approx(3.0).epsilon(0.02));
    // Table 5.5 with L = 3 operations (E3, §5.9.3: "0.8 % for ETC").
    const UncertaintyModel e3 = fit_uncertainty(tarplee_e3_etc(), {}, 3, Matrix2(10, std::vector<double>(9, 0.25)), 1);
    CHECK(e3.etc_error < 0.03);
}

TEST_CASE("provisioning: whole machines from a fractional purchase, within the budget", "[manager][tarplee]") {
    ProvisioningEnvironment env = tarplee_e1(3.0).env;  // every machine costs 1, budget 3
    // 1.6, 1.7, 0.2: rounded down 1, 1, 0 (cost 2); by fractional part M2 (0.7) goes up (cost 3), then M1 (0.6)
    // would pass the budget and stays down; M3 (0.2 < 0.5) stays down.
    Purchase p{{1.6, 1.7, 0.2}, {0, 0, 0}};
    CHECK(integer_purchase(env, p).bought == std::vector<double>{1, 2, 0});
    // With budget 35, E1 x 10's RP (18.83 M1, 16.17 M3): 19 and 16 (cost 35).
    env.budget = 35;
    p.bought = {18.83, 0, 16.17};
    CHECK(integer_purchase(env, p).bought == std::vector<double>{19, 0, 16});
    // An LP's 2.9999999999 is 3, not 2 rounded up.
    p.bought = {2.9999999999, 0, 0};
    CHECK(integer_purchase(env, p).bought == std::vector<double>{3, 0, 0});
}
