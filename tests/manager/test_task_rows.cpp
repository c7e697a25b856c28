// Per-task rows kept from one mapping event to the next (manager/task_rows.h): rows handed out, found again,
// freed by a sweep when unused and reused; hand-computed examples.
#include <catch2/catch.hpp>

#include "manager/task_rows.h"

using namespace rmsim;

namespace {
struct Head {
    int computed = 0;
};
}  // namespace

TEST_CASE("task rows: a task keeps its row and values until a sweep finds it unused", "[manager]") {
    TaskRows<Head, int> rows;
    rows.reset(3);
    CHECK(rows.width() == 3);
    bool added = false;
    const std::uint32_t r7 = rows.find_or_add(7, added);
    CHECK(added);
    CHECK(r7 == 0);
    CHECK(rows.head(r7).computed == 0);  // default-constructed: the caller fills it
    rows.head(r7).computed = 1;
    int* s = rows.slots(r7);
    s[0] = 10, s[1] = 11, s[2] = 12;
    const std::uint32_t r9 = rows.find_or_add(9, added);
    CHECK(added);
    CHECK(r9 == 1);
    rows.slots(r9)[2] = 92;
    CHECK(rows.find_or_add(7, added) == r7);  // found again, values kept
    CHECK_FALSE(added);
    CHECK(rows.head(r7).computed == 1);
    CHECK(rows.slots(r7)[1] == 11);
    CHECK(rows.slots(r9)[2] == 92);  // the rows do not overlap
    CHECK(rows.size() == 2);

    // Event 1 ends: both were used, nothing freed.
    CHECK(rows.sweep() == 0);
    // Event 2 uses task 9 only: the sweep frees task 7's row.
    CHECK(rows.find_or_add(9, added) == r9);
    CHECK_FALSE(added);
    CHECK(rows.sweep() == 1);
    CHECK(rows.size() == 1);
    CHECK_FALSE(rows.holds(7));
    CHECK(rows.holds(9));
    // Task 7 again (or any new task) gets the freed row 0, cleared.
    const std::uint32_t again = rows.find_or_add(4, added);
    CHECK(added);
    CHECK(again == 0);
    CHECK(rows.head(again).computed == 0);
    CHECK(rows.slots(again)[0] == 0);
    CHECK(rows.slots(again)[2] == 0);
    CHECK(rows.slots(r9)[2] == 92);
    CHECK(rows.find_or_add(9, added) == r9);
    // A freed row is not freed twice; a sweep right after another frees what was not used in between.
    CHECK(rows.sweep() == 0);  // 4 and 9 used
    CHECK(rows.sweep() == 2);  // neither used since
    CHECK(rows.size() == 0);
    CHECK(rows.sweep() == 0);
}

TEST_CASE("task rows: reset forgets every row and sets the width", "[manager]") {
    TaskRows<Head, double> rows;
    rows.reset(2);
    bool added = false;
    rows.slots(rows.find_or_add(1, added))[1] = 2.5;
    rows.reset(4);
    CHECK(rows.size() == 0);
    CHECK_FALSE(rows.holds(1));
    const std::uint32_t r = rows.find_or_add(1, added);
    CHECK(added);
    CHECK(r == 0);
    for (int j = 0; j < 4; ++j) CHECK(rows.slots(r)[j] == 0.0);
}
