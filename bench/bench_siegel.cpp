// Benchmark of the Siegel static study (spec §3) at its scale: 4,000 tasks on configs/platforms/siegel.yaml
// (25 nodes, 63 processors, 178 cores, 5 P-states). Prints Min-Min's robustness, expected energy and time at
// each P-state, then the Genitor GA's quality curve over wall-clock time (each change of its best), until a
// budget, and its best after 1,000 generations (the config's); then Tabu search's curve under the same budget
// and when it first reaches that quality; then the tree search at frontiers 1, 2, 4 and 8 (its quality and
// time): docs/performance.md. Not a test: `make bench_siegel`, then
//   bench_siegel <platform.yaml> [budget_s = 300] [seed = 1] [deadline_factor = 1.0] [max_pulses = 512]
//   [bin_s = 5] [heuristics = ga,tabu,tree]   (configs/experiments/siegel-static.yaml's values)
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "manager/bookkeeping.h"
#include "manager/policies/siegel/genitor.h"
#include "manager/policies/siegel/min_min.h"
#include "manager/policies/siegel/static_policy.h"
#include "manager/policies/siegel/tabu.h"
#include "manager/policies/siegel/tree_search.h"
#include "platform/platform_loader.h"
#include "workloads/siegel_generator.h"

using namespace rmsim;
using Clock = std::chrono::steady_clock;

// libsystemc's own main() refers to sc_main (rmsim_lib links SystemC); this program's main() is its own, so
// sc_main is never called.
extern "C" int sc_main(int, char**) { return 0; }

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr,
                     "usage: bench_siegel <platform.yaml> [budget_s] [seed] [deadline_factor] [max_pulses] [bin_s] "
                     "[heuristics]\n");
        return 2;
    }
    const PlatformSpec platform = load_platform_file(argv[1]);
    const double budget = argc > 2 ? std::atof(argv[2]) : 300;
    const std::uint64_t seed = argc > 3 ? std::strtoull(argv[3], nullptr, 10) : 1;
    SiegelStaticParams wp;
    wp.deadline_factor = argc > 4 ? std::atof(argv[4]) : 1.0;
    const std::size_t max_pulses = argc > 5 ? std::strtoul(argv[5], nullptr, 10) : 512;
    wp.common.pmfs.bin_s = argc > 6 ? std::atof(argv[6]) : 5;
    const std::string heuristics = argc > 7 ? argv[7] : "ga,tabu,tree";
    auto wanted = [&](const char* h) {
        return ("," + heuristics + ",").find("," + std::string(h) + ",") != std::string::npos;
    };
    std::mt19937_64 rng(seed);
    const auto t0 = Clock::now();
    const std::vector<Task> tasks = generate_siegel_static(wp, platform, rng);
    EstimateConfig est;
    est.model = EstimateModel::Distribution;
    Bookkeeping books(platform, tasks, Granularity::Core, nullptr, est);
    const siegel::StaticProblem problem = SiegelStaticPolicy::problem_of(books.view(), max_pulses, 0.9);
    auto secs = [](Clock::time_point a) { return std::chrono::duration<double>(Clock::now() - a).count(); };
    std::printf("tasks %zu, kinds %zu, cores %zu, deadline %.1f s, setup %.2f s\n", problem.task_count(),
                problem.pmfs.size(), problem.system.cores.size(), problem.deadline, secs(t0));
    std::vector<std::vector<siegel::Gene>> seeds;
    for (std::uint32_t p = 0; p < problem.pstate_count(); ++p) {
        const auto t1 = Clock::now();
        seeds.push_back(siegel::min_min(problem, p));
        const double mm = secs(t1);
        const auto t2 = Clock::now();
        const siegel::Mapping m(problem, seeds.back());
        std::printf("min-min P%u: psi %.4f, expected energy %.1f J, min-min %.3f s, evaluation %.3f s\n", p,
                    m.robustness(), m.expected_energy(), mm, secs(t2));
    }
    auto print = [](const char* what, const siegel::SearchProgress& g) {
        std::printf("%s t %7.1f s  step %7llu  psi %.4f  expected energy %.1f J%s\n", what, g.wall_s,
                    static_cast<unsigned long long>(g.step), g.robustness, g.expected_energy,
                    g.feasible ? "" : "  (infeasible)");
        std::fflush(stdout);
    };
    // Both searches run unbounded but for the wall budget, from the bench's seed.
    auto budgeted = [&](auto params) {
        params.wall_budget_s = budget;
        params.seed = seed;
        return params;
    };
    // The GA's best after 1,000 generations: the quality the others are held against.
    siegel::SearchProgress target;
    target.expected_energy = -1;
    if (wanted("ga")) {
        siegel::GenitorParams gp = budgeted(siegel::GenitorParams{});
        gp.generations = ~std::uint64_t(0);
        const auto t3 = Clock::now();
        siegel::Genitor ga(problem, gp);
        ga.seed(seeds);
        std::printf("ga seeded in %.2f s: best psi %.4f, expected energy %.1f J\n", secs(t3), ga.best().robustness(),
                    ga.best().expected_energy());
        double last_print = -1;
        ga.run([&](const siegel::GenitorProgress& g) {
            if (g.step <= 1000) target = g;
            if (g.wall_s - last_print < 5 && g.step > 1) return;
            last_print = g.wall_s;
            print("ga", g);
        });
        std::printf("ga done: %llu generations, %llu offspring in %.1f s; best psi %.4f, expected energy %.1f J\n",
                    static_cast<unsigned long long>(ga.generations_done()),
                    static_cast<unsigned long long>(ga.offspring()), secs(t3), ga.best().robustness(),
                    ga.best().expected_energy());
        if (ga.generations_done() >= 1000)
            std::printf("ga at 1000 generations (%.1f s after seeding): psi %.4f, expected energy %.1f J\n",
                        target.wall_s, target.robustness, target.expected_energy);
        else
            target.expected_energy = -1;
    }
    auto reaches = [&](const siegel::SearchProgress& g) {
        return target.expected_energy > 0 && g.feasible && g.expected_energy <= target.expected_energy;
    };
    if (wanted("tabu")) {
        siegel::TabuParams tp = budgeted(siegel::TabuParams{});
        tp.iterations = ~std::uint64_t(0);
        const auto t4 = Clock::now();
        const siegel::Mapping start = siegel::best_of(problem, seeds);
        std::printf("tabu starts from the best seed (%.2f s): psi %.4f, expected energy %.1f J\n", secs(t4),
                    start.robustness(), start.expected_energy());
        siegel::TabuSearch tabu(problem, tp);
        double last_print = -1, reached = -1;
        tabu.run(start, [&](const siegel::SearchProgress& g) {
            if (reached < 0 && reaches(g)) {
                reached = g.wall_s;
                print("tabu reaches the ga's 1000-generation quality:", g);
            }
            if (g.wall_s - last_print < 5 && g.step > 1) return;
            last_print = g.wall_s;
            print("tabu", g);
        });
        std::printf(
            "tabu done: %llu iterations, %llu evaluations, %llu long hops in %.1f s; best psi %.4f, "
            "expected energy %.1f J; ga's 1000-generation quality %s\n",
            static_cast<unsigned long long>(tabu.iterations_done()),
            static_cast<unsigned long long>(tabu.evaluations()), static_cast<unsigned long long>(tabu.long_hops()),
            secs(t4), tabu.best().robustness(), tabu.best().expected_energy(),
            reached >= 0 ? "reached" : "not reached");
    }
    if (wanted("tree"))
        for (std::size_t frontier : {1, 2, 4, 8}) {
            if (frontier > 1 && budget < 60) break;  // a short budget: the smallest frontier only
            const auto t5 = Clock::now();
            const siegel::Mapping m =
                siegel::tree_search(problem, siegel::TreeSearchParams{frontier}, [&](const siegel::SearchProgress& g) {
                    if (g.step % 500 == 0) print("tree search level", g);
                });
            std::printf(
                "tree search, frontier %zu: %.1f s; psi %.4f, expected energy %.1f J%s%s\n", frontier, secs(t5),
                m.robustness(), m.expected_energy(), m.feasible(problem) ? "" : " (infeasible)",
                target.expected_energy > 0 && m.feasible(problem) && m.expected_energy() <= target.expected_energy
                    ? "; reaches the ga's 1000-generation quality"
                    : "");
            std::fflush(stdout);
        }
    return 0;
}
