// Benchmark of the Siegel static study (spec §3) at its scale: 4,000 tasks on configs/platforms/siegel.yaml
// (25 nodes, 63 processors, 178 cores, 5 P-states). Prints Min-Min's robustness, expected energy and time at
// each P-state, then the Genitor GA's quality curve over wall-clock time (each change of its best), until a
// budget: docs/performance.md. Not a test: `make bench_siegel`, then
//   bench_siegel <platform.yaml> [budget_s = 300] [seed = 1] [deadline_factor = 1.0] [max_pulses = 512]
//   [bin_s = 5]   (configs/experiments/siegel-static.yaml's values)
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
                     "usage: bench_siegel <platform.yaml> [budget_s] [seed] [deadline_factor] [max_pulses] [bin_s]\n");
        return 2;
    }
    const PlatformSpec platform = load_platform_file(argv[1]);
    const double budget = argc > 2 ? std::atof(argv[2]) : 300;
    const std::uint64_t seed = argc > 3 ? std::strtoull(argv[3], nullptr, 10) : 1;
    SiegelStaticParams wp;
    wp.deadline_factor = argc > 4 ? std::atof(argv[4]) : 1.0;
    const std::size_t max_pulses = argc > 5 ? std::strtoul(argv[5], nullptr, 10) : 512;
    wp.common.pmfs.bin_s = argc > 6 ? std::atof(argv[6]) : 5;
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
    siegel::GenitorParams gp;
    gp.generations = ~std::uint64_t(0);
    gp.wall_budget_s = budget;
    gp.seed = seed;
    const auto t3 = Clock::now();
    siegel::Genitor ga(problem, gp);
    ga.seed(seeds);
    std::printf("ga seeded in %.2f s: best psi %.4f, expected energy %.1f J\n", secs(t3), ga.best().robustness(),
                ga.best().expected_energy());
    double last_print = -1;
    ga.run([&](const siegel::GenitorProgress& g) {
        if (g.wall_s - last_print < 5 && g.generation > 1) return;
        last_print = g.wall_s;
        std::printf("t %7.1f s  gen %7llu  psi %.4f  expected energy %.1f J%s\n", g.wall_s,
                    static_cast<unsigned long long>(g.generation), g.robustness, g.expected_energy,
                    g.feasible ? "" : "  (infeasible)");
        std::fflush(stdout);
    });
    std::printf("ga done: %llu generations, %llu offspring in %.1f s; best psi %.4f, expected energy %.1f J\n",
                static_cast<unsigned long long>(ga.generations_done()), static_cast<unsigned long long>(ga.offspring()),
                secs(t3), ga.best().robustness(), ga.best().expected_energy());
    return 0;
}
