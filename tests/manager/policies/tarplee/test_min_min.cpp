// The batch baselines of Tarplee §2.5: classic min-min / max-min (Alg. 3) and the optimized version (Alg. 4).
#include <catch2/catch.hpp>

#include <random>

#include "manager/policies/tarplee/min_min.h"

using namespace rmsim;

namespace {

// ETC = [[4, 6], [3, 2]], T = (2, 2), one machine of each type (m0 of type 0, m1 of type 1).
TypeBag hand_bag() { return TypeBag{{{4, 6}, {3, 2}}, {2, 2}, {1, 1}}; }

void check_same(const FullAllocation& a, const FullAllocation& b, const TypeBag& bag) {
    for (std::size_t j = 0; j < bag.machine_types(); ++j)
        for (std::size_t k = 0; k < static_cast<std::size_t>(bag.machines[j]); ++k) {
            CHECK(a.ready(j, k) == b.ready(j, k));
            for (std::size_t i = 0; i < bag.task_types(); ++i) CHECK(a.count(i, j, k) == b.count(i, j, k));
        }
}

// Both hand traces end with one task of each type on each machine: ready times (7, 8), makespan 8.
void check_one_of_each(const FullAllocation& a) {
    CHECK(a.ready(0, 0) == 7.0);
    CHECK(a.ready(1, 0) == 8.0);
    for (std::size_t i = 0; i < 2; ++i)
        for (std::size_t j = 0; j < 2; ++j) CHECK(a.count(i, j, 0) == 1);
    CHECK(a.makespan() == 8.0);
}

}  // namespace

TEST_CASE("tarplee: min-min by hand, classic and optimized agree", "[manager][tarplee]") {
    // rt = (0, 0). MCT: type 0 -> min(4, 6) = 4 on m0; type 1 -> min(3, 2) = 2 on m1. Pick type 1 -> m1, rt (0, 2).
    // type 0 -> min(4, 8) = 4 on m0; type 1 -> min(3, 4) = 3 on m0. Pick type 1 -> m0, rt (3, 2).
    // type 0 -> min(7, 8) = 7 on m0 -> rt (7, 2). type 0 -> min(11, 8) = 8 on m1 -> rt (7, 8). Makespan 8.
    const TypeBag bag = hand_bag();
    const FullAllocation a = min_min_classic(bag, BatchSelection::MinMin);
    check_one_of_each(a);
    check_same(a, min_min_optimized(bag, BatchSelection::MinMin), bag);
}

TEST_CASE("tarplee: max-min by hand, classic and optimized agree", "[manager][tarplee]") {
    // MCT: type 0 -> 4 on m0, type 1 -> 2 on m1; the largest: type 0 -> m0, rt (4, 0).
    // type 0 -> min(8, 6) = 6 on m1; type 1 -> min(7, 2) = 2 on m1; largest: type 0 -> m1, rt (4, 6).
    // type 1 -> min(7, 8) = 7 on m0 -> rt (7, 6). type 1 -> min(10, 8) = 8 on m1 -> rt (7, 8). Makespan 8.
    const TypeBag bag = hand_bag();
    const FullAllocation a = min_min_classic(bag, BatchSelection::MaxMin);
    check_one_of_each(a);
    check_same(a, min_min_optimized(bag, BatchSelection::MaxMin), bag);
}

TEST_CASE("tarplee: optimized min-min and max-min equal Alg. 3 on random instances", "[manager][tarplee]") {
    std::mt19937_64 rng(11);
    std::uniform_int_distribution<int> e(1, 30), c(0, 12), m(1, 4);
    MinMinStats stats;
    for (int trial = 0; trial < 30; ++trial) {
        const std::size_t T = 1 + trial % 6, M = 1 + trial % 4;
        TypeBag bag;
        bag.etc.assign(T, std::vector<double>(M));
        for (auto& row : bag.etc)
            for (auto& v : row) v = e(rng);
        for (std::size_t i = 0; i < T; ++i) bag.tasks.push_back(c(rng));
        for (std::size_t j = 0; j < M; ++j) bag.machines.push_back(m(rng));
        for (BatchSelection s : {BatchSelection::MinMin, BatchSelection::MaxMin})
            check_same(min_min_classic(bag, s), min_min_optimized(bag, s, &stats), bag);
    }
    CHECK(stats.cache_hits > 0);                  // the cache is used
    CHECK(stats.cache_hits < stats.cache_reads);  // and invalidated
}
