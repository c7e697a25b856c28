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

TEST_CASE("unit list: a single unit is held inline, through copies, moves and reassignment", "[manager]") {
    UnitList one = Units{32767};
    CHECK(one.size() == 1);
    CHECK(one.front() == 32767);
    CHECK(one == Units{32767});
    // The unit lives in the list itself, not in a block.
    const auto* self = reinterpret_cast<const char*>(&one);
    CHECK(reinterpret_cast<const char*>(one.begin()) >= self);
    CHECK(reinterpret_cast<const char*>(one.end()) <= self + sizeof(UnitList));
    UnitList copy = one;
    UnitList moved = std::move(one);
    CHECK(moved == Units{32767});
    CHECK(copy == moved);
    copy = Units{1, 2};  // single -> block
    CHECK(copy == Units{1, 2});
    copy = Units{5};  // block -> single
    CHECK(copy == Units{5});
    copy = moved;
    CHECK(copy == Units{32767});
    copy = Units{0};  // unit 0 is a unit, not an empty list
    CHECK(copy.size() == 1);
    CHECK(copy.front() == 0);
    copy.clear();
    CHECK(copy.empty());
    CHECK(copy == Units{});
}

TEST_CASE("unit list: 8 bytes, so that a million task records take 64 MB", "[manager]") {
    CHECK(sizeof(UnitList) == 8);
    CHECK(sizeof(TaskRecord) <= 64);
}
