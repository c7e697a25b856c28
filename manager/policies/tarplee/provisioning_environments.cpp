#include "manager/policies/tarplee/provisioning_environments.h"

#include <cmath>

namespace rmsim {

ProvisioningCase tarplee_e1(double budget) {
    ProvisioningCase c;
    ProvisioningEnvironment& e = c.env;
    e.task_types = 2;
    e.machine_types = 3;
    e.reward = {1.0, 1.0};
    e.buy_price = {1.0, 1.0, 1.0};
    e.sell_price = {0.0, 0.0, 0.0};
    e.current = {0.0, 0.0, 0.0};
    e.budget = budget;
    c.model.mean = {{1.0, 1.0}, {{1.0, 3.0, 100.0}, {100.0, 3.0, 1.1}}, {}};
    // lambda_1 ~ U(0, 2): CoV 1/sqrt3 (the cap); lambda_2 ~ U(1 - 0.547, 1 + 0.547): CoV 0.547/sqrt3.
    c.model.arrival_cov = {1.0 / std::sqrt(3.0), 0.547 / std::sqrt(3.0)};
    return c;
}

const std::vector<std::vector<double>>& tarplee_e3_etc() {
    static const std::vector<std::vector<double>> etc{
        {57, 28, 72, 45, 41, 19, 27, 28, 26},          {98, 50, 120, 77, 70, 37, 49, 49, 45},
        {463, 303, 362, 342, 314, 311, 303, 290, 264}, {165, 113, 113, 120, 111, 122, 114, 108, 98},
        {167, 91, 185, 129, 118, 74, 90, 88, 81},      {162, 87, 185, 125, 114, 68, 85, 84, 77},
        {45, 22, 57, 36, 33, 15, 22, 22, 20},          {57, 28, 74, 45, 41, 18, 27, 27, 25},
        {59, 36, 54, 44, 41, 34, 36, 35, 32},          {39, 22, 41, 30, 27, 19, 21, 21, 19}};
    return etc;
}

const std::vector<std::vector<double>>& tarplee_e2_etc() {
    static const std::vector<std::vector<double>> etc{
        {5, 10, 10, 101, 30},           {15, 30, 30, 300, 90}, {50, 101, 11, 1010, 303},  {50, 101, 100, 1010, 303},
        {505, 1010, 1001, 10100, 3030}, {15, 30, 12, 300, 90}, {55, 110, 110, 1100, 330}, {17, 34, 16, 340, 102},
        {6, 11, 10, 110, 33},           {5, 10, 10, 100, 30}};
    return etc;
}

namespace {

/// Nothing owned, nothing back when sold, reward 1 per task, the cost weighted 1e-6 beside the reward.
ProvisioningEnvironment reward_environment(std::size_t task_types, std::vector<double> buy_price, double budget) {
    ProvisioningEnvironment e;
    e.task_types = task_types;
    e.machine_types = buy_price.size();
    e.reward.assign(task_types, 1.0);
    e.sell_price.assign(buy_price.size(), 0.0);
    e.current.assign(buy_price.size(), 0.0);
    e.buy_price = std::move(buy_price);
    e.budget = budget;
    e.w_cost = 1e-6;
    return e;
}

}  // namespace

ModelCase tarplee_e2(std::uint64_t seed) {
    const auto& etc = tarplee_e2_etc();
    const std::size_t T = etc.size(), M = etc[0].size();
    // Speed: the geometric mean of 1/ETC_ij over the task types.
    std::vector<double> speed(M, 0.0);
    for (std::size_t j = 0; j < M; ++j) {
        double log_sum = 0;
        for (std::size_t i = 0; i < T; ++i) log_sum -= std::log(etc[i][j]);
        speed[j] = std::exp(log_sum / static_cast<double>(T));
    }
    const double budget = 100000;
    std::vector<double> price(M);
    price[0] = budget / 31.8;
    price[1] = budget / 67.3;
    for (std::size_t j = 2; j < M; ++j) price[j] = price[0] * speed[j] / speed[0];
    ModelCase c;
    c.env = reward_environment(T, price, budget);
    c.env.current[4] = 10;
    c.env.max_machines.assign(M, kNoLimit);
    c.env.max_machines[4] = 10;  // kept or sold, not bought
    c.env.sell_price[4] = 0.5 * price[4];
    c.model =
        with_direct_cov(fit_uncertainty(etc, {}, 2, Matrix2(T, std::vector<double>(M, 1.0)), seed), 1.0, 1.0, 1.0);
    c.arrival.assign(T, 1.0);
    c.arrival_cov.assign(T, 1.0);
    return c;
}

ModelCase tarplee_e3(std::uint64_t seed) {
    ModelCase c;
    c.env = reward_environment(10, {3000, 2370, 3000, 3000, 3000, 3300, 3000, 2910, 3000}, 400000);
    // Power as configs/platforms/tarplee-9types.yaml models the nine machine types: idle 10 % of busy, the
    // rest drawn while a task runs, whatever its type.
    const std::vector<double> busy{68, 98, 66, 79, 84, 114, 99, 100, 107};
    Matrix2 dynamic(10, std::vector<double>(9));
    for (std::size_t j = 0; j < 9; ++j) {
        c.env.idle_power.push_back(0.1 * busy[j]);
        for (auto& row : dynamic) row[j] = 0.9 * busy[j];
    }
    c.model = fit_uncertainty(tarplee_e3_etc(), dynamic, 3, Matrix2(10, std::vector<double>(9, 0.25)), seed);
    c.arrival.assign(10, 0.2);
    c.arrival_cov.assign(10, 0.25);
    return c;
}

}  // namespace rmsim
