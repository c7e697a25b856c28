// The ResourceManager restarts the energy accounts at every budget period boundary from the meters' exact
// reading (Machovec Ch.3 §3.2.4: a daily budget).
#include <catch2/catch.hpp>

#include <cmath>

#include <systemc>

#include "manager/policy_registry.h"
#include "manager/resource_manager.h"
#include "modules/sim_time.h"
#include "tests/modules/hw_fixture.h"

using namespace rmsim;
using namespace rmsim::time_literals;

namespace {

/// One 1-core node at 1 GHz drawing 2 W busy; one task of 250 s arriving at 0; FCFS; the given budget.
/// Runs the simulation (one per test process) and returns the manager.
struct BudgetRun {
    PlatformSpec spec = test::simple_platform({PState{1e9, 1.0, 2.0, 0.5}}, 1, 1);
    std::vector<Task> tasks = std::vector<Task>(1);
    std::unique_ptr<Policy> policy = builtin_policies().create("fcfs", PolicyParams(), SourceLocation{"test", 0, 0});
    ResourceManager* manager = nullptr;
    explicit BudgetRun(const EnergyBudget& budget) {
        set_time_resolution();
        tasks[0].work = test::cycles(250e9);
        auto* machine = new Machine(spec);
        ManagerConfig config;
        config.budget = budget;
        manager = new ResourceManager("manager", machine->spec(), machine->manager_port(), tasks, *policy, config);
        sc_core::sc_start();
    }
};

}  // namespace

TEST_CASE("manager: budget periods start from the exact meter reading", "[manager][energy][systemc]") {
    BudgetRun run(EnergyBudget{1e6, 100_s, 0_s, {}});  // budget period 100 s
    const PolicyView& view = run.manager->bookkeeping().view();
    // The run ends at 250 s: periods began at 100 and 200 s; 50 s x 2 W = 100 J in the last one, 500 J in all.
    CHECK(to_sim_time(sc_core::sc_time_stamp()) == 250_s);
    CHECK(view.budget_period_start() == 200_s);
    CHECK(view.energy_consumed() == Approx(500.0));
    CHECK(view.energy_consumed_in_period() == Approx(100.0));
    CHECK(view.energy_goal(250_s) == Approx(1e6 * 50 / 100));
}

TEST_CASE("manager: a budget that starts after a warm-up", "[manager][energy][systemc]") {
    // As above, but the first budget period starts at 160 s (e.g. the end of a warm-up).
    const EnergyBudget budget{1e6, 100_s, 160_s, {}};
    BudgetRun run(budget);
    const PolicyView& view = run.manager->bookkeeping().view();
    // Boundaries at 160 s, then 260 s (after the run ends at 250 s): the period began at 160 s;
    // 90 s x 2 W = 180 J consumed in it.
    CHECK(view.budget_period_start() == 160_s);
    CHECK(view.energy_consumed_in_period() == Approx(180.0));
    // Before the budget's start nothing constrains.
    Bookkeeping early(run.spec, run.tasks, Granularity::Core);
    early.energy().set_budget(budget);
    early.begin_event(100_s);
    CHECK(std::isinf(early.view().energy_remaining()));
    CHECK(std::isinf(early.view().energy_goal(100_s)));
}
