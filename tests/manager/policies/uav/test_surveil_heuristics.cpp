// Machovec Ch.5 §5.3: one mapping event of each heuristic on the fleet of Tables 9-10 at t = 0, computed by
// hand below (value = ρ·α·γ, VPT = value / D, VPE = value / (rate · D)).
#include <catch2/catch.hpp>

#include "manager/policies/uav/surveil_heuristics.h"

using namespace rmsim;
using Catch::Matchers::WithinRel;

namespace {

constexpr auto VIS = SensorType::Vis, SAR = SensorType::Sar, IR = SensorType::Ir, LIDAR = SensorType::Lidar;

FleetTarget target(double rho, double d, std::initializer_list<std::pair<SensorType, double>> a) {
    FleetTarget t;
    t.available = true;
    t.priority = rho;
    t.surveil_h = d;
    for (auto [s, v] : a) t.affinity[static_cast<std::size_t>(s)] = v;
    return t;
}

/// Tables 9 and 10 (UAVs 1-4 and targets 1-6 are indices 0-3 and 0-5).
Fleet tables_9_10() {
    Fleet f;
    auto uav = [](std::initializer_list<FleetSensor> s) {
        FleetUav u;
        u.sensors = s;
        return u;
    };
    f.uavs = {uav({{VIS, 7, 0.05}}), uav({{SAR, 7, 0.15}, {IR, 5, 0.08}}), uav({{VIS, 9, 0.1}, {IR, 3, 0.05}}),
              uav({{SAR, 7, 0.15}, {LIDAR, 4, 0.05}})};
    f.targets = {target(3, 0.97, {{SAR, 6}}),
                 target(4, 3.02, {{VIS, 7}, {IR, 4}}),
                 target(5, 1.77, {{SAR, 2}, {IR, 8}, {LIDAR, 5}}),
                 target(6, 2.73, {{VIS, 3}, {IR, 1}, {LIDAR, 8}}),
                 target(8, 1.27, {{VIS, 9}, {SAR, 2}, {IR, 5}, {LIDAR, 4}}),
                 target(10, 2.52, {{VIS, 8}, {IR, 6}})};
    return f;
}

struct Pick {
    std::uint32_t uav, sensor, target;
};

void check(const std::vector<SurveilChoice>& got, std::initializer_list<Pick> want) {
    REQUIRE(got.size() == want.size());
    std::size_t i = 0;
    for (const Pick& p : want) {
        CAPTURE(i);
        CHECK(got[i].uav == p.uav);
        CHECK(got[i].sensor == p.sensor);
        CHECK(got[i].target == p.target);
        CHECK_FALSE(got[i].stops_uav);
        CHECK_FALSE(got[i].stops_target);
        ++i;
    }
}

}  // namespace

TEST_CASE("uav metrics: the DERIVED checks of Tables 9-10", "[uav]") {
    const Fleet f = tables_9_10();
    // UAV 3 - target 6 by VIS: 10 · 8 · 9 = 720; energy 0.1 · 2.52 = 0.252; VPE 2857.
    CHECK(surveil_value(f, 2, 0, 5) == 720);
    CHECK_THAT(surveil_vpe(f, 2, 0, 5), WithinRel(720 / 0.252, 1e-12));
    // UAV 3 - target 5: 8 · 9 · 9 = 648, 0.1 · 1.27 = 0.127, 5102.
    CHECK(surveil_value(f, 2, 0, 4) == 648);
    CHECK_THAT(surveil_vpe(f, 2, 0, 4), WithinRel(5102.36, 1e-5));
    // UAV 1 - target 6: 560 / 0.126 = 4444; target 5: 504 / 0.0635 = 7937.
    CHECK_THAT(surveil_vpe(f, 0, 0, 5), WithinRel(4444.44, 1e-5));
    CHECK_THAT(surveil_vpe(f, 0, 0, 4), WithinRel(7937.01, 1e-5));
    // UAV 2 - target 6 by IR: 10 · 6 · 5 = 300, 300 / (0.08 · 2.52) = 1488; UAV 4 - target 4 by LIDAR: 192, 1407.
    CHECK(surveil_value(f, 1, 1, 5) == 300);
    CHECK_THAT(surveil_vpe(f, 1, 1, 5), WithinRel(1488.10, 1e-5));
    CHECK_THAT(surveil_vpe(f, 3, 1, 3), WithinRel(1406.59, 1e-5));
    // A type the target does not allow is worth nothing: UAV 2's SAR on target 6.
    CHECK(surveil_value(f, 1, 0, 5) == 0);
}

TEST_CASE("uav Max Value: the highest value first, until no UAV is free", "[uav]") {
    Fleet f = tables_9_10();
    std::mt19937_64 rng(1);
    // 1. U3 VIS-T6 720 (the largest). 2. U1 VIS-T5 504 (U1: T5 504 > T2 196 > T4 126; U2's best is IR-T5 200).
    // 3. U2 IR-T3 200 (IR-T5 200 is taken; SAR-T1 126) against U4 LIDAR-T4 192. 4. U4 LIDAR-T4 192.
    check(map_surveils(UavHeuristic::MaxValue, {}, f, rng), {{2, 0, 5}, {0, 0, 4}, {1, 1, 2}, {3, 1, 3}});
}

TEST_CASE("uav Max VPE: the highest value per projected energy first", "[uav]") {
    Fleet f = tables_9_10();
    std::mt19937_64 rng(1);
    // 1. U1-T5 7937. 2. U3 VIS-T6 720 / 0.252 = 2857 (then U2 IR-T6 1488, U3 IR-T6 1429, U2 IR-T3 1412).
    // 3. U2 IR-T3 200 / (0.08 · 1.77) = 1412.4 > U4 LIDAR-T4 1406.6. 4. U4 LIDAR-T4.
    check(map_surveils(UavHeuristic::MaxVpe, {}, f, rng), {{0, 0, 4}, {2, 0, 5}, {1, 1, 2}, {3, 1, 3}});
}

TEST_CASE("uav Max VPT: the highest value per hour first, ties to the lower UAV", "[uav]") {
    Fleet f = tables_9_10();
    std::mt19937_64 rng(1);
    // 1. U3 VIS-T5 648 / 1.27 = 510.2. 2. U1-T6 560 / 2.52 = 222.2. 3. SAR-T1 126 / 0.97 = 129.9 for U2 and U4
    // alike: U2 first. 4. U4 LIDAR-T4 192 / 2.73 = 70.3 (LIDAR-T3 56.5, SAR-T3 39.5).
    check(map_surveils(UavHeuristic::MaxVpt, {}, f, rng), {{2, 0, 4}, {0, 0, 5}, {1, 0, 0}, {3, 1, 3}});
}

TEST_CASE("uav Metaheuristic: per-UAV metric on the energy line, then the highest value", "[uav]") {
    Fleet f = tables_9_10();
    std::mt19937_64 rng(1);
    // t = 0: δ = ε = 0, so δ > ε fails and every UAV is at its line: Max VPE in phase 1.
    // Round 1 candidates: U1-T5 (VPE 7937, value 504), U2 IR-T5 (1969, 200), U3 VIS-T5 (5102, 648), U4 LIDAR-T5
    // (2016, 128): phase 2 takes the highest value, U3-T5 648.
    // Round 2: U1-T6 (4444, 560), U2 IR-T6 (1488, 300), U4 LIDAR-T4 (1407, 192): U1-T6.
    // Round 3: U2 IR-T3 (1412, 200), U4 LIDAR-T4 (192): U2. Round 4: U4 LIDAR-T4.
    check(map_surveils(UavHeuristic::Metaheuristic, {}, f, rng), {{2, 0, 4}, {0, 0, 5}, {1, 1, 2}, {3, 1, 3}});
}

TEST_CASE("uav Metaheuristic: below the line a UAV chooses by value", "[uav]") {
    Fleet f = tables_9_10();
    for (std::uint32_t u = 1; u < 4; ++u) f.uavs[u].usable = false;
    f.day_fraction = 0.5;
    std::mt19937_64 rng(1);
    // U1 has used 30 % of its energy at half the day (δ 0.5 > ε 0.3): Max Value, T6 560 rather than T5's VPE.
    f.uavs[0].energy_used = 0.3;
    check(map_surveils(UavHeuristic::Metaheuristic, {}, f, rng), {{0, 0, 5}});
    // At 60 % (above the line) it takes the best VPE, T5.
    Fleet g = tables_9_10();
    for (std::uint32_t u = 1; u < 4; ++u) g.uavs[u].usable = false;
    g.day_fraction = 0.5;
    g.uavs[0].energy_used = 0.6;
    check(map_surveils(UavHeuristic::Metaheuristic, {}, g, rng), {{0, 0, 4}});
}

TEST_CASE("uav preemption: a surveil interrupts one it beats by the metric", "[uav]") {
    Fleet f = tables_9_10();
    for (std::uint32_t u = 1; u < 4; ++u) f.uavs[u].usable = false;
    // U1 surveils T2 (value 4 · 7 · 7 = 196); T2 has a next attempt; nothing else is free but the targets.
    f.uavs[0].busy = true;
    f.uavs[0].target = 1;
    f.uavs[0].sensor = 0;
    f.targets[1].busy = true;
    f.targets[1].uav = 0;
    std::mt19937_64 rng(1);
    // Without preemption nothing can start.
    Fleet plain = f;
    CHECK(map_surveils(UavHeuristic::MaxValue, {}, plain, rng).empty());
    // With it, U1 leaves T2 for T6 (560 > 196): one assignment that stops U1's own surveil; U1 is then locked.
    const auto got = map_surveils(UavHeuristic::MaxValue, {true, false}, f, rng);
    REQUIRE(got.size() == 1);
    CHECK(got[0].uav == 0);
    CHECK(got[0].target == 5);
    CHECK(got[0].stops_uav);
    CHECK(got[0].stopped_uav_target == 1);
    CHECK_FALSE(got[0].stops_target);
    CHECK_FALSE(f.targets[1].busy);
    // Max VPE judges by VPE: T2's 196 / 0.151 = 1298 against T5's 7937: U1 goes to T5.
    Fleet v = tables_9_10();
    for (std::uint32_t u = 1; u < 4; ++u) v.uavs[u].usable = false;
    v.uavs[0].busy = true;
    v.uavs[0].target = 5;  // already on T6 (VPE 4444): T5 (7937) still beats it
    v.targets[5].busy = true;
    v.targets[5].uav = 0;
    const auto vpe = map_surveils(UavHeuristic::MaxVpe, {true, false}, v, rng);
    REQUIRE(vpe.size() == 1);
    CHECK(vpe[0].target == 4);
    CHECK(vpe[0].stops_uav);
}

TEST_CASE("uav preemption: taking a target from another UAV must beat that UAV's surveil", "[uav]") {
    Fleet f = tables_9_10();
    f.uavs[0].usable = f.uavs[1].usable = false;
    // U4 surveils T5 by LIDAR (8 · 4 · 4 = 128); U3 is free: VIS on T5 is worth 648 > 128, so under Max Value
    // U3 takes T6 first (720), then nothing: T5 by U3 is not possible any more (U3 is locked).
    f.uavs[3].busy = true;
    f.uavs[3].target = 4;
    f.uavs[3].sensor = 1;
    f.targets[4].busy = true;
    f.targets[4].uav = 3;
    f.targets[5].available = false;  // without T6, U3's best is T5 (648), taken from U4 (128)
    std::mt19937_64 rng(1);
    const auto got = map_surveils(UavHeuristic::MaxValue, {true, false}, f, rng);
    REQUIRE(got.size() >= 1);
    CHECK(got[0].uav == 2);
    CHECK(got[0].target == 4);
    CHECK(got[0].stops_target);
    CHECK(got[0].stopped_target_uav == 3);
    // U4, interrupted and not locked, then takes its best left: LIDAR-T4 192 (T3 100, SAR-T1 126).
    REQUIRE(got.size() == 2);
    CHECK(got[1].uav == 3);
    CHECK(got[1].target == 3);
}

TEST_CASE("uav filtering: T = τ · ε / δ keeps a fast-spending UAV idle", "[uav]") {
    Fleet f = tables_9_10();
    f.uavs[0].usable = f.uavs[1].usable = f.uavs[3].usable = false;
    // U3 has spent half its energy in a quarter of the day (F = 0.5 / 0.25 = 2) on surveils of mean VPE 3000:
    // T = 6000. Its best, T5 by VIS, has VPE 5102 < 6000: it waits.
    f.day_fraction = 0.25;
    f.uavs[2].energy_used = 0.5;
    f.uavs[2].vpe_sum = 6000;
    f.uavs[2].surveils = 2;
    CHECK_THAT(filter_threshold(f, 2), WithinRel(6000.0, 1e-12));
    std::mt19937_64 rng(1);
    Fleet filtered = f;
    CHECK(map_surveils(UavHeuristic::MaxValue, {false, true}, filtered, rng).empty());
    // Spending at half the linear rate (ε 0.125: F = 0.5), T = 1500: T5 (5102) and T6 (2857) pass, T2 (834)
    // does not; Max Value takes T6 (720).
    f.uavs[2].energy_used = 0.125;
    CHECK_THAT(filter_threshold(f, 2), WithinRel(1500.0, 1e-12));
    check(map_surveils(UavHeuristic::MaxValue, {false, true}, f, rng), {{2, 0, 5}});
    // No filter before a UAV's first surveil, nor at δ = 0 (GAP).
    f.uavs[2].surveils = 0;
    CHECK(filter_threshold(f, 2) == 0);
}

TEST_CASE("uav Random and Random Best Sensor: every assignment valid, one per UAV, deterministic", "[uav]") {
    for (UavHeuristic h : {UavHeuristic::Random, UavHeuristic::RandomBestSensor}) {
        Fleet f = tables_9_10();
        std::mt19937_64 rng(7);
        const auto got = map_surveils(h, {}, f, rng);
        // Four UAVs and six targets: every UAV gets a target (each UAV can surveil T5, so a target visited while
        // a UAV is free always finds one ... except T1, which only SAR can take: at most 4 in all).
        CHECK(got.size() == 4);
        std::vector<bool> uav(4), tgt(6);
        for (const auto& c : got) {
            CHECK_FALSE(uav[c.uav]);
            CHECK_FALSE(tgt[c.target]);
            uav[c.uav] = tgt[c.target] = true;
            CHECK(surveil_value(tables_9_10(), c.uav, c.sensor, c.target) > 0);
            if (h == UavHeuristic::RandomBestSensor && c.uav == 2 && c.target == 5)
                CHECK(c.sensor == 0);  // VIS 9 · 8 = 72 beats IR 3 · 6 = 18
        }
        Fleet again = tables_9_10();
        std::mt19937_64 rng2(7);
        const auto same = map_surveils(h, {}, again, rng2);
        REQUIRE(same.size() == got.size());
        for (std::size_t i = 0; i < got.size(); ++i) CHECK(same[i].target == got[i].target);
    }
}
