#include "workloads/machovec_testbed_generator.h"

#include <yaml-cpp/yaml.h>

#include <catch2/catch.hpp>
#include <cmath>
#include <string>

#include "platform/platform_loader.h"
#include "workloads/workload_registry.h"

using namespace rmsim;

namespace {

PlatformSpec testbed_platform() {
    return load_platform_file(std::string(RMSIM_SOURCE_DIR) + "/configs/platforms/machovec-testbed.yaml");
}

// Tables 6 and 7 of Machovec Ch.3 §3.6 (rows IS.8, MG.8, MG.16, IS_CG.8; columns clusters 1-4).
MachovecTestbedParams table_params() {
    MachovecTestbedParams p;
    p.clusters = machovec_testbed_clusters(testbed_platform());
    p.types = {
        {8, 0.4, {1675, 750, 552, 430}, {25962, 35250, 17388, 28380}},
        {8, 0.1, {1100, 712, -1, -1}, {27500, 41296, -1, -1}},
        {16, 0.1, {702, 500, 380, 326}, {34398, 55000, 30400, 50530}},
        {8, 0.4, {1039, 900, 700, 1366}, {23897, 47700, 27650, 105865}},
    };
    return p;
}

}  // namespace

TEST_CASE("machovec_testbed: the clusters of Table 5", "[workloads][machovec_testbed]") {
    const auto cl = machovec_testbed_clusters(testbed_platform());
    REQUIRE(cl.size() == 4);
    const std::uint32_t cpn[] = {1, 2, 4, 8};
    for (std::size_t c = 0; c < 4; ++c) {
        CHECK(cl[c].cores_per_node == cpn[c]);
        CHECK(cl[c].core_type == c);
    }
    // A core type with three P-states is refused (the testbed runs one frequency per cluster).
    const PlatformSpec ch3 = load_platform_file(std::string(RMSIM_SOURCE_DIR) + "/configs/platforms/machovec-ch3.yaml");
    CHECK_THROWS_WITH(machovec_testbed_clusters(ch3), Catch::Contains("one P-state"));
}

TEST_CASE("machovec_testbed: nodes, times and per-core power reproduce Tables 6 and 7",
          "[workloads][machovec_testbed]") {
    const MachovecTestbedParams p = table_params();
    const PlatformSpec platform = testbed_platform();
    // IS.8: 8 cores -> ceil(8 / cores per node) = 8, 4, 2, 1 nodes.
    const MachovecTestbedTables is8 = machovec_testbed_tables(p.types[0], p.clusters, 4);
    CHECK(*is8.nodes_per_cluster == std::vector<std::uint32_t>{8, 4, 2, 1});
    CHECK(is8.min_time_s == 430);
    // Cluster 1: 25,962 J / (1,675 s x 8 nodes x 1 core) = 25,962 / 13,400 = 1.937463 W a core.
    CHECK(is8.time_table->power_at(0, 0) == Approx(1.937463));
    // Cluster 3: 17,388 J / (552 s x 2 nodes x 4 cores) = 3.9375 W a core.
    CHECK(is8.time_table->power_at(2, 0) == Approx(3.9375));
    // Cluster 4: 28,380 J / (430 s x 1 node x 8 cores) = 8.25 W a core; the 8 cores over 430 s give back
    // 8 x 8.25 x 430 = 28,380 J.
    CHECK(is8.time_table->power_at(3, 0) == Approx(8.25));
    CHECK(8 * is8.time_table->power_at(3, 0) * is8.time_table->at(3, 0) == Approx(28380));
    // MG.8 cannot run on clusters 3 and 4 (memory): no nodes, no time there.
    const MachovecTestbedTables mg8 = machovec_testbed_tables(p.types[1], p.clusters, 4);
    CHECK(*mg8.nodes_per_cluster == std::vector<std::uint32_t>{8, 4, 0, 0});
    CHECK(mg8.time_table->at(2, 0) < 0);
    CHECK(mg8.min_time_s == 712);
    // MG.16 on cluster 2: 8 nodes x 2 cores; 55,000 J / (500 s x 16 cores) = 6.875 W a core.
    const MachovecTestbedTables mg16 = machovec_testbed_tables(p.types[2], p.clusters, 4);
    CHECK(*mg16.nodes_per_cluster == std::vector<std::uint32_t>{16, 8, 4, 2});
    CHECK(mg16.time_table->power_at(1, 0) == Approx(6.875));
    // The work model runs the table's time on the hardware at that power.
    WorkModel w;
    w.set_table(mg16.time_table);
    CHECK(w.duration(platform.core_types[1], 1, 0) == 500);
    CHECK(w.busy_power_w(platform.core_types[1], 1, 0) == Approx(6.875));
    // A type with one ETC entry too few is refused.
    MachovecTestbedType bad = p.types[0];
    bad.etc_s.pop_back();
    CHECK_THROWS_AS(machovec_testbed_tables(bad, p.clusters, 4), std::invalid_argument);
}

TEST_CASE("machovec_testbed: the utility decays from 2.5 to 5 x the shortest time", "[workloads][machovec_testbed]") {
    MachovecTestbedParams p = table_params();
    std::mt19937_64 rng(3);
    const std::vector<Task> tasks = generate_machovec_testbed(p, 4, rng);
    REQUIRE(!tasks.empty());
    for (const Task& t : tasks) {
        INFO("task " << t.id << " type " << t.type);
        // Min ETC per type: IS.8 430, MG.8 712, MG.16 326, IS_CG.8 700 s.
        const double tmin[] = {430, 712, 326, 700};
        const double T = tmin[t.type];
        const double u = t.utility.value_at(0);
        CHECK(u == std::round(u));
        CHECK(u >= 1);
        CHECK(u <= 4);
        CHECK(t.utility.value_at(2.5 * T) == Approx(u));              // the plateau's end
        CHECK(t.utility.value_at(3.75 * T) == Approx(u / 2));         // half-way down
        CHECK(t.utility.value_at(5 * T) == Approx(0).margin(1e-12));  // zero at 5 x T
        CHECK(t.cores == p.types[t.type].cores);
        CHECK(t.arrival_s < 3 * 3600.0);
    }
    for (std::size_t i = 0; i < tasks.size(); ++i) CHECK(tasks[i].id == i);
}

TEST_CASE("machovec_testbed: the arrival mix and rate over many arrivals", "[workloads][machovec_testbed]") {
    MachovecTestbedParams p = table_params();
    p.horizon_s = 120.0 * 40000;  // 40,000 arrivals expected
    std::mt19937_64 rng(11);
    const std::vector<Task> tasks = generate_machovec_testbed(p, 4, rng);
    // Poisson count: 40,000 ± 200 (one standard deviation); 5 sigma = 1,000.
    CHECK(std::abs(double(tasks.size()) - 40000) < 1000);
    double count[4] = {0, 0, 0, 0}, u_sum = 0;
    for (const Task& t : tasks) {
        count[t.type] += 1;
        u_sum += t.utility.value_at(0);
    }
    const double n = double(tasks.size());
    // Mix 40 / 10 / 10 / 40 %; a share's standard deviation is at most sqrt(0.24 / 40,000) = 0.0024.
    CHECK(count[0] / n == Approx(0.4).margin(0.012));
    CHECK(count[1] / n == Approx(0.1).margin(0.012));
    CHECK(count[2] / n == Approx(0.1).margin(0.012));
    CHECK(count[3] / n == Approx(0.4).margin(0.012));
    // Maximum utility uniform over {1, 2, 3, 4}: mean 2.5, standard deviation of the mean 1.118 / 200.
    CHECK(u_sum / n == Approx(2.5).margin(0.03));
}

TEST_CASE("machovec_testbed: the workload section", "[workloads][machovec_testbed]") {
    const PlatformSpec platform = testbed_platform();
    const WorkloadContext c{"exp.yaml", ".", platform, 5, 0, 1};
    const std::string tables =
        "etc_s: [[1675, 750, 552, 430], [1100, 712, -1, -1]], eec_j: [[25962, 35250, 17388, 28380], "
        "[27500, 41296, -1, -1]]";
    const Workload w = workload_registry().load(
        YAML::Load("{machovec_testbed: {type_cores: [8, 8], type_weights: [1, 0], hours: 1, " + tables + "}}"), c);
    REQUIRE(!w.tasks.empty());
    for (const Task& t : w.tasks) {
        CHECK(t.type == 0);  // weight 0 for MG.8
        CHECK(t.nodes_on_cluster(3) == 1);
        CHECK(t.arrival_s < 3600);
    }
    CHECK_THROWS_WITH(
        workload_registry().load(
            YAML::Load("{machovec_testbed: {type_cores: [8], etc_s: [[1, 2, 3]], eec_j: [[1, 2, 3, 4]]}}"), c),
        Catch::Contains("'etc_s' row has 3 entries, the platform has 4 clusters"));
    CHECK_THROWS_WITH(
        workload_registry().load(
            YAML::Load("{machovec_testbed: {type_cores: [8, 8], " + tables + ", utility_min: 3, utility_max: 2}}"), c),
        Catch::Contains("utility_min <= utility_max"));
}
