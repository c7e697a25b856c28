// Preemption of a Ch.3 task on the simulated hardware with checkpoint and restore costs from the task's memory
// footprint over the cluster interconnect: the times and joules against the hand arithmetic. One node of one
// core at 1 GHz, 2 W busy, 0.5 W idle, no uncore or base power; mapping events every 10 s.
// Preemption cost: checkpoint 2 s + data, 5 J; restore 3 s + data, 7 J; the store writes 1 GB/s; the data
// crosses the interconnect (node link 2 GB/s, manager/store link 0.5 GB/s) at 1e-9 J a byte.
// t0: 100 s of work, 1 GB of memory, worth 1 whenever it ends, preemptible; runs from the event at 0 s.
// t1: 5 s of work, arrives at 5 s, worth 8 if it ends within 30 s of its arrival, may preempt.
#include <catch2/catch.hpp>

#include "tests/manager/manager_run.h"
#include "tests/modules/hw_fixture.h"

using namespace rmsim;
using namespace rmsim::test;

namespace {

PlatformSpec costly_network_platform() {
    PlatformSpec p = costly_preemption_platform();
    p.preemption.over_network = true;
    p.preemption.energy_j_per_byte = 1e-9;
    p.clusters[0].network.bandwidth_bytes_per_s = 2e9;
    p.manager_link.bandwidth_bytes_per_s = 0.5e9;
    return p;
}

std::vector<Task> two_tasks() {
    Task t0;
    t0.id = 0;
    t0.arrival_s = 0;
    t0.nodes = 1;
    t0.work = cycles(100e9);
    t0.utility = UtilityFunction::constant(1.0);
    t0.preemptible = true;
    t0.memory_bytes = 1'000'000'000;
    Task t1;
    t1.id = 1;
    t1.arrival_s = 5;
    t1.nodes = 1;
    t1.work = cycles(5e9);
    t1.utility = UtilityFunction::step(8.0, 30);
    t1.can_preempt = true;
    return {t0, t1};
}

}  // namespace

TEST_CASE(
    "parallel preemption on the hardware: checkpoint and restore from the memory footprint over the "
    "interconnect",
    "[manager][preemptive-parallel][systemc]") {
    // Data time: max(1 GB / 1 GB/s, 1 GB / min(2, 0.5) GB/s) = 2 s (the store link limits it); checkpoint
    // 2 + 2 = 4 s, restore 3 + 2 = 5 s; lumps 5 + 1 = 6 J and 7 + 1 = 8 J (1e9 B x 1e-9 J/B).
    // Event at 10 s: t1 without preemption would start at 100 s: worth 0. Preempting t0, it starts after the
    // checkpoint, at 14 s, and ends at 19 s (14 s after its arrival: 8 > t0's 1): Greedy preempts. t0 writes
    // its checkpoint over [10, 14) s (busy), is back at 14 s with 90 % of its work left, and at the event at
    // 20 s resumes: restore [20, 25) s, then 90 s of work: ends at 115 s.
    ManagerRun run(costly_network_platform(), two_tasks(), "ch3-max-util-preempt-greedy", {}, "{period_s: 10}");
    run.run();
    CHECK(run.preemptions(0) == 1);
    CHECK(run.record(0).state == TaskState::Completed);
    CHECK(run.record(1).state == TaskState::Completed);
    CHECK(run.record(1).first_start.to_seconds() == Approx(14.0).margin(1e-5));
    CHECK(run.record(1).end.to_seconds() == Approx(19.0).margin(1e-5));
    CHECK(run.record(0).end.to_seconds() == Approx(115.0).margin(1e-5));
    // t0's joules: busy (10 + 4 + 5 + 90) s x 2 W = 218 J, plus 6 J + 8 J of lumps.
    CHECK(run.record(0).energy_j == Approx(2.0 * (10 + 4 + 5 + 90) + 6 + 8));
    CHECK(run.record(1).energy_j == Approx(2.0 * 5));
    // The core: busy [0, 19) and [20, 115) s, idle [19, 20) s: 2 x 114 + 0.5 x 1 + the lumps 14 J.
    CHECK(run.machine->total_energy() == Approx(2.0 * 114 + 0.5 + 14));
}
