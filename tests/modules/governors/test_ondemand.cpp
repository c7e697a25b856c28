// Linux ondemand on one core domain, by hand. P-states 2 / 1.5 / 1 / 0.5 GHz, sampling every 0.1 s,
// up_threshold 80 %, 0.01 J per switch. Proportional target: f = 0.5 GHz + load x (2 - 0.5) GHz.
#include <catch2/catch.hpp>

#include "modules/governors/ondemand.h"
#include "tests/modules/governors/governor_fixture.h"

using namespace rmsim;
using namespace rmsim::test;

TEST_CASE("ondemand: load 0 -> 100 % -> 30 % reaches the expected levels at the sampling instants",
          "[modules][governor]") {
    PlatformSpec spec = four_level_platform();
    spec.core_types[0].transition_energy_j = 0.01;
    OndemandParams p;
    p.sampling_rate_s = 0.1;
    GovernedMachine h(spec, governed<OndemandGovernor>(p));
    Machine& m = h.machine;
    const ActivityLog& log = h.log;
    Script& s = h.script;
    // Idle until 0.3 s; busy over [0.3, 0.5]; then 0.03 s of work at 0.5, 0.6 and 0.7 s (30 % of each window).
    s.at(0.3, start(0, 0, 1, seconds_of_work(0.2)));
    s.at(0.5, start(0, 0, 2, seconds_of_work(0.03)));
    s.at(0.6, start(0, 0, 3, seconds_of_work(0.03)));
    s.at(0.7, start(0, 0, 4, seconds_of_work(0.03)));
    run_until(1.5);

    // 0.1: load 0 -> f = 0.5 GHz -> P3.     0.2: load 0, P3: steady and quiet -> sampling pauses.
    // 0.3: the START resumes it at the next grid instant, 0.4, over the window [0.3, 0.4].
    // 0.4: load 100 % > 80 % -> P0.           0.5: load 100 %, P0 (the window saw the task end at 0.5).
    // 0.6: load 0.03 / 0.1 = 30 % -> f = 0.5 + 0.3 x 1.5 = 0.95 GHz, closest 1 GHz -> P2.
    // 0.7, 0.8: 30 % -> P2.                   0.9: load 0 -> P3.   1.0: load 0, P3, quiet -> pause.
    const auto& ch = log.pstate_changes();
    REQUIRE(ch.size() == 4);
    const double at[] = {0.1, 0.4, 0.6, 0.9};
    const std::uint32_t level[] = {3, 0, 2, 3};
    for (std::size_t i = 0; i < 4; ++i) {
        CHECK(ch[i].at_ns == static_cast<std::uint64_t>(at[i] * 1e9 + 0.5));
        CHECK(ch[i].level == level[i]);
    }
    GovernorModule* g = m.node(0).governor(0);
    REQUIRE(g);
    CHECK(g->samples() == 9);  // 0.1, 0.2, 0.4, ..., 1.0
    CHECK(g->paused());
    // Four switches of 0.01 J.
    CHECK(m.energy_breakdown()[size_t(EnergyCategory::Transition)] == Approx(4 * 0.01).epsilon(1e-12));
}

TEST_CASE("ondemand: a sampled domain that stays idle is not woken", "[modules][governor]") {
    PlatformSpec spec = four_level_platform(1, 2);
    OndemandParams p;
    p.sampling_rate_s = 0.01;
    GovernedMachine h(spec, governed<OndemandGovernor>(p));
    Machine& m = h.machine;
    Script& s = h.script;
    s.at(0.0, start(1, 0, 1, seconds_of_work(100.0)));
    run_until(200.0);
    // Node 0 never works: one sample lowers it to P3, the next finds it steady: 2 samples in 200 s.
    CHECK(m.node(0).governor(0)->samples() == 2);
    // Node 1 is busy for 100 s: the first sample finds it at P0 already (load 100 %), steady; the end at 100 s
    // resumes sampling for the sample that lowers the level (100.01 s) and the one that finds it steady.
    CHECK(m.node(1).governor(0)->samples() == 3);
    CHECK(m.core_at(1, 0).pstate() == 3);
}

TEST_CASE("ondemand: sampling_down_factor keeps the fastest level longer", "[modules][governor]") {
    PlatformSpec spec = four_level_platform();
    OndemandParams p;
    p.sampling_rate_s = 0.1;
    p.sampling_down_factor = 3;
    GovernedMachine h(spec, governed<OndemandGovernor>(p));
    const ActivityLog& log = h.log;
    Script& s = h.script;
    s.at(0.2, start(0, 0, 1, seconds_of_work(0.1)));  // busy over [0.2, 0.3]
    run_until(2.0);
    // 0.1: P3. 0.2: load 0 -> paused. 0.2: the START resumes at 0.3. 0.3: load 100 % -> P0, raised from below:
    // the next sample 3 periods later, at 0.6 (load 0 over [0.3, 0.6]) -> P3.
    const auto& ch = log.pstate_changes();
    REQUIRE(ch.size() == 3);
    CHECK(ch[1].at_ns == 300000000u);
    CHECK(ch[1].level == 0);
    CHECK(ch[2].at_ns == 600000000u);
    CHECK(ch[2].level == 3);
}
