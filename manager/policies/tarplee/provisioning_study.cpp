#include "manager/policies/tarplee/provisioning_study.h"

#include <algorithm>
#include <cmath>
#include <random>

namespace rmsim {

std::pair<double, double> uniform_bounds(double mean, double cov) {
    const double v = std::min(std::max(cov, 0.0), 1.0 / std::sqrt(3.0));
    return {mean * (1 - std::sqrt(3.0) * v), mean * (1 + std::sqrt(3.0) * v)};
}

double draw_uniform(double mean, double cov, std::mt19937_64& rng) {
    if (cov <= 0 || mean <= 0) return mean;
    const auto [lo, hi] = uniform_bounds(mean, cov);
    return std::uniform_real_distribution<double>(lo, hi)(rng);
}

std::vector<ProvisioningScenario> draw_scenarios(const ScenarioModel& model, std::size_t K, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    auto draw = [&](double mean, double cov) { return draw_uniform(mean, cov, rng); };
    std::vector<ProvisioningScenario> out(K, model.mean);
    for (ProvisioningScenario& s : out) {
        for (std::size_t i = 0; i < s.arrival.size(); ++i)
            s.arrival[i] = draw(model.mean.arrival[i], model.arrival_cov.empty() ? 0 : model.arrival_cov[i]);
        if (model.etc_cov.empty()) continue;
        for (std::size_t i = 0; i < s.etc.size(); ++i)
            for (std::size_t j = 0; j < s.etc[i].size(); ++j)
                s.etc[i][j] = draw(model.mean.etc[i][j], model.etc_cov[i][j]);
    }
    return out;
}

ValueOfInformation value_of_information(const ProvisioningEnvironment& env, const ScenarioModel& model,
                                        const std::vector<ProvisioningScenario>& scenarios) {
    ValueOfInformation v;
    v.rp = solve_provisioning(env, scenarios);
    v.mvp = solve_provisioning(env, {model.mean});
    v.eev = solve_provisioning(env, scenarios, v.mvp.purchase);
    for (const ProvisioningScenario& s : scenarios) {
        const ProvisioningSolution one = solve_provisioning(env, {s});
        v.ws += one.objective / static_cast<double>(scenarios.size());
        v.ws_reward_rate += one.expected_reward_rate / static_cast<double>(scenarios.size());
    }
    return v;
}

Purchase heuristic_purchase(const ProvisioningEnvironment& env, const ProvisioningScenario& mean,
                            ProvisioningHeuristic h) {
    env.validate();
    const std::size_t T = env.task_types, M = env.machine_types;
    std::size_t best = 0;
    double best_score = -1;
    for (std::size_t j = 0; j < M; ++j) {
        if (!env.max_machines.empty() && env.max_machines[j] <= env.current[j]) continue;  // cannot be bought
        double score = 0;
        for (std::size_t i = 0; i < T; ++i)
            score += h == ProvisioningHeuristic::kH3 ? mean.arrival[i] * env.reward[i] / mean.etc[i][j]
                                                     : 1.0 / mean.etc[i][j];
        if (h != ProvisioningHeuristic::kH1) score /= env.buy_price[j];
        if (score > best_score) {
            best_score = score;
            best = j;
        }
    }
    double current_total = 0, idle_now = 0;
    for (std::size_t j = 0; j < M; ++j) {
        current_total += env.current[j];
        idle_now += (env.idle_power.empty() ? 0 : env.idle_power[j]) * env.current[j];
    }
    double n = env.budget / env.buy_price[best];
    if (!env.max_machines.empty()) n = std::min(n, env.max_machines[best] - env.current[best]);
    n = std::min(n, env.total_max - current_total);
    const double idle = env.idle_power.empty() ? 0 : env.idle_power[best];
    if (idle > 0) n = std::min(n, (env.max_power - idle_now) / idle);
    Purchase p{std::vector<double>(M, 0.0), std::vector<double>(M, 0.0)};
    p.bought[best] = std::max(0.0, n);
    return p;
}

Purchase integer_purchase(const ProvisioningEnvironment& env, const Purchase& p) {
    env.validate();
    const std::size_t M = env.machine_types;
    Purchase q{std::vector<double>(M, 0.0), std::vector<double>(M, 0.0)};
    double cost = 0, total = 0;
    for (std::size_t j = 0; j < M; ++j) {
        q.sold[j] = std::round(p.sold[j]);
        // Within 1e-9 of a whole machine counts as it (an LP's 2.9999999999 is 3).
        q.bought[j] = std::floor(p.bought[j] + 1e-9);
        cost += env.buy_price[j] * q.bought[j] - env.sell_price[j] * q.sold[j];
        total += env.current[j] + q.bought[j] - q.sold[j];
    }
    std::vector<std::size_t> order(M);
    for (std::size_t j = 0; j < M; ++j) order[j] = j;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return p.bought[a] - q.bought[a] > p.bought[b] - q.bought[b];
    });
    for (std::size_t j : order) {
        if (p.bought[j] - q.bought[j] < 0.5) break;
        const double machines = env.current[j] + q.bought[j] + 1 - q.sold[j];
        if (cost + env.buy_price[j] > env.budget * (1 + 1e-12) || total + 1 > env.total_max ||
            machines > (env.max_machines.empty() ? kNoLimit : env.max_machines[j]))
            continue;
        q.bought[j] += 1;
        cost += env.buy_price[j];
        total += 1;
    }
    return q;
}

}  // namespace rmsim
