// Tests of the lowest-idle-node query of the availability profile (AvailabilityProfile::lowest_idle_nodes,
// behind lowest_idle_units in manager/unit_choice.h) and of its empty-node bitmap: hand-worked cases, then
// a randomized cross-check of the fast path against a brute-force scan of the bookings.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdint>
#include <limits>
#include <map>
#include <random>
#include <vector>

#include "manager/availability_profile.h"
#include "manager/unit_choice.h"

using rmsim::AvailabilityProfile;
using rmsim::BookingKind;
using rmsim::LocalNodeIndex;
using rmsim::SimTime;
using rmsim::TaskId;
using Nodes = std::vector<LocalNodeIndex>;
using namespace rmsim::time_literals;

namespace {
constexpr SimTime kInf = SimTime::infinity();
}

// 6 nodes at now = 0: running A on {0,1} over [0,10), reservation B on {2,3} over [20,30), 4 and 5 empty.
TEST_CASE("lowest_idle_nodes: empty nodes, nodes after their bookings and before them", "[manager]") {
    AvailabilityProfile p(6, 0.0_s);
    p.add({0, 1}, 0.0_s, 10.0_s, 1, BookingKind::Running);
    p.add({2, 3}, 20.0_s, 30.0_s, 2, BookingKind::Reservation);
    CHECK(p.empty_node_count() == 2);
    CHECK(p.next_empty_node(0) == 4);
    CHECK(p.next_empty_node(5) == 5);
    CHECK(p.next_empty_node(6) == 6);  // none: node_count()

    CHECK(p.lowest_idle_nodes(2, 0.0_s, 5.0_s) == Nodes{2, 3});       // 5 <= 20: before B
    CHECK(p.lowest_idle_nodes(2, 0.0_s, 25.0_s) == Nodes{4, 5});      // [20,25) overlaps B on 2, 3
    CHECK(p.lowest_idle_nodes(3, 10.0_s, 20.0_s) == Nodes{0, 1, 2});  // A ends at 10, B starts at 20: touching
    CHECK(p.lowest_idle_nodes(4, 0.0_s, 1.0_s) == Nodes{2, 3, 4, 5});
    CHECK(p.lowest_idle_nodes(5, 0.0_s, 1.0_s).empty());  // only 2, 3, 4, 5 are idle
    CHECK(p.lowest_idle_nodes(0, 0.0_s, 1.0_s).empty());
    CHECK(p.lowest_idle_nodes(7, 0.0_s, 1.0_s).empty());         // more than the cluster
    CHECK(p.lowest_idle_nodes(2, 30.0_s, kInf) == Nodes{0, 1});  // every booking has ended by 30
    CHECK(rmsim::lowest_idle_units(p, 2, 0.0_s, 5.0_s) == Nodes{2, 3});

    // Pruning A at now = 10 empties nodes 0 and 1.
    p.set_now(10.0_s);
    CHECK(p.empty_node_count() == 4);
    CHECK(p.next_empty_node(0) == 0);
    CHECK(p.next_empty_node(2) == 4);
    CHECK(p.lowest_idle_nodes(3, 10.0_s, 25.0_s) == Nodes{0, 1, 4});
    // Removing B empties all six.
    p.remove(2);
    CHECK(p.empty_node_count() == 6);
    CHECK(p.lowest_idle_nodes(6, 10.0_s, 25.0_s) == Nodes{0, 1, 2, 3, 4, 5});
}

TEST_CASE("lowest_idle_nodes: a large reservation after the window falls back to the scan", "[manager]") {
    // 40 nodes; a reservation on nodes 0..29 over [100,200) covers 30 > 40 / 4 nodes, so the query takes
    // the scan; nodes 0..29 are idle over [0,50) and are the lowest.
    AvailabilityProfile p(40, 0.0_s);
    Nodes first30(30);
    for (LocalNodeIndex n = 0; n < 30; ++n) first30[n] = n;
    p.add(first30, 100.0_s, 200.0_s, 7, BookingKind::Reservation);
    CHECK(p.lowest_idle_nodes(3, 0.0_s, 50.0_s) == Nodes{0, 1, 2});
    CHECK(p.lowest_idle_nodes(3, 0.0_s, 150.0_s) == Nodes{30, 31, 32});
    CHECK(p.lowest_idle_nodes(11, 0.0_s, 150.0_s).empty());  // 10 nodes (30..39) are idle then
    // A booking that has ended but is not pruned yet (set_now not called): its node is idle after it.
    p.add({35}, 0.0_s, 5.0_s, 8, BookingKind::Running);
    CHECK(p.lowest_idle_nodes(2, 150.0_s - 140.0_s, 150.0_s) == Nodes{30, 31});
    CHECK(p.lowest_idle_nodes(10, 5.0_s, 150.0_s) == Nodes{30, 31, 32, 33, 34, 35, 36, 37, 38, 39});
    CHECK(p.lowest_idle_nodes(10, 4.0_s, 150.0_s).empty());  // node 35 is busy until 5
}

TEST_CASE("lowest_idle_nodes: the bitmap follows bookings across word boundaries", "[manager]") {
    // 130 nodes: three 64-bit words, the last one partly used.
    AvailabilityProfile p(130, 0.0_s);
    CHECK(p.empty_node_count() == 130);
    p.add({63, 64, 129}, 0.0_s, 10.0_s, 1, BookingKind::Running);
    CHECK(p.empty_node_count() == 127);
    CHECK(p.next_empty_node(63) == 65);
    CHECK(p.next_empty_node(128) == 128);
    CHECK(p.next_empty_node(129) == 130);
    CHECK(p.update_end(1, 20.0_s));  // longer: still booked, still not empty
    CHECK(p.empty_node_count() == 127);
    p.add({128}, 30.0_s, 40.0_s, 2, BookingKind::PlaceHolder);
    CHECK(p.next_empty_node(128) == 130);
    CHECK(p.clear_placeholders() == std::vector<TaskId>{2});
    CHECK(p.next_empty_node(128) == 128);
    Nodes all(130);
    for (LocalNodeIndex n = 0; n < 130; ++n) all[n] = n;
    Nodes expected = all;  // over [0,20) every node but 63, 64, 129
    expected.erase(std::remove_if(expected.begin(), expected.end(),
                                  [](LocalNodeIndex n) { return n == 63 || n == 64 || n == 129; }),
                   expected.end());
    CHECK(p.lowest_idle_nodes(127, 0.0_s, 20.0_s) == expected);
    CHECK(p.lowest_idle_nodes(128, 0.0_s, 20.0_s).empty());
    CHECK(p.lowest_idle_nodes(130, 20.0_s, 21.0_s) == all);  // booking 1 ends at 20
    CHECK(p.set_now(20.0_s) == std::vector<TaskId>{1});
    CHECK(p.empty_node_count() == 130);
}

namespace {

struct RefBooking {
    Nodes nodes;
    SimTime start;
    SimTime end;
    BookingKind kind;
};

/// Brute force from the test's own copy of the bookings: a node is idle over [s, e) iff none of its
/// bookings [a, b) has a < e and s < b (the same half-open comparisons as AvailabilityProfile::is_idle).
Nodes reference_lowest(const std::map<TaskId, RefBooking>& bookings, std::uint32_t node_count, std::uint32_t k,
                       SimTime s, SimTime e) {
    std::vector<char> busy(node_count, 0);
    for (const auto& [owner, b] : bookings)
        if (b.start < e && s < b.end)
            for (LocalNodeIndex n : b.nodes) busy[n] = 1;
    Nodes idle;
    for (LocalNodeIndex n = 0; n < node_count; ++n)
        if (!busy[n]) idle.push_back(n);
    if (k == 0 || idle.size() < k) return {};
    idle.resize(k);
    return idle;
}

}  // namespace

TEST_CASE("lowest_idle_nodes: randomized cross-check of the fast path against a brute-force scan", "[manager]") {
    std::mt19937_64 rng(20261122);
    for (std::uint32_t node_count : {1u, 7u, 64u, 65u, 200u}) {
        AvailabilityProfile p(node_count, 0.0_s);
        std::map<TaskId, RefBooking> ref;
        TaskId next_owner = 1;
        SimTime now;
        auto secs = [](int v) { return SimTime::from_whole_seconds(v); };
        // Integer times make touching intervals and windows that end exactly at a booking's start common.
        std::uniform_int_distribution<int> small(0, 12);
        std::uniform_int_distribution<int> pick_op(0, 9);
        for (int step = 0; step < 1500; ++step) {
            const int op = pick_op(rng);
            if (op <= 3) {
                // Book k nodes over a random window (start may be in the past): the lowest idle ones, or the
                // highest, so that booked and empty nodes interleave.
                const auto k = static_cast<std::uint32_t>(
                    1 + std::uniform_int_distribution<std::uint32_t>(0, std::max(1u, node_count / 3) - 1)(rng));
                const SimTime start = now - secs(3) + secs(small(rng));
                const SimTime end = small(rng) == 0 ? kInf : start + secs(1 + small(rng));
                const auto kind = static_cast<BookingKind>(std::uniform_int_distribution<int>(0, 2)(rng));
                Nodes nodes = p.lowest_idle_nodes(std::min(k, node_count), start, end);
                if (nodes.empty()) continue;
                if (rng() % 2) {
                    // Same count from the top of the idle list instead.
                    Nodes idle = p.idle_nodes(start, end);
                    nodes.assign(idle.end() - static_cast<std::ptrdiff_t>(nodes.size()), idle.end());
                }
                p.add(nodes, start, end, next_owner, kind);
                ref[next_owner++] = RefBooking{nodes, start, end, kind};
            } else if (op == 4 && !ref.empty()) {
                auto it = std::next(ref.begin(), static_cast<std::ptrdiff_t>(rng() % ref.size()));
                CHECK(p.remove(it->first));
                ref.erase(it);
            } else if (op == 5 && !ref.empty()) {
                auto it = std::next(ref.begin(), static_cast<std::ptrdiff_t>(rng() % ref.size()));
                const SimTime end = it->second.start + secs(1 + small(rng));
                if (p.update_end(it->first, end)) it->second.end = end;
            } else if (op == 6) {
                now += SimTime::from_ns(small(rng) * std::int64_t{250'000'000});  // quarter seconds
                const auto pruned = p.set_now(now);
                for (TaskId o : pruned) {
                    REQUIRE(ref.count(o));
                    CHECK(ref[o].end <= now);
                    ref.erase(o);
                }
            } else if (op == 7 && rng() % 4 == 0) {
                for (TaskId o : p.clear_placeholders()) {
                    CHECK(ref[o].kind == BookingKind::PlaceHolder);
                    ref.erase(o);
                }
            } else if (op == 8 && !ref.empty()) {
                auto it = std::next(ref.begin(), static_cast<std::ptrdiff_t>(rng() % ref.size()));
                const auto kind = static_cast<BookingKind>(std::uniform_int_distribution<int>(0, 2)(rng));
                CHECK(p.set_kind(it->first, kind));
                it->second.kind = kind;
            }
            // The bitmap agrees with the timelines.
            std::uint32_t empty = 0;
            LocalNodeIndex expect_next = node_count;
            for (LocalNodeIndex n = node_count; n-- > 0;) {
                if (p.timeline(n).empty()) {
                    ++empty;
                    expect_next = n;
                }
                if (n % 13 == 0) REQUIRE(p.next_empty_node(n) == expect_next);
            }
            REQUIRE(p.empty_node_count() == empty);
            // Queries: random windows around now, every k, plus degenerate and unbounded windows.
            for (int q = 0; q < 6; ++q) {
                const SimTime s = now - secs(4) + secs(small(rng));
                SimTime e = s + secs(small(rng));  // e == s sometimes: an empty window
                if (q == 5) e = kInf;
                const auto k = std::uniform_int_distribution<std::uint32_t>(0, node_count + 1)(rng);
                const Nodes expected = reference_lowest(ref, node_count, k, s, e);
                INFO("nodes " << node_count << " step " << step << " k " << k << " window [" << s << ", " << e << ")");
                REQUIRE(p.lowest_idle_nodes(k, s, e) == expected);
                REQUIRE(rmsim::lowest_idle_units(p, k, s, e) == expected);
                Nodes scan = p.idle_nodes(s, e);  // the exact scan the fast path must reproduce
                if (k == 0 || scan.size() < k) {
                    scan.clear();
                } else {
                    scan.resize(k);
                }
                REQUIRE(scan == expected);
            }
        }
    }
}
