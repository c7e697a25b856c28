#include "manager/policies/singh/ga_profiler.h"

#include <cmath>
#include <random>
#include <stdexcept>
#include <string>

#include "manager/policies/singh/greedy_levels.h"
#include "manager/policies/singh/list_schedule.h"
#include "manager/policies/singh/load_balanced_allocation.h"

namespace rmsim::singh {

void GaParams::validate() const {
    auto bad = [](const std::string& what) { throw std::invalid_argument("singh GA: " + what); };
    if (population < 2) bad("population must be >= 2");
    if (!(crossover_rate >= 0 && crossover_rate <= 1)) bad("crossover_rate must be in [0, 1]");
    if (!(mutation_rate >= 0 && mutation_rate <= 1)) bad("mutation_rate must be in [0, 1]");
    if (tournament_size < 1) bad("tournament_size must be >= 1");
}

double response_energy_product(const JobPlan& plan) { return plan.response_s() * plan.energy_j(); }

std::vector<Genome> ga_seed_genomes(const PlanningProblem& problem, std::uint32_t k) {
    const std::uint32_t n = problem.tasks();
    const std::vector<std::uint32_t> cores = load_balanced_allocation(problem, k);
    std::vector<Genome> seeds;
    seeds.push_back({cores, std::vector<std::uint32_t>(n, 0)});
    std::vector<std::vector<std::uint32_t>> groups(n);
    for (std::uint32_t t = 0; t < n; ++t) groups[t] = {t};
    const LevelSelection greedy = greedy_fix_levels(
        problem, cores, groups, 0, [](const JobPlan& p) { return std::optional<double>(-response_energy_product(p)); });
    seeds.push_back({cores, greedy.level_of_task});
    for (std::uint32_t v = 1; v < problem.levels(); ++v) seeds.push_back({cores, std::vector<std::uint32_t>(n, v)});
    return seeds;
}

GaOutcome ga_minimize_response_energy(const PlanningProblem& problem, std::uint32_t k, const GaParams& params,
                                      const std::vector<Genome>& seeds) {
    params.validate();
    const std::uint32_t n = problem.tasks(), levels = problem.levels();
    if (k == 0) throw std::invalid_argument("singh GA: k must be >= 1");
    for (const Genome& g : seeds) {
        bool ok = g.core.size() == n && g.level.size() == n;
        for (std::uint32_t t = 0; ok && t < n; ++t) ok = g.core[t] < k && g.level[t] < levels;
        if (!ok) throw std::invalid_argument("singh GA: a seed genome does not fit the job and k");
    }
    std::seed_seq sseq{static_cast<std::uint32_t>(params.seed), static_cast<std::uint32_t>(params.seed >> 32),
                       problem.job().id, k};
    std::mt19937_64 rng(sseq);
    std::uniform_int_distribution<std::uint32_t> any_core(0, k - 1), any_level(0, levels - 1);
    std::uniform_real_distribution<double> unit(0.0, 1.0);

    GaOutcome out;
    auto evaluate = [&](const Genome& g) {
        ++out.evaluations;
        return response_energy_product(list_schedule(problem, g.core, g.level));
    };
    // Core labels are interchangeable (homogeneous cores): genomes are kept canonical, cores numbered by
    // first use, so that relabelled copies count as duplicates.
    auto canonical = [](Genome g) {
        g.core = compact_cores(g.core);
        return g;
    };
    std::vector<Genome> pop;
    for (const Genome& g : seeds) pop.push_back(canonical(g));
    while (pop.size() < params.population) {
        Genome g{std::vector<std::uint32_t>(n), std::vector<std::uint32_t>(n)};
        for (std::uint32_t t = 0; t < n; ++t) {
            g.core[t] = any_core(rng);
            g.level[t] = any_level(rng);
        }
        pop.push_back(canonical(std::move(g)));
    }
    std::vector<double> fit(pop.size());
    for (std::size_t i = 0; i < pop.size(); ++i) fit[i] = evaluate(pop[i]);

    std::uniform_int_distribution<std::size_t> any_member(0, pop.size() - 1);
    auto tournament = [&]() {
        std::size_t best = any_member(rng);
        for (std::uint32_t i = 1; i < params.tournament_size; ++i) {
            const std::size_t c = any_member(rng);
            if (fit[c] < fit[best]) best = c;
        }
        return best;
    };
    // A gene mutation always changes the gene: uniform over the other values.
    auto redraw = [&](std::uint32_t value, std::uint32_t count) {
        const std::uint32_t r = std::uniform_int_distribution<std::uint32_t>(0, count - 2)(rng);
        return r < value ? r : r + 1;
    };
    while (out.evaluations < params.evaluations) {
        const Genome& a = pop[tournament()];
        const Genome& b = pop[tournament()];
        Genome child = a;
        if (unit(rng) < params.crossover_rate)
            for (std::uint32_t t = 0; t < n; ++t)
                if (unit(rng) < 0.5) {
                    child.core[t] = b.core[t];
                    child.level[t] = b.level[t];
                }
        for (std::uint32_t t = 0; t < n; ++t) {
            if (k > 1 && unit(rng) < params.mutation_rate) child.core[t] = redraw(child.core[t], k);
            if (levels > 1 && unit(rng) < params.mutation_rate) child.level[t] = redraw(child.level[t], levels);
        }
        child = canonical(std::move(child));
        // A duplicate of a member is discarded unevaluated (it keeps the population diverse) but uses up one
        // unit of the budget, so that the loop ends even when the whole search space is in the population.
        bool duplicate = false;
        for (const Genome& g : pop)
            if (g.core == child.core && g.level == child.level) {
                duplicate = true;
                break;
            }
        if (duplicate) {
            ++out.evaluations;
            continue;
        }
        const double f = evaluate(child);
        std::size_t worst = 0;
        for (std::size_t i = 1; i < pop.size(); ++i)
            if (fit[i] >= fit[worst]) worst = i;
        if (f < fit[worst]) {
            pop[worst] = std::move(child);
            fit[worst] = f;
        }
    }
    std::size_t best = 0;
    for (std::size_t i = 1; i < pop.size(); ++i)
        if (fit[i] < fit[best]) best = i;
    out.best = pop[best];
    out.plan = list_schedule(problem, out.best.core, out.best.level);
    out.fitness = fit[best];
    return out;
}

}  // namespace rmsim::singh
