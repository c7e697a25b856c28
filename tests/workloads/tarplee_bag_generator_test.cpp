// Tarplee bags of tasks (workloads/tarplee_bag_generator.h).
#include <catch2/catch.hpp>

#include <cmath>
#include <random>

#include "workloads/tarplee_bag_generator.h"

using namespace rmsim;

TEST_CASE("tarplee bag: a table environment, weights and P-state slowdowns", "[workloads][tarplee]") {
    TarpleeBagParams p;
    p.tasks = 200;
    p.etc = {{10, 20}, {30, 5}, {7, 7}};
    p.apc = {{100, 50}, {80, 60}, {90, 90}};
    p.type_weights = {1, 3, 0};  // type 2 never drawn; type 1 three times as likely as type 0
    p.pstate_slowdown = {{1.0, 2.0}, {1.0}};
    std::mt19937_64 rng(5);
    const TarpleeBag bag = generate_tarplee_bag(p, rng);
    REQUIRE(bag.tasks.size() == 200);
    int n1 = 0;
    for (std::size_t k = 0; k < bag.tasks.size(); ++k) {
        const Task& t = bag.tasks[k];
        CHECK(t.id == k);
        CHECK(t.arrival_s == 0);
        CHECK(t.cores == 1);
        CHECK(t.type != 2);
        n1 += t.type == 1;
        const TimeTable& table = *t.work.table();
        CHECK(table.at(0, 0) == p.etc[t.type][0]);
        CHECK(table.at(0, 1) == 2.0 * p.etc[t.type][0]);  // P1 of core type 0 at half the frequency
        CHECK(table.at(1, 0) == p.etc[t.type][1]);
        CHECK(table.power_at(1, 0) == p.apc[t.type][1]);
        CHECK(table.power_at(0, 1) == -1);  // P1: the P-state's own busy power
    }
    CHECK(n1 > 120);  // about 150 expected (binomial, sd 6.1)
    CHECK(n1 < 180);
    std::mt19937_64 again(5);
    const TarpleeBag same = generate_tarplee_bag(p, again);
    for (std::size_t k = 0; k < bag.tasks.size(); ++k) CHECK(same.tasks[k].type == bag.tasks[k].type);
}

TEST_CASE("tarplee bag: generated environments and bad parameters", "[workloads][tarplee]") {
    TarpleeBagParams p;
    p.tasks = 10;
    p.etc_source = BagEtcSource::Uniform;
    p.task_types = 4;
    p.pstate_slowdown = {{1.0}, {1.0}, {1.0}};
    std::mt19937_64 rng(1);
    const TarpleeBag bag = generate_tarplee_bag(p, rng);
    REQUIRE(bag.etc.size() == 4);
    for (const auto& row : bag.etc) {
        REQUIRE(row.size() == 3);
        for (double v : row) {
            CHECK(v >= 1.0);
            CHECK(v <= 10.0);
        }
    }
    p.etc_source = BagEtcSource::Table;
    p.etc = {{1, 2}};  // 2 columns for 3 core types
    CHECK_THROWS_AS(generate_tarplee_bag(p, rng), std::invalid_argument);
    p.etc = {{1, 2, 3}};
    p.type_weights = {1, 1};  // 2 weights for 1 type
    CHECK_THROWS_AS(generate_tarplee_bag(p, rng), std::invalid_argument);
}

TEST_CASE("tarplee bag: Poisson arrivals per task type over a horizon, and rewards", "[workloads][tarplee]") {
    TarpleeBagParams p;
    p.etc = {{10, 20}, {30, 5}};
    p.pstate_slowdown = {{1.0}, {1.0}};
    p.arrival_rates = {0.5, 2.0};
    p.horizon_s = 1000;
    p.rewards = {3, 1};
    std::mt19937_64 rng(9);
    const TarpleeBag bag = generate_tarplee_bag(p, rng);
    // Counts per type: Poisson with means 500 and 2000; each within 4 standard deviations (22.4 and 44.7).
    double n[2] = {0, 0};
    for (std::size_t k = 0; k < bag.tasks.size(); ++k) {
        const Task& t = bag.tasks[k];
        CHECK(t.id == k);
        CHECK(t.arrival_s >= 0);
        CHECK(t.arrival_s < 1000);
        if (k > 0) CHECK(bag.tasks[k - 1].arrival_s <= t.arrival_s);  // numbered in arrival order
        CHECK(t.work.table()->at(1, 0) == p.etc[t.type][1]);          // exactly the ETC
        CHECK(t.utility.max_value() == (t.type == 0 ? 3.0 : 1.0));    // the reward, as a constant utility
        n[t.type] += 1;
    }
    CHECK(std::abs(n[0] - 500) <= 4 * std::sqrt(500.0));
    CHECK(std::abs(n[1] - 2000) <= 4 * std::sqrt(2000.0));
    // The first type's times come first from the stream: the same seed gives type 0 the same arrivals with or
    // without type 1.
    p.arrival_rates = {0.5, 0.0};
    std::mt19937_64 again(9);
    const TarpleeBag alone = generate_tarplee_bag(p, again);
    REQUIRE(alone.tasks.size() == static_cast<std::size_t>(n[0]));
    std::size_t k = 0;
    for (const Task& t : bag.tasks)
        if (t.type == 0) CHECK(alone.tasks[k++].arrival_s == t.arrival_s);
    p.arrival_rates = {0.5};
    CHECK_THROWS_WITH(generate_tarplee_bag(p, again), "Tarplee bag: arrival_rates has 1 entries for 2 task types");
}
