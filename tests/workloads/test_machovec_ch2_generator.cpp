// The Machovec Ch.2 §2.5.1 workload generator: counts and ranges, the COV base case with its clamp, Downey
// scaling, the value-function thresholds with their resampling rules, determinism, and the sinusoid.
#include <algorithm>
#include <catch2/catch.hpp>
#include <random>
#include <set>

#include "workloads/downey.h"
#include "workloads/machovec_ch2_generator.h"

using namespace rmsim;

TEST_CASE("machovec_ch2: counts, ranges and per-task value functions", "[workloads][vos]") {
    const MachovecCh2Params p;
    for (std::uint64_t seed = 1; seed <= 5; ++seed) {
        std::mt19937_64 rng(seed);
        const MachovecCh2Workload w = generate_machovec_ch2(p, rng);
        INFO("seed " << seed);
        CHECK(w.tasks.size() >= 1300);
        CHECK(w.tasks.size() <= 1500);
        CHECK(w.types.size() >= 30);
        CHECK(w.types.size() <= 40);
        for (const MachovecCh2TaskType& t : w.types) {
            // Clamped to [40 %, 160 %] of the system base case.
            CHECK(t.base_time_s >= 0.4 * w.system_base_time_s - 1e-9);
            CHECK(t.base_time_s <= 1.6 * w.system_base_time_s + 1e-9);
            CHECK(t.sigma >= 4);
            CHECK(t.sigma <= 10);
            CHECK(t.terms.importance >= 1);
            CHECK(t.terms.importance <= 10);
            const auto& configs = t.table->vm_configs;
            CHECK(configs.size() >= 3);
            CHECK(configs.size() <= 6);
            std::set<std::pair<std::uint32_t, double>> distinct;
            for (const VmConfig& c : configs) {
                distinct.insert({c.cores, c.memory_gb});
                CHECK(c.cores >= 4);
                CHECK(c.cores <= 32);
                CHECK(c.memory_gb >= 6);
                CHECK(c.memory_gb <= 40);
                // Downey's time on c.cores, slowed in proportion when the memory is below the type's demand;
                // energy linear in cores and memory at that time.
                const Seconds downey = downey_execution_time(t.base_time_s, DowneyParams{t.downey_a, t.sigma}, c.cores);
                CHECK(c.seconds == Approx(downey * std::max(1.0, t.memory_demand_gb / c.memory_gb)));
                CHECK(c.energy_j == Approx(t.base_energy_j * c.seconds / t.base_time_s * (c.cores + c.memory_gb) / 2));
            }
            CHECK(distinct.size() == configs.size());
        }
        Seconds last = 0;
        for (const Task& task : w.tasks) {
            CHECK(task.arrival_s >= last);
            CHECK(task.arrival_s < p.horizon_s);
            last = task.arrival_s;
            const TimeTable& table = *task.work.table();
            REQUIRE(table.vos);
            double t_max = 0, e_max = 0;
            for (const VmConfig& c : table.vm_configs) {
                t_max = std::max(t_max, c.seconds);
                e_max = std::max(e_max, c.energy_j);
            }
            // Every allowable configuration started at arrival earns value (hard thresholds resampled to
            // at least the maximum): v_p > 0 and v_e > 0 in all of them.
            for (const VmConfig& c : table.vm_configs) {
                CHECK(table.vos->performance.value_at(c.seconds) > 0);
                CHECK(table.vos->energy.value_at(c.energy_j) > 0);
            }
            CHECK(table.vos->performance.max_value() == 1.0);
            CHECK(task.utility.value_at(t_max) == table.vos->performance.value_at(t_max));
            CHECK(table.vos->performance.zero_after() >= t_max);
            CHECK(table.vos->energy.zero_after() >= e_max);
        }
    }
}

TEST_CASE("machovec_ch2: the same seed gives the same workload, another seed another", "[workloads][vos]") {
    const MachovecCh2Params p;
    std::mt19937_64 a(42), b(42), c(43);
    const auto wa = generate_machovec_ch2(p, a), wb = generate_machovec_ch2(p, b), wc = generate_machovec_ch2(p, c);
    REQUIRE(wa.tasks.size() == wb.tasks.size());
    for (std::size_t i = 0; i < wa.tasks.size(); ++i) {
        CHECK(wa.tasks[i].arrival_s == wb.tasks[i].arrival_s);
        CHECK(wa.tasks[i].type == wb.tasks[i].type);
        CHECK(wa.tasks[i].utility.zero_after() == wb.tasks[i].utility.zero_after());
    }
    CHECK((wa.tasks.size() != wc.tasks.size() || wa.tasks[0].arrival_s != wc.tasks[0].arrival_s));
}

TEST_CASE("machovec_ch2: arrivals follow the sinusoid (peak 14:00, trough 02:00)", "[workloads][vos]") {
    // Density 1 + 0.5 sin(2π(t - 8 h)/24 h): 1.5 at 14:00, 0.5 at 02:00. Count the tasks within ±2 h of each
    // over many scenarios: their ratio is near 3 (the mean of the density over ±2 h keeps the ratio ~2.8).
    MachovecCh2Params p;
    p.horizon_s = 24 * 3600.0;
    double peak = 0, trough = 0;
    for (std::uint64_t seed = 1; seed <= 10; ++seed) {
        std::mt19937_64 rng(seed);
        for (const Task& t : generate_machovec_ch2(p, rng).tasks) {
            const double h = t.arrival_s / 3600.0;
            peak += (h >= 12 && h < 16);
            trough += (h < 4);
        }
    }
    CHECK(peak / trough > 2.4);
    CHECK(peak / trough < 3.3);
}

TEST_CASE("machovec_ch2: γ's mean follows the base time", "[workloads][vos]") {
    const MachovecCh2Params p;
    CHECK(machovec_ch2_importance_mean(p, 0.4 * 9000, 9000) == Approx(1));
    CHECK(machovec_ch2_importance_mean(p, 1.0 * 9000, 9000) == Approx(5.5));
    CHECK(machovec_ch2_importance_mean(p, 1.6 * 9000, 9000) == Approx(10));
    MachovecCh2Params bad;
    bad.tasks_min = 10;
    bad.tasks_max = 5;
    std::mt19937_64 rng(1);
    CHECK_THROWS_AS(generate_machovec_ch2(bad, rng), std::invalid_argument);
}
