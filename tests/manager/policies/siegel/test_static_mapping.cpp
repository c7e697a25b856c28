// Siegel §3 static study (manager/policies/siegel/): ψ and expected energy of a mapping, incremental
// updates, Min-Min and the Genitor GA on hand-sized problems.
#include <catch2/catch.hpp>

#include "manager/policies/siegel/genitor.h"
#include "manager/policies/siegel/min_min.h"
#include "manager/policies/siegel/static_mapping.h"

using namespace rmsim;
using namespace rmsim::siegel;

namespace {

/// One node (overhead 10 W) with two single-core processors (overheads 2 W and 3 W); core 0 of type 0,
/// core 1 of type 1; busy power at P0 / P1: type 0 10 / 4 W, type 1 20 / 8 W.
/// Two kinds of task: kind 0 takes {1: .5, 2: .5} on type 0 at P0, {2: .5, 4: .5} at P1, {1: 1} on type 1
/// at P0, {2: 1} at P1; kind 1 takes {2: .2, 4: .8} everywhere at P0 and {4: .2, 8: .8} at P1.
StaticProblem two_core_problem(std::vector<std::uint32_t> kinds, double deadline) {
    StaticProblem p;
    p.system.cores = {{0, 0}, {1, 1}};
    p.system.processors = {{0, 2.0, {0}}, {0, 3.0, {1}}};
    p.system.nodes = {{10.0, {0, 1}}};
    p.system.busy_w = {{10, 4}, {20, 8}};
    const Pmf a0({{1, 0.5}, {2, 0.5}}), a1({{2, 0.5}, {4, 0.5}});
    const Pmf b0({{2, 0.2}, {4, 0.8}}), b1({{4, 0.2}, {8, 0.8}});
    p.pmfs = {{{a0, a1}, {Pmf::point(1), Pmf::point(2)}}, {{b0, b1}, {b0, b1}}};
    p.task_kind = std::move(kinds);
    p.deadline = deadline;
    p.prepare();
    return p;
}

}  // namespace

TEST_CASE("siegel static: psi and expected energy of a two-core mapping by hand", "[manager][policies][siegel]") {
    // Tasks: 0 kind 0 on core 0 P0, 1 kind 0 on core 1 P0, 2 kind 1 on core 1 P0; δ = 3.
    //   D_0 = {1: .5, 2: .5}; D_1 = {1: 1} + {2: .2, 4: .8} = {3: .2, 5: .8}.
    //   p(D_0, 3) = 1, p(D_1, 3) = Σ pulses < 3 = 0 -> ψ = 0.  With δ = 6: ψ = 1 · 1 = 1.
    // Busy: task 0: 1.5 s x 10 W = 15 J; task 1: 1 x 20 = 20 J; task 2: 3.6 x 20 = 72 J -> 107 J.
    // Overhead: p0 2 W x E[D_0] 1.5 = 3; p1 3 W x E[D_1] 4.6 = 13.8; node 10 W x E[max(D_0, D_1)] = 10 x 4.6
    //   (D_1 >= 3 > D_0 always) = 46 -> 62.8 J. Expected energy 169.8 J.
    StaticProblem p = two_core_problem({0, 0, 1}, 6);
    Mapping m(p, {{0, 0}, {1, 0}, {1, 0}});
    CHECK(m.robustness() == Approx(1.0));
    CHECK(m.expected_energy() == Approx(169.8));
    p.deadline = 5;  // p(D_1, 5) = .2 -> ψ = .2, infeasible at R = .9
    Mapping m5(p, {{0, 0}, {1, 0}, {1, 0}});
    CHECK(m5.robustness() == Approx(0.2));
    CHECK_FALSE(m5.feasible(p));
}

TEST_CASE("siegel static: incremental updates equal a fresh evaluation", "[manager][policies][siegel]") {
    // Move task 2 to core 0 at P1: D_0 = {1,2} + {4: .2, 8: .8} = {5: .1, 6: .1, 9: .4, 10: .4}, D_1 = {1: 1}.
    // δ = 6: p(D_0) = Σ < 6 = .1 -> ψ = .1.
    StaticProblem p = two_core_problem({0, 0, 1}, 6);
    Mapping m(p, {{0, 0}, {1, 0}, {1, 0}});
    m.set_gene(p, 2, {0, 1});
    m.update(p);
    Mapping fresh(p, {{0, 0}, {1, 0}, {0, 1}});
    CHECK(m.robustness() == Approx(0.1));
    CHECK(m.robustness() == fresh.robustness());
    CHECK(m.expected_energy() == Approx(fresh.expected_energy()).epsilon(1e-12));
    // Busy: 15 + 20 + E[T] 7.2 s x 4 W = 28.8 -> 63.8; overhead: 2 x E[D_0] (1.5 + 7.2 = 8.7) = 17.4,
    // 3 x 1 = 3, node 10 x E[max] = 10 x 8.7 (D_0 >= 5 > D_1) = 87 -> 107.4; total 171.2 J.
    CHECK(m.expected_energy() == Approx(171.2));
}

TEST_CASE("siegel static: Min-Min at a fixed P-state by hand", "[manager][policies][siegel]") {
    // Tasks 0, 1 of kind 0 (E[T] 1.5 on core 0, 1 on core 1 at P0), task 2 of kind 1 (3.6 on both).
    // Step 1: best completions 1 (t0 core 1), 1 (t1 core 1), 3.6 (t2 core 0) -> t0 (lower index) on core 1.
    // Step 2: t1: core 0 1.5, core 1 2 -> 1.5 on core 0; t2: core 0 3.6, core 1 4.6 -> 3.6. t1 on core 0.
    // Step 3: t2: core 0 1.5 + 3.6 = 5.1, core 1 1 + 3.6 = 4.6 -> core 1.
    StaticProblem p = two_core_problem({0, 0, 1}, 6);
    std::vector<Gene> g = min_min(p, 0);
    CHECK(g[0] == Gene{1, 0});
    CHECK(g[1] == Gene{0, 0});
    CHECK(g[2] == Gene{1, 0});
    std::vector<Gene> g1 = min_min(p, 1);
    for (const Gene& x : g1) CHECK(x.pstate == 1);
}

TEST_CASE("siegel static: the GA's order, and it never loses its best", "[manager][policies][siegel]") {
    std::vector<std::uint32_t> kinds;
    for (int i = 0; i < 12; ++i) kinds.push_back(i % 2);
    StaticProblem p = two_core_problem(kinds, 40);
    // Order: feasible by increasing energy, then infeasible by decreasing ψ.
    Mapping all_p0(p, min_min(p, 0)), all_p1(p, min_min(p, 1));
    REQUIRE(all_p0.feasible(p));
    if (all_p1.feasible(p)) CHECK(better(p, all_p1, all_p0) == (all_p1.expected_energy() < all_p0.expected_energy()));
    GenitorParams gp;
    gp.population = 10;
    gp.generations = 200;
    gp.p_tmg = 0.2;  // 12 genes: mutate a few per offspring
    gp.p_pmg = 0.2;
    gp.p_c = 0.5;
    Genitor ga(p, gp);
    ga.seed({min_min(p, 0), min_min(p, 1)});
    const Joules seeded = ga.best().expected_energy();
    std::vector<GenitorProgress> curve;
    ga.run([&](const GenitorProgress& g) { curve.push_back(g); });
    CHECK(ga.best().feasible(p));
    CHECK(ga.best().expected_energy() <= seeded);
    for (std::size_t i = 1; i < curve.size(); ++i) CHECK(curve[i].expected_energy <= curve[i - 1].expected_energy);
    // Same seed, same result.
    Genitor again(p, gp);
    again.seed({min_min(p, 0), min_min(p, 1)});
    again.run();
    CHECK(again.best().genes() == ga.best().genes());
}
