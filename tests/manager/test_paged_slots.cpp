// PagedSlots (manager/paged_slots.h): values by consecutive ids, released in any order, pages freed when every
// id of them has been added and released.
#include <catch2/catch.hpp>

#include <stdexcept>
#include <vector>

#include "manager/paged_slots.h"

using rmsim::PagedSlots;

TEST_CASE("PagedSlots: ids in order, look-ups, release in any order", "[manager][paged_slots]") {
    PagedSlots<int> s;
    constexpr std::size_t kPage = PagedSlots<int>::kPageSize;  // 256
    for (std::size_t i = 0; i < 3 * kPage; ++i) CHECK(s.push_back(static_cast<int>(10 * i)) == i);
    CHECK(s.size() == 768);
    CHECK(s.live() == 768);
    CHECK(s.pages_held() == 3);
    CHECK(s[300] == 3000);
    CHECK(s.at(767) == 7670);
    // The middle page, 256..511, released back to front: freed at its last release, the others kept.
    for (std::size_t i = 2 * kPage; i-- > kPage;) s.release(i);
    CHECK(s.pages_held() == 2);
    CHECK(s.live() == 512);
    CHECK(!s.holds(300));
    CHECK_THROWS_AS(s.at(300), std::logic_error);  // released
    CHECK_THROWS_AS(s.at(768), std::logic_error);  // not added yet
    CHECK_THROWS_AS(s.release(300), std::logic_error);
    CHECK(s.at(255) == 2550);
    CHECK(s.at(512) == 5120);
    CHECK(s.peak_live() == 768);
}

TEST_CASE("PagedSlots: the page being filled stays until it is full", "[manager][paged_slots]") {
    PagedSlots<int> s;
    for (int i = 0; i < 10; ++i) s.push_back(i);
    for (std::size_t i = 0; i < 10; ++i) s.release(i);
    // Every id released, but ids 10..255 of the page are still to come: the page is kept.
    CHECK(s.live() == 0);
    CHECK(s.pages_held() == 1);
    CHECK(s.push_back(42) == 10);
    CHECK(s.at(10) == 42);
    CHECK(s.peak_live() == 10);
}

TEST_CASE("PagedSlots: for_each_held visits the ids held, ascending", "[manager][paged_slots]") {
    PagedSlots<int> s;
    for (int i = 0; i < 600; ++i) s.push_back(i);
    for (std::size_t i = 0; i < 600; ++i)
        if (i % 100 != 7) s.release(i);
    std::vector<std::size_t> seen;
    s.for_each_held([&](std::size_t id) { seen.push_back(id); });
    CHECK(seen == std::vector<std::size_t>{7, 107, 207, 307, 407, 507});
    // Pages 0 and 1 (ids 0..511) each keep their two held ids; page 2 (512..599) is not full yet.
    CHECK(s.pages_held() == 3);
}
