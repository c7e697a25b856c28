// The profile's per-node timeline (manager/timeline.h): a sorted vector whose first interval lives inline,
// checked against std::vector through inserts and erases at every position.
#include <algorithm>
#include <catch2/catch.hpp>

#include <random>
#include <vector>

#include "manager/timeline.h"

using rmsim::BusyInterval;
using rmsim::SimTime;
using rmsim::Timeline;

namespace {
bool same(const Timeline& t, const std::vector<BusyInterval>& v) {
    if (t.size() != v.size() || t.empty() != v.empty()) return false;
    for (std::size_t i = 0; i < v.size(); ++i)
        if (t[i].start != v[i].start || t[i].end != v[i].end || t[i].owner != v[i].owner) return false;
    return true;
}
BusyInterval iv(int s, rmsim::TaskId owner) {
    return {SimTime::from_whole_seconds(s), SimTime::from_whole_seconds(s + 1), owner};
}
}  // namespace

TEST_CASE("timeline: one interval inline, more on the heap, back inline when they go", "[manager]") {
    Timeline t;
    CHECK(t.empty());
    CHECK(t.begin() == t.end());
    t.insert(t.begin(), iv(5, 1));
    CHECK(same(t, {iv(5, 1)}));
    t.insert(t.begin(), iv(2, 2));  // before it: moves to the heap
    t.insert(t.end(), iv(9, 3));
    CHECK(same(t, {iv(2, 2), iv(5, 1), iv(9, 3)}));
    CHECK(t.front().owner == 2);
    CHECK(t.back().owner == 3);
    Timeline copy = t;
    t.erase(t.begin() + 1);
    CHECK(same(t, {iv(2, 2), iv(9, 3)}));
    t.erase(t.begin());
    CHECK(same(t, {iv(9, 3)}));  // inline again
    t.erase(t.begin());
    CHECK(t.empty());
    CHECK(same(copy, {iv(2, 2), iv(5, 1), iv(9, 3)}));  // the copy owns its own intervals
    Timeline moved = std::move(copy);
    CHECK(same(moved, {iv(2, 2), iv(5, 1), iv(9, 3)}));
}

TEST_CASE("timeline: random inserts and erases agree with std::vector", "[manager]") {
    std::mt19937 rng(7);
    Timeline t;
    std::vector<BusyInterval> v;
    for (int step = 0; step < 5000; ++step) {
        if (v.empty() || rng() % 3 != 0) {
            const std::size_t at = rng() % (v.size() + 1);
            const BusyInterval x = iv(step, static_cast<rmsim::TaskId>(step));
            t.insert(t.begin() + at, x);
            v.insert(v.begin() + static_cast<std::ptrdiff_t>(at), x);
        } else {
            const std::size_t at = rng() % v.size();
            t.erase(t.begin() + at);
            v.erase(v.begin() + static_cast<std::ptrdiff_t>(at));
        }
        if (v.size() > 6 && rng() % 2) {  // keep it short so that it crosses the inline size often
            t.erase(t.begin());
            v.erase(v.begin());
        }
        REQUIRE(same(t, v));
    }
}

TEST_CASE("timeline: between one and two intervals again and again (the heap buffer is reused)", "[manager]") {
    Timeline t;
    t.insert(t.begin(), iv(5, 1));
    for (int round = 0; round < 3; ++round) {
        t.insert(t.end(), iv(10 + round, 2));  // to the heap
        CHECK(same(t, {iv(5, 1), iv(10 + round, 2)}));
        t.erase(t.begin());  // back inline: the later one stays
        CHECK(same(t, {iv(10 + round, 2)}));
        t.insert(t.begin(), iv(5, 1));
        t.erase(t.begin() + 1);
        CHECK(same(t, {iv(5, 1)}));
    }
    Timeline copy = t;
    CHECK(same(copy, {iv(5, 1)}));
}

TEST_CASE("timeline: the branchless partition point is std::partition_point's", "[manager]") {
    const std::vector<int> ends{3, 5, 5, 8, 13};  // ascending: "end <= t" holds on a prefix
    auto at = [&](int t) {
        return rmsim::partition_point_branchless(ends.begin(), ends.size(), [t](int e) { return e <= t; }) -
               ends.begin();
    };
    CHECK(at(0) == 0);  // nothing ends by 0
    CHECK(at(3) == 1);  // 3 ends by 3
    CHECK(at(4) == 1);
    CHECK(at(5) == 3);  // both 5s
    CHECK(at(12) == 4);
    CHECK(at(13) == 5);  // all: the end
    CHECK(rmsim::partition_point_branchless(ends.begin(), 0, [](int) { return true; }) == ends.begin());
    // Every length up to 9 and every split point against the standard algorithm.
    for (std::size_t n = 0; n < 10; ++n) {
        std::vector<int> v(n);
        for (std::size_t i = 0; i < n; ++i) v[i] = static_cast<int>(i);
        for (int split = 0; split <= static_cast<int>(n); ++split) {
            auto pred = [split](int x) { return x < split; };
            REQUIRE(rmsim::partition_point_branchless(v.begin(), n, pred) ==
                    std::partition_point(v.begin(), v.end(), pred));
        }
    }
}
