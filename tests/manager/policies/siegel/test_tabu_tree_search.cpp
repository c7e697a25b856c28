// Siegel (slides) static study; Braun et al. 2001 §3 (Tabu, A*): Tabu search and the tree search on hand-sized
// problems with single-pulse PMFs (ψ is 0 or 1, the energies are arithmetic), and Mapping::preview against
// set_gene + update.
#include <catch2/catch.hpp>

#include "manager/policies/siegel/min_min.h"
#include "manager/policies/siegel/static_mapping.h"
#include "manager/policies/siegel/tabu.h"
#include "manager/policies/siegel/tree_search.h"

using namespace rmsim;
using namespace rmsim::siegel;

namespace {

/// One node (overhead 4 W) with two single-core processors (no overhead): core 0 of type 0 ("fast"), core 1
/// of type 1 ("slow, frugal"). Three tasks of one kind, every time a single pulse:
///   core 0: P0 1 s at 20 W (20 J), P1 2 s at 6 W (12 J);   core 1: P0 2 s at 5 W (10 J), P1 3 s at 3 W (9 J).
/// Expected energy = Σ busy + 4 W × max(load of core 0, load of core 1).
StaticProblem three_tasks(double deadline) {
    StaticProblem p;
    p.system.cores = {{0, 0}, {1, 1}};
    p.system.processors = {{0, 0.0, {0}}, {0, 0.0, {1}}};
    p.system.nodes = {{4.0, {0, 1}}};
    p.system.busy_w = {{20, 6}, {5, 3}};
    p.pmfs = {{{Pmf::point(1), Pmf::point(2)}, {Pmf::point(2), Pmf::point(3)}}};
    p.task_kind = {0, 0, 0};
    p.deadline = deadline;
    p.prepare();
    return p;
}

/// Tasks on core 0 / core 1 at P0 / P1, whatever the task order.
std::vector<int> profile(const Mapping& m) {
    std::vector<int> c(4, 0);  // c0 P0, c0 P1, c1 P0, c1 P1
    for (const Gene& g : m.genes()) ++c[2 * g.core + g.pstate];
    return c;
}

TabuParams small_tabu() {
    TabuParams tp;
    tp.iterations = 400;
    tp.neighbourhood = 4;
    tp.tenure = 2;
    tp.patience = 10;
    tp.long_hop_genes = 1;
    tp.tabu_list = 4;
    return tp;
}

}  // namespace

// Unconstrained (δ = 100): the optimum is two tasks at P0 on core 1 (4 s, 20 J) and one at P1 on core 0
// (2 s, 12 J): 32 J + 4 W × 4 s = 48 J. Every other assignment, by enumeration: all on core 1 at P0 54 J;
// one at P0 on core 1 with two at P1 on core 0 50 J; one at P1 on core 1 with two at P1 on core 0 49 J (Min-Min
// at P1: the best seed); two at P1 on core 1 with one at P1 on core 0 54 J; ... The best seed is a local
// optimum of single moves: Tabu needs a long hop to leave it.
TEST_CASE("siegel static: Tabu and the tree search find a hand-computed optimum", "[manager][policies][siegel]") {
    const StaticProblem p = three_tasks(100);
    const Mapping seed = best_of(p, min_min_per_pstate(p));
    REQUIRE(seed.expected_energy() == Approx(49));  // c0: 2 at P1 (4 s, 24 J), c1: 1 at P1 (3 s, 9 J): 33 + 16
    TabuSearch tabu(p, small_tabu());
    tabu.run(seed);
    CHECK(tabu.best().robustness() == 1.0);
    CHECK(tabu.best().expected_energy() == Approx(48));
    CHECK(profile(tabu.best()) == std::vector<int>{0, 1, 2, 0});
    CHECK(tabu.long_hops() > 0);
    // With one core per type every child is made: a frontier of 16 holds every level-2 node (2 × 2 × 2 × 2).
    const Mapping tree = tree_search(p, TreeSearchParams{16});
    CHECK(tree.expected_energy() == Approx(48));
    CHECK(profile(tree) == std::vector<int>{0, 1, 2, 0});
}

// δ = 4 (ψ counts finishing times < δ): a core may hold 3 s at most, so the optimum above (core 1 at 4 s) and
// Min-Min at P1 (core 0 at 4 s) miss it. The feasible assignments: core 1 one task at P1 (3 s, 9 J) and core 0
// one at P0 and one at P1 (3 s, 32 J): 41 + 4 × 3 = 53 J, the optimum; core 1 one at P0 with that core 0: 54 J;
// Min-Min at P0 (core 0 two at P0, 2 s, 40 J; core 1 one at P0, 2 s, 10 J): 58 J; all on core 0 at P0: 72 J.
TEST_CASE("siegel static: the robustness constraint forces Tabu and the tree search to a costlier mapping",
          "[manager][policies][siegel]") {
    const StaticProblem p = three_tasks(4);
    const Mapping seed = best_of(p, min_min_per_pstate(p));
    REQUIRE(seed.expected_energy() == Approx(58));
    REQUIRE(seed.feasible(p));
    TabuSearch tabu(p, small_tabu());
    tabu.run(seed);
    CHECK(tabu.best().robustness() == 1.0);
    CHECK(tabu.best().expected_energy() == Approx(53));
    CHECK(profile(tabu.best()) == std::vector<int>{1, 1, 0, 1});
    const Mapping tree = tree_search(p, TreeSearchParams{16});
    CHECK(tree.robustness() == 1.0);
    CHECK(tree.expected_energy() == Approx(53));
    CHECK(profile(tree) == std::vector<int>{1, 1, 0, 1});
    // The unconstrained optimum is cheaper and infeasible here.
    const Mapping unconstrained(p, {{1, 0}, {1, 0}, {0, 1}});
    CHECK(unconstrained.expected_energy() == Approx(48));
    CHECK(unconstrained.robustness() == 0.0);
}

TEST_CASE("siegel static: preview equals set_gene + update, and leaves the mapping as it was",
          "[manager][policies][siegel]") {
    StaticProblem p = three_tasks(4);
    p.pmfs = {{{Pmf({{1, 0.5}, {2, 0.5}}), Pmf({{2, 0.3}, {3, 0.7}})}, {Pmf({{2, 0.6}, {3, 0.4}}), Pmf::point(3)}}};
    p.task_kind = {0, 0, 0, 0};
    p.deadline = 6;
    p.prepare();
    Mapping m(p, {{0, 0}, {1, 0}, {0, 1}, {1, 1}});
    const Measures before = m.measures();
    const GeneChanges moves[] = {{{0, Gene{1, 1}}},                    // lose and gain
                                 {{2, Gene{0, 0}}},                    // P-state on the same core
                                 {{1, Gene{0, 0}}, {3, Gene{0, 1}}},   // core 1 emptied
                                 {{0, Gene{1, 0}}, {1, Gene{0, 0}}}};  // a swap
    for (const GeneChanges& c : moves) {
        const Measures seen = m.preview(p, c);
        CHECK(m.robustness() == before.robustness);
        CHECK(m.expected_energy() == before.expected_energy);
        Mapping made = m;
        for (const auto& [t, g] : c) made.set_gene(p, t, g);
        made.update(p);
        CHECK(seen.robustness == made.robustness());  // to the last bit
        CHECK(seen.expected_energy == made.expected_energy());
        CHECK(made.robustness() < 1.0);  // the PMFs are not single pulses: a real check
    }
}

TEST_CASE("siegel static: Tabu is deterministic by its seed and never loses its best", "[manager][policies][siegel]") {
    StaticProblem p = three_tasks(12);
    p.task_kind.assign(12, 0);
    p.prepare();
    const Mapping seed = best_of(p, min_min_per_pstate(p));
    TabuParams tp = small_tabu();
    tp.long_hop_genes = 3;
    std::vector<SearchProgress> curve;
    TabuSearch a(p, tp);
    a.run(seed, [&](const SearchProgress& g) { curve.push_back(g); });
    CHECK(!better(p, seed, a.best()));
    CHECK(a.best().feasible(p));
    for (std::size_t i = 1; i < curve.size(); ++i)
        CHECK(better(Measures{curve[i].robustness, curve[i].expected_energy},
                     Measures{curve[i - 1].robustness, curve[i - 1].expected_energy}, p.robustness_floor));
    TabuSearch b(p, tp);
    b.run(seed);
    CHECK(b.best().genes() == a.best().genes());
    CHECK(b.evaluations() == a.evaluations());
}
