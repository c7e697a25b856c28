// The manager's execution-time estimate (Estimates::exec_time) equals what the modeled hardware
// takes, to the nanosecond, for odd durations: cycles that are not whole clock periods, memory time with
// sub-ns parts, tabular work, and a resumed remainder. Both use platform/exec_rounding.h.
#include <catch2/catch.hpp>
#include <cmath>
#include <memory>
#include <vector>

#include "manager/estimates.h"
#include "tests/modules/hw_fixture.h"

using namespace rmsim;
using namespace rmsim::test;

TEST_CASE("exec estimate: the manager's estimate is the simulated duration to the ns", "[modules][manager]") {
    // One core per node, each task on its own node (no shared DVFS domain). P0 = 2.4 GHz, P1 = 0.7 GHz.
    const std::uint32_t n = 5;
    PlatformSpec spec = simple_platform({{2.4e9, 1.0, 2.0, 0.5}, {0.7e9, 0.8, 1.0, 0.25}}, 1, n);
    auto table = std::make_shared<TimeTable>();
    table->seconds = {{0.3, 0.9}};
    std::vector<Task> tasks(n);
    for (TaskId t = 0; t < n; ++t) tasks[t].id = t;
    tasks[0].work.set_cycles(1e9 + 1);  // P0
    tasks[1].work.set_cycles(12345.5);  // P1
    tasks[1].work.set_memory_s(1.2345678e-6);
    tasks[2].work.set_table(table);  // P1
    tasks[2].work.set_table_scale(1.1);
    tasks[3].work.set_cycles(1e9);  // P0
    tasks[3].work.set_memory_s(0.0123456789);
    tasks[4].work.set_cycles(7e8 + 3);  // P1, resumed with 37 % of its work left
    const std::vector<std::uint32_t> pstate = {0, 1, 1, 0, 1};
    const std::vector<double> remaining = {1, 1, 1, 1, 0.37};
    // Hand-computed hardware durations (ns):
    //   0: (1e9 + 1) cycles / 2.4 GHz = 416666667.083 ns                                  -> 416666668
    //   1: 12345.5 + 1.2345678e-6 * 0.7e9 = 13209.69746 -> 13210 cycles / 0.7 GHz = 18871.43 -> 18872
    //   2: 0.9 s x 1.1 = 0.99 s = 693000000 cycles at 0.7 GHz                             -> 990000000
    //   3: 1e9 + 0.0123456789 * 2.4e9 = 1029629629.36 -> 1029629630 cycles / 2.4 GHz = 429012345.83
    //                                                                                      -> 429012346
    //   4: 0.37 x (7e8 + 3) = 259000001.11 -> 259000002 cycles / 0.7 GHz = 370000002.86   -> 370000003
    const std::vector<std::uint64_t> expected_ns = {416666668, 18872, 990000000, 429012346, 370000003};

    const Estimates estimates(spec, Granularity::Core);
    Machine m(at_ns(spec));
    Script s("script", m.manager_port());
    const double start_s = 0.123456789;  // an odd start: 123456789 ns
    for (TaskId t = 0; t < n; ++t) {
        CHECK(estimates.exec_time(tasks[t], remaining[t], 0, pstate[t]) ==
              SimTime::from_ns(static_cast<std::int64_t>(expected_ns[t])));
        s.at(start_s, start(t, 0, t, tasks[t].work, pstate[t], remaining[t]));
    }
    run_until(3.0);
    REQUIRE(s.received.size() == n);
    for (const Received& r : s.received) {
        REQUIRE(r.msg.op == Op::Completed);
        const TaskId t = r.msg.task;
        INFO("task " << t);
        CHECK(to_ns(r.at) - 123456789 == expected_ns[t]);
        // The estimate, in ns, is the simulated duration exactly.
        CHECK(estimates.exec_time(tasks[t], remaining[t], 0, pstate[t]).ns() ==
              static_cast<std::int64_t>(to_ns(r.at) - 123456789));
    }
}
