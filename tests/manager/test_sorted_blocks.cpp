// The blocked ordered set (manager/sorted_blocks.h) behind the availability profile's bookings by end and by
// start: the same answers as std::set under random inserts and erases, across block splits and merges.
#include <catch2/catch.hpp>

#include <cstdint>
#include <random>
#include <set>
#include <utility>
#include <vector>

#include "manager/sorted_blocks.h"

using rmsim::SortedBlocks;
using Pair = std::pair<std::int64_t, std::uint64_t>;

namespace {

template <typename Set>
std::vector<Pair> contents(const Set& s) {
    return std::vector<Pair>(s.begin(), s.end());
}

}  // namespace

TEST_CASE("sorted blocks: a small example by hand", "[manager]") {
    SortedBlocks<Pair> s;
    CHECK(s.empty());
    CHECK(s.begin() == s.end());
    CHECK(s.insert({30, 1}));
    CHECK(s.insert({10, 2}));
    CHECK(s.insert({20, 3}));
    CHECK_FALSE(s.insert({20, 3}));  // already there
    CHECK(s.size() == 3);
    CHECK(contents(s) == std::vector<Pair>{{10, 2}, {20, 3}, {30, 1}});
    CHECK(s.lower_bound({20, 0})->second == 3);
    CHECK(s.upper_bound({20, 3})->first == 30);
    CHECK(s.upper_bound({30, 1}) == s.end());
    CHECK(s.lower_bound({31, 0}) == s.end());
    CHECK_FALSE(s.erase({20, 4}));
    CHECK(s.erase({20, 3}));
    CHECK(contents(s) == std::vector<Pair>{{10, 2}, {30, 1}});
    CHECK(s.erase({10, 2}));
    CHECK(s.erase({30, 1}));
    CHECK(s.empty());
}

TEST_CASE("sorted blocks: agree with std::set through splits and merges", "[manager]") {
    std::mt19937_64 rng(7);
    SortedBlocks<Pair> s;
    std::set<Pair> ref;
    // Grow well past one block (64 values), then shrink, then grow again: splits, then merges and empty blocks.
    for (int phase = 0; phase < 3; ++phase) {
        const bool grow = phase != 1;
        for (int i = 0; i < 5000; ++i) {
            const Pair v{static_cast<std::int64_t>(rng() % 2000), rng() % 4};
            if (grow ? rng() % 4 != 0 : rng() % 4 == 0) {
                CHECK(s.insert(v) == ref.insert(v).second);
            } else {
                CHECK(s.erase(v) == (ref.erase(v) == 1));
            }
            if (i % 97 == 0) {
                REQUIRE(s.size() == ref.size());
                REQUIRE(contents(s) == std::vector<Pair>(ref.begin(), ref.end()));
                const Pair probe{static_cast<std::int64_t>(rng() % 2000), rng() % 4};
                const auto lb = s.lower_bound(probe);
                const auto rlb = ref.lower_bound(probe);
                REQUIRE((lb == s.end()) == (rlb == ref.end()));
                if (rlb != ref.end()) CHECK(*lb == *rlb);
                const auto ub = s.upper_bound(probe);
                const auto rub = ref.upper_bound(probe);
                REQUIRE((ub == s.end()) == (rub == ref.end()));
                if (rub != ref.end()) CHECK(*ub == *rub);
            }
        }
    }
    REQUIRE(contents(s) == std::vector<Pair>(ref.begin(), ref.end()));
}
