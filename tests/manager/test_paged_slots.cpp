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

TEST_CASE("PagedSlots: the pool holds the most values held at once, not every id", "[manager][paged_slots]") {
    PagedSlots<int> s;
    // 100,000 ids, at most 3 held at once: every release frees a place the next id takes. The pool stays one
    // chunk (1,024 places); the index keeps only the page being filled and the one before it while it drains.
    for (std::size_t i = 0; i < 100000; ++i) {
        CHECK(s.push_back(static_cast<int>(i)) == i);
        if (i >= 2) s.release(i - 2);
    }
    CHECK(s.live() == 2);
    CHECK(s.peak_live() == 3);
    CHECK(s.pool_capacity() == 1024);
    CHECK(s.pages_held() == 1);  // 99,998 and 99,999 are in page 390 (99,840..100,095), not full yet
    CHECK(s.at(99998) == 99998);
    CHECK(s.at(99999) == 99999);
    // Scattered survivors: one id in 256 held keeps every index page (1 KiB each) but only its own value.
    PagedSlots<double> t;
    for (std::size_t i = 0; i < 25600; ++i) t.push_back(static_cast<double>(i));
    for (std::size_t i = 0; i < 25600; ++i)
        if (i % 256 != 100) t.release(i);
    CHECK(t.live() == 100);
    CHECK(t.pages_held() == 100);
    std::size_t sum = 0;
    t.for_each_held([&](std::size_t id) { sum += id; });
    CHECK(sum == 100 * 100 + 256 * (99 * 100 / 2));  // ids 100 + 256 k, k = 0..99
    // The next 25,600 ids reuse the released places: the pool does not grow.
    const std::size_t before = t.pool_capacity();
    for (std::size_t i = 0; i < 25500; ++i) t.push_back(1.0);
    CHECK(t.pool_capacity() == before);
    CHECK(t.at(25600 + 25499) == 1.0);
    CHECK(t.at(356) == 356.0);
}

TEST_CASE("PagedSlots: look-ups before and after the first release agree", "[manager][paged_slots]") {
    // Before any release an id's place is the id (the index is skipped); the first release turns to the index.
    PagedSlots<int> s;
    for (int i = 0; i < 3000; ++i) s.push_back(i * 7);
    CHECK(s[2999] == 2999 * 7);
    CHECK(s.holds(2999));
    CHECK(!s.holds(3000));
    CHECK_THROWS_AS(s.at(3000), std::logic_error);
    s.release(5);
    CHECK(!s.holds(5));
    CHECK_THROWS_AS(s.at(5), std::logic_error);
    const std::size_t id = s.push_back(-1);  // takes the place id 5 left
    CHECK(id == 3000);
    CHECK(s.at(3000) == -1);
    for (std::size_t i = 0; i < 3000; ++i)
        if (i != 5) REQUIRE(s[i] == static_cast<int>(i) * 7);
}
