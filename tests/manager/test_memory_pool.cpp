// Memory as a second resource of the availability profile (manager/memory_pool.h, Machovec Ch.2 §2.2):
// placements blocked by memory alone, the pool's step function, releases on removal, end changes and
// place-holder clearing, and a randomized cross-check of earliest_start_with_memory against a brute force.
#include <catch2/catch.hpp>
#include <optional>
#include <random>
#include <stdexcept>
#include <vector>

#include "manager/availability_profile.h"
#include "manager/memory_pool.h"

using rmsim::AvailabilityProfile;
using rmsim::BookingKind;
using rmsim::LocalNodeIndex;
using rmsim::MemoryPool;
using rmsim::SimTime;
using Nodes = std::vector<LocalNodeIndex>;
using namespace rmsim::time_literals;

TEST_CASE("memory_pool: peak, fit and the next release of a step function", "[manager][vos]") {
    MemoryPool m(16);
    m.add(0.0_s, 100.0_s, 8);   // [0,100): 8
    m.add(50.0_s, 150.0_s, 4);  // [50,100): 12, [100,150): 4
    CHECK(m.peak_gb(0.0_s, 50.0_s) == 8);
    CHECK(m.peak_gb(0.0_s, 51.0_s) == 12);
    CHECK(m.peak_gb(100.0_s, 200.0_s) == 4);
    CHECK(m.peak_gb(150.0_s, 200.0_s) == 0);
    CHECK(m.fits(0.0_s, 100.0_s, 4));  // 12 + 4 = 16: exactly full
    CHECK_FALSE(m.fits(0.0_s, 100.0_s, 5));
    CHECK(m.next_release_after(0.0_s) == 100.0_s);  // 50 is a rise, not a release
    CHECK(m.next_release_after(100.0_s) == 150.0_s);
    CHECK(m.next_release_after(150.0_s).is_infinite());
    // 10 GB for 60 s: [0,60) holds 12 at 50 -> no; after the release at 100: [100,160) holds 4 -> yes.
    CHECK(m.earliest_fit(0.0_s, 60.0_s, 10) == 100.0_s);
    CHECK(m.earliest_fit(0.0_s, 50.0_s, 8) == 0.0_s);  // [0,50) holds 8: 8 + 8 = 16
    CHECK(m.earliest_fit(0.0_s, 10.0_s, 17).is_infinite());
    CHECK_THROWS_AS(m.add(60.0_s, 70.0_s, 5), std::logic_error);  // 12 + 5 > 16
    m.remove(0.0_s, 100.0_s, 8);
    CHECK(m.peak_gb(0.0_s, 200.0_s) == 4);
}

TEST_CASE("availability_profile: a placement blocked by memory only", "[manager][vos]") {
    AvailabilityProfile p(4);  // 4 cores, 10 GB
    p.set_memory_capacity(10);
    p.add({0}, 0.0_s, 100.0_s, /*owner=*/1, BookingKind::Running, /*memory_gb=*/8);
    // Three cores are idle now, but only 2 GB of memory: a 4 GB task waits for the release at 100.
    CHECK(p.earliest_start(1, 50.0_s, 0.0_s) == std::optional<SimTime>(0.0_s));
    CHECK(p.earliest_start_with_memory(1, 50.0_s, 4, 0.0_s) == std::optional<SimTime>(100.0_s));
    CHECK(p.earliest_start_with_memory(1, 50.0_s, 2, 0.0_s) == std::optional<SimTime>(0.0_s));
    CHECK_FALSE(p.earliest_start_with_memory(1, 50.0_s, 11, 0.0_s).has_value());  // above the pool
    CHECK_THROWS_AS(p.add({1}, 0.0_s, 50.0_s, 2, BookingKind::Running, 4), std::logic_error);
    // A place-holder takes memory too, and gives it back when cleared.
    p.add({1}, 100.0_s, 200.0_s, 3, BookingKind::PlaceHolder, 9);
    CHECK(p.earliest_start_with_memory(1, 50.0_s, 4, 0.0_s) == std::optional<SimTime>(200.0_s));
    CHECK(p.clear_placeholders() == std::vector<rmsim::TaskId>{3});
    CHECK(p.earliest_start_with_memory(1, 50.0_s, 4, 0.0_s) == std::optional<SimTime>(100.0_s));
    // A longer booking must fit in memory too; a shorter one releases earlier.
    p.add({2}, 100.0_s, 150.0_s, 4, BookingKind::Reservation, 6);
    CHECK_FALSE(p.update_end(1, 120.0_s));  // 8 + 6 > 10 over [100,120)
    CHECK(p.update_end(1, 80.0_s));
    CHECK(p.earliest_start_with_memory(1, 20.0_s, 4, 0.0_s) == std::optional<SimTime>(80.0_s));
    // Pruning at the end of a booking releases its memory.
    p.set_now(150.0_s);
    CHECK(p.memory()->peak_gb(150.0_s, 1000.0_s) == 0);
}

TEST_CASE("availability_profile: no memory pool, no memory planned", "[manager][vos]") {
    AvailabilityProfile p(2);
    CHECK(p.memory() == nullptr);
    CHECK(p.earliest_start_with_memory(1, 10.0_s, 1000, 0.0_s) == std::optional<SimTime>(0.0_s));
    CHECK_THROWS_AS(p.add({0}, 0.0_s, 1.0_s, 1, BookingKind::Running, 4), std::invalid_argument);
    p.add({0}, 0.0_s, 1.0_s, 1, BookingKind::Running);
    CHECK_THROWS_AS(p.set_memory_capacity(8), std::logic_error);  // only before the first booking
}

// earliest_start_with_memory against the definition: the first candidate time (now, or a booking end) at
// which both k nodes and the memory are free over the window.
TEST_CASE("availability_profile: earliest start with memory matches a brute force", "[manager][vos]") {
    std::mt19937_64 rng(7);
    for (int trial = 0; trial < 200; ++trial) {
        AvailabilityProfile p(6);
        p.set_memory_capacity(32);
        std::vector<SimTime> ends{SimTime()};
        for (rmsim::TaskId o = 0; o < 12; ++o) {
            const std::uint32_t k = std::uniform_int_distribution<std::uint32_t>(1, 3)(rng);
            const SimTime d = SimTime::from_whole_seconds(std::uniform_int_distribution<int>(1, 50)(rng));
            const double gb = std::uniform_int_distribution<int>(1, 20)(rng);
            const auto s = p.earliest_start_with_memory(k, d, gb, SimTime());
            if (!s) continue;
            p.add(p.choose_nodes(k, *s, d), *s, *s + d, o, BookingKind::Reservation, gb);
            ends.push_back(*s + d);
        }
        const std::uint32_t k = std::uniform_int_distribution<std::uint32_t>(1, 6)(rng);
        const SimTime d = SimTime::from_whole_seconds(std::uniform_int_distribution<int>(1, 60)(rng));
        const double gb = std::uniform_int_distribution<int>(1, 32)(rng);
        std::optional<SimTime> brute;
        for (SimTime t : ends)  // a start is either 0 or the end of some booking (nodes or memory free up)
            if (p.choose_nodes(k, t, d).size() == k && p.memory()->fits(t, t + d, gb) && (!brute || t < *brute))
                brute = t;
        INFO("trial " << trial);
        CHECK(p.earliest_start_with_memory(k, d, gb, SimTime()) == brute);
    }
}
