// TaskTable (manager/task_table.h): every task of a vector, or a stream's, admitted in arrival order and
// released when the manager retires them.
#include <catch2/catch.hpp>

#include <memory>
#include <stdexcept>
#include <vector>

#include "manager/task_table.h"

using namespace rmsim;

namespace {
/// Tasks arriving at the given seconds, in the given order.
class ListStream : public TaskStream {
public:
    explicit ListStream(std::vector<double> arrivals) : arrivals_(std::move(arrivals)) {}
    bool next(Task& t) override {
        if (i_ == arrivals_.size()) return false;
        t.arrival_s = arrivals_[i_++];
        t.cores = static_cast<std::uint32_t>(i_);
        return true;
    }

private:
    std::vector<double> arrivals_;
    std::size_t i_ = 0;
};
}  // namespace

TEST_CASE("TaskTable: a stream admitted one task at a time, then released", "[manager][task_table]") {
    TaskTable table(std::make_unique<ListStream>(std::vector<double>{1.0, 2.5, 2.5, 7.0}));
    CHECK(table.streamed());
    CHECK(table.size() == 0);
    REQUIRE(table.has_next());
    CHECK(table.next_arrival() == SimTime::from_seconds(1.0));
    CHECK(table.admit_next() == 0);
    CHECK(table.admit_next() == 1);
    CHECK(table.next_arrival() == SimTime::from_seconds(2.5));
    CHECK(table.admit_next() == 2);
    CHECK(table[1].id == 1);
    CHECK(table[1].cores == 2);  // the stream's second task
    CHECK(table.live() == 3);
    table.release(1);
    CHECK(!table.holds(1));
    CHECK_THROWS_AS(table.at(1), std::logic_error);
    CHECK(table.at(2).arrival_s == 2.5);
    CHECK(table.admit_next() == 3);
    CHECK(!table.has_next());
    CHECK(table.size() == 4);
    CHECK(table.live() == 3);
    CHECK(table.peak_live() == 3);
    std::vector<TaskId> held;
    table.for_each_held([&](TaskId t) { held.push_back(t); });
    CHECK(held == std::vector<TaskId>{0, 2, 3});
}

TEST_CASE("TaskTable: a stream out of arrival order is refused", "[manager][task_table]") {
    TaskTable table(std::make_unique<ListStream>(std::vector<double>{5.0, 4.0}));
    CHECK_THROWS_WITH(table.admit_next(), Catch::Contains("must come in arrival order"));
}

TEST_CASE("TaskTable: over a vector, every task at once", "[manager][task_table]") {
    std::vector<Task> tasks(3);
    for (TaskId i = 0; i < 3; ++i) tasks[i].id = i;
    const TaskTable table(tasks);
    CHECK(!table.streamed());
    CHECK(table.size() == 3);
    CHECK(table.live() == 3);
    CHECK(&table[2] == &tasks[2]);
    CHECK_THROWS_AS(table.at(3), std::out_of_range);
}
