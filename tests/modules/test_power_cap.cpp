// A power cap on a two-node machine, by hand. Each node: one core, P-states 2 / 1.5 / 1 / 0.5 GHz drawing
// 8 / 5 / 3 / 1.5 W busy and 1 / 0.8 / 0.6 / 0.4 W idle, no uncore or base power. Cap 12 W on the machine,
// control every 0.1 s. Node 0 runs the valuable task (priority 10), node 1 the other (priority 1).
#include <catch2/catch.hpp>

#include "tests/modules/governors/governor_fixture.h"

using namespace rmsim;
using namespace rmsim::test;

namespace {

Message valued_start(NodeId node, TaskId task, double cycles_n, double priority) {
    Message m = start(node, 0, task, cycles(cycles_n));
    m.priority = priority;
    return m;
}

PowerCapSpec machine_cap(double window_s) {
    PowerCapSpec c;
    c.scope = PowerCapSpec::Scope::Machine;
    c.watts = 12;
    c.interval_s = 0.1;
    c.window_s = window_s;
    c.order = PowerCapSpec::Order::LowestPriority;
    return c;
}

}  // namespace

TEST_CASE("power cap: the window average stays at the cap while the higher-priority node keeps its speed",
          "[modules][power_cap]") {
    MachineOptions o;
    o.power_caps.push_back(machine_cap(1.0));
    Machine m(at_ns(four_level_platform(1, 2)), o);
    ActivityLog log(false);
    m.attach_log(&log);
    Script s("script", m.manager_port());
    s.at(0.0, valued_start(0, 1, 4e9, 10.0));  // 2 s at 2 GHz
    s.at(0.0, valued_start(1, 2, 1.95e9, 1.0));
    run_until(2.5);

    // [0, 0.1]: both at P0, 16 W. At 0.1 the draw 16 W > 12 W: node 1 (lowest priority) steps to P1 (8 -> 5 W:
    // 13 W predicted, still above) and P2 (5 -> 3 W: 11 W). Node 0 stays at P0.
    // Node 1 had done 0.2e9 cycles; the other 1.75e9 take 1.75 s at 1 GHz: it ends at 1.85 s.
    // Window averages (energy before the run 0): at 1.0 s (1.6 + 0.9 x 11) / 1 = 11.5 W, the largest;
    // at 1.1 .. 1.8 s, 11 W.
    // At 1.9 s node 1 is idle: 8 + 0.6 = 8.6 W; raising it to P1 (idle 0.8 W) and P0 (1 W) keeps 9 W <= 12 W.
    REQUIRE(m.power_caps().size() == 1);
    const PowerCapReport& r = m.power_caps()[0]->report();
    CHECK(r.time_over_s == 0);
    CHECK(r.largest_excess_w == 0);
    CHECK(r.largest_window_average_w == Approx(1.6 + 0.9 * 11).epsilon(1e-9));
    CHECK(r.slowdowns == 2);
    CHECK(r.raises == 2);
    REQUIRE(s.received.size() == 2);
    for (const Received& x : s.received) {
        if (x.msg.node == 0)
            CHECK(seconds(x.at) == Approx(2.0).epsilon(1e-12));  // at full speed
        else
            CHECK(seconds(x.at) == Approx(0.1 + 1.75e9 / 1e9).epsilon(1e-12));
    }
    for (const auto& c : log.pstate_changes()) CHECK(c.node == 1);  // node 0 never switched
    CHECK(m.core_at(1, 0).pstate() == 0);
}

TEST_CASE("power cap: a window as short as the interval reports the time over the cap and the excess",
          "[modules][power_cap]") {
    MachineOptions o;
    o.power_caps.push_back(machine_cap(0.1));
    Machine m(at_ns(four_level_platform(1, 2)), o);
    Script s("script", m.manager_port());
    s.at(0.0, valued_start(0, 1, 4e9, 10.0));
    s.at(0.0, valued_start(1, 2, 1.95e9, 1.0));
    run_until(1.0);
    // The first interval averages 16 W: 0.1 s over the cap by 4 W; then 11 W.
    const PowerCapReport& r = m.power_caps()[0]->report();
    CHECK(r.time_over_s == Approx(0.1).epsilon(1e-12));
    CHECK(r.largest_excess_w == Approx(4.0).epsilon(1e-9));
}

TEST_CASE("power cap: a listed order slows only the nodes listed", "[modules][power_cap]") {
    MachineOptions o;
    PowerCapSpec c = machine_cap(1.0);
    c.order = PowerCapSpec::Order::Listed;
    c.slow_first = {0};  // node 0 may be slowed, whatever its priority; node 1 keeps its speed
    o.power_caps.push_back(c);
    Machine m(at_ns(four_level_platform(1, 2)), o);
    Script s("script", m.manager_port());
    s.at(0.0, valued_start(0, 1, 4e9, 10.0));
    s.at(0.0, valued_start(1, 2, 4e9, 1.0));
    run_until(0.15);
    CHECK(m.core_at(0, 0).pstate() == 2);
    CHECK(m.core_at(1, 0).pstate() == 0);
}
