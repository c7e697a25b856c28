#include "manager/policies/siegel/genitor.h"

#include <algorithm>
#include <cmath>

#include "manager/policies/siegel/min_min.h"

namespace rmsim::siegel {

Genitor::Genitor(const StaticProblem& problem, const GenitorParams& params)
    : problem_(problem), params_(params), rng_(params.seed) {}

void Genitor::seed(const std::vector<std::vector<Gene>>& seeds) {
    population_.clear();
    for (const auto& g : seeds) {
        if (population_.size() >= params_.population) break;
        insert(Mapping(problem_, g));
    }
    while (population_.size() < params_.population) insert(Mapping(problem_, greedy_random_order(problem_, rng_)));
}

void Genitor::insert(Mapping m) {
    // After the equal ones: an offspring does not displace an equally good member.
    auto at = std::upper_bound(population_.begin(), population_.end(), m,
                               [&](const Mapping& a, const Mapping& b) { return better(problem_, a, b); });
    population_.insert(at, std::move(m));
    if (population_.size() > params_.population) population_.pop_back();
}

std::size_t Genitor::select() {
    // Whitley's linear bias: index = S·(b − sqrt(b² − 4(b − 1)u)) / (2(b − 1)).
    const double b = params_.selection_bias;
    const double u = std::uniform_real_distribution<double>(0.0, 1.0)(rng_);
    const double s = static_cast<double>(population_.size());
    const double i = b > 1 ? s * (b - std::sqrt(b * b - 4 * (b - 1) * u)) / (2 * (b - 1)) : s * u;
    return std::min(population_.size() - 1, static_cast<std::size_t>(i));
}

std::vector<std::size_t> Genitor::chosen_genes(double p) {
    std::vector<std::size_t> out;
    if (p <= 0) return out;
    const std::size_t n = problem_.task_count();
    std::geometric_distribution<std::size_t> skip(p);
    for (std::size_t i = skip(rng_); i < n; i += 1 + skip(rng_)) out.push_back(i);
    return out;
}

void Genitor::crossover() {
    const std::size_t a = select(), b = select();
    const std::size_t n = problem_.task_count();
    std::uniform_int_distribution<std::size_t> cut(0, n - 1);
    std::size_t x = cut(rng_), y = cut(rng_);
    if (x > y) std::swap(x, y);
    Mapping c1 = population_[a], c2 = population_[b];
    const std::vector<Gene> g1 = c1.genes(), g2 = c2.genes();
    for (std::size_t i = x; i <= y; ++i) {
        c1.set_gene(problem_, i, g2[i]);
        c2.set_gene(problem_, i, g1[i]);
    }
    c1.update(problem_);
    c2.update(problem_);
    offspring_ += 2;
    insert(std::move(c1));
    insert(std::move(c2));
}

void Genitor::assignment_mutation(Mapping c) {
    std::uniform_int_distribution<std::uint32_t> core(0, static_cast<std::uint32_t>(problem_.system.cores.size() - 1));
    std::uniform_int_distribution<std::uint32_t> pstate(0, problem_.pstate_count() - 1);
    for (std::size_t i : chosen_genes(params_.p_tmg)) {
        const std::uint32_t k = core(rng_);
        c.set_gene(problem_, i, Gene{k, pstate(rng_)});
    }
    c.update(problem_);
    ++offspring_;
    insert(std::move(c));
}

void Genitor::pstate_mutation(Mapping c) {
    std::uniform_int_distribution<std::uint32_t> pstate(0, problem_.pstate_count() - 1);
    for (std::size_t i : chosen_genes(params_.p_pmg)) c.set_gene(problem_, i, Gene{c.genes()[i].core, pstate(rng_)});
    c.update(problem_);
    ++offspring_;
    insert(std::move(c));
}

void Genitor::run(const std::function<void(const GenitorProgress&)>& progress) {
    const auto start = std::chrono::steady_clock::now();
    auto wall = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
    std::bernoulli_distribution pc(params_.p_c), ptm(params_.p_tm), ppm(params_.p_pm);
    double last_energy = -1, last_psi = -1;
    for (std::uint64_t g = 0; g < params_.generations; ++g) {
        if (params_.wall_budget_s > 0 && wall() >= params_.wall_budget_s) break;
        for (std::size_t i = 0; i < params_.population; ++i)
            if (pc(rng_)) crossover();
        // "for each chromosome": the members as they stand when the step begins (the chosen ones are copied
        // first: inserting offspring moves the population).
        std::vector<Mapping> parents;
        for (const Mapping& m : population_)
            if (ptm(rng_)) parents.push_back(m);
        for (Mapping& m : parents) assignment_mutation(std::move(m));
        parents.clear();
        for (const Mapping& m : population_)
            if (ppm(rng_)) parents.push_back(m);
        for (Mapping& m : parents) pstate_mutation(std::move(m));
        ++generation_;
        const Mapping& b = best();
        if (progress && (b.expected_energy() != last_energy || b.robustness() != last_psi)) {
            last_energy = b.expected_energy();
            last_psi = b.robustness();
            progress({generation_, wall(), b.robustness(), b.expected_energy(), b.feasible(problem_)});
        }
    }
}

}  // namespace rmsim::siegel
