// AvailabilityProfile::clear_placeholders (manager/availability_placeholders.cpp): every place-holder removed
// at once, each node compacted in one pass, with the idle periods the earliest-start sweep reads kept in step
// (Machovec Ch.3 §3.3.1); hand-computed examples. The randomized cross-check against a brute-force reference
// is in test_availability_profile.cpp.
#include <catch2/catch.hpp>

#include <optional>
#include <vector>

#include "manager/availability_profile.h"

using namespace rmsim;
using namespace rmsim::time_literals;
using Nodes = std::vector<LocalNodeIndex>;

namespace {

std::vector<TaskId> owners_of(const Timeline& tl) {
    std::vector<TaskId> out;
    for (const BusyInterval& iv : tl) out.push_back(iv.owner);
    return out;
}

}  // namespace

// 2 nodes, now 0. Node 0: running 1 over [0,10), place-holder 2 over [10,20), reservation 3 over [20,30),
// place-holder 4 over [30,40). Node 1: place-holders 2 and 4 only (they hold both nodes).
TEST_CASE("availability placeholders: runs of place-holders go, the periods around them merge", "[manager]") {
    AvailabilityProfile p(2);
    p.add(Nodes{0}, 0.0_s, 10.0_s, 1, BookingKind::Running);
    CHECK(p.earliest_start(2, 10.0_s, 0.0_s) == std::optional<SimTime>(10.0_s));  // builds the void index
    p.add(Nodes{0, 1}, 10.0_s, 20.0_s, 2, BookingKind::PlaceHolder);
    p.add(Nodes{0}, 20.0_s, 30.0_s, 3, BookingKind::Reservation);
    p.add(Nodes{0, 1}, 30.0_s, 40.0_s, 4, BookingKind::PlaceHolder);
    // Node 0 is busy until 40; node 1 is idle over [20,30) and from 40.
    CHECK(p.earliest_start(2, 10.0_s, 0.0_s) == std::optional<SimTime>(40.0_s));
    CHECK(p.earliest_start(1, 10.0_s, 0.0_s) == std::optional<SimTime>(0.0_s));   // node 1 before 10
    CHECK(p.earliest_start(1, 11.0_s, 0.0_s) == std::optional<SimTime>(40.0_s));  // [20,30) too short

    CHECK(p.clear_placeholders() == std::vector<TaskId>{2, 4});
    CHECK(owners_of(p.timeline(0)) == std::vector<TaskId>{1, 3});
    CHECK(p.timeline(1).empty());
    CHECK(p.booking_count() == 2);
    CHECK(p.booking(2) == nullptr);
    CHECK(p.empty_node_count() == 1);
    // Node 0 is idle over [10,20) and from 30; node 1 always.
    CHECK(p.earliest_start(2, 10.0_s, 0.0_s) == std::optional<SimTime>(10.0_s));  // an exact fit
    CHECK(p.earliest_start(2, 11.0_s, 0.0_s) == std::optional<SimTime>(30.0_s));
    CHECK(p.earliest_start(1, 50.0_s, 0.0_s) == std::optional<SimTime>(0.0_s));
    CHECK(p.clear_placeholders().empty());
    // The same place-holders again: the same answers as before the clear.
    p.add(Nodes{0, 1}, 10.0_s, 20.0_s, 2, BookingKind::PlaceHolder);
    p.add(Nodes{0, 1}, 30.0_s, 40.0_s, 4, BookingKind::PlaceHolder);
    CHECK(p.earliest_start(2, 10.0_s, 0.0_s) == std::optional<SimTime>(40.0_s));
    CHECK(p.earliest_start(1, 11.0_s, 0.0_s) == std::optional<SimTime>(40.0_s));
}

TEST_CASE("availability placeholders: a node holding only place-holders becomes empty", "[manager]") {
    AvailabilityProfile p(3);
    CHECK(p.earliest_start(3, 5.0_s, 0.0_s) == std::optional<SimTime>(0.0_s));
    p.add(Nodes{1, 2}, 5.0_s, 15.0_s, 7, BookingKind::PlaceHolder);
    p.add(Nodes{2}, 15.0_s, 25.0_s, 8, BookingKind::PlaceHolder);
    p.add(Nodes{0}, 0.0_s, 100.0_s, 9, BookingKind::Running);
    CHECK(p.empty_node_count() == 0);
    CHECK(p.earliest_start(2, 5.0_s, 0.0_s) == std::optional<SimTime>(0.0_s));   // nodes 1 and 2 before 5
    CHECK(p.earliest_start(2, 6.0_s, 0.0_s) == std::optional<SimTime>(25.0_s));  // node 1 from 15, node 2 from 25
    CHECK(p.clear_placeholders() == std::vector<TaskId>{7, 8});
    CHECK(p.empty_node_count() == 2);
    CHECK(p.next_empty_node(0) == 1);
    CHECK(p.earliest_start(2, 6.0_s, 0.0_s) == std::optional<SimTime>(0.0_s));
    CHECK(p.earliest_start(3, 6.0_s, 0.0_s) == std::optional<SimTime>(100.0_s));
}
