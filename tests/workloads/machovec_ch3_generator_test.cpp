#include "workloads/machovec_ch3_generator.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <string>

#include "platform/platform_loader.h"

using namespace rmsim;

namespace {

std::vector<MachovecCh3Cluster> ch3_clusters() {
    return machovec_ch3_clusters(
        load_platform_file(std::string(RMSIM_SOURCE_DIR) + "/configs/platforms/machovec-ch3.yaml"));
}

MachovecCh3Workload generate(double tasks_per_day, std::uint64_t seed) {
    MachovecCh3Params p;
    p.clusters = ch3_clusters();
    p.tasks_per_day = tasks_per_day;
    std::mt19937_64 rng(seed);
    return generate_machovec_ch3(p, rng);
}

}  // namespace

TEST_CASE("machovec_ch3_generator: clusters of the machovec-ch3 platform", "[workloads][machovec_ch3]") {
    const auto cl = ch3_clusters();
    REQUIRE(cl.size() == 6);
    const std::uint32_t cpn[] = {16, 20, 24, 32, 36, 48};
    const std::uint32_t nodes[] = {800, 600, 500, 400, 700, 525};
    const int special[] = {-1, -1, -1, -1, 0, 1};
    for (std::size_t c = 0; c < 6; ++c) {
        CHECK(cl[c].cores_per_node == cpn[c]);
        CHECK(cl[c].nodes == nodes[c]);
        CHECK(cl[c].special_index == special[c]);
        CHECK(cl[c].core_type == c);  // one core type per cluster, in YAML order
    }
}

TEST_CASE("machovec_ch3_generator: 60 general and 20 + 20 special types run only where B2.1 says",
          "[workloads][machovec_ch3]") {
    const auto cl = ch3_clusters();
    const MachovecCh3Workload w = generate(5000, 7);
    REQUIRE(w.types.size() == 100);
    for (std::size_t t = 0; t < 100; ++t) {
        INFO("type " << t);
        const MachovecCh3TaskType& ty = w.types[t];
        const int expect_special = t < 60 ? -1 : (t < 80 ? 0 : 1);
        CHECK(ty.special_index == expect_special);
        for (std::size_t c = 0; c < 6; ++c) {
            const bool eligible = expect_special < 0 ? c < 4 : c == std::size_t(4 + expect_special);
            const std::uint32_t n = (*ty.nodes_per_cluster)[c];
            if (eligible) {
                // nodes = ceil(cores / cores per node), and the task fits on the cluster.
                CHECK(n == (ty.cores + cl[c].cores_per_node - 1) / cl[c].cores_per_node);
                CHECK(n <= cl[c].nodes);
                for (std::size_t p = 0; p < 3; ++p) {
                    CHECK(ty.time_s[c][p] > 0);
                    CHECK(ty.apc_w[c][p] > 0);
                    CHECK(ty.time_table->at(cl[c].core_type, p) == ty.time_s[c][p]);
                    // APC per node, spread over the node's cores (what each busy core draws).
                    CHECK(ty.time_table->power_at(cl[c].core_type, p) ==
                          Approx(ty.apc_w[c][p] / cl[c].cores_per_node).epsilon(1e-12));
                }
            } else {
                CHECK(n == 0);
                CHECK(ty.time_table->at(cl[c].core_type, 0) < 0);
                CHECK(ty.time_s[c][0] < 0);
            }
        }
        // Table 4 core range; Downey σ in [4, 10]; Table 3 priority within [1, 8].
        CHECK(ty.cores >= 2);
        CHECK(ty.downey.sigma >= 4.0);
        CHECK(ty.downey.sigma <= 10.0);
        CHECK(ty.priority >= 1.0);
        CHECK(ty.priority <= 8.0);
    }
    // Tasks share their type's tables and carry its priority as starting utility.
    for (const Task& task : w.tasks) {
        const MachovecCh3TaskType& ty = w.types[task.type];
        CHECK(task.nodes_per_cluster == ty.nodes_per_cluster);
        CHECK(task.work.table() == ty.time_table);
        CHECK(task.cores == ty.cores);
        CHECK(task.utility.value_at(0) == Approx(ty.priority).epsilon(1e-12));
    }
}

TEST_CASE("machovec_ch3_generator: task count, order, ids and determinism", "[workloads][machovec_ch3]") {
    const MachovecCh3Workload w = generate(5000, 11);
    // Mean 5000/day over 28 h = 5833.3 tasks (Poisson, sd ~76; a ±5 sd window).
    CHECK(w.tasks.size() > 5450);
    CHECK(w.tasks.size() < 6220);
    for (std::size_t i = 0; i < w.tasks.size(); ++i) {
        CHECK(w.tasks[i].id == i);
        CHECK(w.tasks[i].arrival_s >= 0);
        CHECK(w.tasks[i].arrival_s < 28 * 3600.0);
        if (i > 0) CHECK(w.tasks[i - 1].arrival_s <= w.tasks[i].arrival_s);
    }
    const MachovecCh3Workload again = generate(5000, 11);
    REQUIRE(again.tasks.size() == w.tasks.size());
    for (std::size_t i = 0; i < w.tasks.size(); ++i) {
        CHECK(again.tasks[i].arrival_s == w.tasks[i].arrival_s);
        CHECK(again.tasks[i].type == w.tasks[i].type);
        CHECK(again.tasks[i].utility.value_at(600) == w.tasks[i].utility.value_at(600));
    }
    const MachovecCh3Workload other = generate(5000, 12);
    CHECK(other.tasks.front().arrival_s != w.tasks.front().arrival_s);
    // 10,000/day doubles the mean: 11666.7 tasks over 28 h (sd ~108).
    const std::size_t n10k = generate(10000, 11).tasks.size();
    CHECK(n10k > 11120);
    CHECK(n10k < 12210);
}

TEST_CASE("machovec_ch3_generator: tasks of more than 4096 cores peak during 09:00-18:00",
          "[workloads][machovec_ch3]") {
    // t = 0 is 20:00 (GAP), so the clock's 09:00-18:00 is simulated [13 h, 22 h). Expected densities: 2λ in
    // the peak, 0.4λ off-peak ([0, 13 h) and [22 h, 28 h)): ratio 5.
    double peak = 0, off = 0;
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
        const MachovecCh3Workload w = generate(10000, seed);
        for (const Task& t : w.tasks) {
            if (w.types[t.type].cores <= 4096) continue;
            const double h = t.arrival_s / 3600.0;
            (h >= 13 && h < 22 ? peak : off) += 1;
        }
    }
    REQUIRE(off > 0);
    const double ratio = (peak / 9.0) / (off / 19.0);
    CHECK(ratio > 3.5);
    CHECK(ratio < 7.0);
}

TEST_CASE("machovec_ch3_generator: P-states lengthen times and lower power on average", "[workloads][machovec_ch3]") {
    // B2.6: mean time factor 1/sqrt(psf) -> P1/P0 ≈ 1/sqrt(0.75) = 1.1547, P2/P0 ≈ 1/sqrt(0.5) = 1.4142;
    // power P1/P0 ≈ 0.75, P2/P0 ≈ 0.5 (the per-(type, cluster) factor r cancels in the ratios).
    double t1 = 0, t2 = 0, w1 = 0, w2 = 0, monotone = 0, n = 0;
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
        const MachovecCh3Workload w = generate(5000, seed);
        for (const MachovecCh3TaskType& ty : w.types)
            for (std::size_t c = 0; c < 6; ++c) {
                if ((*ty.nodes_per_cluster)[c] == 0) continue;
                t1 += ty.time_s[c][1] / ty.time_s[c][0];
                t2 += ty.time_s[c][2] / ty.time_s[c][0];
                w1 += ty.apc_w[c][1] / ty.apc_w[c][0];
                w2 += ty.apc_w[c][2] / ty.apc_w[c][0];
                if (ty.time_s[c][0] < ty.time_s[c][1] && ty.time_s[c][1] < ty.time_s[c][2]) monotone += 1;
                n += 1;
            }
    }
    CHECK(t1 / n == Approx(1.0 / std::sqrt(0.75)).epsilon(0.01));
    CHECK(t2 / n == Approx(1.0 / std::sqrt(0.5)).epsilon(0.01));
    CHECK(w1 / n == Approx(0.75).epsilon(0.01));
    CHECK(w2 / n == Approx(0.5).epsilon(0.01));
    CHECK(monotone / n > 0.95);
}

TEST_CASE("machovec_ch3_generator: Table 3 and Table 4 frequencies", "[workloads][machovec_ch3]") {
    std::mt19937_64 rng(5);
    const int N = 40000;
    double low = 0, critical = 0, urg06 = 0, tiny = 0, full = 0, big = 0;
    for (int i = 0; i < N; ++i) {
        const MachovecPriorityUrgency pu = sample_machovec_ch3_priority_urgency(rng);
        if (pu.priority <= 2) low += 1;
        if (pu.priority > 6) critical += 1;
        if (pu.urgency == 0.6) urg06 += 1;
        if (pu.urgency == 0.6) CHECK(pu.priority > 4);  // urgency 0.6 only for critical and high
        const std::uint32_t cores = sample_machovec_ch3_cores(12000, rng);
        CHECK(cores >= 2);
        CHECK(cores <= 12000);
        if (cores <= 4) tiny += 1;
        if (cores == 12000) full += 1;
        if (cores > 4096) big += 1;
    }
    CHECK(low / N == Approx(0.53).margin(0.01));          // 20% + 33%
    CHECK(critical / N == Approx(0.0405).margin(0.005));  // 2% + 2% + 0.05%
    CHECK(urg06 / N == Approx(0.0545).margin(0.005));     // 2% + 3.45%
    CHECK(tiny / N == Approx(0.20).margin(0.01));
    CHECK(full / N == Approx(0.01).margin(0.003));
    CHECK(big / N == Approx(0.20).margin(0.01));  // 19% + 1%
    CHECK_THROWS_AS(sample_machovec_ch3_cores(4097, rng), std::invalid_argument);
}

TEST_CASE("machovec_ch3_generator: etc() lists each type's node count", "[workloads][machovec_ch3]") {
    const MachovecCh3Workload w = generate(5000, 3);
    const MachovecEtc per_node = w.etc(ApcScope::PerNode);
    const MachovecCh3TaskType& ty = w.types[0];
    for (std::size_t c = 0; c < 4; ++c) {
        const double n = (*ty.nodes_per_cluster)[c];
        CHECK(per_node.time_s(0, c, 2, n) == ty.time_s[c][2]);
        // energy = time × APC × nodes
        CHECK(per_node.energy_j(0, c, 2, n) == Approx(ty.time_s[c][2] * ty.apc_w[c][2] * n).epsilon(1e-12));
    }
    CHECK_FALSE(per_node.runs_on(0, 4));
    CHECK(w.etc(ApcScope::PerTask).runs_on(99, 5));
}

TEST_CASE("machovec_ch3_generator: APC per node or per task sets each core's power", "[workloads][machovec_ch3]") {
    MachovecCh3Params p;
    p.clusters = ch3_clusters();
    std::mt19937_64 a(5), b(5);
    const MachovecCh3Workload node = generate_machovec_ch3(p, a);
    p.apc_scope = ApcScope::PerTask;
    const MachovecCh3Workload task = generate_machovec_ch3(p, b);
    // Same draws; only the split of APC over the cores differs. Type 0 on cluster 1 (gp2, 20 cores per node)
    // at P-state 1: per node each core draws APC / 20, so a node draws APC; per task each core draws
    // APC / (20 x nodes), so the whole task draws APC.
    const MachovecCh3TaskType& ty = node.types[0];
    const double n = (*ty.nodes_per_cluster)[1];
    const CoreTypeId ct = p.clusters[1].core_type;
    REQUIRE(p.clusters[1].cores_per_node == 20);
    CHECK(task.types[0].apc_w[1][1] == ty.apc_w[1][1]);
    CHECK(ty.time_table->busy_power_w[ct][1] == Approx(ty.apc_w[1][1] / 20.0));
    CHECK(task.types[0].time_table->busy_power_w[ct][1] == Approx(ty.apc_w[1][1] / (20.0 * n)));
}

TEST_CASE("machovec_ch3_generator: rejects bad parameters", "[workloads][machovec_ch3]") {
    MachovecCh3Params p;
    p.clusters = ch3_clusters();
    std::mt19937_64 rng(1);
    p.tasks_per_day = 0;
    CHECK_THROWS_AS(generate_machovec_ch3(p, rng), std::invalid_argument);
    p.tasks_per_day = 5000;
    p.clusters.pop_back();  // only one special cluster left
    CHECK_THROWS_AS(generate_machovec_ch3(p, rng), std::invalid_argument);
    p.clusters.clear();
    CHECK_THROWS_AS(generate_machovec_ch3(p, rng), std::invalid_argument);
}
