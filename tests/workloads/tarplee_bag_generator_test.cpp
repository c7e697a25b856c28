// Tarplee bags of tasks (workloads/tarplee_bag_generator.h).
#include <catch2/catch.hpp>

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
