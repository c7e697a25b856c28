// Tests of packing (AvailabilityProfile::packed_idle_nodes, NodeChoice::Pack) and of the per-group counts
// behind it (GroupBuckets): a hand-worked case, then a randomized cross-check against a plain greedy over the
// exact scan of idle nodes.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdint>
#include <random>
#include <vector>

#include "manager/availability_profile.h"
#include "manager/group_buckets.h"

using rmsim::AvailabilityProfile;
using rmsim::BookingKind;
using rmsim::GroupBuckets;
using rmsim::LocalNodeIndex;
using rmsim::SimTime;
using rmsim::TaskId;
using Nodes = std::vector<LocalNodeIndex>;
using namespace rmsim::time_literals;

TEST_CASE("GroupBuckets: counts per group and the lowest group with a count", "[manager]") {
    GroupBuckets b(10, 4);  // groups {0..3}, {4..7}, {8, 9}
    REQUIRE(b.group_count() == 3);
    CHECK(b.empty_in(2) == 2);
    CHECK(b.groups_with(4) == 2);
    CHECK(b.groups_with(2) == 1);
    std::vector<std::uint64_t> none(1, 0);
    CHECK(b.lowest_with(4, none) == 0);
    b.on_empty_change(1, false);  // group 0: 3 empty
    CHECK(b.lowest_with(4, none) == 1);
    CHECK(b.lowest_with(3, none) == 0);
    std::vector<std::uint64_t> excluded(1, 0b10);  // group 1 excluded
    CHECK(b.lowest_with(4, excluded) == 3);        // none left: group_count()
    b.on_empty_change(1, true);
    CHECK(b.lowest_with(4, excluded) == 0);
    CHECK_THROWS(b.on_empty_change(1, true));  // already all empty
}

TEST_CASE("GroupBuckets: the counts that some group has, searched up and down", "[manager]") {
    GroupBuckets b(10, 4);  // groups {0..3}, {4..7}, {8, 9}: counts 4, 4, 2
    CHECK(b.next_present(0) == 2);
    CHECK(b.next_present(3) == 4);
    CHECK(b.next_present(5) == 5);  // beyond size(): size() + 1
    CHECK(b.prev_present(4) == 4);
    CHECK(b.prev_present(3) == 2);
    CHECK(b.prev_present(1) == 0);  // none at 1: 0
    CHECK(b.prev_present(9) == 4);  // from is capped at size()
    b.add_empty(0, -4);             // group 0: 0 empty; counts 0, 4, 2
    b.add_empty(1, -1);             // group 1: 3 empty; counts 0, 3, 2
    CHECK(b.next_present(0) == 0);
    CHECK(b.next_present(1) == 2);
    CHECK(b.next_present(4) == 5);  // nobody has 4 any more
    CHECK(b.prev_present(4) == 3);
    b.add_empty(2, -2);  // counts 0, 3, 0
    CHECK(b.next_present(1) == 3);
    CHECK(b.prev_present(2) == 0);
}

TEST_CASE("GroupBuckets: counts beyond one word of the bitmap", "[manager]") {
    GroupBuckets b(3 * 100, 100);  // three groups of 100 units: counts 100, 100, 100
    CHECK(b.next_present(0) == 100);
    CHECK(b.prev_present(99) == 0);
    b.add_empty(1, -37);  // group 1: 63 empty (the last bit of the first word)
    b.add_empty(2, -36);  // group 2: 64 empty (the first bit of the second word)
    CHECK(b.next_present(0) == 63);
    CHECK(b.next_present(64) == 64);
    CHECK(b.next_present(65) == 100);
    CHECK(b.prev_present(99) == 64);
    CHECK(b.prev_present(63) == 63);
    CHECK(b.prev_present(62) == 0);
}

TEST_CASE("GroupBuckets: several units of a group changed at once move it once", "[manager]") {
    GroupBuckets a(10, 4);  // groups {0..3}, {4..7}, {8, 9}
    GroupBuckets b(10, 4);
    // Three cores of group 1 booked by one task: one move 4 -> 1, as three single changes 4 -> 3 -> 2 -> 1.
    a.add_empty(1, -3);
    for (std::uint32_t u : {4u, 5u, 7u}) b.on_empty_change(u, false);
    std::vector<std::uint64_t> none(1, 0);
    for (std::uint32_t c = 0; c <= 4; ++c) {
        CHECK(a.groups_with(c) == b.groups_with(c));
        CHECK(a.lowest_with(c, none) == b.lowest_with(c, none));
    }
    CHECK(a.empty_in(1) == 1);
    CHECK(a.groups_with(1) == 1);
    CHECK(a.lowest_with(1, none) == 1);
    CHECK(a.lowest_with(4, none) == 0);
    a.add_empty(1, +2);  // two of them released: 3 empty
    CHECK(a.empty_in(1) == 3);
    CHECK(a.lowest_with(3, none) == 1);
    CHECK(a.groups_with(1) == 0);
    a.add_empty(2, 0);  // no change
    CHECK(a.empty_in(2) == 2);
    CHECK_THROWS(a.add_empty(1, -4));  // only 3 empty
    CHECK_THROWS(a.add_empty(1, +2));  // at most 4
    CHECK(a.empty_in(1) == 3);         // a refused change leaves the group as it was
}

// 12 cores in groups of 4 (three 4-core nodes) at now = 0: cores 0, 1 and 4 run until 100, so node 0 has 2
// idle cores (2, 3), node 1 has 3 (5, 6, 7) and node 2 all 4 (8..11).
TEST_CASE("packed_idle_nodes: best fit on one node, else the fullest nodes first", "[manager]") {
    AvailabilityProfile p(12, 0.0_s, 4);
    p.add({0, 1, 4}, 0.0_s, 100.0_s, 1, BookingKind::Running);
    CHECK(p.packed_idle_nodes(1, 0.0_s, 10.0_s) == Nodes{2});        // fewest idle that fit: node 0 (2)
    CHECK(p.packed_idle_nodes(2, 0.0_s, 10.0_s) == Nodes{2, 3});     // node 0 exactly
    CHECK(p.lowest_idle_nodes(3, 0.0_s, 10.0_s) == Nodes{2, 3, 5});  // lowest spreads over two nodes,
    CHECK(p.packed_idle_nodes(3, 0.0_s, 10.0_s) == Nodes{5, 6, 7});  // packing takes node 1 (3 fit)
    CHECK(p.packed_idle_nodes(4, 0.0_s, 10.0_s) == Nodes{8, 9, 10, 11});
    // 5: no node has 5; the fullest (node 2, 4) then 1 more by best fit: node 0 (2 idle) before node 1 (3).
    CHECK(p.packed_idle_nodes(5, 0.0_s, 10.0_s) == Nodes{2, 8, 9, 10, 11});
    // 7: node 2 (4), then 3 more: node 1 holds exactly 3.
    CHECK(p.packed_idle_nodes(7, 0.0_s, 10.0_s) == Nodes{5, 6, 7, 8, 9, 10, 11});
    CHECK(p.packed_idle_nodes(9, 0.0_s, 10.0_s) == Nodes{2, 3, 5, 6, 7, 8, 9, 10, 11});
    CHECK(p.packed_idle_nodes(10, 0.0_s, 10.0_s).empty());  // only 9 idle
    CHECK(p.packed_idle_nodes(0, 0.0_s, 10.0_s).empty());

    // A reservation on cores 8, 9 over [100, 200): before it node 2 still has 4 idle cores (the cores are
    // idle but not empty: the query lists them), over a window that reaches it only 2.
    p.add({8, 9}, 100.0_s, 200.0_s, 2, BookingKind::Reservation);
    CHECK(p.packed_idle_nodes(4, 0.0_s, 50.0_s) == Nodes{8, 9, 10, 11});
    CHECK(p.packed_idle_nodes(2, 0.0_s, 150.0_s) == Nodes{2, 3});  // nodes 0 and 2 have 2 each: the lower
    CHECK(p.packed_idle_nodes(3, 0.0_s, 150.0_s) == Nodes{5, 6, 7});
    // After 100 cores 0, 1, 4 are free again: node 0 has 4 idle cores over [100, 150), node 2 has 2.
    CHECK(p.packed_idle_nodes(2, 100.0_s, 150.0_s) == Nodes{10, 11});
}

TEST_CASE("packed_idle_nodes: groups of one node are the lowest idle nodes", "[manager]") {
    AvailabilityProfile p(8, 0.0_s);
    p.add({1, 2, 5}, 0.0_s, 10.0_s, 1, BookingKind::Running);
    for (std::uint32_t k = 0; k <= 6; ++k)
        CHECK(p.packed_idle_nodes(k, 0.0_s, 5.0_s) == p.lowest_idle_nodes(k, 0.0_s, 5.0_s));
}

namespace {

/// The definition, from the exact scan: group the idle nodes, then best fit or the fullest group, ties to
/// the lower group.
Nodes reference_pack(const AvailabilityProfile& p, std::uint32_t g, std::uint32_t k, SimTime s, SimTime e) {
    const Nodes idle = p.idle_nodes(s, e);
    if (k == 0 || idle.size() < k) return {};
    const std::uint32_t groups = (p.node_count() + g - 1) / g;
    std::vector<Nodes> by_group(groups);
    for (LocalNodeIndex n : idle) by_group[n / g].push_back(n);
    std::vector<char> taken(groups, 0);
    Nodes out;
    std::uint32_t need = k;
    while (need > 0) {
        int best = -1;
        for (std::uint32_t x = 0; x < groups; ++x) {  // best fit
            if (taken[x] || by_group[x].size() < need) continue;
            if (best < 0 || by_group[x].size() < by_group[static_cast<std::size_t>(best)].size())
                best = static_cast<int>(x);
        }
        if (best < 0)
            for (std::uint32_t x = 0; x < groups; ++x) {  // fullest
                if (taken[x] || by_group[x].empty()) continue;
                if (best < 0 || by_group[x].size() > by_group[static_cast<std::size_t>(best)].size())
                    best = static_cast<int>(x);
            }
        const Nodes& chosen = by_group[static_cast<std::size_t>(best)];
        const std::uint32_t take = std::min<std::uint32_t>(need, static_cast<std::uint32_t>(chosen.size()));
        out.insert(out.end(), chosen.begin(), chosen.begin() + take);
        taken[static_cast<std::size_t>(best)] = 1;
        need -= take;
    }
    std::sort(out.begin(), out.end());
    return out;
}

}  // namespace

TEST_CASE("packed_idle_nodes: randomized cross-check against the greedy over the exact scan", "[manager]") {
    std::mt19937_64 rng(20261124);
    auto secs = [](int v) { return SimTime::from_whole_seconds(v); };
    for (std::uint32_t g : {2u, 4u, 8u, 32u}) {
        for (std::uint32_t n : {g * 3, g * 8 + g / 2, 256u}) {
            AvailabilityProfile p(n, 0.0_s, g);
            std::vector<TaskId> owners;
            TaskId next = 1;
            SimTime now;
            std::uniform_int_distribution<int> small(0, 12);
            for (int step = 0; step < 400; ++step) {
                const int op = static_cast<int>(rng() % 6);
                if (op <= 2) {
                    // Book k idle nodes taken at random (so that groups fill unevenly), now or later.
                    const SimTime start = op == 2 ? now + secs(1 + small(rng)) : now;
                    const SimTime end = start + secs(1 + small(rng));
                    Nodes idle = p.idle_nodes(start, end);
                    if (idle.empty()) continue;
                    std::shuffle(idle.begin(), idle.end(), rng);
                    idle.resize(1 + rng() % std::min<std::size_t>(idle.size(), g + 3));
                    std::sort(idle.begin(), idle.end());
                    p.add(idle, start, end, next, op == 2 ? BookingKind::Reservation : BookingKind::Running);
                    owners.push_back(next++);
                } else if (op == 3 && !owners.empty()) {
                    const std::size_t i = rng() % owners.size();
                    p.remove(owners[i]);
                    owners.erase(owners.begin() + static_cast<std::ptrdiff_t>(i));
                } else if (op == 4) {
                    now += secs(small(rng) / 3);
                    for (TaskId o : p.set_now(now)) owners.erase(std::find(owners.begin(), owners.end(), o));
                }
                for (int q = 0; q < 4; ++q) {
                    const SimTime s = now + secs(small(rng) / 2);
                    const SimTime e = s + secs(1 + small(rng));
                    const auto k = static_cast<std::uint32_t>(rng() % (2 * g + 2));
                    INFO("g " << g << " n " << n << " step " << step << " k " << k << " [" << s << ", " << e << ")");
                    REQUIRE(p.packed_idle_nodes(k, s, e) == reference_pack(p, g, k, s, e));
                }
            }
        }
    }
}
