#pragma once
// Design-time profiling of PBA (Singh 2015 Sec. IV-A): for a job and a number of cores k, a genetic
// algorithm finds the task -> core allocation (on at most k cores) and the per-task V/F levels that
// minimize response time x energy (Eq. 1). The paper only says "GA based evaluation, similarly as in
// [22]"; this steady-state GA is a GAP:
//   genome: per task a core in [0, k) and a level in [0, levels); phenotype = list_schedule (list_schedule.h).
//     Cores are interchangeable, so genomes are kept canonical (cores numbered by first use by task index,
//     compact_cores) and relabelled copies are recognized as duplicates.
//   fitness: response_s · energy_j (lower is better)
//   initial population: the seeds (see ga_seed_genomes), then uniformly random genomes up to `population`
//     (the population grows to hold every seed);
//   each step: two parents by tournament (tournament_size draws with replacement, the fittest wins, ties to
//     the first drawn); with probability crossover_rate uniform crossover (each task's (core, level) pair
//     from either parent with probability 1/2), else a copy of the first parent; mutation: each core gene
//     (if k > 1) and each level gene (if levels > 1) is redrawn uniformly among its OTHER values with
//     probability mutation_rate; a child equal to a member is discarded without evaluation (keeps the
//     population diverse; it still uses one unit of the budget); otherwise it replaces the worst
//     individual (ties: the last one) if strictly fitter.
//   stop after `evaluations` children + initial members (at least the initial population); the reported
//     count is that number (discarded duplicates cost no schedule, so it slightly over-counts schedules).
// Elitist replacement keeps the best individual, so the result is never worse than any seed.
// Deterministic: the generator is seeded from (seed, job id, k) through std::seed_seq.
#include <cstdint>
#include <vector>

#include "manager/policies/singh/job_plan.h"
#include "manager/policies/singh/planning_problem.h"

namespace rmsim::singh {

struct GaParams {
    std::uint32_t population = 24;      ///< individuals (>= 2)
    std::uint64_t evaluations = 1000;   ///< budget per (job, k): initial population + children
    double crossover_rate = 0.9;        ///< probability that a child is a crossover (else a copy)
    double mutation_rate = 0.1;         ///< per gene
    std::uint32_t tournament_size = 3;  ///< >= 1
    std::uint64_t seed = 1;
    void validate() const;  ///< std::invalid_argument naming the bad parameter
};

struct Genome {
    std::vector<std::uint32_t> core;
    std::vector<std::uint32_t> level;
};

struct GaOutcome {
    Genome best;
    JobPlan plan;        ///< list_schedule of `best` (cores compacted)
    double fitness = 0;  ///< plan.response_s() * plan.energy_j()
    std::uint64_t evaluations = 0;
};

double response_energy_product(const JobPlan& plan);

/// The seeds profile_job uses for k cores (GAP): the load-balanced allocation on min(k, |T|) cores
/// (balance tolerance 0.25) with (a) every task at P0 (ValOpt), (b) levels by the greedy of Algorithm 3 with
/// the score -response·energy instead of value per energy (FTPS-like), (c) every task at level v, for each v.
std::vector<Genome> ga_seed_genomes(const PlanningProblem& problem, std::uint32_t k);

/// Minimizes response time x energy over allocations on at most k cores. Seeds must have |T| genes with
/// cores < k and levels in range (std::invalid_argument otherwise); `seeds` may be empty.
GaOutcome ga_minimize_response_energy(const PlanningProblem& problem, std::uint32_t k, const GaParams& params,
                                      const std::vector<Genome>& seeds);

}  // namespace rmsim::singh
