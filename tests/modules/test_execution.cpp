// Preemption with conserved work, a parallel segment on 3 nodes, and link contention on the on-node network.
#include <catch2/catch.hpp>
#include <map>

#include "tests/modules/hw_fixture.h"

using namespace rmsim;
using namespace rmsim::test;

TEST_CASE("execution: a preempted task resumes on another node with its work conserved", "[modules][preemption]") {
    PlatformSpec spec = simple_platform({{1e9, 1.0, 2.0, 0.5}}, 4, 2);
    Machine m(at_ns(spec));
    Script s("script", m.manager_port());
    s.at(0.0, start(0, 0, 9, cycles(2e9)));    // 2 s of work
    s.at(0.5, command(Op::Preempt, 0, 0, 9));  // a quarter done
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

namespace {

/// 3 nodes x 2 cores; node 2 is off and needs 0.2 s to wake, so its part starts late. Each node's link to the
/// cluster interconnect has latency `latency_s`, the manager's none.
PlatformSpec late_node_platform(double latency_s) {
    PlatformSpec spec = simple_platform({{1e9, 1.0, 2.0, 0.5}}, 2, 3);
    spec.clusters[0].nodes = 2;
    spec.clusters[0].network.latency_s = latency_s;
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
    return spec;
}

}  // namespace

TEST_CASE("execution: a parallel segment on 3 nodes completes together", "[modules][parallel]") {
    // The parts on nodes 0 and 1 finish their 1 s of work at 1 s and wait at the barrier, busy, until node 2's
    // part ends at 1.2 s. No latency: the barrier messages take no time.
    Machine m(at_ns(late_node_platform(0.0)));
    Script s("script", m.manager_port());
    for (NodeId n = 0; n < 3; ++n) s.at(0.0, gang_start(n, kAllCores, 42, cycles(1e9), /*root=*/0, /*nodes=*/3));
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
    // Each START was acknowledged with its part's projected end: 1 s, 1 s, and 0.2 s + 1 s on node 2.
    REQUIRE(s.projections.size() == 3);
    for (const auto& p : s.projections) {
        CHECK(p.msg.op == Op::Started);
        CHECK(seconds(p.msg.projected_end) == Approx(p.msg.node == 2 ? 1.2 : 1.0).epsilon(1e-12));
    }
}

TEST_CASE("execution: the barrier of a parallel task is reached over the interconnect", "[modules][parallel]") {
    // Node links with 1 ms latency (a message from node to node, or from the manager to a node, takes 1 ms):
    //   the STARTs reach every node at 0.001 s; nodes 0 and 1 finish their work at 1.001 s, node 2 (waking
    //   0.2 s) at 1.201 s.
    //   Node 0 is the gang root: node 1's BARRIER_ARRIVE reaches it at 1.002 s, node 2's at 1.202 s; the root
    //   then completes its own part (COMPLETED reaches the manager at 1.203 s) and sends BARRIER_RELEASE to
    //   nodes 1 and 2 (at 1.203 s), whose COMPLETED notices reach the manager at 1.204 s.
    Machine m(at_ns(late_node_platform(0.001)));
    Script s("script", m.manager_port());
    for (NodeId n = 0; n < 3; ++n) s.at(0.0, gang_start(n, kAllCores, 42, cycles(1e9), /*root=*/0, /*nodes=*/3));
    run_until(3.0);
    REQUIRE(s.received.size() == 3);
    std::map<NodeId, double> done;
    for (const auto& r : s.received) {
        CHECK(r.msg.op == Op::Completed);
        done[r.msg.node] = seconds(r.at);
    }
    CHECK(done.at(0) == Approx(1.203).epsilon(1e-12));
    CHECK(done.at(1) == Approx(1.204).epsilon(1e-12));
    CHECK(done.at(2) == Approx(1.204).epsilon(1e-12));
    // Nodes 0 and 1 wait busy from 1.001 s until released (1.202 s, 1.203 s); node 2 is released at 1.203 s:
    // 4 J + 4 x 0.201 ... as energy: node 0: 2 cores x 2 W x (1.202 - 0.001) s; node 1: 2 x 2 x (1.203 - 0.001);
    // node 2: 2 x 0.5 W x 0.2 s waking + 2 x 2 W x (1.203 - 0.201) s.
    Joules parts = 0;
    for (const auto& r : s.received) parts += r.msg.energy_j;
    CHECK(parts == Approx(2 * 2.0 * 1.201 + 2 * 2.0 * 1.202 + 2 * 0.5 * 0.2 + 2 * 2.0 * 1.002).epsilon(1e-12));
}

TEST_CASE("execution: two transfers contend on one link", "[modules][interconnect]") {
    // On-node network: latency 1 us, 1e9 B/s per core link. Cores 0 and 1 both send 1e6 B to core 2 at t = 0:
    // core 2's incoming link serializes them: 1 ms each; arrivals at 1 ms + 1 us and 2 ms + 1 us.
    PlatformSpec spec = simple_platform({{1e9, 1.0, 2.0, 0.5}}, 4, 1);
    spec.node_types[0].network = LinkSpec{1e-6, 1e9};
    Machine m(at_ns(spec));
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

TEST_CASE("execution: a part of three cores is acknowledged once, when its last START has arrived",
          "[modules][parallel]") {
    // One node of 3 cores at 1 GHz; task 7 on all three (part_cores 3), one START per core at 0, 1e9 cycles:
    // one STARTED notice for the part (projected end 1 s), then one COMPLETED at 1 s.
    Machine m(at_ns(simple_platform({{1e9, 1.0, 2.0, 0.5}}, 3, 1)));
    Script s("script", m.manager_port());
    for (std::uint32_t c = 0; c < 3; ++c)
        s.at(0.0, gang_start(0, c, 7, cycles(1e9), /*root=*/0, /*nodes=*/1, /*part_cores=*/3));
    run_until(2.0);
    REQUIRE(s.projections.size() == 1);
    CHECK(s.projections[0].msg.op == Op::Started);
    CHECK(seconds(s.projections[0].msg.projected_end) == Approx(1.0).epsilon(1e-12));
    REQUIRE(s.received.size() == 1);
    CHECK(s.received[0].msg.op == Op::Completed);
    CHECK(seconds(s.received[0].at) == Approx(1.0).epsilon(1e-12));
    CHECK(s.received[0].msg.energy_j == Approx(3 * 2.0 * 1.0).epsilon(1e-12));  // 3 cores busy 1 s at 2 W
}

TEST_CASE("execution: one START with a core mask starts the part's cores", "[modules][parallel]") {
    // One node of 3 cores at 1 GHz; task 9 on cores 0 and 2 through one START (mask 0b101, part_cores 2),
    // 1e9 cycles: one STARTED (projected end 1 s), one COMPLETED at 1 s with the two cores' energy, 2 x 2 W x
    // 1 s = 4 J; core 1 stays idle and free (a second task starts on it at once).
    Machine m(at_ns(simple_platform({{1e9, 1.0, 2.0, 0.5}}, 3, 1)));
    Script s("script", m.manager_port());
    Message both = gang_start(0, 0, 9, cycles(1e9), /*root=*/0, /*nodes=*/1, /*part_cores=*/2);
    both.core_mask = 0b101;
    s.at(0.0, both);
    s.at(0.0, start(0, 1, 10, cycles(0.5e9)));
    run_until(2.0);
    REQUIRE(s.projections.size() == 2);
    REQUIRE(s.received.size() == 2);
    for (const auto& r : s.received) {
        CHECK(r.msg.op == Op::Completed);
        if (r.msg.task == 9) {
            CHECK(seconds(r.at) == Approx(1.0).epsilon(1e-12));
            CHECK(r.msg.energy_j == Approx(2 * 2.0 * 1.0).epsilon(1e-12));
        } else {
            CHECK(r.msg.task == 10);
            CHECK(seconds(r.at) == Approx(0.5).epsilon(1e-12));
        }
    }
}

TEST_CASE("execution: a part that projects the end its START expected is not acknowledged, a change is reported",
          "[modules][protocol]") {
    // One node of 2 cores in one DVFS domain: P0 2 GHz, P1 1 GHz. Task 1 on core 0, 4e9 cycles at P0: 2 s, and
    // its START expects 2 s, so no STARTED. Task 2 on core 1, 0.5e9 cycles: 0.25 s, its START expects 0.5 s
    // (the sender's estimate), so a STARTED reports 0.25 s and echoes 0.5 s. At 1 s the domain goes to P1:
    // task 1 has 2e9 cycles left, 2 s at 1 GHz, and reports PROJECTED 3 s (expected 2 s echoed).
    PlatformSpec p = simple_platform({PState{2e9, 1.0, 4.0, 1.0}, PState{1e9, 0.8, 1.5, 0.5}}, 2, 1);
    p.dvfs_domain = DvfsScope::Node;
    Machine m(at_ns(p));
    Script s("script", m.manager_port());
    Message t1 = start(0, 0, 1, cycles(4e9));
    t1.expected_end = from_seconds_ceil(2.0);
    Message t2 = start(0, 1, 2, cycles(0.5e9));
    t2.expected_end = from_seconds_ceil(0.5);
    s.at(0.0, t1);
    s.at(0.0, t2);
    s.at(1.0, command(Op::SetPState, 0, 0, 0, 1));
    run_until(4.0);
    REQUIRE(s.projections.size() == 2);
    CHECK(s.projections[0].msg.op == Op::Started);
    CHECK(s.projections[0].msg.task == 2);
    CHECK(seconds(s.projections[0].msg.projected_end) == Approx(0.25).epsilon(1e-12));
    CHECK(seconds(s.projections[0].msg.expected_end) == Approx(0.5).epsilon(1e-12));
    CHECK(s.projections[1].msg.op == Op::Projected);
    CHECK(s.projections[1].msg.task == 1);
    CHECK(seconds(s.projections[1].at) == Approx(1.0).epsilon(1e-12));
    CHECK(seconds(s.projections[1].msg.projected_end) == Approx(3.0).epsilon(1e-12));
    CHECK(seconds(s.projections[1].msg.expected_end) == Approx(2.0).epsilon(1e-12));
    REQUIRE(s.received.size() == 2);
    CHECK(s.received[0].msg.task == 2);
    CHECK(seconds(s.received[0].at) == Approx(0.25).epsilon(1e-12));
    CHECK(s.received[1].msg.task == 1);
    CHECK(seconds(s.received[1].at) == Approx(3.0).epsilon(1e-12));
}

TEST_CASE("protocol: a message is packed by field size", "[modules][protocol]") {
    // Every message is copied into the transaction and into and out of its receiver's event queue, tens of
    // millions of times in a large run. The op and 8 four-byte fields: 40 bytes (3 of them padding after the
    // op); 10 eight-byte fields and the 24-byte work model: 104 bytes.
    CHECK(sizeof(Message) == 144);
}
