// The compact list of a task's units (manager/unit_list.h) and the size of the records that hold it.
#include <catch2/catch.hpp>

#include <vector>

#include "manager/task_record.h"
#include "manager/unit_list.h"

using rmsim::TaskRecord;
using rmsim::UnitList;
using Units = std::vector<std::uint32_t>;

TEST_CASE("unit list: reads like the vector it was assigned, empty when cleared", "[manager]") {
    UnitList l;
    CHECK(l.empty());
    CHECK(l == Units{});
    l = Units{3, 4, 9};
    CHECK(l.size() == 3);
    CHECK(l.front() == 3);
    CHECK(l[2] == 9);
    CHECK(l == Units{3, 4, 9});
    CHECK_FALSE(l == Units{3, 4});
    UnitList copy = l;  // a copy owns its own block
    l = Units{1};
    CHECK(copy == Units{3, 4, 9});
    CHECK(l == Units{1});
    const Units back = copy;
    CHECK(back == Units{3, 4, 9});
    UnitList moved = std::move(copy);
    CHECK(moved == Units{3, 4, 9});
    moved.clear();
    CHECK(moved.empty());
    CHECK(moved.begin() == moved.end());
}

TEST_CASE("unit list: 8 bytes, so that a million task records take 72 MB", "[manager]") {
    CHECK(sizeof(UnitList) == 8);
    CHECK(sizeof(TaskRecord) <= 72);
}
