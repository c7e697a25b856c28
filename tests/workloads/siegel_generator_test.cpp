#include "workloads/siegel_generator.h"

#include <catch2/catch.hpp>

using namespace rmsim;

namespace {
/// Two core types (f0/f1 = 2 on both), one cluster each: 1 core of type a, 3 of type b.
PlatformSpec two_type_platform() {
    PlatformSpec p;
    CoreType a;
    a.name = "a";
    a.pstates = {{2.0e9, 1.0, 10, 1}, {1.0e9, 0.9, 5, 1}};
    CoreType b = a;
    b.name = "b";
    p.core_types = {a, b};
    p.processor_types = {ProcessorType{"pa", 0, 1, {0.0}}, ProcessorType{"pb", 1, 3, {0.0}}};
    NodeType na;
    na.name = "na";
    na.processors = {{0, 1}};
    NodeType nb;
    nb.name = "nb";
    nb.processors = {{1, 1}};
    p.node_types = {na, nb};
    ClusterSpec ca;
    ca.name = "ca";
    ca.node_type = 0;
    ClusterSpec cb;
    cb.name = "cb";
    cb.node_type = 1;
    p.clusters = {ca, cb};
    return p;
}

SiegelPmfParams flat_pmfs() {
    // No variation: every type takes 10.3 s -> 11 s at P0 and 10.3·(0.5·2 + 0.5) = 15.45 -> 16 s at P1
    // (tests/workloads/siegel_pmfs_test.cpp).
    SiegelPmfParams p;
    p.task_types = 3;
    p.mean_task_s = 10.3;
    p.v_task = p.v_mach = 0;
    p.cov_lo = p.cov_hi = 0;
    p.beta_lo = p.beta_hi = 0.5;
    p.samples = 10;
    return p;
}
}  // namespace

TEST_CASE("siegel generator: cores per core type", "[workloads][siegel]") {
    CHECK(cores_per_core_type(two_type_platform()) == std::vector<std::size_t>{1, 3});
}

TEST_CASE("siegel generator: two-phase Poisson arrivals", "[workloads][siegel]") {
    // Mean rate 1/s, fast/slow 3: λ_fast = 1.5/s (phases 0, 2, ...), λ_slow = 0.5/s; 100 phases of 1000 s.
    std::mt19937_64 rng(5);
    const auto a = two_phase_arrivals(1.0, 3.0, 1000, 100000, rng);
    double fast = 0, slow = 0;
    for (std::size_t i = 0; i < a.size(); ++i) {
        CHECK(a[i] < 100000);
        if (i > 0) CHECK(a[i] > a[i - 1]);
        (static_cast<int>(a[i] / 1000) % 2 == 0 ? fast : slow) += 1;
    }
    // Expected 75,000 and 25,000 (Poisson: standard deviations ~274 and ~158).
    CHECK(fast == Approx(75000).margin(1500));
    CHECK(slow == Approx(25000).margin(900));
}

TEST_CASE("siegel generator: dynamic deadlines by hand", "[workloads][siegel]") {
    // Every type: 11 s at P0, 16 s at P1 on both core types -> the average over the machines and P-states is
    // 13.5 s, and the average of that over the types 13.5 s: deadline = arrival + 27 s.
    SiegelDynamicParams p;
    p.common.pmfs = flat_pmfs();
    p.window_s = 3600;
    p.tasks = 100;
    p.phase_s = 600;
    std::mt19937_64 rng(3);
    const auto tasks = generate_siegel_dynamic(p, two_type_platform(), rng);
    REQUIRE(!tasks.empty());
    for (std::size_t i = 0; i < tasks.size(); ++i) {
        CHECK(tasks[i].id == i);
        CHECK(tasks[i].utility.zero_after() == Approx(27));
        CHECK(tasks[i].work.stochastic());
        CHECK(tasks[i].type < 3);
    }
}

TEST_CASE("siegel generator: the static bag's common deadline by hand", "[workloads][siegel]") {
    // 40 tasks of 11 s at P0 on every core, 4 cores: δ = factor · 40 · 11 / 4 = 1.5 · 110 = 165 s.
    SiegelStaticParams p;
    p.common.pmfs = flat_pmfs();
    p.tasks = 40;
    p.deadline_factor = 1.5;
    std::mt19937_64 rng(3);
    const auto tasks = generate_siegel_static(p, two_type_platform(), rng);
    REQUIRE(tasks.size() == 40);
    for (const Task& t : tasks) {
        CHECK(t.arrival_s == 0);
        CHECK(t.utility.zero_after() == Approx(165));
    }
    // A fixed pmf_seed gives the same bag (PMFs and types) whatever the trial's seed; the quantiles differ.
    p.common.pmf_seed = 9;
    p.common.pmfs.v_task = 0.3;
    std::mt19937_64 r1(1), r2(2);
    const auto x = generate_siegel_static(p, two_type_platform(), r1);
    const auto y = generate_siegel_static(p, two_type_platform(), r2);
    bool same_table_values = true;
    // Type 0's table is the same in both.
    const Task* tx = nullptr;
    const Task* ty = nullptr;
    for (const Task& t : x)
        if (t.type == 0) {
            tx = &t;
            break;
        }
    for (const Task& t : y)
        if (t.type == 0) {
            ty = &t;
            break;
        }
    REQUIRE(tx);
    REQUIRE(ty);
    same_table_values = tx->work.table()->seconds == ty->work.table()->seconds;
    CHECK(same_table_values);
    CHECK(x[0].work.quantile() != y[0].work.quantile());
    for (std::size_t i = 0; i < x.size(); ++i) CHECK(x[i].type == y[i].type);
}
