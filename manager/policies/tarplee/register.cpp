// The Tarplee (2015) dissertation's batch methods: LP-makespan and the min-min / max-min baselines (Ch.2),
// the energy/makespan Pareto front (Ch.3) and maximum profit (Ch.4).
#include <limits>
#include <memory>

#include "manager/policies/tarplee/batch_policy.h"
#include "manager/policy_registry.h"

namespace rmsim {

static BatchParams batch_params(const PolicyParams& p) {
    BatchParams b;
    // The ranges are in the schemas below (checked by the registry before make).
    b.weights = static_cast<int>(p.integer("weights", 1000));
    b.fill_spacing = p.number("fill_spacing", b.fill_spacing);
    b.execute_alpha = p.number("execute_alpha", b.execute_alpha);
    b.gamma = p.number("gamma", b.gamma);
    b.cost_per_j = p.number("cost_per_j", b.cost_per_j);
    const double cap = p.number("p_max_w", 0.0);
    b.p_max_w = cap > 0 ? cap : std::numeric_limits<double>::infinity();
    b.nsga_generations = p.integer("nsga_generations", 0);
    b.nsga_population = p.integer("nsga_population", 100);
    b.nsga_seed = p.integer("nsga_seed", 1);
    return b;
}

void register_tarplee_policies(PolicyRegistry& r) {
    const ParamInfo weights =
        ParamInfo{"weights", "integer", "1000", "weighted-sum LPs, alpha evenly spaced in [0, 1] (Tarplee §3.3.2)"}.in(
            2, 1000000);
    r.add(PolicyInfo{"lp-makespan",
                     "tarplee",
                     "Tarplee Ch.2 §2.2 (Eq. 3, Alg. 1, Alg. 2)",
                     "bag of tasks: LP lower bound over task types x clusters (CLP), row rounding, LPT per cluster; "
                     "then each machine's queue is dispatched",
                     {},
                     [](const PolicyParams&) -> std::unique_ptr<Policy> {
                         return std::make_unique<BatchAllocationPolicy>(BatchMethod::LpMakespan);
                     }});
    r.add(PolicyInfo{"min-min",
                     "tarplee",
                     "Tarplee §2.5 (Alg. 4, = Alg. 3)",
                     "bag of tasks: batch min-min over every machine (optimized, counts), then dispatched",
                     {},
                     [](const PolicyParams&) -> std::unique_ptr<Policy> {
                         return std::make_unique<BatchAllocationPolicy>(BatchMethod::MinMin);
                     }});
    r.add(PolicyInfo{"max-min",
                     "tarplee",
                     "Tarplee §2.5 (Alg. 4 with max)",
                     "bag of tasks: batch max-min over every machine (optimized, counts), then dispatched",
                     {},
                     [](const PolicyParams&) -> std::unique_ptr<Policy> {
                         return std::make_unique<BatchAllocationPolicy>(BatchMethod::MaxMin);
                     }});
    r.add(PolicyInfo{
        "lp-energy-front",
        "tarplee",
        "Tarplee Ch.3 §3.3 (Eqs. 10, 18, Alg. 5)",
        "bag of tasks: energy/makespan Pareto front by weighted-sum LPs (warm-started), convex fill, rounding and "
        "LPT; runs the full allocation chosen by execute_alpha; the fronts go to pareto.csv",
        {weights,
         ParamInfo{"fill_spacing", "number", "0.01",
                   "convex fill: max L1 spacing in normalised objectives (Alg. 5); 0: off"}
             .in(0, 2),
         ParamInfo{"execute_alpha", "number", "0.5",
                   "the full allocation run minimises alpha E + (1 - alpha) MS (normalised): 1 min energy, 0 min "
                   "makespan"}
             .in(0, 1),
         {"nsga_generations", "integer", "0",
          "NSGA-II baselines (Tarplee §3.3.3), basic and seeded with the LP allocations: generations; 0: none"},
         ParamInfo{"nsga_population", "integer", "100", "NSGA-II population (GAP)"}.at_least(2),
         {"nsga_seed", "integer", "1", "seed of NSGA-II's random stream"}},
        [](const PolicyParams& p) -> std::unique_ptr<Policy> {
            return std::make_unique<BatchAllocationPolicy>(BatchMethod::EnergyFront, batch_params(p));
        }});
    r.add(PolicyInfo{
        "lp-max-profit",
        "tarplee",
        "Tarplee Ch.4 §4.3 (Eqs. 28-32)",
        "bag of tasks: maximum profit per unit time (Charnes-Cooper LP) at price gamma c E_min, optional power cap; "
        "the weighted-sum front beside it in pareto.csv",
        {ParamInfo{"weights", "integer", "100", "weighted-sum LPs of the front written beside the profit point"}.in(
             2, 1000000),
         ParamInfo{"gamma", "number", "1.2", "profit ratio: price p = gamma c E_min (Tarplee §4.5.1)"}.above(0),
         ParamInfo{"cost_per_j", "number", "1", "electricity cost c per joule"}.above(0),
         ParamInfo{"p_max_w", "number", "0", "average power cap P_max in watts (0: none)"}.at_least(0)},
        [](const PolicyParams& p) -> std::unique_ptr<Policy> {
            BatchParams b = batch_params(p);
            b.weights = static_cast<int>(p.integer("weights", 100));
            return std::make_unique<BatchAllocationPolicy>(BatchMethod::MaxProfit, b);
        }});
}

}  // namespace rmsim
