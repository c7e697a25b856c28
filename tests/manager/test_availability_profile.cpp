// Tests of the per-cluster availability profile (manager/availability_profile.h): earliest-start queries
// with backfilling into voids, the §3.3.7 node choice (Machovec Ch.3, Fig. 21), bookkeeping, and a
// randomized cross-check against a brute-force reference.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdint>
#include <limits>
#include <map>
#include <optional>
#include <random>
#include <stdexcept>
#include <tuple>
#include <vector>

#include "manager/availability_profile.h"

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

TEST_CASE("availability_profile: an empty cluster starts at not_before or now", "[manager]") {
    AvailabilityProfile p(8, 100.0_s);
    CHECK(p.earliest_start(8, 50.0_s, 0.0_s) == std::optional<SimTime>(100.0_s));  // clamped to now
    CHECK(p.earliest_start(3, 50.0_s, 130.0_s) == std::optional<SimTime>(130.0_s));
    CHECK_FALSE(p.earliest_start(9, 1.0_s, 0.0_s).has_value());  // more nodes than the cluster has
    CHECK(p.choose_nodes(3, 100.0_s, 5.0_s) == Nodes{0, 1, 2});  // all equal: lowest indices
    CHECK_THROWS_AS(p.earliest_start(0, 1.0_s, 0.0_s), std::invalid_argument);
    CHECK_THROWS_AS(p.earliest_start(1, 0.0_s, 0.0_s), std::invalid_argument);
}

// 4 nodes. Running A on {0,1} over [0,10); permanent reservation B on all 4 over [20,30).
// Idle periods: nodes 0,1: [10,20) and [30,inf); nodes 2,3: [0,20) and [30,inf).
TEST_CASE("availability_profile: earliest start backfills into voids before a reservation", "[manager]") {
    AvailabilityProfile p(4, 0.0_s);
    p.add({0, 1}, 0.0_s, 10.0_s, 1, BookingKind::Running);
    p.add({0, 1, 2, 3}, 20.0_s, 30.0_s, 2, BookingKind::Reservation);

    CHECK(p.earliest_start(2, 5.0_s, 0.0_s) == std::optional<SimTime>(0.0_s));    // nodes 2,3 in [0,20)
    CHECK(p.earliest_start(2, 20.0_s, 0.0_s) == std::optional<SimTime>(0.0_s));   // 0 + 20 <= 20: exact fit
    CHECK(p.earliest_start(2, 21.0_s, 0.0_s) == std::optional<SimTime>(30.0_s));  // fits no void: after B
    CHECK(p.earliest_start(3, 5.0_s, 0.0_s) == std::optional<SimTime>(10.0_s));   // [10,15) on all four
    CHECK(p.earliest_start(4, 10.0_s, 0.0_s) == std::optional<SimTime>(10.0_s));  // 10 + 10 <= 20
    CHECK(p.earliest_start(3, 10.5_s, 0.0_s) == std::optional<SimTime>(30.0_s));  // 10 + 10.5_s > 20
    CHECK(p.earliest_start(3, 5.0_s, 12.5_s) == std::optional<SimTime>(12.5_s));  // inside the void
    CHECK(p.earliest_start(3, 5.0_s, 16.0_s) == std::optional<SimTime>(30.0_s));  // 16 + 5 > 20

    // Node choice for 3 nodes over [10,15): nodes 0,1 continue right after A (void_delta 0, period [10,20)
    // of length 10); nodes 2,3 leave the void [0,10) before the task (void_delta +1, period 20): take 0, 1
    // and then the lower index of the tie 2/3.
    auto c0 = p.placement_cost(0, 10.0_s, 5.0_s);
    auto c2 = p.placement_cost(2, 10.0_s, 5.0_s);
    REQUIRE(c0);
    REQUIRE(c2);
    CHECK(c0->void_delta == 0);
    CHECK(c0->period_length == (20.0_s - 10.0_s));
    CHECK(c2->void_delta == 1);
    CHECK(c2->period_length == (20.0_s - 0.0_s));
    CHECK(c2->gap_before == (10.0_s - 0.0_s));
    CHECK(p.choose_nodes(3, 10.0_s, 5.0_s) == Nodes{0, 1, 2});
    CHECK_FALSE(p.placement_cost(0, 5.0_s, 5.0_s).has_value());  // A runs until 10
    CHECK(p.choose_nodes(4, 25.0_s, 5.0_s).empty());             // B holds every node

    // Starting now on 1 node for 20 s: nodes 2,3 fit their void [0,20) exactly (void_delta -1) and beat
    // nodes 0,1 (busy at 0); node 2 by index.
    CHECK(p.placement_cost(2, 0.0_s, 20.0_s)->void_delta == -1);
    CHECK(p.reserve(1, 0.0_s, 20.0_s, 3, BookingKind::Running) == Nodes{2});
    CHECK(p.earliest_start(2, 5.0_s, 0.0_s) == std::optional<SimTime>(10.0_s));  // node 3 alone until 10
}

// Node 0 is idle over [0,5) and node 1 over [5,10): a count profile sees one idle node throughout [0,10),
// yet no single node is idle for 10 s before both become free for good at 100.
TEST_CASE("availability_profile: count-profile counterexample is handled per node", "[manager]") {
    AvailabilityProfile p(2, 0.0_s);
    p.add({0}, 5.0_s, 100.0_s, 1, BookingKind::Running);
    p.add({1}, 0.0_s, 5.0_s, 2, BookingKind::Running);
    p.add({1}, 10.0_s, 100.0_s, 3, BookingKind::Reservation);
    CHECK(p.earliest_start(1, 10.0_s, 0.0_s) == std::optional<SimTime>(100.0_s));
    CHECK(p.earliest_start(1, 6.0_s, 0.0_s) == std::optional<SimTime>(100.0_s));
    CHECK(p.earliest_start(1, 5.0_s, 0.0_s) == std::optional<SimTime>(0.0_s));  // node 0: [0,5)
    CHECK(p.earliest_start(1, 5.0_s, 1.0_s) == std::optional<SimTime>(5.0_s));  // node 1: [5,10)
    CHECK(p.earliest_start(2, 5.0_s, 0.0_s) == std::optional<SimTime>(100.0_s));
    CHECK(p.choose_nodes(1, 5.0_s, 5.0_s) == Nodes{1});
}

TEST_CASE("availability_profile: no start at or after the deadline", "[manager]") {
    // Same schedule as the backfilling test: 3 nodes for 5 s can start at 10; 3 nodes for 15 s only at 30.
    AvailabilityProfile p(4, 0.0_s);
    p.add({0, 1}, 0.0_s, 10.0_s, 1, BookingKind::Running);
    p.add({0, 1, 2, 3}, 20.0_s, 30.0_s, 2, BookingKind::Reservation);
    CHECK_FALSE(p.earliest_start(3, 5.0_s, 0.0_s, 10.0_s).has_value());  // start must be < 10
    CHECK(p.earliest_start(3, 5.0_s, 0.0_s, 10.5_s) == std::optional<SimTime>(10.0_s));
    CHECK_FALSE(p.earliest_start(3, 15.0_s, 0.0_s, 30.0_s).has_value());
    CHECK(p.earliest_start(3, 15.0_s, 0.0_s, 30.001_s) == std::optional<SimTime>(30.0_s));
    // A task may run past the deadline, only its start counts (Machovec Ch.3 §3.3.7).
    CHECK(p.earliest_start(4, 1000.0_s, 0.0_s, 31.0_s) == std::optional<SimTime>(30.0_s));
    CHECK_FALSE(p.earliest_start(1, 1.0_s, 50.0_s, 40.0_s).has_value());  // not_before after the deadline
}

TEST_CASE("availability_profile: place-holders are cleared, reservations stay", "[manager]") {
    AvailabilityProfile p(3, 0.0_s);
    p.add({0}, 0.0_s, 50.0_s, 10, BookingKind::Running);
    // Place-holders 12 and 11 and a permanent reservation 13 fill the rest.
    CHECK(p.reserve(1, 0.0_s, 40.0_s, 12, BookingKind::PlaceHolder) == Nodes{1});
    CHECK(p.reserve(1, 0.0_s, 30.0_s, 11, BookingKind::PlaceHolder) == Nodes{2});
    CHECK(p.reserve(2, 40.0_s, 10.0_s, 13, BookingKind::Reservation) == Nodes{1, 2});
    CHECK(p.earliest_start(1, 5.0_s, 0.0_s) == std::optional<SimTime>(30.0_s));  // node 2 after 11, before 13
    CHECK(p.clear_placeholders() == std::vector<TaskId>{11, 12});
    CHECK(p.booking(11) == nullptr);
    REQUIRE(p.booking(13) != nullptr);
    CHECK(p.booking(13)->kind == BookingKind::Reservation);
    CHECK(p.booking_count() == 2);
    CHECK(p.earliest_start(2, 40.0_s, 0.0_s) == std::optional<SimTime>(0.0_s));  // nodes 1,2 over [0,40)
    CHECK(p.earliest_start(2, 41.0_s, 0.0_s) == std::optional<SimTime>(50.0_s));
    CHECK(p.clear_placeholders().empty());
}

// Machovec Ch.3 §3.3.7, Fig. 21. The figure is not in the text; we rebuild a 10-node cluster (n0..n9) that
// matches everything the text states: task t needs 3 nodes; at the earliest time with 3 idle nodes, 4 are
// idle (n3..n6); n6 then n5 are chosen by criterion 1, n3 by criterion 2; n4 is not chosen.
// Times (s), now = 0, t lasts 5 s, so the earliest start s = 10 and e = 15:
//   n0,n1,n2,n7,n8,n9: running tasks until 30, 40, 35, 50, 45, 60 (busy at 10: not candidates).
//   n6: a task over [0,10), and a reservation from 15: t fits the void [10,15) exactly, which removes a
//       void (void_delta -1): chosen first.
//   n5: a task over [0,10), then idle for good: t follows it directly and leaves no void (void_delta 0):
//       chosen second. These two distinct criterion-1 levels give "n6 and n5 ... in that order".
//   n3: a task over [0,6), idle [6,25), a reservation from 25; n4: a task over [0,2), idle [2,40), a
//       reservation from 40. On both, t leaves an idle void before it (void_delta +1: [6,10) resp. [2,10);
//       the remainders [15,25) resp. [15,40) replace the old void). Criterion 2 compares the voids t
//       would be inserted into (the red arrows): 25 - 6 = 19 for n3 < 40 - 2 = 38 for n4, so n3 is chosen.
// Before 10 only n3 and n4 are idle (n5, n6 run until 10), so the earliest start is indeed 10.
TEST_CASE("availability_profile: node choice reproduces Machovec Fig. 21", "[manager]") {
    AvailabilityProfile p(10, 0.0_s);
    TaskId id = 100;
    const std::vector<std::pair<LocalNodeIndex, SimTime>> busy_until = {{0, 30.0_s}, {1, 40.0_s}, {2, 35.0_s},
                                                                        {7, 50.0_s}, {8, 45.0_s}, {9, 60.0_s}};
    for (auto [n, end] : busy_until) p.add({n}, 0.0_s, end, id++, BookingKind::Running);
    p.add({3}, 0.0_s, 6.0_s, id++, BookingKind::Running);
    p.add({3}, 25.0_s, 60.0_s, id++, BookingKind::Reservation);
    p.add({4}, 0.0_s, 2.0_s, id++, BookingKind::Running);
    p.add({4}, 40.0_s, 60.0_s, id++, BookingKind::Reservation);
    p.add({5}, 0.0_s, 10.0_s, id++, BookingKind::Running);
    p.add({6}, 0.0_s, 10.0_s, id++, BookingKind::Running);
    p.add({6}, 15.0_s, 60.0_s, id++, BookingKind::Reservation);

    const SimTime d = 5.0_s;
    const auto s = p.earliest_start(3, d, 0.0_s);
    REQUIRE(s == std::optional<SimTime>(10.0_s));
    CHECK(p.idle_nodes(10.0_s, 15.0_s) == Nodes{3, 4, 5, 6});

    const auto c3 = p.placement_cost(3, *s, d);
    const auto c4 = p.placement_cost(4, *s, d);
    const auto c5 = p.placement_cost(5, *s, d);
    const auto c6 = p.placement_cost(6, *s, d);
    REQUIRE((c3 && c4 && c5 && c6));
    CHECK(c6->void_delta == -1);
    CHECK(c5->void_delta == 0);
    CHECK(c3->void_delta == 1);
    CHECK(c4->void_delta == 1);
    CHECK(c3->period_length == (25.0_s - 6.0_s));
    CHECK(c4->period_length == (40.0_s - 2.0_s));
    CHECK(c5->period_length == kInf);
    CHECK(c6->period_length == (15.0_s - 10.0_s));

    CHECK(p.choose_nodes(1, *s, d) == Nodes{6});
    CHECK(p.choose_nodes(2, *s, d) == Nodes{5, 6});
    CHECK(p.choose_nodes(3, *s, d) == Nodes{3, 5, 6});  // n4 not picked
    CHECK(p.reserve(3, *s, d, 1, BookingKind::Reservation) == Nodes{3, 5, 6});
    CHECK(p.booking(1)->nodes == Nodes{3, 5, 6});
}

// add() keeps a node's first interval and last end from the insertion point alone (the head, the tail, or
// between two intervals), without reading the timeline back; the node choice reads them. Node 0 gets
// [10,20), then [0,5) before it, [30,40) after it and [22,25) between; node 1 stays empty.
TEST_CASE("availability_profile: bookings at the head, the tail and between keep the node's bounds", "[manager]") {
    AvailabilityProfile p(3, 0.0_s);
    p.add({0}, 10.0_s, 20.0_s, 1, BookingKind::Reservation);  // the first interval of an empty node
    p.add({0}, 0.0_s, 5.0_s, 2, BookingKind::Running);        // before it: the new first
    p.add({0}, 30.0_s, 40.0_s, 3, BookingKind::Reservation);  // after every one: the new last end
    p.add({0}, 22.0_s, 25.0_s, 4, BookingKind::Reservation);  // between two: neither bound moves
    p.add({2}, 100.0_s, 110.0_s, 5, BookingKind::Reservation);
    const auto& tl = p.timeline(0);
    REQUIRE(tl.size() == 4);
    CHECK((tl[0].owner == 2 && tl[1].owner == 1 && tl[2].owner == 4 && tl[3].owner == 3));
    // [5,10) is node 0's idle period between [0,5) and [10,20): an exact fit, -1 void; node 1 (empty) +1.
    CHECK(p.choose_nodes(1, 5.0_s, 5.0_s) == Nodes{0});
    // After node 0's last end, 40: no void left before it (0) against +1 on the empty node 1.
    CHECK(p.choose_nodes(1, 40.0_s, 10.0_s) == Nodes{0});
    // Node 2 before its first interval: [90,100) ends where it starts (-1) and a void opens before it (+1):
    // 0, against +1 on node 0 after 40 and on node 1; of those two, node 0 leaves the smaller gap (50 < 90).
    CHECK(p.choose_nodes(1, 90.0_s, 10.0_s) == Nodes{2});
    CHECK(p.choose_nodes(2, 90.0_s, 10.0_s) == Nodes{0, 2});
    // Between [20,22) and [25,30) nothing of 4 s fits on node 0: the empty node and node 2 before 100.
    CHECK(p.choose_nodes(2, 20.0_s, 4.0_s) == Nodes{1, 2});
    CHECK_THROWS_AS(p.add({0}, 24.0_s, 26.0_s, 6, BookingKind::Reservation), std::logic_error);
    CHECK(p.booking(6) == nullptr);
    CHECK(p.timeline(0).size() == 4);  // a refused booking changes nothing
}

// Criterion 2 is more than the index tie-break: with the voids of n3 and n4 swapped (n3: [2,40),
// n4: [6,25)), n4 has the smaller void (19 < 38) and is chosen instead of n3.
TEST_CASE("availability_profile: criterion 2 prefers the smaller void over the lower index", "[manager]") {
    AvailabilityProfile p(10, 0.0_s);
    TaskId id = 100;
    for (LocalNodeIndex n : {0u, 1u, 2u, 7u, 8u, 9u}) p.add({n}, 0.0_s, 30.0_s, id++, BookingKind::Running);
    p.add({3}, 0.0_s, 2.0_s, id++, BookingKind::Running);
    p.add({3}, 40.0_s, 60.0_s, id++, BookingKind::Reservation);
    p.add({4}, 0.0_s, 6.0_s, id++, BookingKind::Running);
    p.add({4}, 25.0_s, 60.0_s, id++, BookingKind::Reservation);
    p.add({5}, 0.0_s, 10.0_s, id++, BookingKind::Running);
    p.add({6}, 0.0_s, 10.0_s, id++, BookingKind::Running);
    p.add({6}, 15.0_s, 60.0_s, id++, BookingKind::Reservation);
    CHECK(p.choose_nodes(3, 10.0_s, 5.0_s) == Nodes{4, 5, 6});

    // Between tails (infinite periods) the smaller idle gap before the task wins: n1 freed at 8 leaves the
    // void [8,10), n0 freed at 4 leaves [4,10).
    AvailabilityProfile q(3, 0.0_s);
    q.add({0}, 0.0_s, 4.0_s, 1, BookingKind::Running);
    q.add({1}, 0.0_s, 8.0_s, 2, BookingKind::Running);
    q.add({2}, 0.0_s, 20.0_s, 3, BookingKind::Running);
    CHECK(q.placement_cost(0, 10.0_s, 5.0_s)->gap_before == (10.0_s - 4.0_s));
    CHECK(q.choose_nodes(1, 10.0_s, 5.0_s) == Nodes{1});
}

TEST_CASE("availability_profile: idle time before now is not a void", "[manager]") {
    AvailabilityProfile p(2, 0.0_s);
    p.add({0}, 0.0_s, 3.0_s, 1, BookingKind::Running);
    p.add({1}, 0.0_s, 7.0_s, 2, BookingKind::Running);
    CHECK(p.set_now(8.0_s) == std::vector<TaskId>{1, 2});  // both ended: pruned
    // At now = 8 both nodes are simply idle: starting now leaves no void (void_delta 0, gap 0).
    CHECK(p.placement_cost(0, 8.0_s, 1.0_s)->void_delta == 0);
    CHECK(p.placement_cost(0, 8.0_s, 1.0_s)->gap_before == 0.0_s);
    // Starting at 12 leaves the void [8,12) on either node.
    CHECK(p.placement_cost(1, 12.0_s, 1.0_s)->void_delta == 1);
    CHECK(p.placement_cost(1, 12.0_s, 1.0_s)->gap_before == (12.0_s - 8.0_s));
}

TEST_CASE("availability_profile: set_now prunes finished bookings without changing answers", "[manager]") {
    AvailabilityProfile p(3, 0.0_s);
    p.add({0, 1}, 0.0_s, 10.0_s, 1, BookingKind::Running);
    p.add({2}, 0.0_s, 30.0_s, 2, BookingKind::Running);
    p.add({0}, 20.0_s, 40.0_s, 3, BookingKind::Reservation);
    CHECK(p.earliest_start(2, 10.0_s, 12.0_s) == std::optional<SimTime>(30.0_s));  // node 0 busy from 20
    CHECK(p.earliest_start(2, 8.0_s, 12.0_s) == std::optional<SimTime>(12.0_s));   // nodes 0,1; 12 + 8 <= 20
    CHECK(p.set_now(10.0_s) == std::vector<TaskId>{1});
    CHECK(p.timeline(0).size() == 1);
    CHECK(p.booking_count() == 2);
    CHECK(p.earliest_start(2, 10.0_s, 12.0_s) == std::optional<SimTime>(30.0_s));
    CHECK(p.earliest_start(2, 8.0_s, 12.0_s) == std::optional<SimTime>(12.0_s));
    CHECK(p.earliest_start(2, 8.0_s, 0.0_s) == std::optional<SimTime>(10.0_s));  // never before now
    CHECK_FALSE(p.remove(1));                                                    // already pruned
    CHECK_THROWS_AS(p.set_now(5.0_s), std::invalid_argument);
}

TEST_CASE("availability_profile: a new projected end shrinks or extends a booking", "[manager]") {
    AvailabilityProfile p(2, 0.0_s);
    p.add({0, 1}, 0.0_s, 10.0_s, 1, BookingKind::Running);
    p.add({1}, 20.0_s, 30.0_s, 2, BookingKind::Reservation);
    CHECK(p.earliest_start(2, 5.0_s, 0.0_s) == std::optional<SimTime>(10.0_s));
    REQUIRE(p.update_end(1, 6.0_s));  // finishes earlier, e.g. at a faster P-state
    CHECK(p.earliest_start(2, 5.0_s, 0.0_s) == std::optional<SimTime>(6.0_s));
    CHECK(p.booking(1)->end == 6.0_s);
    CHECK(p.timeline(1).front().end == 6.0_s);
    CHECK_FALSE(p.update_end(1, 21.0_s));  // would overlap reservation 2 on node 1: nothing changes
    CHECK(p.booking(1)->end == 6.0_s);
    REQUIRE(p.update_end(1, 20.0_s));                                            // touching is fine
    CHECK(p.earliest_start(1, 5.0_s, 0.0_s) == std::optional<SimTime>(20.0_s));  // node 0
    CHECK(p.earliest_start(2, 5.0_s, 0.0_s) == std::optional<SimTime>(30.0_s));
    CHECK_FALSE(p.update_end(99, 5.0_s));
    CHECK_THROWS_AS(p.update_end(1, 0.0_s), std::invalid_argument);
    CHECK(p.set_kind(2, BookingKind::Running));
    CHECK(p.booking(2)->kind == BookingKind::Running);
    CHECK_FALSE(p.set_kind(99, BookingKind::Running));
}

TEST_CASE("availability_profile: bad bookings are rejected", "[manager]") {
    AvailabilityProfile p(3, 0.0_s);
    p.add({0, 1}, 0.0_s, 10.0_s, 1, BookingKind::Running);
    CHECK_THROWS_AS(p.add({1, 2}, 5.0_s, 15.0_s, 2, BookingKind::Running), std::logic_error);  // node 1 busy
    CHECK(p.booking(2) == nullptr);
    CHECK(p.timeline(2).empty());                                                                // nothing half-added
    CHECK_THROWS_AS(p.add({2}, 5.0_s, 15.0_s, 1, BookingKind::Running), std::invalid_argument);  // owner twice
    CHECK_THROWS_AS(p.add({2, 2}, 5.0_s, 15.0_s, 3, BookingKind::Running), std::invalid_argument);
    CHECK_THROWS_AS(p.add({3}, 5.0_s, 15.0_s, 3, BookingKind::Running), std::invalid_argument);  // no node 3
    CHECK_THROWS_AS(p.add({2}, 5.0_s, 5.0_s, 3, BookingKind::Running), std::invalid_argument);
    CHECK_THROWS_AS(p.add({}, 5.0_s, 6.0_s, 3, BookingKind::Running), std::invalid_argument);
    p.add({1, 2}, 10.0_s, 15.0_s, 3, BookingKind::Running);  // touching A's end is fine
    CHECK(p.timeline(1).size() == 2);
    CHECK(p.reserve(3, 12.0_s, 1.0_s, 4, BookingKind::Reservation).empty());  // only node 0 idle then
    CHECK(p.booking(4) == nullptr);
}

TEST_CASE("availability_profile: nodes given in any order are booked ascending, the caller's list untouched",
          "[manager]") {
    AvailabilityProfile p(8, 0.0_s, 4);  // two groups of 4 (two 4-core nodes)
    const Nodes given{6, 1, 4, 0};
    p.add(given, 0.0_s, 10.0_s, 1, BookingKind::Running);
    CHECK(given == Nodes{6, 1, 4, 0});
    CHECK(p.booking(1)->nodes == Nodes{0, 1, 4, 6});
    CHECK(p.empty_node_count() == 4);
    // Both groups have 2 empty nodes (2, 3 and 5, 7): packing 2 takes the lower group.
    CHECK(p.packed_idle_nodes(2, 0.0_s, 5.0_s) == Nodes{2, 3});
    CHECK(p.packed_idle_nodes(3, 0.0_s, 5.0_s) == Nodes{2, 3, 5});
    CHECK_FALSE(p.booking(1)->ahead);
    p.add({3}, 20.0_s, 30.0_s, 2, BookingKind::Reservation);  // after now: listed by its start
    CHECK(p.booking(2)->ahead);
    CHECK_FALSE(p.nothing_booked_ahead(0.0_s));
    REQUIRE(p.remove(2));
    CHECK(p.nothing_booked_ahead(0.0_s));
    REQUIRE(p.remove(1));
    CHECK(p.empty_node_count() == 8);
    CHECK(p.packed_idle_nodes(4, 0.0_s, 5.0_s) == Nodes{0, 1, 2, 3});
    CHECK(p.packed_idle_nodes(5, 0.0_s, 5.0_s) == Nodes{0, 1, 2, 3, 4});
}

TEST_CASE("availability_profile: the lowest empty nodes from an index, a bitmap word at a time", "[manager]") {
    AvailabilityProfile p(130, 0.0_s);  // three words of the empty bitmap: nodes 0-63, 64-127, 128-129
    Nodes busy;
    for (LocalNodeIndex n = 60; n <= 70; ++n) busy.push_back(n);
    p.add(busy, 0.0_s, 10.0_s, 1, BookingKind::Running);
    Nodes out;
    p.append_empty_nodes(58, 5, out);  // 58, 59, then past the booked 60-70 (across a word): 71, 72, 73
    CHECK(out == Nodes{58, 59, 71, 72, 73});
    p.append_empty_nodes(127, 9, out);  // appended: only 127, 128, 129 are left from 127
    CHECK(out == Nodes{58, 59, 71, 72, 73, 127, 128, 129});
    out.clear();
    p.append_empty_nodes(130, 1, out);
    p.append_empty_nodes(0, 0, out);
    CHECK(out.empty());
    // What next_empty_node() finds one call at a time.
    p.append_empty_nodes(3, 60, out);
    LocalNodeIndex e = p.next_empty_node(3);
    for (LocalNodeIndex n : out) {
        CHECK(n == e);
        e = p.next_empty_node(e + 1);
    }
}

TEST_CASE("availability_profile: idle-node queries and Eq. 6 idle node-seconds", "[manager]") {
    AvailabilityProfile p(4, 0.0_s);
    p.add({0, 1}, 0.0_s, 10.0_s, 1, BookingKind::Running);
    p.add({2}, 5.0_s, 20.0_s, 2, BookingKind::Reservation);
    CHECK(p.idle_nodes_at(0.0_s) == Nodes{2, 3});
    CHECK(p.idle_nodes_at(10.0_s) == Nodes{0, 1, 3});  // [0,10) has ended at 10
    CHECK(p.idle_nodes(0.0_s, 5.0_s) == Nodes{2, 3});
    CHECK(p.idle_nodes(0.0_s, 6.0_s) == Nodes{3});
    CHECK(p.is_idle(2, 0.0_s, 5.0_s));
    CHECK_FALSE(p.is_idle(2, 4.0_s, 6.0_s));
    // Idle node-seconds over [0,24): 4 nodes * 24 s - busy (2 nodes * 10 s + 1 node * 15 s) = 96 - 35 = 61.
    CHECK(p.idle_node_seconds(0.0_s, 24.0_s) == Approx(4.0 * 24.0 - (2.0 * 10.0 + 15.0)).epsilon(1e-12));
    // Over [8,12): 16 - (2 * 2 + 1 * 4) = 8.
    CHECK(p.idle_node_seconds(8.0_s, 12.0_s) == Approx(16.0 - (2.0 * 2.0 + 4.0)).epsilon(1e-12));
}

TEST_CASE("availability_profile: an open-ended booking takes a node out for good", "[manager]") {
    AvailabilityProfile p(2, 0.0_s);
    p.add({0}, 0.0_s, kInf, 1, BookingKind::Running);
    CHECK_FALSE(p.earliest_start(2, 1.0_s, 0.0_s).has_value());
    CHECK(p.earliest_start(1, 1'000'000'000_s, 0.0_s) == std::optional<SimTime>(0.0_s));  // node 1
    CHECK(p.choose_nodes(1, 5.0_s, 1.0_s) == Nodes{1});
    CHECK(p.idle_node_seconds(0.0_s, 10.0_s) == (2.0 * 10.0 - 10.0));
    CHECK(p.set_now(1'000'000_s).empty());
    REQUIRE(p.remove(1));
    CHECK(p.earliest_start(2, 1.0_s, 0.0_s) == std::optional<SimTime>(1'000'000_s));
}

// How EASY backfilling (Machovec Ch.3 §3.3.4) uses the API: one permanent reservation for the head task at
// its earliest start; another task starts only if it can start now on nodes not needed by that reservation.
TEST_CASE("availability_profile: EASY backfilling never delays the head reservation", "[manager]") {
    AvailabilityProfile p(4, 0.0_s);
    p.add({0, 1, 2}, 0.0_s, 10.0_s, 1, BookingKind::Running);
    const auto head = p.earliest_start(4, 5.0_s, p.now());  // needs every node: at 10
    REQUIRE(head == std::optional<SimTime>(10.0_s));
    CHECK(p.reserve(4, *head, 5.0_s, 2, BookingKind::Reservation) == Nodes{0, 1, 2, 3});
    // 1 node for 8 s fits the void [0,10) of node 3: starts now.
    CHECK(p.earliest_start(1, 8.0_s, p.now()) == std::optional<SimTime>(0.0_s));
    CHECK(p.reserve(1, 0.0_s, 8.0_s, 3, BookingKind::Running) == Nodes{3});
    // 1 node for 12 s would overlap the head reservation anywhere before 15: cannot start now.
    CHECK(p.earliest_start(1, 12.0_s, p.now()) == std::optional<SimTime>(15.0_s));
    CHECK(p.booking(2)->start == 10.0_s);
}

// ---- randomized cross-check ----------------------------------------------------------------------------

namespace {

struct RefBooking {
    Nodes nodes;
    SimTime start;
    SimTime end;
    BookingKind kind;
};

/// Brute-force reference: a list of bookings, every query answered by scanning all of them.
struct Reference {
    std::uint32_t n;
    SimTime now;
    std::map<TaskId, RefBooking> bookings;

    bool idle(LocalNodeIndex node, SimTime s, SimTime e) const {
        for (const auto& [o, b] : bookings)
            if (std::count(b.nodes.begin(), b.nodes.end(), node) && b.start < e && b.end > s) return false;
        return true;
    }
    // Feasible starts are max(not_before, now) or the end of some booking (the start of an idle period).
    std::optional<SimTime> earliest(std::uint32_t k, SimTime d, SimTime nb, SimTime dl) const {
        const SimTime t0 = std::max(nb, now);
        std::vector<SimTime> cands{t0};
        for (const auto& [o, b] : bookings)
            if (b.end > t0) cands.push_back(b.end);
        std::sort(cands.begin(), cands.end());
        for (SimTime t : cands) {
            if (!(t < dl)) break;
            std::uint32_t count = 0;
            for (LocalNodeIndex node = 0; node < n; ++node) count += idle(node, t, t + d) ? 1 : 0;
            if (count >= k) return t;
        }
        return std::nullopt;
    }
    // The §3.3.7 cost from its definition: the idle period [a, b) around [s, e) found by scanning.
    std::optional<std::tuple<int, SimTime, SimTime>> cost(LocalNodeIndex node, SimTime s, SimTime d) const {
        const SimTime e = s + d;
        if (!idle(node, s, e)) return std::nullopt;
        SimTime prev_end = SimTime::negative_infinity();
        SimTime next_start = kInf;
        for (const auto& [o, b] : bookings) {
            if (!std::count(b.nodes.begin(), b.nodes.end(), node)) continue;
            if (b.end <= s) prev_end = std::max(prev_end, b.end);
            if (b.start >= e) next_start = std::min(next_start, b.start);
        }
        const SimTime a = std::max(prev_end, std::min(now, s));
        const int delta = (s > a ? 1 : 0) - (next_start < kInf && e == next_start ? 1 : 0);
        return std::make_tuple(delta, next_start - a, s - a);
    }
    Nodes choose(std::uint32_t k, SimTime s, SimTime d) const {
        std::vector<std::tuple<int, SimTime, SimTime, LocalNodeIndex>> all;
        for (LocalNodeIndex node = 0; node < n; ++node)
            if (auto c = cost(node, s, d)) all.emplace_back(std::get<0>(*c), std::get<1>(*c), std::get<2>(*c), node);
        if (all.size() < k) return {};
        std::sort(all.begin(), all.end());
        Nodes chosen;
        for (std::uint32_t i = 0; i < k; ++i) chosen.push_back(std::get<3>(all[i]));
        std::sort(chosen.begin(), chosen.end());
        return chosen;
    }
    std::vector<rmsim::BusyInterval> timeline(LocalNodeIndex node) const {
        std::vector<rmsim::BusyInterval> tl;
        for (const auto& [o, b] : bookings)
            if (std::count(b.nodes.begin(), b.nodes.end(), node)) tl.push_back({b.start, b.end, o});
        std::sort(tl.begin(), tl.end(), [](const auto& x, const auto& y) { return x.start < y.start; });
        return tl;
    }
    std::vector<TaskId> remove_if_kind_or_end(std::optional<BookingKind> kind, SimTime ended_by) {
        std::vector<TaskId> gone;
        for (auto it = bookings.begin(); it != bookings.end();) {
            if ((kind && it->second.kind == *kind) || it->second.end <= ended_by) {
                gone.push_back(it->first);
                it = bookings.erase(it);
            } else {
                ++it;
            }
        }
        return gone;
    }
};

}  // namespace

TEST_CASE("availability_profile: randomized cross-check against a brute-force reference", "[manager]") {
    std::mt19937_64 rng(20210615);
    auto uni = [&rng](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
    auto secs = [&uni](int lo, int hi) { return SimTime::from_whole_seconds(uni(lo, hi)); };
    const BookingKind kinds[] = {BookingKind::Running, BookingKind::Reservation, BookingKind::PlaceHolder};
    int feasible_queries = 0;
    int exact_fits = 0;

    // 40 small clusters, then 10 of 16-40 nodes, where bookings of many nodes part and join the nodes' shared
    // timelines (manager/availability_classes.cpp) more often.
    for (int scenario = 0; scenario < 50; ++scenario) {
        const std::uint32_t n = static_cast<std::uint32_t>(scenario < 40 ? uni(1, 7) : uni(16, 40));
        AvailabilityProfile p(n, 0.0_s);
        Reference ref{n, 0.0_s, {}};
        TaskId next_owner = 1;

        // Times on an integer grid so that touching intervals and exact fits are frequent.
        auto check_queries = [&]() {
            for (int q = 0; q < 6; ++q) {
                const auto k = static_cast<std::uint32_t>(uni(1, static_cast<int>(n) + 1));
                const SimTime d = secs(1, 12);
                const SimTime nb = ref.now + secs(-3, 15);
                const SimTime dl = uni(0, 3) == 0 ? rmsim::kNoDeadline : ref.now + secs(0, 40);
                const auto got = p.earliest_start(k, d, nb, dl);
                REQUIRE(got == ref.earliest(k, d, nb, dl));
                if (got) {
                    ++feasible_queries;
                    REQUIRE(p.choose_nodes(k, *got, d) == ref.choose(k, *got, d));
                }
                const SimTime s = ref.now + secs(0, 30);
                for (LocalNodeIndex node = 0; node < n; ++node) {
                    const auto c = p.placement_cost(node, s, d);
                    const auto rc = ref.cost(node, s, d);
                    REQUIRE(c.has_value() == rc.has_value());
                    if (c) {
                        REQUIRE(std::make_tuple(c->void_delta, c->period_length, c->gap_before) == *rc);
                        exact_fits += c->void_delta == -1 ? 1 : 0;
                    }
                }
                REQUIRE(p.choose_nodes(k, s, d) == ref.choose(k, s, d));
            }
            for (LocalNodeIndex node = 0; node < n; ++node) {
                const auto& tl = p.timeline(node);
                const auto rtl = ref.timeline(node);
                REQUIRE(tl.size() == rtl.size());
                for (std::size_t i = 0; i < tl.size(); ++i) {
                    REQUIRE(tl[i].start == rtl[i].start);
                    REQUIRE(tl[i].end == rtl[i].end);
                    REQUIRE(tl[i].owner == rtl[i].owner);
                }
            }
            REQUIRE(p.booking_count() == ref.bookings.size());
        };

        for (int step = 0; step < 60; ++step) {
            const int op = uni(0, 9);
            if (op <= 3) {  // plan a task at its earliest start, as every §3.3_s heuristic does
                const auto k = static_cast<std::uint32_t>(uni(1, static_cast<int>(n)));
                const SimTime d = secs(1, 10);
                const SimTime nb = ref.now + secs(0, 10);
                const auto t = p.earliest_start(k, d, nb);
                REQUIRE(t == ref.earliest(k, d, nb, kInf));
                REQUIRE(t.has_value());  // no deadline and k <= n: always possible
                const BookingKind kind = kinds[uni(0, 2)];
                const Nodes want = ref.choose(k, *t, d);
                REQUIRE(p.reserve(k, *t, d, next_owner, kind) == want);
                ref.bookings[next_owner++] = RefBooking{want, *t, *t + d, kind};
            } else if (op == 4) {  // a direct add on random nodes, when they are idle
                Nodes nodes;
                for (LocalNodeIndex node = 0; node < n; ++node)
                    if (uni(0, 1)) nodes.push_back(node);
                const SimTime s = ref.now + secs(-2, 20);
                const SimTime e = s + secs(1, 8);
                if (nodes.empty()) continue;
                bool ok = true;
                for (LocalNodeIndex node : nodes) ok = ok && ref.idle(node, s, e);
                if (ok) {
                    p.add(nodes, s, e, next_owner, BookingKind::Running);
                    ref.bookings[next_owner++] = RefBooking{nodes, s, e, BookingKind::Running};
                } else {
                    REQUIRE_THROWS_AS(p.add(nodes, s, e, next_owner, BookingKind::Running), std::logic_error);
                }
            } else if (op == 5) {  // remove an owner (sometimes one that no longer exists)
                const TaskId o = static_cast<TaskId>(uni(1, static_cast<int>(next_owner)));
                REQUIRE(p.remove(o) == (ref.bookings.erase(o) == 1));
            } else if (op == 6) {
                REQUIRE(p.clear_placeholders() ==
                        ref.remove_if_kind_or_end(BookingKind::PlaceHolder, SimTime::negative_infinity()));
            } else if (op == 7) {
                ref.now += secs(0, 4);
                REQUIRE(p.set_now(ref.now) == ref.remove_if_kind_or_end(std::nullopt, ref.now));
            } else {  // a new projected end
                if (ref.bookings.empty()) continue;
                auto it = ref.bookings.begin();
                std::advance(it, uni(0, static_cast<int>(ref.bookings.size()) - 1));
                const SimTime e = it->second.start + secs(1, 12);
                bool ok = true;
                for (LocalNodeIndex node : it->second.nodes)
                    for (const auto& [o, b] : ref.bookings)
                        if (o != it->first && std::count(b.nodes.begin(), b.nodes.end(), node) && b.start < e &&
                            b.end > it->second.start)
                            ok = false;
                REQUIRE(p.update_end(it->first, e) == ok);
                if (ok) it->second.end = e;
            }
            check_queries();
        }
    }
    // The random schedules did exercise backfilling and exact fits.
    CHECK(feasible_queries > 1000);
    CHECK(exact_fits > 50);
}

// 100 nodes, now 0. Task 1 runs on 0-49 over [0,100), task 2 on 50-99 over [0,80); place-holder 3 on 25-74 over
// [100,150) (after both). The nodes fall into 4 timelines: {1}, {1,3}, {2,3}, {2}. A booking of one node of a
// shared timeline gives it its own; clearing the place-holders joins 25-49 to 0-24 and 50-74 to 75-99 again.
TEST_CASE("availability_profile: nodes with equal timelines share one, joined again when what parts them goes",
          "[manager]") {
    AvailabilityProfile p(100, 0.0_s);
    CHECK(p.distinct_timelines() == 1);  // all empty
    Nodes a, b, ph;
    for (LocalNodeIndex n = 0; n < 50; ++n) a.push_back(n);
    for (LocalNodeIndex n = 50; n < 100; ++n) b.push_back(n);
    for (LocalNodeIndex n = 25; n < 75; ++n) ph.push_back(n);
    p.add(a, 0.0_s, 100.0_s, 1, BookingKind::Running);
    CHECK(p.distinct_timelines() == 2);  // {1} and the empty 50-99
    p.add(b, 0.0_s, 80.0_s, 2, BookingKind::Running);
    CHECK(p.distinct_timelines() == 2);  // {1}, {2}: nothing empty is left
    p.add(ph, 100.0_s, 150.0_s, 3, BookingKind::PlaceHolder);
    CHECK(p.distinct_timelines() == 4);
    // Node choice over [150, 160): every node is idle after its last interval. Nodes 25-74 end at 150 (no void
    // before the task: void_delta 0), the others at 100 or 80 (a void of 50 or 70 s: +1). The 10 best: 25-34.
    CHECK(p.choose_nodes(10, 150.0_s, 10.0_s) == Nodes{25, 26, 27, 28, 29, 30, 31, 32, 33, 34});
    // 60 nodes: the 50 of cost 0, then of the +1 nodes the smaller gap before the task (s - a: 50 s after task 1
    // against 70 s after task 2), i.e. nodes 0-24 by index: 0-9.
    Nodes want;
    for (LocalNodeIndex n = 0; n < 10; ++n) want.push_back(n);
    for (LocalNodeIndex n = 25; n < 75; ++n) want.push_back(n);
    CHECK(p.choose_nodes(60, 150.0_s, 10.0_s) == want);
    p.add(Nodes{30}, 150.0_s, 160.0_s, 4, BookingKind::Reservation);
    CHECK(p.distinct_timelines() == 5);  // node 30 leaves {1,3}
    p.clear_placeholders();
    CHECK(p.distinct_timelines() == 3);  // {1}: 0-29, 31-49; {1,4}: 30; {2}: 50-99
    CHECK(p.remove(4));
    CHECK(p.distinct_timelines() == 2);
    CHECK(p.timeline(30).size() == 1);
    CHECK(p.timeline(30)[0].owner == 1);
    CHECK(p.update_end(1, 80.0_s));
    CHECK(p.distinct_timelines() == 2);  // tasks 1 and 2 end alike but are different owners
    p.set_now(80.0_s);                   // both pruned: every node empty again
    CHECK(p.distinct_timelines() == 1);
    CHECK(p.empty_node_count() == 100);
    CHECK(p.earliest_start(100, 5.0_s, 0.0_s) == 80.0_s);
}
