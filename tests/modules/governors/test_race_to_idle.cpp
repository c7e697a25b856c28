// Race-to-idle against crawl, by hand: the same work at the fastest level (performance) and at the slowest
// (powersave), on nodes that switch off when idle. Which wins depends on the static power.
// Core: P0 = 2 GHz busy 8 W, P1 = 1 GHz busy 2 W. Work: 2e9 cycles = 1 s at P0, 2 s at P1.
#include <catch2/catch.hpp>

#include "modules/governors/fixed_governors.h"
#include "tests/modules/governors/governor_fixture.h"

using namespace rmsim;
using namespace rmsim::test;

namespace {

/// Two nodes: node 0 under performance (race), node 1 under powersave (crawl). Returns their energies.
std::pair<double, double> race_and_crawl(double node_base_w) {
    PlatformSpec spec = simple_platform({{2e9, 1.0, 8.0, 1.0}, {1e9, 0.8, 2.0, 0.5}}, 1, 2);
    spec.node_types[0].base_power_w = {node_base_w};
    spec.node_types[0].switch_off = SwitchOffPolicy::Immediately;
    MachineOptions o;
    int made = 0;  // a maker may give each domain its own governor: here by node
    o.governor = [&made]() -> std::unique_ptr<Governor> {
        if (made++ == 0) return std::make_unique<PerformanceGovernor>();
        return std::make_unique<PowersaveGovernor>();
    };
    Machine m(at_ns(spec), o);
    Script s("script", m.manager_port());
    s.at(0.0, start(0, 0, 1, cycles(2e9)));
    s.at(0.0, start(1, 0, 2, cycles(2e9)));
    run_until(10.0);
    REQUIRE(s.received.size() == 2);
    // The governors' levels reach the manager: powersave put node 1 at P1 at the start (DOMAIN_LEVEL);
    // performance kept node 0 at P0, the hardware's level, so nothing changed there.
    REQUIRE(s.levels.size() == 1);
    CHECK(s.levels[0].msg.node == 1);
    CHECK(s.levels[0].msg.pstate == 1);
    CHECK(seconds(s.levels[0].at) == 0);
    auto total = [](const EnergyBreakdown& b) {
        double t = 0;
        for (double x : b) t += x;
        return t;
    };
    return {total(m.node(0).energy_breakdown()), total(m.node(1).energy_breakdown())};
}

}  // namespace

TEST_CASE("race-to-idle wins with high static power", "[modules][governor]") {
    const auto [race, crawl] = race_and_crawl(20.0);
    // Race: (20 + 8) W x 1 s = 28 J. Crawl: (20 + 2) W x 2 s = 44 J. Then both nodes are off (0 W).
    CHECK(race == Approx((20.0 + 8.0) * 1.0).epsilon(1e-12));
    CHECK(crawl == Approx((20.0 + 2.0) * 2.0).epsilon(1e-12));
    CHECK(race < crawl);
}

TEST_CASE("crawl wins with low static power", "[modules][governor]") {
    const auto [race, crawl] = race_and_crawl(0.0);
    // Race: 8 W x 1 s = 8 J. Crawl: 2 W x 2 s = 4 J.
    CHECK(race == Approx(8.0).epsilon(1e-12));
    CHECK(crawl == Approx(4.0).epsilon(1e-12));
    CHECK(crawl < race);
}
