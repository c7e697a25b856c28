// A node's finite energy store (NodeType::energy_store_j, modules/energy_store.h): everything the node draws
// comes out of it; when it is used up the node stops for good (DEPLETED), draws nothing afterwards and answers a
// START with DEPLETED. Expectations computed by hand from the platforms below.
#include <catch2/catch.hpp>

#include "modules/energy_store.h"
#include "tests/modules/hw_fixture.h"

using namespace rmsim;
using namespace rmsim::test;

namespace {

/// One node of one core at 1 GHz drawing `busy_w` busy and `idle_w` idle (no uncore or base power), with a
/// store of `store_j`.
PlatformSpec battery_platform(Watts busy_w, Watts idle_w, Joules store_j) {
    PlatformSpec p = simple_platform({PState{1e9, 1.0, busy_w, idle_w}}, 1, 1);
    p.node_types[0].energy_store_j = store_j;
    return p;
}

Joules node_energy(const Node& n) {
    Joules j = 0;
    for (Joules x : n.energy_breakdown()) j += x;
    return j;
}

/// A machine of battery_platform() nodes driven by a script.
struct BatteryNode {
    Machine machine;
    Script script;
    BatteryNode(Watts busy_w, Watts idle_w, Joules store_j)
        : machine(at_ns(battery_platform(busy_w, idle_w, store_j))), script("script", machine.manager_port()) {}
    /// The notices of kind `op` received, in order.
    std::vector<Received> notices(Op op) const {
        std::vector<Received> out;
        for (const Received& r : script.received)
            if (r.msg.op == op) out.push_back(r);
        return out;
    }
    const Node& node() const { return machine.node(0); }
    Joules energy() const { return node_energy(node()); }
    EnergyStoreReading read() { return machine.manager_port().read_energy_store(0); }
};

sc_core::sc_time secs(double s) { return sc_core::sc_time(s, sc_core::SC_SEC); }

}  // namespace

TEST_CASE("energy store: a busy core empties it at the instant computed by hand", "[modules][energy_store][systemc]") {
    // Busy 2 W, idle 0 W, store 10 J. A task of 8 s of work (8e9 cycles at 1 GHz) starts at t = 0: the node draws
    // 2 W, so the store is empty at 10 J / 2 W = 5 s. The task has then done 5 of its 8 s: 3/8 of its work is left,
    // and its core drew 2 W x 5 s = 10 J. From then on the node draws 0 W: its energy stays 10 J at t = 20 s.
    BatteryNode b(2.0, 0.0, 10.0);
    b.script.at(0, start(0, 0, 7, cycles(8e9)));
    run_until(20);
    const auto depleted = b.notices(Op::Depleted);
    REQUIRE(depleted.size() == 2);
    // First the node itself, then its one live part, both at 5 s.
    CHECK(depleted[0].msg.task == kNodeItself);
    CHECK(depleted[0].at == secs(5));
    CHECK(depleted[1].msg.task == 7);
    CHECK(depleted[1].at == secs(5));
    CHECK(depleted[1].msg.remaining == Approx(3.0 / 8.0));
    CHECK(depleted[1].msg.energy_j == Approx(10.0));
    CHECK(b.notices(Op::Completed).empty());
    CHECK(b.node().depleted());
    CHECK(b.node().power() == 0.0);
    CHECK(b.energy() == Approx(10.0));
    CHECK(b.machine.total_energy() == Approx(10.0));
    REQUIRE(b.node().energy_store() != nullptr);
    CHECK(b.node().energy_store()->depleted_at() == secs(5));
    CHECK(b.node().energy_store()->used_j() == Approx(10.0));
    // The manager's view of it: a debug read of the meter's register for node 0.
    const EnergyStoreReading r = b.read();
    CHECK(r.capacity_j == 10.0);
    CHECK(r.used_j == Approx(10.0));
    CHECK(r.depleted);
    CHECK(r.depleted_at_ticks == secs(5).value());
}

TEST_CASE("energy store: idle power empties it with no task running", "[modules][energy_store][systemc]") {
    // Busy 3 W, idle 1 W, store 12 J. A task of 2 s at t = 0 draws 3 W x 2 s = 6 J; then the idle core draws 1 W:
    // the 6 J left last 6 s, so the store is empty at t = 8 s, with no task running (only the node's notice).
    BatteryNode b(3.0, 1.0, 12.0);
    b.script.at(0, start(0, 0, 1, cycles(2e9)));
    run_until(20);
    const auto completed = b.notices(Op::Completed);
    REQUIRE(completed.size() == 1);
    CHECK(completed[0].at == secs(2));
    CHECK(completed[0].msg.energy_j == Approx(6.0));
    const auto depleted = b.notices(Op::Depleted);
    REQUIRE(depleted.size() == 1);
    CHECK(depleted[0].msg.task == kNodeItself);
    CHECK(depleted[0].at == secs(8));
    CHECK(b.node().power() == 0.0);
    CHECK(b.energy() == Approx(12.0));
    CHECK(b.read().used_j == Approx(12.0));
}

TEST_CASE("energy store: the level read over TLM follows the draw", "[modules][energy_store][systemc]") {
    // Busy 2 W, idle 0.5 W, store 100 J: a task of 4 s at t = 0, then idle. At 3 s: 6 J; at 10 s: 8 + 6 x 0.5 = 11 J.
    BatteryNode b(2.0, 0.5, 100.0);
    b.script.at(0, start(0, 0, 1, cycles(4e9)));
    run_until(3);
    CHECK(b.read().used_j == Approx(6.0));
    run_until(7);
    CHECK(b.read().used_j == Approx(11.0));
    CHECK_FALSE(b.read().depleted);
    CHECK(b.read().used_j == Approx(b.energy()));
}

TEST_CASE("energy store: a START after the depletion is answered with DEPLETED", "[modules][energy_store][systemc]") {
    // Busy 2 W, idle 1 W, store 3 J: idle from 0, empty at 3 s. A START at 4 s (sent before the manager could know)
    // is answered at once with its remaining work unchanged and no energy; nothing is drawn, not even for a WAKE
    // or a SET_PSTATE.
    BatteryNode b(2.0, 1.0, 3.0);
    b.script.at(4, start(0, 0, 5, cycles(1e9), 0, 0.5));
    b.script.at(5, command(Op::Wake, 0, kAllCores));
    b.script.at(5, command(Op::SetPState, 0, 0));
    run_until(10);
    const auto depleted = b.notices(Op::Depleted);
    REQUIRE(depleted.size() == 2);
    CHECK(depleted[0].at == secs(3));
    CHECK(depleted[1].msg.task == 5);
    CHECK(depleted[1].at == secs(4));
    CHECK(depleted[1].msg.remaining == 0.5);
    CHECK(depleted[1].msg.energy_j == 0.0);
    CHECK(b.script.projections.empty());
    CHECK(b.energy() == Approx(3.0));
}

TEST_CASE("energy store: a node without one has none and is not limited", "[modules][energy_store][systemc]") {
    // Busy 2 W, idle 1 W, no store: a task of 10 s, then 10 s idle: 20 + 10 J.
    BatteryNode b(2.0, 1.0, 0.0);
    b.script.at(0, start(0, 0, 1, cycles(10e9)));
    run_until(20);
    CHECK(b.node().energy_store() == nullptr);
    CHECK_FALSE(b.node().depleted());
    const EnergyStoreReading r = b.read();
    CHECK(r.capacity_j == 0.0);
    CHECK_FALSE(r.depleted);
    CHECK(b.energy() == Approx(2.0 * 10 + 1.0 * 10));
}
