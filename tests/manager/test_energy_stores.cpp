// The manager's side of the nodes' energy stores (manager/energy_stores.h): a DEPLETED notice puts a task back to
// waiting with its remaining work as a preemption does, the node is booked depleted and its units out of service
// for good (no policy finds them free; a start or reservation on them is refused), and PolicyView::energy_store
// reads the hardware's level. By hand through the bookkeeping, then through a whole simulation.
#include <catch2/catch.hpp>
#include <stdexcept>
#include <vector>

#include "manager/bookkeeping.h"
#include "manager/unit_choice.h"
#include "tests/manager/manager_run.h"
#include "tests/modules/hw_fixture.h"

using namespace rmsim;
using namespace rmsim::test;
using namespace rmsim::time_literals;
using Units = std::vector<LocalNodeIndex>;

namespace {

/// Nodes of `cores` cores at 1 GHz, busy `busy_w`, idle `idle_w`, no uncore or base power, a store of `store_j`.
PlatformSpec battery_platform(Watts busy_w, Watts idle_w, Joules store_j, std::uint32_t cores, std::uint32_t nodes) {
    PlatformSpec p = simple_platform({PState{1e9, 1.0, busy_w, idle_w}}, cores, nodes);
    p.node_types[0].energy_store_j = store_j;
    return p;
}

Task task(TaskId id, Seconds arrival_s, Seconds work_s, std::uint32_t cores = 1) {
    Task t;
    t.id = id;
    t.arrival_s = arrival_s;
    t.work = cycles(work_s * 1e9);
    t.cores = cores;
    t.preemptible = true;
    return t;
}

std::vector<TaskId> of_kind(const std::vector<Command>& cs, Command::Kind k) {
    std::vector<TaskId> out;
    for (const Command& c : cs)
        if (c.kind == k) out.push_back(c.task);
    return out;
}

/// FCFS on the lowest idle cores, recording what it saw of node 0's store at each mapping event, and whether a
/// start on a unit of node 0 was refused once the node is depleted.
class Recording : public Policy {
public:
    explicit Recording(PolicyTraits traits = {}) : traits_(traits) {}
    PolicyTraits traits() const override { return traits_; }
    void schedule(const PolicyView& view, Decisions& decide) override {
        seen.push_back(view.energy_store(0));
        for (TaskId t : view.waiting()) {
            if (!view.is_waiting(t)) continue;
            const SimTime d = view.booked_time(t, 0, 0);
            auto units = lowest_idle_units(view.profile(0), view.units_needed(t, 0), view.now(), view.now() + d);
            if (seen.back().depleted && !tried_depleted_unit) {
                tried_depleted_unit = true;
                try {
                    decide.start(t, 0, Units{0}, 0);
                } catch (const std::logic_error&) {
                    refused = true;
                }
            }
            if (!units.empty()) decide.start(t, 0, std::move(units), 0);
        }
    }
    std::vector<EnergyStoreLevel> seen;
    bool tried_depleted_unit = false;
    bool refused = false;

private:
    PolicyTraits traits_;
};

}  // namespace

TEST_CASE("energy stores: a depleted node's units leave service for good", "[manager][energy_store]") {
    // 2 nodes x 2 cores (units 0, 1 on node 0; 2, 3 on node 1), stores of 100 J. t0 runs on unit 0; t1 on units
    // 1 and 2 (both nodes); t2 is reserved on unit 1 from 50 s. Node 0 reports DEPLETED at 10 s.
    const PlatformSpec p = battery_platform(2.0, 0.0, 100.0, 2, 2);
    const std::vector<Task> tasks{task(0, 0, 20), task(1, 0, 20, 2), task(2, 0, 5), task(3, 0, 5)};
    Bookkeeping books(p, tasks, Granularity::Core);
    for (TaskId t = 0; t < tasks.size(); ++t) books.arrive(t, 0_s);
    books.begin_event(0_s);
    books.decisions().start(0, 0, Units{0}, 0);
    books.decisions().start(1, 0, Units{1, 2}, 0);
    books.decisions().reserve(2, 0, Units{3}, 50_s, 0, false);
    books.decisions().reserve(3, 0, Units{1}, 50_s, 0, false);
    books.take_commands();
    const PolicyView& view = books.view();
    // Without a reader the level is the platform's: capacity, nothing used.
    CHECK(view.energy_store(0).capacity_j == 100.0);
    CHECK(view.energy_store(0).present());
    CHECK(view.energy_store(0).left_j() == 100.0);
    CHECK_FALSE(view.energy_store(0).depleted);

    CHECK(books.node_depleted(0, 10_s));
    CHECK_FALSE(books.node_depleted(0, 10_s));  // marked once
    CHECK(view.energy_store(0).depleted);
    CHECK_FALSE(view.energy_store(1).depleted);
    // t1 has a part on node 1: it is stopped there (a Preempt command); t0 only ran here (its part reports).
    const std::vector<Command> cs = books.take_commands();
    CHECK(of_kind(cs, Command::Kind::Preempt) == std::vector<TaskId>{1});
    // t3's reservation on unit 1 is cancelled: it waits again; t2's on node 1 stays.
    CHECK(view.record(3).state == TaskState::Waiting);
    CHECK(view.record(2).state == TaskState::Reserved);
    // Units 0 and 1 are never free again; a start or reservation there is refused.
    const AvailabilityProfile& prof = view.profile(0);
    CHECK_FALSE(prof.is_idle(0, 10_s, 11_s));
    CHECK_FALSE(prof.is_idle(1, 1000_s, 1001_s));
    CHECK(prof.idle_nodes(10_s, 20_s) == Units{2, 3});  // unit 2: t1's booking is gone; unit 3: t2 from 50 s
    CHECK_THROWS_AS(books.decisions().start(3, 0, Units{1}, 0), std::logic_error);
    CHECK_THROWS_AS(books.decisions().reserve(3, 0, Units{0}, 500_s, 0, false), std::logic_error);
    CHECK_FALSE(prof.earliest_start(3, 1_s, 10_s).has_value());  // 3 units needed, 2 ever free
    // The parts report: t0 DEPLETED (as a preemption, 10 of 20 s done), t1 DEPLETED here and PREEMPTED on node 1.
    CHECK(books.part_finished(0, true, 0.5, 20.0, 10_s));
    CHECK(view.record(0).state == TaskState::Waiting);
    CHECK(view.record(0).remaining == 0.5);
    CHECK(view.preemptions(0) == 1);
    CHECK_FALSE(books.part_finished(1, true, 0.5, 20.0, 10_s));
    CHECK(books.part_finished(1, true, 0.5, 20.0, 10_s));
    CHECK(view.record(1).state == TaskState::Waiting);
    CHECK(books.stores().depletions().size() == 1);
    CHECK(books.stores().depletions()[0].at == 10_s);
}

TEST_CASE("energy stores: the battery's task goes back to waiting and the policy sees the store used up",
          "[manager][energy_store][systemc]") {
    // One node of one core, busy 2 W, idle 0 W, store 10 J. A task of 8 s at t = 0: the store is empty at 10 J / 2 W
    // = 5 s with 3/8 of the work left and 10 J drawn by the core. The manager hears DEPLETED: the task waits again
    // with its remaining work (as after a preemption) and can never run again (the only node is depleted).
    auto policy = std::make_unique<Recording>();
    Recording* pol = policy.get();
    ManagerRun r(battery_platform(2.0, 0.0, 10.0, 1, 1), {task(0, 0, 8)}, std::move(policy));
    r.run();
    CHECK(r.record(0).state == TaskState::Waiting);
    CHECK(r.record(0).remaining == Approx(3.0 / 8.0));
    CHECK(r.record(0).energy_j == Approx(10.0));
    CHECK(r.preemptions(0) == 1);
    CHECK(r.manager->stats().depleted_notices == 1);
    CHECK(r.manager->stats().parts_started == 1);
    // Mapping events: at the arrival (a full store, nothing used), then after the depletion.
    REQUIRE(pol->seen.size() >= 2);
    CHECK(pol->seen.front().capacity_j == 10.0);
    CHECK(pol->seen.front().used_j == 0.0);
    CHECK_FALSE(pol->seen.front().depleted);
    CHECK(pol->seen.back().depleted);
    CHECK(pol->seen.back().used_j == Approx(10.0));
    CHECK(pol->seen.back().left_j() == 0.0);
    CHECK(pol->refused);  // a start on the depleted node's unit is an invalid decision
    CHECK(r.view().energy_store(0).depleted);
    CHECK(r.view().energy_store(0).used_j == Approx(10.0));
    REQUIRE(r.machine->node(0).energy_store() != nullptr);
    CHECK(r.machine->node(0).energy_store()->depleted_at() == sc_core::sc_time(5, sc_core::SC_SEC));
    CHECK(r.machine->total_energy() == Approx(10.0));
}

TEST_CASE("energy stores: a task on two nodes is stopped on both when one runs out",
          "[manager][energy_store][systemc]") {
    // 2 nodes x 2 cores, busy 2 W, idle 0 W, stores of 20 J. t0 (2 cores, 20 s) runs on node 0's two cores from
    // 0 s; t1 (1 core, 20 s) arrives at 1 s and runs on unit 2 (node 1). Node 0 draws 4 W: empty at 20 / 4 = 5 s,
    // t0 5/20 done. t0 waits again with 15/20 left: it needs 2 cores and only unit 3 is free. Node 1 draws 2 W
    // from 1 s: empty at 1 + 20 / 2 = 11 s, t1 10/20 done. Both wait; no unit is ever free again: the run ends.
    const PlatformSpec p = battery_platform(2.0, 0.0, 20.0, 2, 2);
    ManagerRun r(p, {task(0, 0, 20, 2), task(1, 1, 20)}, std::make_unique<Recording>());
    r.run();
    CHECK(r.record(0).state == TaskState::Waiting);
    CHECK(r.record(0).remaining == Approx(15.0 / 20.0));
    CHECK(r.record(1).state == TaskState::Waiting);
    CHECK(r.record(1).remaining == Approx(10.0 / 20.0));
    CHECK(r.manager->stats().depleted_notices == 2);
    CHECK(r.view().energy_store(0).depleted);
    CHECK(r.view().energy_store(1).depleted);
    CHECK(r.machine->total_energy() == Approx(40.0));
    CHECK(r.machine->node(0).energy_store()->depleted_at() == sc_core::sc_time(5, sc_core::SC_SEC));
    CHECK(r.machine->node(1).energy_store()->depleted_at() == sc_core::sc_time(11, sc_core::SC_SEC));
}

TEST_CASE("energy stores: a task across nodes is preempted on the others when one node runs out",
          "[manager][energy_store][systemc]") {
    // 2 nodes x 2 cores, busy 2 W, idle 0 W, stores of 20 J. At 0 s t0 (1 core, 2 s) takes unit 0 and t1 (3 cores,
    // 10 s) units 1, 2, 3: one core on node 0, two on node 1. Node 1 draws 4 W: empty at 20 / 4 = 5 s, t1 half
    // done. Its part there reports DEPLETED and the manager preempts its part on node 0 (PREEMPTED, free): t1
    // waits again with half its work and cannot run on the 2 cores left. Node 0 drew 2 s x 4 W + 3 s x 2 W = 14 J
    // and then nothing (idle 0 W): it never runs out.
    const PlatformSpec p = battery_platform(2.0, 0.0, 20.0, 2, 2);
    ManagerRun r(p, {task(0, 0, 2), task(1, 0, 10, 3)}, std::make_unique<Recording>());
    r.run();
    CHECK(r.record(0).state == TaskState::Completed);
    CHECK(r.record(1).state == TaskState::Waiting);
    CHECK(r.record(1).remaining == Approx(0.5));
    CHECK(r.preemptions(1) == 1);
    CHECK(r.record(1).energy_j == Approx(2.0 * 5 * 3));
    CHECK(r.manager->stats().depleted_notices == 1);
    CHECK(r.manager->stats().preempted_notices == 1);
    CHECK(r.view().energy_store(1).depleted);
    CHECK_FALSE(r.view().energy_store(0).depleted);
    CHECK(r.view().energy_store(0).used_j == Approx(14.0));
    CHECK(r.machine->node(1).energy_store()->depleted_at() == sc_core::sc_time(5, sc_core::SC_SEC));
    CHECK(r.machine->total_energy() == Approx(34.0));
}

TEST_CASE("energy stores: periodic mapping events stop once every node is depleted and every arrival seen",
          "[manager][energy_store][systemc]") {
    // One node, busy 2 W, idle 0 W, store 10 J, mapping events every 60 s only. t0 (8 s) starts at 0 s and the
    // store is empty at 5 s; t1 arrives at 100 s. The events at 60 s and 120 s (which sees t1) find nothing to
    // run; then the manager stops waking: the simulation ends instead of running events forever.
    PolicyTraits periodic;
    periodic.on_arrival = false;
    periodic.on_completion = false;
    periodic.period = 60_s;
    auto policy = std::make_unique<Recording>(periodic);
    Recording* pol = policy.get();
    ManagerRun r(battery_platform(2.0, 0.0, 10.0, 1, 1), {task(0, 0, 8), task(1, 100, 1)}, std::move(policy));
    r.run();
    CHECK(pol->seen.size() == 3);
    CHECK(r.manager->stats().last_mapping_event == 120_s);
    CHECK(r.record(0).state == TaskState::Waiting);
    CHECK(r.record(1).state == TaskState::Waiting);
    CHECK(sc_core::sc_time_stamp() == sc_core::sc_time(120, sc_core::SC_SEC));
}
