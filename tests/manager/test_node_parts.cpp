// A task's units by hardware node (manager/node_parts.h), by hand.
#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

#include "manager/node_parts.h"

using namespace rmsim;

namespace {

struct Seen {
    NodeId node;
    std::vector<std::uint32_t> cores;
    std::uint64_t mask;
};

std::vector<Seen> parts_of(const std::vector<std::uint32_t>& units, const UnitLayout& layout) {
    std::vector<Seen> out;
    for_each_node_part(units.data(), units.data() + units.size(), layout, [&](const NodePart& part) {
        Seen s{part.node, {}, part.whole_node ? 0 : part.core_mask()};
        for (const std::uint32_t* u = part.first; u != part.last; ++u) s.cores.push_back(part.core(*u));
        CHECK(part.units() == s.cores.size());
        out.push_back(s);
    });
    return out;
}

}  // namespace

TEST_CASE("node parts: cores grouped by node, with their local cores and mask", "[manager]") {
    // A cluster whose first node is global node 4, 8 cores a node: unit u is core u % 8 of node 4 + u / 8.
    const UnitLayout layout{4, 8, false};
    CHECK(layout.location(13) == std::make_pair(NodeId{5}, 5u));
    // Units 3, 5 on node 4 (cores 3, 5: mask 0b101000 = 40), 8, 9, 15 on node 5 (cores 0, 1, 7: mask 1 + 2 + 128
    // = 131), 16 on node 6 (core 0).
    const auto parts = parts_of({3, 5, 8, 9, 15, 16}, layout);
    REQUIRE(parts.size() == 3);
    CHECK(parts[0].node == 4);
    CHECK(parts[0].cores == std::vector<std::uint32_t>{3, 5});
    CHECK(parts[0].mask == 40);
    CHECK(parts[1].node == 5);
    CHECK(parts[1].cores == std::vector<std::uint32_t>{0, 1, 7});
    CHECK(parts[1].mask == 131);
    CHECK(parts[2].node == 6);
    CHECK(parts[2].cores == std::vector<std::uint32_t>{0});
    CHECK(parts_of({}, layout).empty());
    // A part is a run of consecutive units on one node: out of order, node 5 is met twice.
    const auto runs = parts_of({8, 3, 9}, layout);
    REQUIRE(runs.size() == 3);
    CHECK(runs[0].node == 5);
    CHECK(runs[1].node == 4);
    CHECK(runs[2].node == 5);
}

TEST_CASE("node parts: under node granularity each unit is a whole node", "[manager]") {
    const UnitLayout layout{10, 32, true};
    CHECK(layout.location(3) == std::make_pair(NodeId{13}, kAllCores));
    const auto parts = parts_of({0, 1, 7}, layout);
    REQUIRE(parts.size() == 3);
    CHECK(parts[0].node == 10);
    CHECK(parts[1].node == 11);
    CHECK(parts[2].node == 17);
    for (const Seen& s : parts) CHECK(s.cores == std::vector<std::uint32_t>{kAllCores});
}
