// Singh 2015 PBA design-time profiling: the steady-state GA minimizing response time x energy.
#include <catch2/catch.hpp>
#include <limits>
#include <random>
#include <stdexcept>

#include "manager/policies/singh/ga_profiler.h"
#include "manager/policies/singh/list_schedule.h"
#include "manager/policies/singh/planning_problem.h"
#include "tests/manager/policies/singh/singh_fixture.h"

using namespace rmsim;
using namespace rmsim::singh;

namespace {
// Fork t0 -> t1 (3000 B), t0 -> t2 (500 B), 3000/2000/2000 cycles, on a 2-core node that is NOT power
// gated (static power of every used core over the whole span), 2 levels.
Job tiny_fork() { return singh_test::make_job({3000, 2000, 2000}, {{0, 1, 3000}, {0, 2, 500}}); }

double exhaustive_minimum(const PlanningProblem& pb, std::uint32_t k) {
    const std::uint32_t n = pb.tasks(), L = pb.levels();
    std::uint64_t cores_space = 1, levels_space = 1;
    for (std::uint32_t t = 0; t < n; ++t) {
        cores_space *= k;
        levels_space *= L;
    }
    double best = std::numeric_limits<double>::infinity();
    for (std::uint64_t c = 0; c < cores_space; ++c)
        for (std::uint64_t l = 0; l < levels_space; ++l) {
            std::vector<std::uint32_t> core(n), level(n);
            std::uint64_t cc = c, ll = l;
            for (std::uint32_t t = 0; t < n; ++t, cc /= k, ll /= L) {
                core[t] = static_cast<std::uint32_t>(cc % k);
                level[t] = static_cast<std::uint32_t>(ll % L);
            }
            best = std::min(best, response_energy_product(list_schedule(pb, core, level)));
        }
    return best;
}
}  // namespace

TEST_CASE("singh GA: finds the exhaustive optimum of a tiny instance", "[manager][singh]") {
    const Job job = tiny_fork();
    const NodeModel node = singh_test::two_level_node(2, false);
    const PlanningProblem pb(job, node);
    // 2^3 allocations x 2^3 level vectors = 64 genomes. The optimum puts everything on one core at L0:
    // R = 3000 + 2000 + 2000 = 7000 ns (no transfers), E = 7000e-9 s · 2.0 W (busy; no idle stretch on the
    // only core) = 1.4e-5 J, R·E = 7e-6 · 1.4e-5 = 9.8e-11. The load-balanced seeds use 2 cores, so the GA
    // must find it itself.
    const double opt = exhaustive_minimum(pb, 2);
    CHECK(opt == Approx(9.8e-11).epsilon(1e-12));
    for (const Genome& s : ga_seed_genomes(pb, 2))
        CHECK(response_energy_product(list_schedule(pb, s.core, s.level)) > opt * 1.1);
    GaParams gp;
    gp.population = 8;
    gp.evaluations = 300;
    gp.seed = 5;
    const GaOutcome with_seeds = ga_minimize_response_energy(pb, 2, gp, ga_seed_genomes(pb, 2));
    CHECK(with_seeds.fitness == Approx(opt).epsilon(1e-12));
    CHECK(with_seeds.plan.cores_used() == 1);
    CHECK(with_seeds.plan.level_of_tasks() == std::vector<std::uint32_t>{0, 0, 0});
    CHECK(with_seeds.evaluations == 300);
    const GaOutcome unseeded = ga_minimize_response_energy(pb, 2, gp, {});
    CHECK(unseeded.fitness == Approx(opt).epsilon(1e-12));
}

TEST_CASE("singh GA: deterministic per seed and never worse than its seeds", "[manager][singh]") {
    // A 9-task layered-ish job on the singh-like 2-level node, gated, 4 cores; a tiny budget so that the
    // GA has little room: the result must still be at least as good as every seed.
    const Job job = singh_test::make_job({4e9, 1e9, 2e9, 3e9, 2e9, 5e9, 1e9, 2e9, 3e9}, {{0, 1, 1e6},
                                                                                         {0, 2, 1e8},
                                                                                         {0, 3, 1e7},
                                                                                         {1, 4, 1e6},
                                                                                         {2, 4, 1e9},
                                                                                         {3, 5, 1e6},
                                                                                         {4, 6, 1e8},
                                                                                         {5, 6, 1e6},
                                                                                         {5, 7, 1e7},
                                                                                         {6, 8, 1e6},
                                                                                         {7, 8, 1e6}});
    NodeModel node = singh_test::two_level_node(8, true);
    const PlanningProblem pb(job, node);
    GaParams gp;
    gp.population = 12;
    gp.evaluations = 40;
    gp.seed = 99;
    const std::vector<Genome> seeds = ga_seed_genomes(pb, 4);
    REQUIRE(seeds.size() == 3);  // load balanced at L0, greedy R·E levels, all at L1
    const GaOutcome a = ga_minimize_response_energy(pb, 4, gp, seeds);
    for (const Genome& s : seeds) CHECK(a.fitness <= response_energy_product(list_schedule(pb, s.core, s.level)));
    CHECK(a.plan.cores_used() <= 4);
    CHECK(a.fitness == Approx(a.plan.response_s() * a.plan.energy_j()).epsilon(1e-12));
    const GaOutcome b = ga_minimize_response_energy(pb, 4, gp, seeds);
    CHECK(a.best.core == b.best.core);
    CHECK(a.best.level == b.best.level);
    CHECK(a.fitness == b.fitness);
    // A longer run from the same seed is at least as good.
    gp.evaluations = 2000;
    const GaOutcome c = ga_minimize_response_energy(pb, 4, gp, seeds);
    CHECK(c.fitness <= a.fitness);
}

TEST_CASE("singh GA: parameter and seed validation", "[manager][singh]") {
    const Job job = tiny_fork();
    const NodeModel node = singh_test::two_level_node(2, false);
    const PlanningProblem pb(job, node);
    GaParams gp;
    gp.population = 1;
    CHECK_THROWS_AS(ga_minimize_response_energy(pb, 2, gp, {}), std::invalid_argument);
    gp = GaParams{};
    gp.mutation_rate = 1.5;
    CHECK_THROWS_AS(ga_minimize_response_energy(pb, 2, gp, {}), std::invalid_argument);
    gp = GaParams{};
    CHECK_THROWS_AS(ga_minimize_response_energy(pb, 0, gp, {}), std::invalid_argument);
    CHECK_THROWS_AS(ga_minimize_response_energy(pb, 1, gp, {Genome{{0, 1, 0}, {0, 0, 0}}}), std::invalid_argument);
    CHECK_THROWS_AS(ga_minimize_response_energy(pb, 2, gp, {Genome{{0, 1}, {0, 0}}}), std::invalid_argument);
}
