// What the manager knows of the DVFS domains (PolicyView::domain_state), by hand: one node of two processors
// of two cores, processor-wide domains (cores 0-1: domain 0, cores 2-3: domain 1).
#include <catch2/catch.hpp>

#include "manager/domain_states.h"
#include "tests/modules/hw_fixture.h"

using namespace rmsim;

TEST_CASE("domain states: levels from the STARTs until the hardware reports, busy cores counted", "[manager][dvfs]") {
    PlatformSpec p = test::simple_platform({{2e9, 1, 4, 1}, {1e9, 0.8, 2, 0.5}, {0.5e9, 0.7, 1, 0.3}}, 2, 1);
    p.node_types[0].processors[0].count = 2;
    p.dvfs_domain = DvfsScope::Processor;
    DomainStates d(p);
    CHECK(d.state(0, 3).cores == 2);
    d.started(0, 1, 2);  // a task on core 1 at P2: domain 0 at P2, 1 of its 2 cores busy
    CHECK(d.state(0, 0).level == 2);
    CHECK(d.state(0, 0).utilization() == Approx(0.5));
    CHECK(d.state(0, 2).level == 0);
    d.started(0, 2, 1);  // core 2 at P1: domain 1 at P1; domain 0 unchanged
    CHECK(d.state(0, 3).busy_cores == 1);
    CHECK(d.state(0, 3).level == 1);
    CHECK(d.state(0, 0).level == 2);
    d.reported(0, 2, 2);  // a governor (or a cap) put domain 1 at P2: the hardware's level from now on
    d.started(0, 3, 0);   // a START at P0 does not change what the manager knows of it
    CHECK(d.state(0, 3).level == 2);
    CHECK(d.state(0, 3).hardware_controlled);
    CHECK_FALSE(d.state(0, 0).hardware_controlled);
    d.ended(0, 1);
    d.ended(0, 2);
    CHECK(d.state(0, 0).busy_cores == 0);
    CHECK(d.state(0, 2).utilization() == Approx(0.5));  // core 3's task still runs
    CHECK_THROWS_AS(d.ended(0, 0), std::logic_error);
    d.ended(0, 3);
    d.started(0, kAllCores, 1);  // a whole-node task at P1: every core busy; domain 0 takes P1, domain 1 keeps
    CHECK(d.state(0, 0).utilization() == 1.0);  // the hardware's P2
    CHECK(d.state(0, 0).level == 1);
    CHECK(d.state(0, 3).utilization() == 1.0);
    CHECK(d.state(0, 3).level == 2);
}

TEST_CASE("domain states: a node part's STARTs and end, as per core", "[manager][dvfs]") {
    PlatformSpec p = test::simple_platform({{2e9, 1, 4, 1}, {1e9, 0.8, 2, 0.5}, {0.5e9, 0.7, 1, 0.3}}, 2, 1);
    p.node_types[0].processors[0].count = 2;
    p.dvfs_domain = DvfsScope::Processor;  // cores 0-1: domain 0, cores 2-3: domain 1
    DomainStates by_part(p);
    DomainStates by_core(p);
    // Units 1, 2, 3 of a cluster of 4-core nodes: cores 1, 2, 3 of node 0, one part.
    const std::vector<std::uint32_t> units{1, 2, 3};
    for_each_node_part(units.data(), units.data() + units.size(), UnitLayout{0, 4, false},
                       [&](const NodePart& part) { by_part.started(part, 2); });
    for (std::uint32_t c : {1u, 2u, 3u}) by_core.started(0, c, 2);
    for (std::uint32_t c = 0; c < 4; ++c) {
        CHECK(by_part.state(0, c).busy_cores == by_core.state(0, c).busy_cores);
        CHECK(by_part.state(0, c).level == by_core.state(0, c).level);
    }
    CHECK(by_part.state(0, 0).busy_cores == 1);  // core 1 of domain 0
    CHECK(by_part.state(0, 2).busy_cores == 2);  // cores 2, 3
    CHECK(by_part.state(0, 0).level == 2);
    for_each_node_part(units.data(), units.data() + units.size(), UnitLayout{0, 4, false},
                       [&](const NodePart& part) { by_part.ended(part); });
    CHECK(by_part.state(0, 0).busy_cores == 0);
    CHECK(by_part.state(0, 3).busy_cores == 0);
    // A whole node (node granularity): every core of it.
    const std::vector<std::uint32_t> node{0};
    for_each_node_part(node.data(), node.data() + 1, UnitLayout{0, 4, true},
                       [&](const NodePart& part) { by_part.started(part, 1); });
    CHECK(by_part.state(0, 0).utilization() == 1.0);
    CHECK(by_part.state(0, 3).utilization() == 1.0);
    CHECK(by_part.state(0, 3).level == 1);
}
