// The machovec_ch3 workload's `power_scaling` key (workloads/config/machovec.cpp): the §3.5 check with
// fifteen P-states.
#include <yaml-cpp/yaml.h>

#include <catch2/catch.hpp>
#include <set>
#include <string>

#include "platform/platform_loader.h"
#include "workloads/workload_registry.h"

using namespace rmsim;

namespace {

PlatformSpec platform(const std::string& name) {
    return load_platform_file(std::string(RMSIM_SOURCE_DIR) + "/configs/platforms/" + name);
}

const std::string kFifteen =
    "[1.0, 0.964286, 0.928571, 0.892857, 0.857143, 0.821429, 0.785714, 0.75, 0.714286, 0.678571, 0.642857, "
    "0.607143, 0.571429, 0.535714, 0.5]";

}  // namespace

TEST_CASE("machovec_ch3 workload: fifteen P-state factors", "[workloads][machovec_ch3]") {
    const PlatformSpec p15 = platform("machovec-ch3-15p.yaml");
    const WorkloadContext c{"exp.yaml", ".", p15, 3, 0, 1};
    const Workload w = workload_registry().load(
        YAML::Load("{machovec_ch3: {tasks_per_day: 500, hours: 28, power_scaling: " + kFifteen + "}}"), c);
    REQUIRE(!w.tasks.empty());
    // Per (type, cluster): power at P14 / P0 = (0.5 r g14) / (1.0 r g0) with g ~ Gamma(1, COV 0.03 or 0.02),
    // about 0.5; time at P14 / P0 = x0 / x14 with x_p ~ Gamma(sqrt(psf_p r), same COV), about
    // 1 / sqrt(0.5) = 1.4142 (B2.6). Means over every distinct table entry.
    std::set<const TimeTable*> seen;
    double power_ratio = 0, time_ratio = 0, n = 0;
    for (const Task& t : w.tasks) {
        const TimeTable* table = t.work.table().get();
        if (!seen.insert(table).second) continue;
        REQUIRE(table->seconds.size() == p15.core_types.size());
        for (std::size_t ct = 0; ct < table->seconds.size(); ++ct) {
            REQUIRE(table->seconds[ct].size() == 15);
            if (table->seconds[ct][0] < 0) continue;
            power_ratio += table->busy_power_w[ct][14] / table->busy_power_w[ct][0];
            time_ratio += table->seconds[ct][14] / table->seconds[ct][0];
            n += 1;
        }
    }
    REQUIRE(n > 50);
    CHECK(power_ratio / n == Approx(0.5).margin(0.01));
    CHECK(time_ratio / n == Approx(1.4142).margin(0.02));
}

TEST_CASE("machovec_ch3 workload: power_scaling must match the platform's P-states", "[workloads][machovec_ch3]") {
    const PlatformSpec p3 = platform("machovec-ch3.yaml");
    const WorkloadContext c{"exp.yaml", ".", p3, 3, 0, 1};
    // Fifteen factors on the three-P-state platform are refused at the key.
    CHECK_THROWS_WITH(workload_registry().load(
                          YAML::Load("{machovec_ch3: {tasks_per_day: 500, power_scaling: " + kFifteen + "}}"), c),
                      Catch::Contains("'power_scaling' has 15 factors, but core type gp1.core has 3 P-states"));
    // The default written out draws the same tasks as the default.
    const Workload a = workload_registry().load(YAML::Load("{machovec_ch3: {tasks_per_day: 500}}"), c);
    const Workload b = workload_registry().load(
        YAML::Load("{machovec_ch3: {tasks_per_day: 500, power_scaling: [1.0, 0.75, 0.5]}}"), c);
    REQUIRE(a.tasks.size() == b.tasks.size());
    for (std::size_t i = 0; i < a.tasks.size(); ++i) {
        CHECK(a.tasks[i].arrival_s == b.tasks[i].arrival_s);
        CHECK(a.tasks[i].work.table()->seconds == b.tasks[i].work.table()->seconds);
    }
}
