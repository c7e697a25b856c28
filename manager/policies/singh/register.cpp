// The Singh, Dziurzanski, Indrusiak 2015 policies: value/energy allocation of DAG jobs on many-core nodes.
#include <memory>

#include "manager/policies/singh/nba_policy.h"
#include "manager/policies/singh/pba_policy.h"
#include "manager/policy_registry.h"

namespace rmsim {

void register_singh_policies(PolicyRegistry& r) {
    const ParamInfo tolerance = ParamInfo{"balance_tolerance", "number", "0.25",
                                          "load-balanced allocation: merged clusters of communicating tasks may "
                                          "exceed the mean core load by this fraction (GAP, "
                                          "load_balanced_allocation.h)"}
                                    .at_least(0);
    auto tolerance_param = [](const PolicyParams& p) { return p.number("balance_tolerance", 0.25); };
    auto nba = [&](const char* name, const char* paper, const char* description, singh::LevelRule rule) {
        r.add(PolicyInfo{name,
                         "singh2015",
                         paper,
                         description,
                         {tolerance},
                         [rule, tolerance_param](const PolicyParams& p) -> std::unique_ptr<Policy> {
                             return std::make_unique<singh::NbaPolicy>(rule, tolerance_param(p));
                         }});
    };
    nba("nba-ftps", "Singh 2015 §IV-B, Algorithms 2 and 3",
        "most valuable job on the node with most free cores, load-balanced allocation, V/F level per task "
        "fixed greedily for value per energy",
        singh::LevelRule::Ftps);
    nba("nba-fcps", "Singh 2015 §V-A (NBA-FCPS)",
        "as nba-ftps, with one V/F level per core fixed greedily core by core for value per energy",
        singh::LevelRule::Fcps);
    nba("valopt", "Singh 2015 §V-A (ValOpt)", "as nba-ftps, every core at the highest V/F level (value only)",
        singh::LevelRule::ValOpt);

    const singh::GaParams d;
    r.add(PolicyInfo{
        "pba",
        "singh2015",
        "Singh 2015 §IV-A, Algorithm 1",
        "design-time GA profiles per job and core count (min response x energy); at run time the job with the "
        "highest value per energy runs with its profiled allocation and V/F levels, on the profiled core count "
        "of highest value per energy",
        {ParamInfo{"population", "integer", std::to_string(d.population), "GA individuals"}.at_least(2),
         {"evaluations", "integer", std::to_string(d.evaluations), "GA fitness evaluations per job and core count"},
         ParamInfo{"crossover_rate", "number", "0.9", "probability that a child is a uniform crossover"}.in(0, 1),
         ParamInfo{"mutation_rate", "number", "0.1", "per-gene mutation probability"}.in(0, 1),
         {"tournament_size", "integer", std::to_string(d.tournament_size), "parent selection tournament"},
         {"seed", "integer", "1", "seed of the GA (with the job id and core count)"},
         {"core_count", "string", "max-value-per-energy",
          "max-value-per-energy: min(maxBid, the profiled core count of maximum value/energy at allocation time) "
          "(§IV-A); "
          "min-response-energy: min(maxBid, the count of least response x energy, the GA's fitness)"}},
        [](const PolicyParams& p) -> std::unique_ptr<Policy> {
            singh::GaParams g;
            g.population = p.integer("population", g.population);
            g.evaluations = p.integer("evaluations", static_cast<std::uint32_t>(g.evaluations));
            g.crossover_rate = p.number("crossover_rate", g.crossover_rate);
            g.mutation_rate = p.number("mutation_rate", g.mutation_rate);
            g.tournament_size = p.integer("tournament_size", g.tournament_size);
            g.seed = p.integer("seed", 1);
            const std::string rule = p.text("core_count", "max-value-per-energy");
            p.require(rule == "max-value-per-energy" || rule == "min-response-energy", "core_count",
                      "must be max-value-per-energy or min-response-energy");
            return std::make_unique<singh::PbaPolicy>(g, rule == "max-value-per-energy"
                                                             ? singh::PbaCoreCount::MaxValuePerEnergy
                                                             : singh::PbaCoreCount::MinResponseEnergy);
        }});
}

}  // namespace rmsim
