// Tarplee Ch.5 §5.8 (manager/policies/tarplee/provisioning_front.h): the orthogonal weights, the confidence
// region of Eq. 60 and the reward-power front, each on an example computed by hand; and E2 (§5.9.3) as
// provisioning_environments.h builds it.
#include <catch2/catch.hpp>

#include <cmath>

#include "manager/policies/tarplee/provisioning_environments.h"
#include "manager/policies/tarplee/provisioning_front.h"

using namespace rmsim;

TEST_CASE("provisioning front: orthogonal weights (§5.8.2) by hand", "[manager][tarplee]") {
    // D = 2: Delta = sqrt(1/2), the Helmert vector (1, -1) / sqrt2, so w = (1/2 + a / sqrt2, 1/2 - a / sqrt2)
    // with a / sqrt2 in {-1/2, -1/4, 0, 1/4, 1/2}: w_1 = 0, 0.25, 0.5, 0.75, 1.
    const auto w2 = orthogonal_weights(2, 5);
    REQUIRE(w2.size() == 5);
    for (std::size_t k = 0; k < 5; ++k) {
        CHECK(w2[k][0] == Approx(0.25 * static_cast<double>(k)).margin(1e-12));
        CHECK(w2[k][0] + w2[k][1] == Approx(1.0));
    }
    // D = 3, 3 steps: Delta = sqrt(2/3), a_k in {-Delta, 0, Delta}; a_1 / sqrt2 = +-1/sqrt3 and
    // a_2 / sqrt6 = +-1/3. w = (1/3 + a_1/sqrt2 + a_2/sqrt6, 1/3 - a_1/sqrt2 + a_2/sqrt6, 1/3 - 2 a_2/sqrt6):
    // a_2 = +Delta makes w_3 = -1/3; a_2 = -Delta gives (a_1/sqrt2, -a_1/sqrt2, 1), non-negative only at a_1 = 0;
    // a_2 = 0 gives (1/3 +- 1/sqrt3, ...), non-negative only at a_1 = 0. Two vectors survive, in sweep order.
    const auto w3 = orthogonal_weights(3, 3);
    REQUIRE(w3.size() == 2);
    CHECK(w3[0][0] == Approx(0.0).margin(1e-12));
    CHECK(w3[0][1] == Approx(0.0).margin(1e-12));
    CHECK(w3[0][2] == Approx(1.0));
    for (double x : w3[1]) CHECK(x == Approx(1.0 / 3.0));
    CHECK_THROWS_AS(orthogonal_weights(1, 5), std::invalid_argument);
}

TEST_CASE("provisioning front: the confidence region of Eq. 60 by hand", "[manager][tarplee]") {
    // Samples (0,0), (2,0), (0,2), (2,2): mean (1, 1); S = [[4/3, 0], [0, 4/3]] (sum of squares 4 over n - 1).
    // F(2, 2) has CDF x / (1 + x), so its 95 % quantile is 19; the right-hand side is
    // (n - 1) p / ((n - p) n) 19 = 3 * 2 / (2 * 4) * 19 = 14.25.
    const ConfidenceEllipse e = confidence_ellipse({0, 2, 0, 2}, {0, 0, 2, 2});
    CHECK(e.mean_x == Approx(1.0));
    CHECK(e.mean_y == Approx(1.0));
    CHECK(e.sxx == Approx(4.0 / 3.0));
    CHECK(e.sxy == Approx(0.0).margin(1e-12));
    CHECK(e.radius2 == Approx(14.25));
    // The boundary at t = 0 and t = pi/2: the mean plus sqrt(14.25 * 4/3) = sqrt(19) along each axis.
    const auto b = e.boundary(4);
    CHECK(b[0].first == Approx(1.0 + std::sqrt(19.0)));
    CHECK(b[0].second == Approx(1.0));
    CHECK(b[1].first == Approx(1.0).margin(1e-9));
    CHECK(b[1].second == Approx(1.0 + std::sqrt(19.0)));
    CHECK_THROWS_AS(confidence_ellipse({1, 2}, {1, 2}), std::invalid_argument);
}

TEST_CASE("provisioning front: reward against power by hand", "[manager][tarplee]") {
    // One task type (lambda = 1, reward 1); machine A runs it in 1 s at 10 W, B in 2 s at 3 W; each costs 1,
    // budget 1, no idle power. Per unit of reward A spends 10 J, B 6 J, so the front is convex through
    // (reward 0, 0 W) (nothing bought), (0.5, 3 W) (one B, busy) and (1, 10 W) (one A, busy).
    ProvisioningEnvironment env;
    env.task_types = 1;
    env.machine_types = 2;
    env.reward = {1.0};
    env.buy_price = {1.0, 1.0};
    env.sell_price = {0.0, 0.0};
    env.current = {0.0, 0.0};
    env.budget = 1.0;
    const ProvisioningScenario s{{1.0}, {{1.0, 2.0}}, {{10.0, 3.0}}};
    // Utopia (1, 0 W), nadir (0, 10 W): the weighted sum is w_1 (-r) / 1 + w_2 P / 10. At w_1 = 0.25:
    // (0,0) 0, B -0.125 + 0.225 = 0.1, A -0.25 + 0.75 = 0.5: nothing. At 0.5: B -0.25 + 0.15 = -0.1 < A's 0: B.
    // At 0.75: B -0.375 + 0.075 = -0.3, A -0.75 + 0.25 = -0.5: A. The five weights give three points.
    const auto front = provisioning_front(env, {s}, FrontObjective::kPower, 5);
    REQUIRE(front.size() == 3);
    CHECK(front[0].reward_rate == Approx(0.0).margin(1e-9));
    CHECK(front[0].other == Approx(0.0).margin(1e-9));
    CHECK(front[1].reward_rate == Approx(0.5));
    CHECK(front[1].other == Approx(3.0));
    CHECK(front[1].solution.purchase.bought[1] == Approx(1.0));
    CHECK(front[2].reward_rate == Approx(1.0));
    CHECK(front[2].other == Approx(10.0));
    CHECK(front[2].solution.purchase.bought[0] == Approx(1.0));
    // Against cost instead: the most reward costs 1 (A), nothing costs 0; B earns less for the same price, so
    // the front is the two ends.
    const auto by_cost = provisioning_front(env, {s}, FrontObjective::kCost, 5);
    REQUIRE(by_cost.size() == 2);
    CHECK(by_cost[1].reward_rate == Approx(1.0));
    CHECK(by_cost[1].other == Approx(1.0));
}

TEST_CASE("provisioning: E2 as §5.9.3 and Table 5.4's heuristic columns give it", "[manager][tarplee]") {
    const ModelCase e2 = tarplee_e2(1);
    // L = 2 fits Table 5.3 (built as a rank-2 table: M2 = 2 x M1 nearly, M4 = 10 x M2, M5 = 3 x M2).
    CHECK(e2.model.etc_error < 0.01);
    CHECK(e2.model.eta_var.size() == 10);
    // CoV 100 % on eta and tau: variance = mean^2.
    CHECK(e2.model.tau_var[0][0] == Approx(e2.model.tau[0][0] * e2.model.tau[0][0]));
    const ProvisioningScenario mean = e2.mean();
    // H1: M1 has the largest sum_i 1/ETC_i1 (0.819 against M3's 0.590): $100,000 / ($100,000 / 31.8) = 31.8.
    const Purchase h1 = heuristic_purchase(e2.env, mean, ProvisioningHeuristic::kH1);
    CHECK(h1.bought[0] == Approx(31.8));
    // H2: per dollar, M2 0.41687 / 1485.9 = 2.806e-4 beats M1 0.819 / 3144.7 = 2.604e-4, M3
    // 0.590 / (3144.7 x 0.751) = 2.50e-4 and M4 0.0416 / (3144.7 x 0.0503) = 2.63e-4; M5 cannot be bought.
    const Purchase h2 = heuristic_purchase(e2.env, mean, ProvisioningHeuristic::kH2);
    CHECK(h2.bought[1] == Approx(67.3));
    CHECK(h2.bought[4] == 0.0);
    // Draws: eta and tau both vary, so two scenarios' ETC rows differ by more than a per-machine factor.
    const auto k = e2.draw(2, 7);
    CHECK(k[0].etc[0][0] / k[0].etc[1][0] != Approx(k[1].etc[0][0] / k[1].etc[1][0]));
}
