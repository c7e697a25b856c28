// The activity log: what the cores report (P-state switch requests, task segments), with hand-computed
// times. Core: P0 = 1 GHz, busy 2 W, idle 0.5 W; P1 = 0.5 GHz, busy 1 W, idle 0.25 W.
#include <catch2/catch.hpp>

#include "modules/activity_log.h"
#include "tests/modules/hw_fixture.h"

using namespace rmsim;
using namespace rmsim::test;

namespace {
std::vector<PState> two_levels() { return {{1e9, 1.0, 2.0, 0.5}, {0.5e9, 0.8, 1.0, 0.25}}; }
constexpr std::uint64_t kNsPerS = 1000000000ull;
}  // namespace

TEST_CASE("activity log: a P-state switch with latency and a completed segment", "[modules][activity_log]") {
    PlatformSpec spec = simple_platform(two_levels(), 1, 1);
    spec.core_types[0].transition_latency_s = 0.1;
    Machine m(at_ns(spec));
    ActivityLog log(true);
    m.attach_log(&log);
    Script s("script", m.manager_port());
    s.at(0.0, start(0, 0, 7, cycles(2e9), 0));
    s.at(1.0, command(Op::SetPState, 0, 0, 0, 1));
    run_until(5.0);

    // Requested at 1 s, in force after the 0.1 s transition.
    REQUIRE(log.pstate_changes().size() == 1);
    const ActivityLog::PStateChange& p = log.pstate_changes()[0];
    CHECK(p.at_ns == 1 * kNsPerS);
    CHECK(p.effective_ns == 1 * kNsPerS + kNsPerS / 10);
    CHECK(p.node == 0);
    CHECK(p.core_first == 0);
    CHECK(p.core_last == 0);
    CHECK(p.level == 1);
    // 1 s at P0 (half of 2e9 cycles), 0.1 s stalled, 1e9 cycles at 0.5 GHz = 2 s: [0, 3.1 s].
    REQUIRE(log.segments().size() == 1);
    const ActivityLog::Segment& g = log.segments()[0];
    CHECK(g.begin_ns == 0);
    CHECK(g.end_ns == 3 * kNsPerS + kNsPerS / 10);
    CHECK(g.task == 7);
    CHECK(g.end == ActivityLog::SegmentEnd::Completed);
    CHECK(log.open_segments() == 0);
}

TEST_CASE("activity log: a node-wide switch and a whole-node preemption are one record each",
          "[modules][activity_log]") {
    PlatformSpec spec = simple_platform(two_levels(), 4, 2);
    spec.dvfs_domain = DvfsScope::Node;
    Machine m(at_ns(spec));
    ActivityLog log(true);
    m.attach_log(&log);
    Script s("script", m.manager_port());
    s.at(0.0, start(1, kAllCores, 3, cycles(4e9), 0));  // already at P0: no switch, no record
    s.at(1.0, command(Op::SetPState, 1, kAllCores, 0, 1));
    s.at(2.0, command(Op::Preempt, 1, kAllCores, 3));
    run_until(3.0);

    REQUIRE(log.pstate_changes().size() == 1);
    const ActivityLog::PStateChange& p = log.pstate_changes()[0];
    CHECK(p.at_ns == 1 * kNsPerS);
    CHECK(p.effective_ns == 1 * kNsPerS);  // no transition latency
    CHECK(p.node == 1);
    CHECK(p.core_first == 0);
    CHECK(p.core_last == 3);
    CHECK(p.level == 1);
    REQUIRE(log.segments().size() == 1);
    const ActivityLog::Segment& g = log.segments()[0];
    CHECK(g.node == 1);
    CHECK(g.core_first == 0);
    CHECK(g.core_last == 3);
    CHECK(g.begin_ns == 0);
    CHECK(g.end_ns == 2 * kNsPerS);
    CHECK(g.task == 3);
    CHECK(g.end == ActivityLog::SegmentEnd::Preempted);
}

TEST_CASE("activity log: a request replacing a pending switch takes effect when that switch ends",
          "[modules][activity_log]") {
    PlatformSpec spec = simple_platform(two_levels(), 1, 1);
    spec.core_types[0].transition_latency_s = 0.1;
    Machine m(at_ns(spec));
    ActivityLog log(false);
    m.attach_log(&log);
    Script s("script", m.manager_port());
    s.at(1.0, command(Op::SetPState, 0, 0, 0, 1));
    s.at(1.05, command(Op::SetPState, 0, 0, 0, 0));  // back to P0 before the switch to P1 has ended
    run_until(2.0);

    REQUIRE(log.pstate_changes().size() == 2);
    CHECK(log.pstate_changes()[0].level == 1);
    CHECK(log.pstate_changes()[0].effective_ns == 1100000000ull);
    CHECK(log.pstate_changes()[1].level == 0);
    CHECK(log.pstate_changes()[1].at_ns == 1050000000ull);
    CHECK(log.pstate_changes()[1].effective_ns == 1100000000ull);
    CHECK(m.core_at(0, 0).pstate() == 0);
}

TEST_CASE("activity log: segments open at the end are closed as unfinished", "[modules][activity_log]") {
    PlatformSpec spec = simple_platform(two_levels(), 2, 1);
    Machine m(at_ns(spec));
    ActivityLog log(true);
    m.attach_log(&log);
    Script s("script", m.manager_port());
    s.at(0.25, start(0, 1, 5, cycles(1e12), 0));
    s.at(0.5, start(0, 0, 4, cycles(1e12), 0));
    run_until(1.0);

    CHECK(log.segments().empty());
    CHECK(log.open_segments() == 2);
    log.close_open(sc_core::sc_time_stamp());
    // Closed in (node, core) order, whatever order they began in.
    REQUIRE(log.segments().size() == 2);
    CHECK(log.segments()[0].core_first == 0);
    CHECK(log.segments()[0].task == 4);
    CHECK(log.segments()[0].begin_ns == kNsPerS / 2);
    CHECK(log.segments()[0].end_ns == kNsPerS);
    CHECK(log.segments()[0].end == ActivityLog::SegmentEnd::Unfinished);
    CHECK(log.segments()[1].core_first == 1);
    CHECK(log.segments()[1].task == 5);
    CHECK(log.segments()[1].begin_ns == kNsPerS / 4);
    CHECK(log.open_segments() == 0);
}

TEST_CASE("activity log: without segment recording only P-state switches are kept", "[modules][activity_log]") {
    PlatformSpec spec = simple_platform(two_levels(), 1, 1);
    Machine m(at_ns(spec));
    ActivityLog log(false);
    m.attach_log(&log);
    Script s("script", m.manager_port());
    s.at(0.0, start(0, 0, 1, cycles(1e9), 1));  // the START's P-state is requested of the core's domain
    run_until(3.0);

    CHECK(log.segments().empty());
    CHECK(log.open_segments() == 0);
    REQUIRE(log.pstate_changes().size() == 1);
    CHECK(log.pstate_changes()[0].at_ns == 0);
    CHECK(log.pstate_changes()[0].level == 1);
}
