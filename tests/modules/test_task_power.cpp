// Work that brings its own busy power (per-task-type APC, Machovec Ch.3 §3.2.2): the core draws it while it
// runs the work, and the manager's energy estimate uses the same power.
#include <catch2/catch.hpp>

#include "manager/bookkeeping.h"
#include "tests/modules/hw_fixture.h"

using namespace rmsim;
using namespace rmsim::test;

TEST_CASE("execution: a task's own busy power is what the core draws", "[modules][power]") {
    // 1 core at 1 GHz, P0 busy 2 W, idle 0.5 W; the task takes 10 s and draws 7 W while it runs there.
    PlatformSpec spec = simple_platform({{1e9, 1.0, 2.0, 0.5}}, 1, 1);
    auto table = std::make_shared<TimeTable>();
    table->seconds = {{10.0}};
    table->busy_power_w = {{7.0}};
    WorkModel w;
    w.set_table(table);
    Machine m(at_ns(spec));
    Script s("script", m.manager_port());
    s.at(0.0, start(0, 0, 1, w));
    run_until(20.0);
    REQUIRE(s.received.size() == 1);
    CHECK(seconds(s.received[0].at) == Approx(10.0));
    // 10 s x 7 W = 70 J: static 10 s x 0.5 W = 5 J, dynamic 10 s x (7 - 0.5) W = 65 J; then idle 10 s x 0.5 W.
    CHECK(s.received[0].msg.energy_j == Approx(70.0).epsilon(1e-12));
    const EnergyBreakdown e = m.energy_breakdown();
    CHECK(e[static_cast<std::size_t>(EnergyCategory::CoreDynamic)] == Approx(65.0).epsilon(1e-12));
    CHECK(e[static_cast<std::size_t>(EnergyCategory::CoreStatic)] == Approx(5.0 + 5.0).epsilon(1e-12));

    // The manager's estimate of the same task on that core: 10 s x 7 W.
    std::vector<Task> tasks(1);
    tasks[0].work = w;
    Bookkeeping books(spec, tasks, Granularity::Core);
    const PolicyView& view = books.view();
    CHECK(view.exec_energy(0, 0, 0) == Approx(70.0).epsilon(1e-12));
    // Without the table's power, the P-state's: 10 s x 2 W.
    table->busy_power_w.clear();
    CHECK(view.exec_energy(0, 0, 0) == Approx(20.0).epsilon(1e-12));
}
