// The availability profile's index of idle periods (manager/void_index.h): tails by start, finite periods by
// (start, end), with multiplicities, kept sorted in place; hand-computed examples.
#include <catch2/catch.hpp>

#include <stdexcept>
#include <vector>

#include "manager/void_index.h"

using namespace rmsim;

namespace {

SimTime s(int seconds) { return SimTime::from_whole_seconds(seconds); }
constexpr SimTime kInf = SimTime::infinity();

std::vector<int> tail_seconds(const VoidIndex& v) {
    std::vector<int> out;
    for (SimTime t : v.tail_starts()) out.push_back(t == SimTime::negative_infinity() ? -1 : int(t.to_seconds()));
    return out;
}

}  // namespace

TEST_CASE("void index: tails counted per start, cumulated in start order", "[manager]") {
    VoidIndex v;
    v.bump(s(10), kInf, +1);
    v.bump(s(5), kInf, +1);
    v.bump(s(10), kInf, +1);
    v.bump(SimTime::negative_infinity(), kInf, +1);  // a node with nothing booked
    CHECK(tail_seconds(v) == std::vector<int>{-1, 5, 10});
    CHECK(v.tail_cum() == std::vector<std::uint32_t>{1, 2, 4});
    v.bump(s(5), kInf, -1);  // the last tail at 5 goes, the key with it
    CHECK(tail_seconds(v) == std::vector<int>{-1, 10});
    CHECK(v.tail_cum() == std::vector<std::uint32_t>{1, 3});
    v.bump(s(10), kInf, -1);
    CHECK(v.tail_cum() == std::vector<std::uint32_t>{1, 2});
    CHECK(v.finite().empty());
}

TEST_CASE("void index: finite periods sorted by (start, end) with multiplicities", "[manager]") {
    VoidIndex v;
    v.bump(s(0), s(30), +1);
    v.bump(s(0), s(20), +1);
    v.bump(s(5), s(8), +1);
    v.bump(s(0), s(30), +1);
    v.bump(s(7), s(7), +1);  // empty: touching intervals, nothing kept
    const auto& f = v.finite();
    REQUIRE(f.size() == 3);
    CHECK((f[0].a == s(0) && f[0].b == s(20) && f[0].count == 1));
    CHECK((f[1].a == s(0) && f[1].b == s(30) && f[1].count == 2));
    CHECK((f[2].a == s(5) && f[2].b == s(8) && f[2].count == 1));
    v.bump(s(0), s(30), -1);
    v.bump(s(0), s(20), -1);
    REQUIRE(v.finite().size() == 2);
    CHECK((v.finite()[0].b == s(30) && v.finite()[0].count == 1));
    CHECK(v.tail_starts().empty());
}

TEST_CASE("void index: a booking splits a tail, its release merges it back", "[manager]") {
    // Node idle from 10 on; a booking over [20, 40) leaves [10, 20) and a tail from 40; removing it restores
    // the tail from 10 (the three changes AvailabilityProfile makes per node).
    VoidIndex v;
    v.bump(s(10), kInf, +1);
    v.bump(s(10), kInf, -1);
    v.bump(s(10), s(20), +1);
    v.bump(s(40), kInf, +1);
    CHECK(tail_seconds(v) == std::vector<int>{40});
    REQUIRE(v.finite().size() == 1);
    v.bump(s(10), s(20), -1);
    v.bump(s(40), kInf, -1);
    v.bump(s(10), kInf, +1);
    CHECK(tail_seconds(v) == std::vector<int>{10});
    CHECK(v.finite().empty());
    CHECK(v.tail_cum() == std::vector<std::uint32_t>{1});
}

TEST_CASE("void index: removing a period that is not there is an error at the next query", "[manager]") {
    {
        VoidIndex v;
        v.bump(s(1), kInf, -1);
        CHECK_THROWS_AS(v.tail_starts(), std::logic_error);
    }
    {
        VoidIndex v;
        v.bump(s(1), s(2), +1);
        v.bump(s(1), s(3), -1);
        CHECK_THROWS_AS(v.finite(), std::logic_error);
    }
    VoidIndex v;  // a removal and an addition of the same period cancel out
    v.bump(s(1), s(2), -1);
    v.bump(s(1), s(2), +1);
    CHECK(v.finite().empty());
    v.bump(s(4), kInf, +1);
    v.clear();
    CHECK(v.tail_cum().empty());
}

TEST_CASE("void index: many changes at once, merged into the arrays in one pass", "[manager]") {
    // 20 nodes idle from 0 lose their tails to bookings [10 + i, 100) on node i, i = 0..19: each leaves the
    // finite period [0, 10 + i) and a tail from 100 (more than the per-key threshold of the merge pass).
    VoidIndex v;
    for (int i = 0; i < 20; ++i) v.bump(s(0), kInf, +1);
    v.bump(s(500), s(600), +1);  // one already there, kept by the merge
    CHECK(v.tail_cum() == std::vector<std::uint32_t>{20});
    for (int i = 0; i < 20; ++i) {
        v.bump(s(0), kInf, -1);
        v.bump(s(0), s(10 + i), +1);
        v.bump(s(100), kInf, +1);
    }
    CHECK(tail_seconds(v) == std::vector<int>{100});
    CHECK(v.tail_cum() == std::vector<std::uint32_t>{20});
    const auto& f = v.finite();
    REQUIRE(f.size() == 21);
    for (int i = 0; i < 20; ++i) CHECK((f[i].a == s(0) && f[i].b == s(10 + i) && f[i].count == 1));
    CHECK((f[20].a == s(500) && f[20].b == s(600)));
    // and back: the 20 releases restore the tails from 0
    for (int i = 0; i < 20; ++i) {
        v.bump(s(0), s(10 + i), -1);
        v.bump(s(100), kInf, -1);
        v.bump(s(0), kInf, +1);
    }
    CHECK(tail_seconds(v) == std::vector<int>{0});
    CHECK(v.finite().size() == 1);
}

TEST_CASE("void index: a bump of several nodes' periods counts as that many bumps of one", "[manager]") {
    VoidIndex v;
    v.bump(s(10), kInf, 3);  // three nodes free from 10 on
    v.bump(s(2), s(6), 4);   // four nodes idle over [2, 6)
    v.bump(s(6), s(6), 5);   // empty: nothing
    v.bump(s(7), s(9), 0);   // none: nothing
    CHECK(tail_seconds(v) == std::vector<int>{10});
    CHECK(v.tail_cum() == std::vector<std::uint32_t>{3});
    REQUIRE(v.finite().size() == 1);
    CHECK(v.finite()[0].count == 4);
    v.bump(s(2), s(6), -3);  // three of them booked
    v.bump(s(10), kInf, -2);
    v.bump(s(10), kInf, 1);
    CHECK(v.tail_cum() == std::vector<std::uint32_t>{2});
    REQUIRE(v.finite().size() == 1);
    CHECK(v.finite()[0].count == 1);
    v.bump(s(2), s(6), -2);  // one more than there is
    CHECK_THROWS_AS(v.finite(), std::logic_error);
}
