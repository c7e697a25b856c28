// SchedulingContext driven by hand, without SystemC: arrivals, mapping events, starts, permanent
// reservations and place-holders, drops and rejections, preemption with conserved work, due reservations,
// committed energy and the finished count.
//
// Platform: one cluster of 2 nodes x 2 cores, allocated per core (units 0,1 on node 0; 2,3 on node 1).
// Core: P0 = 1 GHz, busy 2 W, idle 0.5 W; P1 = 0.5 GHz, busy 1 W, idle 0.25 W.
// Tasks (analytic work, 1 core unless said): t0 10e9 cycles (10 s at P0, 20 s at P1); t1 4e9 cycles on
// 2 cores (4 s); t2 6e9 (6 s); t3 2e9 (2 s); t4 1e9 (1 s).
#include <catch2/catch.hpp>
#include <limits>
#include <stdexcept>
#include <vector>

#include "manager/scheduling_context.h"

using namespace rmsim;
using Units = std::vector<LocalNodeIndex>;

namespace {

constexpr Seconds kInf = std::numeric_limits<Seconds>::infinity();

PlatformSpec two_by_two() {
    PlatformSpec s;
    s.name = "2x2";
    CoreType ct;
    ct.name = "core";
    ct.pstates = {{1e9, 1.0, 2.0, 0.5}, {0.5e9, 0.8, 1.0, 0.25}};
    s.core_types.push_back(ct);
    ProcessorType pt;
    pt.name = "cpu";
    pt.cores = 2;
    s.processor_types.push_back(pt);
    NodeType nt;
    nt.name = "node";
    nt.processors.push_back({0, 1});
    s.node_types.push_back(nt);
    ClusterSpec c;
    c.name = "c0";
    c.nodes = 2;
    s.clusters.push_back(c);
    return s;
}

std::vector<Task> five_tasks() {
    const double cycles[] = {10e9, 4e9, 6e9, 2e9, 1e9};
    std::vector<Task> tasks(5);
    for (TaskId t = 0; t < 5; ++t) {
        tasks[t].id = t;
        tasks[t].arrival_s = 0;
        tasks[t].work.cycles = cycles[t];
    }
    tasks[1].cores = 2;
    return tasks;
}

std::vector<TaskId> started_in(const std::vector<Decision>& ds) {
    std::vector<TaskId> out;
    for (const Decision& d : ds)
        if (d.kind == Decision::Kind::Start) out.push_back(d.task);
    return out;
}

}  // namespace

TEST_CASE("scheduling_context: arrivals, starts, estimates, committed energy and completion", "[manager]") {
    const PlatformSpec spec = two_by_two();
    const std::vector<Task> tasks = five_tasks();
    SchedulingContext ctx(spec, tasks, Granularity::Core);
    Joules meter_j = 5.0;
    ctx.set_energy_reader([&meter_j] { return meter_j; });

    ctx.arrive(0, 0.0);
    ctx.arrive(1, 0.0);
    ctx.begin_event(0.0);
    CHECK(ctx.waiting() == std::vector<TaskId>{0, 1});
    CHECK(ctx.mapping_events() == 1);
    CHECK(ctx.record(2).state == TaskState::Pending);

    CHECK(ctx.units_needed(0, 0) == 1);
    CHECK(ctx.units_needed(1, 0) == 2);
    CHECK(ctx.exec_time(0, 0, 0) == 10.0);  // 10e9 cycles / 1 GHz
    CHECK(ctx.exec_time(0, 0, 1) == 20.0);  // 10e9 cycles / 0.5 GHz
    CHECK(ctx.exec_energy(0, 0, 0) == Approx(10.0 * 1 * 2.0).epsilon(1e-12));  // 10 s x 1 core x 2 W
    CHECK(ctx.exec_energy(1, 0, 0) == Approx(4.0 * 2 * 2.0).epsilon(1e-12));   // 4 s x 2 cores x 2 W
    CHECK(ctx.exec_energy(0, 0, 1) == Approx(20.0 * 1 * 1.0).epsilon(1e-12));  // 20 s x 1 core x 1 W

    ctx.start(0, 0, {0}, 0);
    ctx.start(1, 0, {2, 1}, 0);  // one core on each node: two parts
    CHECK(started_in(ctx.take_decisions()) == std::vector<TaskId>{0, 1});
    CHECK(ctx.take_decisions().empty());
    CHECK(ctx.running_count() == 2);
    CHECK_FALSE(ctx.is_waiting(0));
    CHECK(ctx.waiting() == std::vector<TaskId>{0, 1});  // listed until the next event
    const TaskRecord& r1 = ctx.record(1);
    CHECK(r1.state == TaskState::Running);
    CHECK(r1.units == Units{1, 2});  // sorted
    CHECK(r1.parts_left == 2);
    CHECK(r1.node_count == 2);
    CHECK(r1.first_node == 0);
    CHECK(r1.first_core == 1);
    const Booking* b0 = ctx.profile(0).booking(0);
    REQUIRE(b0);
    CHECK(b0->start_s == 0.0);
    CHECK(b0->end_s == 10.0);
    CHECK(b0->kind == BookingKind::Running);
    CHECK_THROWS_AS(ctx.start(3, 0, {3}, 0), std::logic_error);  // t3 has not arrived
    CHECK_THROWS_AS(ctx.start(0, 0, {3}, 0), std::logic_error);  // already running

    // Committed = consumed + the estimated energy still to come of the running tasks.
    // At 0: 5 + 20 (t0 whole) + 16 (t1 whole) = 41 J.
    CHECK(ctx.energy_committed() == Approx(5.0 + 20.0 + 16.0).epsilon(1e-12));
    // At 2 s with 9 J consumed: t0 has 1 - 2/10 = 0.8 left (16 J), t1 1 - 2/4 = 0.5 (8 J): 9 + 16 + 8 = 33 J.
    ctx.advance(2.0);
    meter_j = 9.0;
    CHECK(ctx.energy_committed() == Approx(9.0 + 0.8 * 20.0 + 0.5 * 16.0).epsilon(1e-12));

    // t1's two parts report at 4 s: the first is not the last.
    CHECK_FALSE(ctx.part_finished(1, false, 0.0, 7.5, 4.0));
    CHECK(ctx.record(1).state == TaskState::Running);
    CHECK(ctx.part_finished(1, false, 0.0, 8.5, 4.0));
    CHECK(ctx.record(1).state == TaskState::Completed);
    CHECK(ctx.record(1).end_s == 4.0);
    CHECK(ctx.record(1).energy_j == Approx(7.5 + 8.5).epsilon(1e-12));
    CHECK(ctx.record(1).remaining == 0.0);
    CHECK(ctx.profile(0).booking(1) == nullptr);
    CHECK(ctx.running_count() == 1);
    CHECK(ctx.finished_count() == 1);
    CHECK_THROWS_AS(ctx.part_finished(1, false, 0.0, 0.0, 4.0), std::logic_error);  // no part left

    // At 6 s with 15 J consumed: only t0, 1 - 6/10 = 0.4 left: 15 + 0.4 x 20 = 23 J.
    ctx.advance(6.0);
    meter_j = 15.0;
    CHECK(ctx.energy_committed() == Approx(15.0 + 0.4 * 20.0).epsilon(1e-12));
    CHECK(ctx.part_finished(0, false, 0.0, 20.0, 10.0));
    CHECK(ctx.finished_count() == 2);
    CHECK(ctx.running_count() == 0);
    CHECK(ctx.energy_committed() == Approx(15.0).epsilon(1e-12));
    CHECK_THROWS_AS(ctx.advance(9.0), std::logic_error);  // time never goes back
}

TEST_CASE("scheduling_context: place-holders go at the next event, permanent reservations stay and start",
          "[manager]") {
    const PlatformSpec spec = two_by_two();
    const std::vector<Task> tasks = five_tasks();
    SchedulingContext ctx(spec, tasks, Granularity::Core);
    for (TaskId t = 0; t < 4; ++t) ctx.arrive(t, 0.0);
    ctx.begin_event(0.0);

    ctx.start(0, 0, {0}, 0);                // unit 0 over [0,10)
    ctx.reserve(2, 0, {0}, 10.0, 0, false);  // permanent, unit 0 over [10,16)
    ctx.reserve(3, 0, {0}, 16.0, 0, true);   // place-holder, unit 0 over [16,18)
    CHECK(ctx.record(2).state == TaskState::Reserved);
    CHECK_FALSE(ctx.record(2).placeholder);
    CHECK(ctx.record(2).planned_start_s == 10.0);
    CHECK(ctx.record(3).placeholder);
    REQUIRE(ctx.profile(0).booking(3));
    CHECK(ctx.profile(0).booking(3)->end_s == 18.0);  // 16 + 2 s
    CHECK(ctx.profile(0).booking(3)->kind == BookingKind::PlaceHolder);
    CHECK(ctx.next_reserved_start() == 10.0);
    CHECK(started_in(ctx.take_decisions()) == std::vector<TaskId>{0});  // a reservation is not a start
    CHECK_THROWS_AS(ctx.reserve(2, 0, {1}, 20.0, 0, false), std::logic_error);  // not waiting
    CHECK_THROWS_AS(ctx.reserve(1, 0, {0, 1}, 12.0, 0, false), std::logic_error);  // unit 0 is booked then

    // Next event at 1 s: the place-holder is removed and t3 waits again; the reservation stays.
    ctx.begin_event(1.0);
    CHECK(ctx.record(3).state == TaskState::Waiting);
    CHECK_FALSE(ctx.record(3).placeholder);
    CHECK(ctx.record(3).units.empty());
    CHECK(ctx.record(3).planned_start_s == -1);
    CHECK(ctx.profile(0).booking(3) == nullptr);
    CHECK(ctx.waiting() == std::vector<TaskId>{1, 3});  // t0 started, t2 reserved: no longer listed
    CHECK(ctx.record(2).state == TaskState::Reserved);
    REQUIRE(ctx.profile(0).booking(2));
    CHECK(ctx.profile(0).booking(2)->kind == BookingKind::Reservation);

    // A "reservation" at or before now is a start.
    ctx.reserve(3, 0, {1}, 1.0, 0, true);
    CHECK(ctx.record(3).state == TaskState::Running);
    CHECK(ctx.record(3).start_s == 1.0);
    CHECK(started_in(ctx.take_decisions()) == std::vector<TaskId>{3});

    // Nothing is due before 10 s.
    ctx.start_due_reservations(5.0, 5.0);
    CHECK(ctx.take_decisions().empty());
    // t0 completes at 10 s; the reservation of t2 is due then (within a half-ns clock tick).
    CHECK(ctx.part_finished(0, false, 0.0, 20.0, 10.0));
    ctx.start_due_reservations(10.0, 10.0 + 0.5e-9);
    CHECK(started_in(ctx.take_decisions()) == std::vector<TaskId>{2});
    CHECK(ctx.record(2).state == TaskState::Running);
    CHECK(ctx.record(2).start_s == 10.0);
    CHECK(ctx.record(2).first_start_s == 10.0);
    CHECK(ctx.profile(0).booking(2)->kind == BookingKind::Running);
    CHECK(ctx.next_reserved_start() == kInf);
    CHECK(ctx.running_count() == 2);  // t2 and t3 (t3 finished its 2 s in hardware, no notice yet)
}

TEST_CASE("scheduling_context: drop and reject end a task for good", "[manager]") {
    const PlatformSpec spec = two_by_two();
    const std::vector<Task> tasks = five_tasks();
    SchedulingContext ctx(spec, tasks, Granularity::Core);
    for (TaskId t = 0; t < 5; ++t) ctx.arrive(t, 0.0);
    ctx.begin_event(0.0);
    ctx.start(0, 0, {0}, 0);
    ctx.reserve(2, 0, {1}, 3.0, 0, false);  // [3,9) on unit 1
    CHECK(started_in(ctx.take_decisions()) == std::vector<TaskId>{0});
    ctx.advance(2.0);

    ctx.drop(2);  // a reserved task: its booking goes and it is no longer due
    CHECK(ctx.record(2).state == TaskState::Dropped);
    CHECK(ctx.record(2).end_s == 2.0);
    CHECK(ctx.record(2).units.empty());
    CHECK(ctx.profile(0).booking(2) == nullptr);
    CHECK(ctx.next_reserved_start() == kInf);
    ctx.drop(3);  // a waiting task
    CHECK(ctx.record(3).state == TaskState::Dropped);
    ctx.reject(4);
    CHECK(ctx.record(4).state == TaskState::Rejected);
    CHECK(ctx.record(4).end_s == 2.0);
    CHECK(ctx.finished_count() == 3);
    CHECK_THROWS_AS(ctx.drop(0), std::logic_error);    // running
    CHECK_THROWS_AS(ctx.reject(2), std::logic_error);  // already dropped
    ctx.begin_event(3.0);
    CHECK(ctx.waiting() == std::vector<TaskId>{1});
    ctx.start_due_reservations(3.0, 3.0);
    CHECK(ctx.take_decisions().empty());  // the dropped reservation does not start
}

TEST_CASE("scheduling_context: a preempted task waits again with its remaining work", "[manager]") {
    const PlatformSpec spec = two_by_two();
    const std::vector<Task> tasks = five_tasks();
    SchedulingContext ctx(spec, tasks, Granularity::Core);
    ctx.arrive(0, 0.0);
    ctx.arrive(1, 0.0);
    ctx.begin_event(0.0);
    ctx.start(0, 0, {0}, 0);     // 10 s
    ctx.start(1, 0, {1, 2}, 0);  // 4 s on both nodes
    ctx.take_decisions();

    // At 4 s the manager preempts t0: its unit is free at once, the task runs until the hardware reports.
    ctx.begin_event(4.0);
    ctx.preempt(0);
    const std::vector<Decision> ds = ctx.take_decisions();
    REQUIRE(ds.size() == 1);
    CHECK(ds[0].kind == Decision::Kind::Preempt);
    CHECK(ds[0].task == 0);
    CHECK(ctx.profile(0).booking(0) == nullptr);
    CHECK(ctx.profile(0).is_idle(0, 4.0, 100.0));
    CHECK(ctx.record(0).state == TaskState::Running);
    CHECK_THROWS_AS(ctx.preempt(2), std::logic_error);  // not running

    // The core reports 60 % of the work left (4 of 10 s done) and 8 J (4 s x 2 W).
    CHECK(ctx.part_finished(0, true, 0.6, 8.0, 4.0));
    const TaskRecord& r0 = ctx.record(0);
    CHECK(r0.state == TaskState::Waiting);
    CHECK(r0.remaining == 0.6);
    CHECK(r0.preemptions == 1);
    CHECK(r0.energy_j == 8.0);
    CHECK(r0.units.empty());
    CHECK(ctx.running_count() == 1);
    CHECK(ctx.finished_count() == 0);
    // What is left: 0.6 x 10e9 cycles = 6e9 cycles = 6 s at P0, 12 s at P1; 6 s x 2 W = 12 J.
    CHECK(ctx.exec_time(0, 0, 0) == 6.0);
    CHECK(ctx.exec_time(0, 0, 1) == 12.0);
    CHECK(ctx.exec_energy(0, 0, 0) == Approx(6.0 * 2.0).epsilon(1e-12));

    // A two-part task preempted on both nodes keeps the larger remainder (the slower part).
    ctx.preempt(1);
    CHECK_FALSE(ctx.part_finished(1, true, 0.5, 1.0, 4.0));
    CHECK(ctx.part_finished(1, true, 0.25, 1.0, 4.0));
    CHECK(ctx.record(1).remaining == 0.5);
    CHECK(ctx.record(1).state == TaskState::Waiting);
    CHECK(ctx.exec_time(1, 0, 0) == 2.0);  // 0.5 x 4e9 cycles at 1 GHz

    // Both wait again at the next event and restart with their remaining work.
    ctx.begin_event(5.0);
    CHECK(ctx.waiting() == std::vector<TaskId>{0, 1});
    ctx.start(0, 0, {3}, 0);
    CHECK(ctx.record(0).start_s == 5.0);
    CHECK(ctx.record(0).first_start_s == 0.0);
    CHECK(ctx.profile(0).booking(0)->end_s == 5.0 + 6.0);
    CHECK(ctx.part_finished(0, false, 0.0, 12.0, 11.0));
    CHECK(ctx.record(0).state == TaskState::Completed);
    CHECK(ctx.record(0).energy_j == Approx(8.0 + 12.0).epsilon(1e-12));
    CHECK(ctx.finished_count() == 1);
}

TEST_CASE("scheduling_context: whole-node units and their locations", "[manager]") {
    const PlatformSpec spec = two_by_two();
    std::vector<Task> tasks = five_tasks();
    tasks[4].cores = 3;  // 3 cores -> 2 whole nodes of 2 cores
    SchedulingContext ctx(spec, tasks, Granularity::Node);
    CHECK(ctx.profile(0).node_count() == 2);
    CHECK(ctx.units_needed(0, 0) == 1);
    CHECK(ctx.units_needed(4, 0) == 2);  // ceil(3 / 2)
    CHECK(ctx.unit_location(0, 1) == std::make_pair(NodeId{1}, kAllCores));
    // A whole node: 2 cores x 2 W busy, no uncore or base power on this platform; 1 s for t4.
    CHECK(ctx.exec_energy(4, 0, 0) == Approx(1.0 * 2 * (2 * 2.0)).epsilon(1e-12));
    SchedulingContext per_core(spec, tasks, Granularity::Core);
    CHECK(per_core.unit_location(0, 3) == std::make_pair(NodeId{1}, std::uint32_t{1}));
    CHECK(per_core.units_needed(4, 0) == 3);
}
