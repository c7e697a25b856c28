// HashHeads (manager/hash_heads.h): the flat map from timeline hashes to node classes, checked against std::map
// through sets and erases whose hashes share their low bits (long probe runs, deletions from the middle of a run
// and from runs that wrap around the end of the array).
#include <catch2/catch.hpp>

#include <cstdint>
#include <map>
#include <random>

#include "manager/hash_heads.h"

using rmsim::HashHeads;

TEST_CASE("hash_heads: a run of equal home slots survives erases from its middle", "[manager]") {
    HashHeads h;
    // 32 slots after the first set: hashes 5, 37, 69 (5 + 32 k) all have home slot 5, and 6 has home 6.
    h.set(5, 1);
    h.set(37, 2);
    h.set(6, 3);  // home 6 is taken by 37 (probed from 5): goes to 7
    h.set(69, 4);
    CHECK(h.size() == 4);
    h.erase(37);  // the hole at 6: 6 (home 6) moves back into it, then 69 (home 5) into 7
    CHECK(h.find(37) == HashHeads::kNone);
    CHECK(h.find(5) == 1);
    CHECK(h.find(6) == 3);
    CHECK(h.find(69) == 4);
    h.set(69, 9);  // an existing hash: its value replaced, not a second entry
    CHECK(h.size() == 3);
    CHECK(h.find(69) == 9);
    h.erase(12345);  // absent: nothing
    CHECK(h.size() == 3);
}

TEST_CASE("hash_heads: randomized against std::map, clustered hashes that wrap around", "[manager]") {
    std::mt19937_64 rng(7);
    HashHeads h;
    std::map<std::uint64_t, std::uint32_t> ref;
    for (int step = 0; step < 20000; ++step) {
        // Few distinct low bits (homes near the end of the array, so runs wrap), many high bits.
        const std::uint64_t hash = (rng() % 40) << 20 | (1020 + rng() % 8);
        const int op = static_cast<int>(rng() % 3);
        if (op < 2) {
            const auto v = static_cast<std::uint32_t>(rng() % 1000);
            h.set(hash, v);
            ref[hash] = v;
        } else {
            h.erase(hash);
            ref.erase(hash);
        }
        REQUIRE(h.size() == ref.size());
        if (step % 97 == 0)
            for (std::uint64_t x = 0; x < 40; ++x)
                for (std::uint64_t low = 1020; low < 1028; ++low) {
                    const std::uint64_t k = x << 20 | low;
                    const auto it = ref.find(k);
                    REQUIRE(h.find(k) == (it == ref.end() ? HashHeads::kNone : it->second));
                }
    }
}
