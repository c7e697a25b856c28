// The waiting queue (manager/waiting_queue.h): arrival order, removal during an iteration, a task back in its
// old slot, a task back after its slot was compacted away (merged in arrival order), and a long random run
// against a plain sorted set.
#include <catch2/catch.hpp>
#include <random>
#include <set>
#include <stdexcept>
#include <vector>

#include "manager/waiting_queue.h"

using namespace rmsim;
using Ids = std::vector<TaskId>;

namespace {

std::vector<Task> tasks_arriving_at(const std::vector<Seconds>& arrivals) {
    std::vector<Task> v(arrivals.size());
    for (std::size_t i = 0; i < v.size(); ++i) {
        v[i].id = i;
        v[i].arrival_s = arrivals[i];
    }
    return v;
}

}  // namespace

TEST_CASE("waiting queue: arrival order, then id; a removed task is skipped at once") {
    // t2 and t1 arrive at the same time: id order. t3 arrives before t2 but is added last: merged in place.
    const auto tasks = tasks_arriving_at({0, 5, 5, 3});
    const TaskTable table(tasks);
    WaitingQueue q(table);
    q.add(0);
    q.add(2);
    q.add(1);  // same arrival as t2, lower id: out of order, goes through the side list
    q.add(3);
    CHECK(q.size() == 4);
    CHECK(q.to_vector() == Ids{0, 3, 1, 2});
    Ids seen;
    for (TaskId t : q) {
        seen.push_back(t);
        if (t == 0) q.remove(1);  // leaves during the iteration: not visited
    }
    CHECK(seen == Ids{0, 3, 2});
    CHECK(q.size() == 3);
    CHECK_FALSE(q.contains(1));
    CHECK_THROWS_AS(q.add(0), std::logic_error);
}

TEST_CASE("waiting queue: a task back before the next tidy keeps its place; one back later is merged in order") {
    const auto tasks = tasks_arriving_at({0, 1, 2, 3, 4, 5});
    const TaskTable table(tasks);
    WaitingQueue q(table);
    for (TaskId t = 0; t < 6; ++t) q.add(t);
    q.remove(2);  // e.g. a place-holder for t2
    q.tidy();     // 1 dead of 6: no compaction, the slot stays
    q.add(2);     // the place-holder removed at the next event: back in its slot
    CHECK(q.to_vector() == Ids{0, 1, 2, 3, 4, 5});
    // t0..t4 start; t0 at the front goes with the tidy; 4 dead > 1 live compacts the rest away.
    for (TaskId t = 0; t < 5; ++t) q.remove(t);
    q.tidy();
    CHECK(q.to_vector() == Ids{5});
    q.add(3);  // preempted, back after its slot has gone: merged before t5
    q.add(1);
    CHECK(q.to_vector() == Ids{1, 3, 5});
    q.remove(3);  // leaves while still in the side list
    q.tidy();
    CHECK(q.to_vector() == Ids{1, 5});
    CHECK(q.size() == 2);
}

TEST_CASE("waiting queue: a random run agrees with a sorted set") {
    std::mt19937_64 rng(7);
    std::vector<Seconds> arr(400);
    for (auto& a : arr) a = std::uniform_int_distribution<int>(0, 50)(rng);  // many ties
    const auto tasks = tasks_arriving_at(arr);
    auto key = [&](TaskId t) { return std::make_pair(tasks[t].arrival(), t); };
    std::set<std::pair<SimTime, TaskId>> ref;
    const TaskTable table(tasks);
    WaitingQueue q(table);
    std::uniform_int_distribution<TaskId> pick(0, 399);
    for (int step = 0; step < 20000; ++step) {
        const TaskId t = pick(rng);
        const int op = std::uniform_int_distribution<int>(0, 9)(rng);
        if (op < 5) {
            if (!q.contains(t)) {
                q.add(t);
                ref.insert(key(t));
            }
        } else if (op < 9) {
            q.remove(t);
            ref.erase(key(t));
        } else {
            q.tidy();
        }
        REQUIRE(q.size() == ref.size());
        if (step % 97 == 0) {
            Ids want;
            for (const auto& k : ref) want.push_back(k.second);
            REQUIRE(q.to_vector() == want);
        }
    }
}
