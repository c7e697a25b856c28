// Machovec Ch.5 §5.4.1: the scenario generator's distributions and events, and the mission's tasks.
#include <catch2/catch.hpp>

#include <cmath>
#include <set>

#include "workloads/uav_generator.h"

using namespace rmsim;
using Catch::Matchers::WithinAbs;

TEST_CASE("uav generator: Beta draws have the asked mean and sd", "[uav]") {
    std::mt19937_64 rng(3);
    const int n = 40000;
    double s = 0, s2 = 0;
    for (int i = 0; i < n; ++i) {
        const double x = draw_beta(0.8, 0.12, rng);
        REQUIRE(x > 0);
        REQUIRE(x < 1);
        s += x;
        s2 += x * x;
    }
    const double mean = s / n, sd = std::sqrt(s2 / n - mean * mean);
    CHECK_THAT(mean, WithinAbs(0.8, 0.003));
    CHECK_THAT(sd, WithinAbs(0.12, 0.003));
    // A grade is 10 · Beta truncated and clamped: 1..10, integer.
    for (int i = 0; i < 1000; ++i) {
        const double g = draw_grade(0.6, 0.24, rng);
        REQUIRE(g == std::floor(g));
        REQUIRE(g >= 1);
        REQUIRE(g <= 10);
    }
}

TEST_CASE("uav generator: counts and windows follow §5.4.1 on average", "[uav]") {
    UavScenarioParams p;
    std::mt19937_64 rng(11);
    const int n = 1500;
    double uavs = 0, targets = 0, sensors = 0, intervals = 0, events = 0, window_h = 0;
    std::size_t windows = 0;
    for (int i = 0; i < n; ++i) {
        const UavMission m = generate_uav_mission(p, rng);
        REQUIRE_NOTHROW(m.validate());
        for (const Uav& u : m.uavs)
            if (u.joins_h == 0) {
                ++uavs;
                sensors += u.sensors.size();
            }
        for (const Target& t : m.targets) {
            if (t.joins_h == 0) ++targets;
            if (t.joins_h == 0) intervals += t.intervals.size();
            for (const SurveilInterval& w : t.intervals)
                if (w.end_h < 24) {
                    window_h += w.end_h - w.start_h;
                    ++windows;
                }
        }
        events += m.events.size();
    }
    CHECK_THAT(uavs / n, WithinAbs(9.0, 0.25));
    CHECK_THAT(targets / n, WithinAbs(14.0, 0.3));
    // Rayleigh(2) rounded and clamped to 1..4: P(1) = P(r < 1.5) = 1 - e^{-1.5²/8} = 0.2452, P(2) = e^{-0.28125}
    // - e^{-2.5²/8} = 0.2970, P(3) = e^{-0.78125} - e^{-3.5²/8} = 0.2417, P(4) = e^{-1.53125} = 0.2162: mean 2.43.
    CHECK_THAT(sensors / uavs, WithinAbs(2.428, 0.03));
    // A window ~ Gamma(3 h, sd 20 %) after a gap ~ Exp(1 h): about 24 / 4 = 6 per day (fewer: the last is cut).
    CHECK(intervals / targets > 5);
    CHECK(intervals / targets < 6.5);
    CHECK_THAT(window_h / windows, WithinAbs(3.0, 0.05));
    // Table 11: 31 events a day, less those that find nothing to change: of the 6 + 6 type events, an add on
    // a target of all four types (P = 1/8 at the start) and a remove on one of a single type (1/8): about 29.
    CHECK(events / n > 28);
    CHECK(events / n < 31.5);
}

TEST_CASE("uav generator: events hit only what is present, in time order", "[uav]") {
    UavScenarioParams p;
    p.event_rate_multiplier = 16;
    std::mt19937_64 rng(5);
    for (int i = 0; i < 200; ++i) {
        const UavMission m = generate_uav_mission(p, rng);
        std::set<std::uint32_t> gone_uavs, gone_targets;
        std::vector<std::set<std::uint32_t>> gone_sensors(m.uavs.size());
        std::vector<Affinities> allowed;
        for (const Target& t : m.targets) allowed.push_back(t.affinity);
        double last = 0;
        for (const MissionEvent& e : m.events) {
            REQUIRE(e.time_h >= last);
            last = e.time_h;
            switch (e.kind) {
                case MissionEventKind::AddUav: REQUIRE(m.uavs[e.uav].joins_h == e.time_h); break;
                case MissionEventKind::RemoveUav: REQUIRE(gone_uavs.insert(e.uav).second); break;
                case MissionEventKind::RemoveSensor:
                    REQUIRE(gone_uavs.count(e.uav) == 0);
                    REQUIRE(gone_sensors[e.uav].insert(e.sensor).second);
                    // Never the last: that one removes the UAV instead.
                    REQUIRE(gone_sensors[e.uav].size() < m.uavs[e.uav].sensors.size());
                    break;
                case MissionEventKind::ModifyQualities: REQUIRE(gone_uavs.count(e.uav) == 0); break;
                case MissionEventKind::AddTarget: REQUIRE(m.targets[e.target].joins_h == e.time_h); break;
                case MissionEventKind::RemoveTarget: REQUIRE(gone_targets.insert(e.target).second); break;
                case MissionEventKind::AddAllowedType:
                    REQUIRE(gone_targets.count(e.target) == 0);
                    REQUIRE(allowed[e.target][std::size_t(e.type)] == 0);
                    allowed[e.target][std::size_t(e.type)] = e.value;
                    break;
                case MissionEventKind::RemoveAllowedType: {
                    REQUIRE(allowed[e.target][std::size_t(e.type)] > 0);
                    allowed[e.target][std::size_t(e.type)] = 0;
                    int left = 0;
                    for (double a : allowed[e.target]) left += a > 0;
                    REQUIRE(left >= 1);
                    break;
                }
                case MissionEventKind::ModifyAffinities:
                    for (std::size_t s = 0; s < kSensorTypes; ++s) {
                        REQUIRE((e.values[s] > 0) == (allowed[e.target][s] > 0));
                        allowed[e.target][s] = e.values[s];
                    }
                    break;
                default: REQUIRE(gone_targets.count(e.target) == 0);
            }
        }
    }
}

TEST_CASE("uav mission: tasks per attempt, platform per UAV", "[uav]") {
    UavMission m;
    Uav u;
    u.energy = 0.5;
    u.sensors = {{SensorType::Sar, 7, 0.15}, {SensorType::Ir, 5, 0.08}};
    m.uavs = {u};
    Target t;
    t.priority = 4;
    t.surveil_h = 1.5;
    t.affinity[std::size_t(SensorType::Ir)] = 4;
    t.intervals = {{1, 4, 1.5}, {5, 6, 2}};
    m.targets = {t};
    REQUIRE_NOTHROW(m.validate());
    m.mapping_grid_s = 3600;
    const std::vector<Task> tasks = surveil_tasks(m);
    // One attempt per hourly mapping event inside each interval, at least the complete surveils it holds:
    // [1, 4] has floor(3 h / 1 h) + 1 = 4 events (and holds ceil(3 / 1.5) = 2 surveils); [5, 6] with 2-h
    // surveils has floor(1) + 1 = 2 (holds ceil(0.5) = 1).
    REQUIRE(tasks.size() == 6);
    REQUIRE(m.attempts.size() == 6);
    CHECK(tasks[0].arrival_s == 3600);
    CHECK(tasks[3].arrival_s == 3600);
    CHECK(tasks[4].arrival_s == 5 * 3600);
    CHECK(m.attempts[3].attempt == 3);
    CHECK(m.attempts[4].interval == 1);
    CHECK(tasks[0].work.memory_s() == 1.5 * 3600);
    CHECK(tasks[5].work.memory_s() == 2 * 3600);
    // At the default 300-s grid, [1, 4] gets floor(10,800 / 300) + 1 = 37.
    m.mapping_grid_s = 300;
    CHECK(surveil_tasks(m).size() == 37 + 13);
    CHECK(tasks[0].preemptible);
    m.max_surveils_per_interval = 1;
    CHECK(surveil_tasks(m).size() == 2);
    // One node per UAV, a core type per sensor drawing its rate in watts, the store its energy in 3,600 J units.
    const PlatformSpec p = uav_platform(m);
    REQUIRE(p.clusters.size() == 1);
    REQUIRE(p.total_cores() == 2);
    CHECK(p.node_types[0].energy_store_j == 0.5 * 3600);
    CHECK(p.core_types[1].name == "uav0.IR");
    CHECK(p.core_types[1].pstates[0].busy_power_w == 0.08);
    CHECK(p.core_types[1].pstates[0].idle_power_w == 0);
}
