// The manager learns the hardware's state only from notices: a START's acknowledgement carries the part's
// projected end, and a later change of it (here a shared DVFS domain slowed down by another task) comes as a
// PROJECTED notice, after which the manager keeps the slowed task's core booked until its new end.
#include <catch2/catch.hpp>

#include "manager/decisions.h"
#include "manager/policy_view.h"
#include "tests/manager/manager_run.h"
#include "tests/modules/hw_fixture.h"

using namespace rmsim;
using namespace rmsim::test;
using namespace rmsim::time_literals;

namespace {

/// t0 on core 0 at P0 as soon as it arrives; t1 on core 1 at P1. Records t0's booked end at every event.
class TwoLevels : public Policy {
public:
    PolicyTraits traits() const override { return PolicyTraits{}; }
    void schedule(const PolicyView& view, Decisions& decide) override {
        if (const Booking* b = view.profile(0).booking(0)) booked_end_of_t0.emplace_back(view.now(), b->end);
        if (view.is_waiting(0)) decide.start(0, 0, {0}, 0);
        if (view.is_waiting(1)) decide.start(1, 0, {1}, 1);
    }
    std::vector<std::pair<SimTime, SimTime>> booked_end_of_t0;
};

Task task(TaskId id, Seconds arrival_s, double cycles_n) {
    Task t;
    t.id = id;
    t.arrival_s = arrival_s;
    t.work = cycles(cycles_n);
    return t;
}

}  // namespace

TEST_CASE("projections: a slowed task keeps its units booked to its new projected end", "[manager][tlm][systemc]") {
    // One node of 2 cores sharing one DVFS domain: P0 2 GHz, P1 1 GHz. t0 (4e9 cycles: 2 s at P0) starts at 0 s,
    // booked [0, 2) s. At 1 s t1 (1e9 cycles) starts on core 1 at P1, which switches the whole domain: t0 has
    // 2e9 cycles left, 2 s at 1 GHz, so it now ends at 3 s. The node reports PROJECTED; at t1's completion
    // (2 s) the manager's booking of t0 ends at 3 s, not 2 s, and t0 does end at 3 s.
    PlatformSpec p = simple_platform({PState{2e9, 1.0, 4.0, 1.0}, PState{1e9, 0.8, 1.5, 0.5}}, 2, 1);
    p.dvfs_domain = DvfsScope::Node;
    auto policy = std::make_unique<TwoLevels>();
    TwoLevels* pol = policy.get();
    ManagerRun r(p, {task(0, 0, 4e9), task(1, 1, 1e9)}, std::move(policy));
    r.run();
    CHECK(r.record(1).first_start == 1_s);
    CHECK(r.record(1).end == 2_s);
    CHECK(r.record(0).end == 3_s);
    const std::vector<std::pair<SimTime, SimTime>> expected{{1_s, 2_s}, {2_s, 3_s}};
    for (const auto& [at, end] : pol->booked_end_of_t0) UNSCOPED_INFO("at " << at << " booked until " << end);
    CHECK(pol->booked_end_of_t0 == expected);  // at 1 s (t1 arrives): still 2 s; at 2 s: 3 s
}

namespace {

/// t0 on units 0-2 at 0 s, t1 reserved on unit 2 from 12 s (a permanent reservation); t2 and t3 start on unit 3
/// when it is free. Records t0's booked end at every event.
class SlowLink : public Policy {
public:
    PolicyTraits traits() const override { return PolicyTraits{}; }
    void schedule(const PolicyView& view, Decisions& decide) override {
        if (const Booking* b = view.profile(0).booking(0)) booked_end_of_t0.emplace_back(view.now(), b->end);
        if (view.is_waiting(0)) decide.start(0, 0, {0, 1, 2}, 0);
        if (view.is_waiting(1) && !view.profile(0).booking(1)) decide.reserve(1, 0, {2}, 12_s, 0, false);
        for (TaskId t : {TaskId{2}, TaskId{3}})
            if (view.is_waiting(t) && view.profile(0).is_idle(3, view.now(), view.now() + 1_s))
                decide.start(t, 0, {3}, 0);
    }
    std::vector<std::pair<SimTime, SimTime>> booked_end_of_t0;
};

}  // namespace

TEST_CASE("projections: a wide task's booking follows its parts started one after another", "[manager][tlm][systemc]") {
    // Four nodes of one core at 1 GHz. The manager's link carries 64 bytes a second: each control message takes
    // it 1 s, so t0's three STARTs (sent at 0 s, expecting the end 0 + 10 s) arrive at 1, 2 and 3 s and its
    // parts project the ends 11, 12 and 13 s. Their STARTED notices each take the link 1 s on the way back:
    // they arrive at 2, 3 and 4 s. The booking follows them: 11 s at t2's arrival (2.5 s); by t3's (4.5 s) 12 s
    // fits, but 13 s would overlap t1's reservation on node 2 from 12 s: an overrun, the booking stays at 12 s
    // (and t1's start waits for the node). t0's parts are done at 13 s (the gang's barrier, over links of
    // their own); their three COMPLETED notices take the manager's link 1 s each: the last arrives at 16 s.
    PlatformSpec p = simple_platform({PState{1e9, 1.0, 2.0, 0.5}}, 1, 4);
    p.manager_link.bandwidth_bytes_per_s = 64;
    Task t0 = task(0, 0, 10e9);
    t0.cores = 3;
    auto policy = std::make_unique<SlowLink>();
    SlowLink* pol = policy.get();
    ManagerRun r(p, {t0, task(1, 0, 1e9), task(2, 2.5, 1e9), task(3, 4.5, 1e9)}, std::move(policy));
    r.run();
    for (const auto& [at, end] : pol->booked_end_of_t0) UNSCOPED_INFO("at " << at << " booked until " << end);
    REQUIRE(pol->booked_end_of_t0.size() >= 3);
    CHECK(pol->booked_end_of_t0[0] == std::pair<SimTime, SimTime>{2.5_s, 11_s});
    CHECK(pol->booked_end_of_t0[1] == std::pair<SimTime, SimTime>{4.5_s, 12_s});
    CHECK(pol->booked_end_of_t0[2].second == 12_s);  // the next event
    CHECK(r.manager->stats().overruns == 1);
    CHECK(r.record(0).end == 16_s);
    CHECK(r.record(1).first_start >= 16_s);  // after t0 has left node 2
}
