// IdPages (manager/id_pages.h): a value per id, 0 unless set, whose pages go once all 0 and settled.
#include <catch2/catch.hpp>

#include <cstdint>

#include "manager/id_pages.h"

using rmsim::IdPages;

TEST_CASE("IdPages: values default to 0, pages follow the ids set", "[manager][id_pages]") {
    IdPages<std::uint16_t> v;
    constexpr std::size_t kPage = IdPages<std::uint16_t>::kPageSize;  // 4,096
    CHECK(v.get(123456) == 0);
    v.set(5, 0);  // 0 on a page never allocated: nothing allocated
    CHECK(v.pages_held() == 0);
    v.settle(10);
    v.set(5, 3);
    v.set(kPage + 1, 7);
    CHECK(v.get(5) == 3);
    CHECK(v.get(kPage + 1) == 7);
    CHECK(v.get(6) == 0);
    CHECK(v.pages_held() == 2);
    // Page 0 back to all 0 while ids 10..4,095 are still to come: kept.
    v.set(5, 0);
    CHECK(v.pages_held() == 2);
    // Page 1 settled (every id below 2 x 4,096 given out): it goes at its last value's return to 0.
    v.settle(2 * kPage);
    v.set(kPage + 1, 0);
    CHECK(v.pages_held() == 1);
    // Page 0, all 0 but not freed when it went to 0, is swept when a later page is allocated.
    v.settle(3 * kPage);
    v.set(2 * kPage, 1);
    CHECK(v.pages_held() == 1);
    CHECK(v.get(2 * kPage) == 1);
    v.clear();
    CHECK(v.pages_held() == 0);
    CHECK(v.get(2 * kPage) == 0);
}

TEST_CASE("IdPages: a stream of ids held briefly keeps a page or two, not one per 4,096 ids", "[manager][id_pages]") {
    enum class Mark : std::uint8_t { Out = 0, Live, Dead };
    IdPages<Mark> m;
    // 10^6 ids, each live for the next 100 ids' arrivals then out: at most two pages are ever held at once.
    std::size_t most = 0;
    for (std::size_t id = 0; id < 1000000; ++id) {
        m.settle(id + 1);
        m.set(id, Mark::Live);
        if (id >= 100) m.set(id - 100, Mark::Out);
        if (m.pages_held() > most) most = m.pages_held();
    }
    CHECK(most == 2);
    CHECK(m.get(999950) == Mark::Live);
    CHECK(m.get(999850) == Mark::Out);
}
