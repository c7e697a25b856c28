// Linux conservative on one core domain, by hand: P-states 2 / 1.5 / 1 / 0.5 GHz, sampling every 0.1 s,
// thresholds 80 % / 20 %, freq_step 25 % of 2 GHz = 0.5 GHz (the spacing of the levels): one level per sample.
#include <catch2/catch.hpp>

#include "modules/governors/conservative.h"
#include "tests/modules/governors/governor_fixture.h"

using namespace rmsim;
using namespace rmsim::test;

TEST_CASE("conservative: steps one level per sample, down when idle and up when busy", "[modules][governor]") {
    PlatformSpec spec = four_level_platform();
    ConservativeParams p;
    p.sampling_rate_s = 0.1;
    p.freq_step = 25;
    GovernedMachine h(spec, governed<ConservativeGovernor>(p));
    Machine& m = h.machine;
    const ActivityLog& log = h.log;
    Script& s = h.script;
    s.at(0.5, start(0, 0, 1, seconds_of_work(1.0)));  // busy over [0.5, 1.5]
    run_until(1.45);
    // Idle: 0.1 -> 1.5 GHz (P1), 0.2 -> 1 GHz (P2), 0.3 -> 0.5 GHz (P3); 0.4: at f_min, steady -> pause.
    // The START at 0.5 resumes sampling at 0.6 (window [0.5, 0.6], load 100 %): 0.6 -> P2, 0.7 -> P1,
    // 0.8 -> P0; 0.9: at f_max, steady -> pause.
    const auto& ch = log.pstate_changes();
    REQUIRE(ch.size() == 6);
    const std::uint64_t at[] = {100, 200, 300, 600, 700, 800};
    const std::uint32_t level[] = {1, 2, 3, 2, 1, 0};
    for (std::size_t i = 0; i < 6; ++i) {
        CHECK(ch[i].at_ns == at[i] * 1000000u);
        CHECK(ch[i].level == level[i]);
    }
    CHECK(m.node(0).governor(0)->samples() == 8);
    CHECK(m.node(0).governor(0)->paused());
}

TEST_CASE("conservative: a step smaller than the level spacing takes several samples per level",
          "[modules][governor]") {
    PlatformSpec spec = four_level_platform();
    ConservativeParams p;
    p.sampling_rate_s = 0.1;  // freq_step 5 % of 2 GHz = 0.1 GHz: 5 samples per 0.5 GHz level
    GovernedMachine h(spec, governed<ConservativeGovernor>(p));
    const ActivityLog& log = h.log;
    run_until(1.05);
    // Idle from 2 GHz: requested 1.9, 1.8, 1.7, 1.6, 1.5 GHz; the slowest level at or above it (RELATION_L)
    // is P0 until 1.5 GHz is reached at the 5th sample (0.5 s), then P1. The 10th (1.0 s) reaches 1 GHz: P2.
    const auto& ch = log.pstate_changes();
    REQUIRE(ch.size() == 2);
    CHECK(ch[0].at_ns == 500000000u);
    CHECK(ch[0].level == 1);
    CHECK(ch[1].at_ns == 1000000000u);
    CHECK(ch[1].level == 2);
}
