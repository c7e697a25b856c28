// A part's cores run as one (modules/node.h, "a part's timing"): a START that names every core of a part by its
// mask, the cores idle at its P-state, keeps one timing for the part (the highest-indexed core leads, the others
// follow), and every change of one core's timing gives the followers their own first. Times and joules are those
// of cores timed one by one.
#include <catch2/catch.hpp>

#include "tests/modules/hw_fixture.h"

using namespace rmsim;
using namespace rmsim::test;

namespace {

/// One node (or `nodes`) of 4 cores, a DVFS domain per core: P0 1 GHz (busy 2 W, idle 0.5 W), P1 0.5 GHz
/// (busy 1 W, idle 0.5 W); no switch latency or energy.
PlatformSpec four_cores(std::uint32_t nodes = 1) {
    return simple_platform({{1e9, 1.0, 2.0, 0.5}, {0.5e9, 0.8, 1.0, 0.5}}, 4, nodes);
}

Message masked_start(NodeId node, std::uint64_t mask, std::uint32_t part_cores, TaskId task, NodeId root,
                     std::uint32_t gang_nodes) {
    Message m = gang_start(node, static_cast<std::uint32_t>(__builtin_ctzll(mask)), task, cycles(1e9), root, gang_nodes,
                           part_cores);
    m.core_mask = mask;
    return m;
}

}  // namespace

TEST_CASE("part timing: a switch of one core splits the part, each core keeps its own time and joules",
          "[modules][parallel][part]") {
    // Task 5 on cores 0, 1 and 3 (mask 0b1011), 1e9 cycles at P0: 1 s. Core 3 leads, 0 and 1 follow.
    // At 0.5 s core 1 goes to P1: 0.5e9 cycles left at 0.5 GHz = 1 s more, done at 1.5 s. Cores 0 and 3 are done
    // at 1 s and wait, busy at P0, until the part ends at 1.5 s.
    // Energy: cores 0 and 3 2 W x 1.5 s = 3 J each; core 1 2 W x 0.5 s + 1 W x 1 s = 2 J; the part 8 J.
    Machine m(at_ns(four_cores()));
    Script s("script", m.manager_port());
    s.at(0.0, masked_start(0, 0b1011, 3, 5, 0, 1));
    s.at(0.5, command(Op::SetPState, 0, 1, 0, 1));
    run_until(0.25);
    CHECK(m.core_at(0, 0).following());
    CHECK(m.core_at(0, 1).following());
    CHECK(&m.core_at(0, 0).lead() == &m.core_at(0, 3));
    CHECK(m.core_at(0, 3).followers() == 2);
    CHECK_FALSE(m.core_at(0, 2).has_segment());
    // A follower's views are its lead's: 1 s projected, a quarter done.
    CHECK(seconds(m.core_at(0, 0).projected_completion()) == Approx(1.0).epsilon(1e-12));
    CHECK(m.core_at(0, 1).done_fraction() == Approx(0.25).epsilon(1e-12));
    run_until(0.75);  // the switch at 0.5 s gave each follower its own timing
    CHECK_FALSE(m.core_at(0, 0).following());
    CHECK_FALSE(m.core_at(0, 1).following());
    CHECK(m.core_at(0, 3).followers() == 0);
    CHECK(seconds(m.core_at(0, 0).projected_completion()) == Approx(1.0).epsilon(1e-12));
    CHECK(seconds(m.core_at(0, 1).projected_completion()) == Approx(1.5).epsilon(1e-12));
    run_until(3.0);
    REQUIRE(s.received.size() == 1);
    CHECK(s.received[0].msg.op == Op::Completed);
    CHECK(seconds(s.received[0].at) == Approx(1.5).epsilon(1e-12));
    CHECK(s.received[0].msg.energy_j == Approx(3.0 + 2.0 + 3.0).epsilon(1e-12));
    // The switch was reported once, by the part's new projected end (1 s -> 1.5 s).
    REQUIRE(s.projections.size() == 2);
    CHECK(s.projections[1].msg.op == Op::Projected);
    CHECK(seconds(s.projections[1].msg.projected_end) == Approx(1.5).epsilon(1e-12));
}

TEST_CASE("part timing: followers wait at the barrier as done, and are released with their lead",
          "[modules][parallel][part]") {
    // Task 8 on two nodes: cores 1 and 2 of node 0 (mask 0b110) from 0 s, core 0 of node 1 from 0.5 s; 1e9 cycles
    // each. Node 0's part is done at 1 s and waits at the task's barrier until node 1's is, at 1.5 s.
    // Node 0's part: 2 cores x 2 W x 1.5 s = 6 J; node 1's: 2 W x 1 s = 2 J.
    Machine m(at_ns(four_cores(2)));
    Script s("script", m.manager_port());
    s.at(0.0, masked_start(0, 0b110, 2, 8, 0, 2));
    s.at(0.5, gang_start(1, 0, 8, cycles(1e9), 0, 2, 1));
    run_until(1.25);
    const Core& follower = m.core_at(0, 1);
    CHECK(follower.following());
    CHECK(follower.state() == Core::State::Barrier);
    CHECK(follower.done_fraction() == 1.0);
    CHECK(seconds(follower.projected_completion()) == Approx(1.0).epsilon(1e-12));
    CHECK(m.core_at(0, 2).state() == Core::State::Barrier);
    run_until(3.0);
    REQUIRE(s.received.size() == 2);
    double energy = 0;
    for (const auto& r : s.received) {
        CHECK(r.msg.op == Op::Completed);
        CHECK(seconds(r.at) == Approx(1.5).epsilon(1e-9));
        CHECK(r.msg.energy_j == Approx(r.msg.node == 0 ? 6.0 : 2.0).epsilon(1e-12));
        energy += r.msg.energy_j;
    }
    CHECK(energy == Approx(8.0).epsilon(1e-12));
    CHECK_FALSE(m.core_at(0, 1).following());
    CHECK_FALSE(m.core_at(0, 1).has_segment());
    CHECK(m.core_at(0, 2).followers() == 0);
}

TEST_CASE("part timing: a preempted part's followers keep the lead's progress", "[modules][preemption][part]") {
    // Task 3 on cores 0, 1, 2 (mask 0b111), 1e9 cycles, preempted at 0.25 s: three quarters left, 3 cores x 2 W x
    // 0.25 s = 1.5 J. Core 3 is asleep before the START of task 4 on cores 2 and 3 at 1 s: not one state (core 3
    // must wake), so each is timed on its own; both end at 2 s.
    Machine m(at_ns(four_cores()));
    Script s("script", m.manager_port());
    s.at(0.0, masked_start(0, 0b111, 3, 3, 0, 1));
    s.at(0.0, command(Op::Sleep, 0, 3));
    s.at(0.25, command(Op::Preempt, 0, 0, 3));
    s.at(1.0, masked_start(0, 0b1100, 2, 4, 0, 1));
    run_until(0.5);
    REQUIRE(s.received.size() == 1);
    CHECK(s.received[0].msg.op == Op::Preempted);
    CHECK(s.received[0].msg.remaining == Approx(0.75).epsilon(1e-12));
    CHECK(s.received[0].msg.energy_j == Approx(3 * 2.0 * 0.25).epsilon(1e-12));
    for (std::uint32_t c = 0; c < 3; ++c) {
        CHECK_FALSE(m.core_at(0, c).following());
        CHECK_FALSE(m.core_at(0, c).has_segment());
    }
    run_until(1.5);
    CHECK_FALSE(m.core_at(0, 2).following());
    CHECK(m.core_at(0, 3).followers() == 0);
    run_until(3.0);
    REQUIRE(s.received.size() == 2);
    CHECK(s.received[1].msg.op == Op::Completed);
    CHECK(seconds(s.received[1].at) == Approx(2.0).epsilon(1e-12));
}
