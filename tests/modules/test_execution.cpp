// Preemption with conserved work, a parallel segment on 3 nodes, and link contention on the on-node network.
#include <catch2/catch.hpp>

#include "tests/modules/hw_fixture.h"

using namespace rmsim;
using namespace rmsim::test;

TEST_CASE("execution: a preempted task resumes on another node with its work conserved", "[modules][preemption]") {
    PlatformSpec spec = simple_platform({{1e9, 1.0, 2.0, 0.5}}, 4, 2);
    Machine m(spec);
    Script s("script", m.manager_port());
    s.at(0.0, start(0, 0, 9, cycles(2e9)));           // 2 s of work
    s.at(0.5, command(Op::Preempt, 0, 0, 9));         // a quarter done
    run_until(0.75);
    REQUIRE(s.received.size() == 1);
    const Message p = s.received[0].msg;
    CHECK(p.op == Op::Preempted);
    CHECK(p.remaining == Approx(1.0 - 0.5 / 2.0).epsilon(1e-12));
    CHECK(p.energy_j == Approx(2.0 * 0.5).epsilon(1e-12));
    CHECK_FALSE(m.core_at(0, 0).has_segment());
    // Resume at 1 s on node 1, core 3: the remaining 0.75 x 2 s = 1.5 s.
    Message resume = start(1, 3, 9, cycles(2e9), 0, p.remaining);
    m.manager_port().send(resume, from_seconds_ceil(0.25));
    run_until(5.0);
    REQUIRE(s.received.size() == 2);
    CHECK(s.received[1].msg.op == Op::Completed);
    CHECK(s.received[1].msg.node == 1);
    CHECK(seconds(s.received[1].at) == Approx(1.0 + 1.5).epsilon(1e-12));
    // Work done before + after = (2 s x 1 GHz x 0.25) + (2 s x 1 GHz x 0.75) cycles = the whole 2e9 cycles;
    // busy energy 2 W x (0.5 + 1.5) s.
    CHECK(p.energy_j + s.received[1].msg.energy_j == Approx(2.0 * 2.0).epsilon(1e-12));
}

TEST_CASE("execution: a parallel segment on 3 nodes completes together", "[modules][parallel]") {
    // 3 nodes x 2 cores; node 2 is off and needs 0.2 s to wake, so its part starts late; the parts on nodes 0
    // and 1 finish their 1 s of work at 1 s and wait at the barrier, busy, until node 2's part ends at 1.2 s.
    PlatformSpec spec = simple_platform({{1e9, 1.0, 2.0, 0.5}}, 2, 3);
    spec.clusters[0].nodes = 2;
    ClusterSpec late = spec.clusters[0];
    late.name = "late";
    late.nodes = 1;
    NodeType slow = spec.node_types[0];
    slow.name = "slow";
    slow.switch_off = SwitchOffPolicy::Immediately;
    slow.wake_latency_s = 0.2;
    spec.node_types.push_back(slow);
    late.node_type = 1;
    spec.clusters.push_back(late);
    Machine m(spec);
    Script s("script", m.manager_port());
    auto gang = std::make_shared<Gang*>(nullptr);  // one barrier shared by the 3 x 2 cores
    for (NodeId n = 0; n < 3; ++n)
        s.at(0.0, [n, gang](ControlPort& port) {
            if (!*gang) *gang = port.new_gang(42, 6);
            Message msg = start(n, kAllCores, 42, cycles(1e9));
            msg.gang = *gang;
            return msg;
        });
    run_until(3.0);
    REQUIRE(s.received.size() == 3);
    for (const auto& r : s.received) {
        CHECK(r.msg.op == Op::Completed);
        CHECK(seconds(r.at) == Approx(1.2).epsilon(1e-12));
    }
    // Energy: nodes 0, 1: 4 cores busy 1.2 s at 2 W = 9.6 J; node 2: 2 cores idle while waking 0.2 s at 0.5 W
    // (0.2 J) then busy 1 s at 2 W (4 J).
    Joules parts = 0;
    for (const auto& r : s.received) parts += r.msg.energy_j;
    CHECK(parts == Approx(4 * 2.0 * 1.2 + 2 * 0.5 * 0.2 + 2 * 2.0 * 1.0).epsilon(1e-12));
}

TEST_CASE("execution: two transfers contend on one link", "[modules][interconnect]") {
    // On-node network: latency 1 us, 1e9 B/s per core link. Cores 0 and 1 both send 1e6 B to core 2 at t = 0:
    // core 2's incoming link serializes them: 1 ms each; arrivals at 1 ms + 1 us and 2 ms + 1 us.
    PlatformSpec spec = simple_platform({{1e9, 1.0, 2.0, 0.5}}, 4, 1);
    spec.node_types[0].network = LinkSpec{1e-6, 1e9};
    Machine m(spec);
    Script s("script", m.manager_port());
    for (std::uint32_t src : {0u, 1u}) {
        Message t = command(Op::Transfer, 0, src);
        t.dst_core = 2;
        t.bytes = 1000000;
        t.tag = 100 + src;
        s.at(0.0, t);
    }
    Message other = command(Op::Transfer, 0, 3);  // 3 -> 0 shares no link with them: not delayed
    other.dst_core = 0;
    other.bytes = 1000000;
    other.tag = 103;
    s.at(0.0, other);
    run_until(1.0);
    REQUIRE(s.received.size() == 3);
    CHECK(s.received[0].msg.op == Op::Transferred);
    CHECK(s.received[0].at.value() == 1000000 + 1000);  // ns
    CHECK(s.received[1].at.value() == 1000000 + 1000);
    CHECK(s.received[2].at.value() == 2 * 1000000 + 1000);
    CHECK(s.received[2].msg.tag == 101);
}
