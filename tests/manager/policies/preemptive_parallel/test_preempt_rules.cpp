// The preemption rules for parallel tasks (manager/policies/preemptive_parallel/preempt_rules.h), by hand.
// The urgent task, started now by preempting two 2-node victims, earns objective 10 (utility 10, 1000 J).
// Victim 1: objective 3 now, 0 resumed; victim 2: 4 now, 1 resumed (what they lose: 3 + 3 = 6). Without
// preemption the urgent task's best objective is 5.
#include <catch2/catch.hpp>

#include "manager/policies/preemptive_parallel/preempt_rules.h"

using namespace rmsim;

namespace {

PreemptOption option(Joules victim_j) {
    PreemptOption o;
    o.obj = 10;
    o.util = 10;
    o.energy_j = 1000;
    o.victims = {VictimEffect{3, 0, 3, 0, victim_j}, VictimEffect{4, 1, 4, 1, victim_j}};
    return o;
}

}  // namespace

TEST_CASE("preemption rules: Greedy preempts where Diff does not", "[manager][preemptive-parallel]") {
    NoPreemptBest best;
    best.exists = true;
    best.obj = 5;
    // Greedy: 10 > 5 and 10 > each victim's 3 and 4: preempt, value 10.
    const Verdict g = judge(ParallelRule::Greedy, option(0), best);
    CHECK(g.preempt);
    CHECK(g.value == Approx(10));
    // Diff: 10 - (3 - 0) - (4 - 1) = 4 < 5: the task waits for its start without preemption.
    const Verdict d = judge(ParallelRule::Diff, option(0), best);
    CHECK_FALSE(d.preempt);
    CHECK(d.value == Approx(4));
    // With a best of 3.5 instead, Diff preempts too (4 > 3.5).
    best.obj = 3.5;
    CHECK(judge(ParallelRule::Diff, option(0), best).preempt);
}

TEST_CASE("preemption rules: Greedy never preempts a victim worth as much as the task",
          "[manager][preemptive-parallel]") {
    PreemptOption o = option(0);
    o.victims[1].obj_now = 10;  // Alg. 6: Util(t) must exceed the victim's
    CHECK_FALSE(judge(ParallelRule::Greedy, o, NoPreemptBest{}).preempt);
}

TEST_CASE("preemption rules: the energy-aware rule declines a preemption whose energy is not worth it",
          "[manager][preemptive-parallel]") {
    NoPreemptBest best;
    best.exists = true;
    best.upe = 0.004;  // e.g. utility 4 for 1000 J, later
    // Free preemption: (10 - 6) / 1000 = 0.004, not above 0.004: declined; with victims losing less it is not.
    CHECK_FALSE(judge(ParallelRule::Energy, option(0), best).preempt);
    PreemptOption light = option(0);
    light.victims[0].util_resumed = 3;  // loses nothing now: (10 - 3) / 1000 = 0.007 > 0.004
    const Verdict yes = judge(ParallelRule::Energy, light, best);
    CHECK(yes.preempt);
    CHECK(yes.value == Approx(0.007));
    // The same with 400 J of checkpoints and restores per victim: 7 / (1000 + 800) = 0.00389 < 0.004.
    for (VictimEffect& v : light.victims) v.energy_j = 400;
    const Verdict no = judge(ParallelRule::Energy, light, best);
    CHECK_FALSE(no.preempt);
    CHECK(no.value == Approx(7.0 / 1800.0));
    CHECK(preemption_energy(light) == Approx(800));
    CHECK(utility_loss(light) == Approx(3));
}
