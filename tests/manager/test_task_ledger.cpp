// The task ledger, driven by hand through the manager's bookkeeping without SystemC: arrivals, mapping
// events, starts, permanent reservations and place-holders, drops and rejections, preemption with conserved
// work, due reservations, committed energy and the finished count.
//
// Platform: one cluster of 2 nodes x 2 cores, allocated per core (units 0,1 on node 0; 2,3 on node 1).
// Core: P0 = 1 GHz, busy 2 W, idle 0.5 W; P1 = 0.5 GHz, busy 1 W, idle 0.25 W.
// Tasks (analytic work, 1 core unless said): t0 10e9 cycles (10 s at P0, 20 s at P1); t1 4e9 cycles on
// 2 cores (4 s); t2 6e9 (6 s); t3 2e9 (2 s); t4 1e9 (1 s).
#include <catch2/catch.hpp>
#include <limits>
#include <stdexcept>
#include <vector>

#include "manager/bookkeeping.h"

using namespace rmsim;
using Units = std::vector<LocalNodeIndex>;
using namespace rmsim::time_literals;

namespace {

constexpr SimTime kInf = SimTime::infinity();

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
        tasks[t].work.set_cycles(cycles[t]);
        tasks[t].preemptible = true;
    }
    tasks[1].cores = 2;
    return tasks;
}

std::vector<TaskId> started_in(const std::vector<Command>& ds) {
    std::vector<TaskId> out;
    for (const Command& d : ds)
        if (d.kind == Command::Kind::Start) out.push_back(d.task);
    return out;
}

}  // namespace

TEST_CASE("task ledger: arrivals, starts, estimates, committed energy and completion", "[manager]") {
    const PlatformSpec spec = two_by_two();
    const std::vector<Task> tasks = five_tasks();
    Bookkeeping books(spec, tasks, Granularity::Core);
    const PolicyView& view = books.view();
    Joules meter_j = 5.0;
    books.energy().set_reader([&meter_j] { return meter_j; });

    books.arrive(0, 0.0_s);
    books.arrive(1, 0.0_s);
    books.begin_event(0.0_s);
    CHECK(view.waiting().to_vector() == std::vector<TaskId>{0, 1});
    CHECK(view.mapping_events() == 1);
    CHECK(view.record(2).state == TaskState::Pending);

    CHECK(view.units_needed(0, 0) == 1);
    CHECK(view.units_needed(1, 0) == 2);
    CHECK(view.exec_time(0, 0, 0) == 10.0_s);                                   // 10e9 cycles / 1 GHz
    CHECK(view.exec_time(0, 0, 1) == 20.0_s);                                   // 10e9 cycles / 0.5 GHz
    CHECK(view.exec_energy(0, 0, 0) == Approx(10.0 * 1 * 2.0).epsilon(1e-12));  // 10 s x 1 core x 2 W
    CHECK(view.exec_energy(1, 0, 0) == Approx(4.0 * 2 * 2.0).epsilon(1e-12));   // 4 s x 2 cores x 2 W
    CHECK(view.exec_energy(0, 0, 1) == Approx(20.0 * 1 * 1.0).epsilon(1e-12));  // 20 s x 1 core x 1 W

    books.decisions().start(0, 0, {0}, 0);
    books.decisions().start(1, 0, {2, 1}, 0);  // one core on each node: two parts
    CHECK(started_in(books.take_commands()) == std::vector<TaskId>{0, 1});
    CHECK(books.take_commands().empty());
    CHECK(view.running_count() == 2);
    CHECK_FALSE(view.is_waiting(0));
    CHECK(view.waiting().empty());  // started tasks leave the queue at once
    const TaskRecord& r1 = view.record(1);
    CHECK(r1.state == TaskState::Running);
    CHECK(r1.units == Units{1, 2});  // sorted
    CHECK(r1.parts_left == 2);
    CHECK(r1.node_count == 2);
    CHECK(r1.first_node == 0);
    CHECK(r1.first_core == 1);
    const Booking* b0 = view.profile(0).booking(0);
    REQUIRE(b0);
    CHECK(b0->start == 0.0_s);
    CHECK(b0->end == 10.0_s);
    CHECK(b0->kind == BookingKind::Running);
    CHECK_THROWS_AS(books.decisions().start(3, 0, {3}, 0), std::logic_error);  // t3 has not arrived
    CHECK_THROWS_AS(books.decisions().start(0, 0, {3}, 0), std::logic_error);  // already running

    // Committed = consumed + the estimated energy still to come of the running tasks.
    // At 0: 5 + 20 (t0 whole) + 16 (t1 whole) = 41 J.
    CHECK(view.energy_committed() == Approx(5.0 + 20.0 + 16.0).epsilon(1e-12));
    // At 2 s with 9 J consumed: t0 has 1 - 2/10 = 0.8 left (16 J), t1 1 - 2/4 = 0.5 (8 J): 9 + 16 + 8 = 33 J.
    books.advance(2.0_s);
    meter_j = 9.0;
    CHECK(view.energy_committed() == Approx(9.0 + 0.8 * 20.0 + 0.5 * 16.0).epsilon(1e-12));

    // t1's two parts report at 4 s: the first is not the last.
    CHECK_FALSE(books.part_finished(1, false, 0.0, 7.5, 4.0_s));
    CHECK(view.record(1).state == TaskState::Running);
    CHECK(books.part_finished(1, false, 0.0, 8.5, 4.0_s));
    CHECK(view.record(1).state == TaskState::Completed);
    CHECK(view.record(1).end == 4.0_s);
    CHECK(view.record(1).energy_j == Approx(7.5 + 8.5).epsilon(1e-12));
    CHECK(view.record(1).remaining == 0.0);
    CHECK(view.profile(0).booking(1) == nullptr);
    CHECK(view.running_count() == 1);
    CHECK(view.finished_count() == 1);
    CHECK_THROWS_AS(books.part_finished(1, false, 0.0, 0.0, 4.0_s), std::logic_error);  // no part left

    // At 6 s with 15 J consumed: only t0, 1 - 6/10 = 0.4 left: 15 + 0.4 x 20 = 23 J.
    books.advance(6.0_s);
    meter_j = 15.0;
    CHECK(view.energy_committed() == Approx(15.0 + 0.4 * 20.0).epsilon(1e-12));
    CHECK(books.part_finished(0, false, 0.0, 20.0, 10.0_s));
    CHECK(view.finished_count() == 2);
    CHECK(view.running_count() == 0);
    CHECK(view.energy_committed() == Approx(15.0).epsilon(1e-12));
    CHECK_THROWS_AS(books.advance(9.0_s), std::logic_error);  // time never goes back
}

TEST_CASE("task ledger: place-holders go at the next event, permanent reservations stay and start", "[manager]") {
    const PlatformSpec spec = two_by_two();
    const std::vector<Task> tasks = five_tasks();
    Bookkeeping books(spec, tasks, Granularity::Core);
    const PolicyView& view = books.view();
    for (TaskId t = 0; t < 4; ++t) books.arrive(t, 0.0_s);
    books.begin_event(0.0_s);

    books.decisions().start(0, 0, {0}, 0);                   // unit 0 over [0,10)
    books.decisions().reserve(2, 0, {0}, 10.0_s, 0, false);  // permanent, unit 0 over [10,16)
    books.decisions().reserve(3, 0, {0}, 16.0_s, 0, true);   // place-holder, unit 0 over [16,18)
    CHECK(view.record(2).state == TaskState::Reserved);
    CHECK_FALSE(view.record(2).placeholder);
    CHECK(view.planned_start(2) == 10.0_s);
    CHECK(view.record(3).placeholder);
    REQUIRE(view.profile(0).booking(3));
    CHECK(view.profile(0).booking(3)->end == 18.0_s);  // 16 + 2 s
    CHECK(view.profile(0).booking(3)->kind == BookingKind::PlaceHolder);
    CHECK(books.next_reserved_start() == 10.0_s);
    CHECK(started_in(books.take_commands()) == std::vector<TaskId>{0});  // a reservation is not a start
    CHECK_THROWS_AS(books.decisions().reserve(2, 0, {1}, 20.0_s, 0, false), std::logic_error);  // not waiting
    CHECK_THROWS_AS(books.decisions().reserve(1, 0, {0, 1}, 12.0_s, 0, false),
                    std::logic_error);  // unit 0 is booked then

    // Next event at 1 s: the place-holder is removed and t3 waits again; the reservation stays.
    books.begin_event(1.0_s);
    CHECK(view.record(3).state == TaskState::Waiting);
    CHECK_FALSE(view.record(3).placeholder);
    CHECK(view.record(3).units.empty());
    CHECK(view.planned_start(3) == kNotYet);
    CHECK(view.profile(0).booking(3) == nullptr);
    CHECK(view.waiting().to_vector() == std::vector<TaskId>{1, 3});  // t0 started, t2 reserved: no longer listed
    CHECK(view.record(2).state == TaskState::Reserved);
    REQUIRE(view.profile(0).booking(2));
    CHECK(view.profile(0).booking(2)->kind == BookingKind::Reservation);

    // A "reservation" at or before now is a start.
    books.decisions().reserve(3, 0, {1}, 1.0_s, 0, true);
    CHECK(view.record(3).state == TaskState::Running);
    CHECK(view.start_time(3) == 1.0_s);
    CHECK(started_in(books.take_commands()) == std::vector<TaskId>{3});

    // Nothing is due before 10 s.
    books.start_due_reservations(5.0_s, 5.0_s);
    CHECK(books.take_commands().empty());
    // t0 completes at 10 s; the reservation of t2 is due then.
    CHECK(books.part_finished(0, false, 0.0, 20.0, 10.0_s));
    books.start_due_reservations(10.0_s, 10.0_s);
    CHECK(started_in(books.take_commands()) == std::vector<TaskId>{2});
    CHECK(view.record(2).state == TaskState::Running);
    CHECK(view.start_time(2) == 10.0_s);
    CHECK(view.record(2).first_start == 10.0_s);
    CHECK(view.profile(0).booking(2)->kind == BookingKind::Running);
    CHECK(books.next_reserved_start() == kInf);
    CHECK(view.running_count() == 2);  // t2 and t3 (t3 finished its 2 s in hardware, no notice yet)
}

TEST_CASE("task ledger: drop and reject end a task for good", "[manager]") {
    const PlatformSpec spec = two_by_two();
    const std::vector<Task> tasks = five_tasks();
    Bookkeeping books(spec, tasks, Granularity::Core);
    const PolicyView& view = books.view();
    for (TaskId t = 0; t < 5; ++t) books.arrive(t, 0.0_s);
    books.begin_event(0.0_s);
    books.decisions().start(0, 0, {0}, 0);
    books.decisions().reserve(2, 0, {1}, 3.0_s, 0, false);  // [3,9) on unit 1
    CHECK(started_in(books.take_commands()) == std::vector<TaskId>{0});
    books.advance(2.0_s);

    books.decisions().drop(2);  // a reserved task: its booking goes and it is no longer due
    CHECK(view.record(2).state == TaskState::Dropped);
    CHECK(view.record(2).end == 2.0_s);
    CHECK(view.record(2).units.empty());
    CHECK(view.profile(0).booking(2) == nullptr);
    CHECK(books.next_reserved_start() == kInf);
    books.decisions().drop(3);  // a waiting task
    CHECK(view.record(3).state == TaskState::Dropped);
    books.decisions().reject(4);
    CHECK(view.record(4).state == TaskState::Rejected);
    CHECK(view.record(4).end == 2.0_s);
    CHECK(view.finished_count() == 3);
    CHECK_THROWS_AS(books.decisions().drop(0), std::logic_error);    // running
    CHECK_THROWS_AS(books.decisions().reject(2), std::logic_error);  // already dropped
    books.begin_event(3.0_s);
    CHECK(view.waiting().to_vector() == std::vector<TaskId>{1});
    books.start_due_reservations(3.0_s, 3.0_s);
    CHECK(books.take_commands().empty());  // the dropped reservation does not start
}

TEST_CASE("task ledger: a record keeps a P-state in 16 bits and refuses a larger one", "[manager]") {
    CHECK(rmsim::record_pstate(0) == 0);
    CHECK(rmsim::record_pstate(65535) == 65535);
    CHECK_THROWS_AS(rmsim::record_pstate(65536), std::logic_error);  // not truncated to P0
    CHECK_THROWS_AS(rmsim::record_pstate(0xFFFFFFFFu), std::logic_error);
}

TEST_CASE("task ledger: a preempted task waits again with its remaining work", "[manager]") {
    const PlatformSpec spec = two_by_two();
    const std::vector<Task> tasks = five_tasks();
    Bookkeeping books(spec, tasks, Granularity::Core);
    const PolicyView& view = books.view();
    books.arrive(0, 0.0_s);
    books.arrive(1, 0.0_s);
    books.begin_event(0.0_s);
    books.decisions().start(0, 0, {0}, 0);     // 10 s
    books.decisions().start(1, 0, {1, 2}, 0);  // 4 s on both nodes
    books.take_commands();

    // At 4 s the manager preempts t0: its unit is free at once, the task runs until the hardware reports.
    books.begin_event(4.0_s);
    CHECK(books.decisions().preempt(0));
    const std::vector<Command> ds = books.take_commands();
    REQUIRE(ds.size() == 1);
    CHECK(ds[0].kind == Command::Kind::Preempt);
    CHECK(ds[0].task == 0);
    CHECK(view.profile(0).booking(0) == nullptr);
    CHECK(view.profile(0).is_idle(0, 4.0_s, 100.0_s));
    CHECK(view.record(0).state == TaskState::Running);
    CHECK_THROWS_AS((void)books.decisions().preempt(2), std::logic_error);  // not running

    // The core reports 60 % of the work left (4 of 10 s done) and 8 J (4 s x 2 W).
    CHECK(books.part_finished(0, true, 0.6, 8.0, 4.0_s));
    const TaskRecord& r0 = view.record(0);
    CHECK(r0.state == TaskState::Waiting);
    CHECK(r0.remaining == 0.6);
    CHECK(view.preemptions(0) == 1);
    CHECK(view.preemptions(1) == 0);
    CHECK(view.start_time(0) == 0.0_s);  // not restarted yet: still its first start
    CHECK(r0.energy_j == 8.0);
    CHECK(r0.units.empty());
    CHECK(view.running_count() == 1);
    CHECK(view.finished_count() == 0);
    // What is left: 0.6 x 10e9 cycles = 6e9 cycles = 6 s at P0, 12 s at P1; 6 s x 2 W = 12 J.
    CHECK(view.exec_time(0, 0, 0) == 6.0_s);
    CHECK(view.exec_time(0, 0, 1) == 12.0_s);
    CHECK(view.exec_energy(0, 0, 0) == Approx(6.0 * 2.0).epsilon(1e-12));

    // A two-part task preempted on both nodes keeps the larger remainder (the slower part).
    CHECK(books.decisions().preempt(1));
    CHECK_FALSE(books.part_finished(1, true, 0.5, 1.0, 4.0_s));
    CHECK(books.part_finished(1, true, 0.25, 1.0, 4.0_s));
    CHECK(view.record(1).remaining == 0.5);
    CHECK(view.record(1).state == TaskState::Waiting);
    CHECK(view.exec_time(1, 0, 0) == 2.0_s);  // 0.5 x 4e9 cycles at 1 GHz

    // Both wait again at the next event and restart with their remaining work.
    books.begin_event(5.0_s);
    CHECK(view.waiting().to_vector() == std::vector<TaskId>{0, 1});
    books.decisions().start(0, 0, {3}, 0);
    CHECK(view.start_time(0) == 5.0_s);
    CHECK(view.record(0).first_start == 0.0_s);
    CHECK(view.profile(0).booking(0)->end == 5.0_s + 6.0_s);
    CHECK(books.part_finished(0, false, 0.0, 12.0, 11.0_s));
    CHECK(view.record(0).state == TaskState::Completed);
    CHECK(view.record(0).energy_j == Approx(8.0 + 12.0).epsilon(1e-12));
    CHECK(view.finished_count() == 1);
}

TEST_CASE("task ledger: whole-node units and their locations", "[manager]") {
    const PlatformSpec spec = two_by_two();
    std::vector<Task> tasks = five_tasks();
    tasks[4].cores = 3;  // 3 cores -> 2 whole nodes of 2 cores
    Bookkeeping books(spec, tasks, Granularity::Node);
    const PolicyView& view = books.view();
    CHECK(view.profile(0).node_count() == 2);
    CHECK(view.units_needed(0, 0) == 1);
    CHECK(view.units_needed(4, 0) == 2);  // ceil(3 / 2)
    CHECK(view.unit_location(0, 1) == std::make_pair(NodeId{1}, kAllCores));
    // A whole node: 2 cores x 2 W busy, no uncore or base power on this platform; 1 s for t4.
    CHECK(view.exec_energy(4, 0, 0) == Approx(1.0 * 2 * (2 * 2.0)).epsilon(1e-12));
    Bookkeeping per_core(spec, tasks, Granularity::Core);
    CHECK(per_core.view().unit_location(0, 3) == std::make_pair(NodeId{1}, std::uint32_t{1}));
    CHECK(per_core.view().units_needed(4, 0) == 3);
}
