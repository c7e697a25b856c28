// The victim set of a preemption of parallel tasks (manager/policies/preemptive_parallel/victim_sets.h), by
// hand. Candidates (nodes freed, loss, objective now):
//   0: A 3 nodes, loss 6,   value 1     loss per node 2
//   1: B 2 nodes, loss 1,   value 5     0.5
//   2: C 2 nodes, loss 1.5, value 4     0.75
//   3: D 1 node,  loss 0.2, value 9     0.2
#include <catch2/catch.hpp>

#include "manager/policies/preemptive_parallel/victim_sets.h"

using namespace rmsim;

namespace {

std::vector<VictimCandidate> four() {
    return {{10, 3, 6.0, 1.0}, {11, 2, 1.0, 5.0}, {12, 2, 1.5, 4.0}, {13, 1, 0.2, 9.0}};
}

}  // namespace

TEST_CASE("victim sets: Greedy takes the fewest victims", "[manager][preemptive-parallel]") {
    // Most nodes first: A (3) frees the 3 nodes needed alone.
    CHECK(choose_victims(four(), 3, VictimOrder::FewestVictims, 8) == std::vector<std::size_t>{0});
    // 4 nodes: A (3), then the less valuable of B and C (value 4 < 5): C; freed 5. Pruning releases none
    // (5 - 3 < 4, 5 - 2 < 4).
    CHECK(choose_victims(four(), 4, VictimOrder::FewestVictims, 8) == std::vector<std::size_t>{0, 2});
}

TEST_CASE("victim sets: Diff takes the least loss per node, then prunes", "[manager][preemptive-parallel]") {
    // Loss per node: D .2, B .5, C .75, A 2. Need 3: D (1) + B (2) = 3; pruning: B (loss 1) 3 - 2 < 3, D 3 - 1 < 3.
    CHECK(choose_victims(four(), 3, VictimOrder::LeastLoss, 8) == std::vector<std::size_t>{1, 3});
    // Need 4: D, B, C = 5 nodes; pruning by loss, highest first: C (1.5) 5 - 2 = 3 < 4 stays, B (1) stays,
    // D (0.2) 5 - 1 = 4 >= 4 is released: {B, C}, loss 2.5 instead of 2.7.
    CHECK(choose_victims(four(), 4, VictimOrder::LeastLoss, 8) == std::vector<std::size_t>{1, 2});
}

TEST_CASE("victim sets: bounds", "[manager][preemptive-parallel]") {
    CHECK(choose_victims(four(), 0, VictimOrder::LeastLoss, 8).empty());  // nothing needed
    CHECK(choose_victims(four(), 9, VictimOrder::LeastLoss, 8).empty());  // 8 nodes in all
    CHECK(choose_victims(four(), 3, VictimOrder::LeastLoss, 1).empty());  // D + B: 2 victims > 1
    CHECK(choose_victims(four(), 3, VictimOrder::FewestVictims, 1) == std::vector<std::size_t>{0});
    // A candidate that frees no node (busy later in the window) is never taken: without A, the most nodes
    // first are C and B (2 each, the less valuable C first), 4 >= 3; neither can be released (4 - 2 < 3).
    std::vector<VictimCandidate> c = four();
    c[0].nodes = 0;
    CHECK(choose_victims(c, 3, VictimOrder::FewestVictims, 8) == std::vector<std::size_t>{1, 2});
}
