// OutcomeStream (sim/outputs/outcome_stream.h): outcomes added in any order come back in id order, whatever the
// number of sorted runs they were staged in.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdio>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "sim/outputs/outcome_stream.h"

using namespace rmsim;

namespace {

TaskOutcome completed(TaskId id) {
    TaskOutcome o;
    o.id = id;
    o.arrival = SimTime::from_seconds(static_cast<double>(id));
    o.first_start = o.arrival;
    o.end = SimTime::from_seconds(static_cast<double>(id) + 2.0);
    o.state = TaskState::Completed;
    o.remaining = 0;
    o.utility = 1.0;
    return o;
}

std::string staging_path(const char* name) { return std::string("/tmp/rmsim_test_outcome_stream_") + name; }

}  // namespace

TEST_CASE("OutcomeStream: shuffled outcomes over several runs come back in id order", "[outputs][streaming]") {
    // 40,000 outcomes: two full runs of 16,384 and a last partial batch, each holding ids from all over.
    constexpr TaskId kCount = 40000;
    std::vector<TaskId> order(kCount);
    for (TaskId i = 0; i < kCount; ++i) order[i] = i;
    std::mt19937_64 rng(7);
    std::shuffle(order.begin(), order.end(), rng);
    const std::string path = staging_path("order");
    OutcomeStream s(path, std::nullopt);
    for (const TaskId id : order) s.add(completed(id));
    std::ostringstream csv;
    s.finish(kCount, csv);
    CHECK(std::fopen(path.c_str(), "r") == nullptr);  // the staging file is removed
    const std::string text = csv.str();
    // Header, then one row per id, ascending: the row of id k starts "k,k,k,k+2," (arrival, start, end).
    std::istringstream in(text);
    std::string line;
    std::getline(in, line);
    CHECK(line.rfind("id,arrival_s", 0) == 0);
    TaskId expected = 0;
    while (std::getline(in, line)) {
        const std::string prefix = std::to_string(expected) + ",";
        REQUIRE(line.rfind(prefix, 0) == 0);
        ++expected;
    }
    CHECK(expected == kCount);
    const Metrics m = s.metrics().finish(EnergyBreakdown{}, 0);
    CHECK(m.completed == kCount);
    CHECK(m.utility_earned == Approx(40000.0));
    // Every task waits 0 s and runs 2 s: bounded slowdown max(1, 2 / max(2, 10)) = 1.
    CHECK(m.mean_wait_s == 0.0);
    CHECK(m.mean_bounded_slowdown == 1.0);
}

TEST_CASE("OutcomeStream: a missing or an extra outcome is a bug, not a result", "[outputs][streaming]") {
    {
        OutcomeStream s(staging_path("missing"), std::nullopt);
        for (TaskId id = 0; id < 10; ++id)
            if (id != 4) s.add(completed(id));
        std::ostringstream csv;
        CHECK_THROWS_WITH(s.finish(10, csv), Catch::Contains("no outcome for task 4"));
    }
    {
        OutcomeStream s(staging_path("extra"), std::nullopt);
        for (TaskId id = 0; id < 10; ++id) s.add(completed(id));
        std::ostringstream csv;
        CHECK_THROWS_WITH(s.finish(9, csv), Catch::Contains("task 9 beyond the 9 tasks"));
    }
}
