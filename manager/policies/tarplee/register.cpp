// The Tarplee (2015) dissertation's batch methods: LP-makespan and the min-min / max-min baselines (Ch.2),
// the energy/makespan Pareto front (Ch.3), maximum profit (Ch.4) and the steady-state schedule of the
// provisioning LP (Ch.5).
#include <limits>
#include <memory>

#include "manager/policies/tarplee/batch_policy.h"
#include "manager/policies/tarplee/steady_state_policy.h"
#include "manager/policy_registry.h"
#include "platform/yaml_util.h"

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
    b.tighter_bounds = p.flag("tighter_bounds", false);
    const std::string mode = p.text("mode", "bag");
    p.require(mode == "bag" || mode == "per-event", "mode", "must be 'bag' or 'per-event'");
    b.per_event = mode == "per-event";
    return b;
}

/// `mode` of LP-makespan, min-min and max-min.
static ParamInfo mode_param() {
    return {"mode", "string", "bag",
            "bag: the whole workload as one bag, mapped once every task has arrived (Tarplee Ch.2); per-event: at "
            "every mapping event the waiting tasks as a bag onto the machines idle now, each starting the first "
            "task of its queue (beyond the dissertation)"};
}

/// The steady-state schedule of `tarplee-steady-state`: `throughput` (a matrix of numbers >= 0) and
/// `arrival_rates` (one number >= 0 per row).
static SteadyStateSchedule steady_state_schedule(const PolicyParams& p) {
    const YAML::Node x = p.node()["throughput"], l = p.node()["arrival_rates"];
    p.require(x.IsDefined(), "throughput", "tarplee-steady-state needs 'throughput' (a matrix [task type][cluster])");
    p.require(l.IsDefined(), "arrival_rates", "tarplee-steady-state needs 'arrival_rates' (one per task type)");
    SteadyStateSchedule s;
    expect_sequence(x, p.file(), "'throughput'");
    if (x.size() == 0) throw_at(x, p.file(), "'throughput' must not be empty");
    for (const auto& row : x) {
        expect_sequence(row, p.file(), "'throughput' row");
        if (row.size() != x[0].size() || row.size() == 0)
            throw_at(row, p.file(), "'throughput' rows must all have the same number of entries (one per cluster)");
        std::vector<double> r;
        for (const auto& v : row) r.push_back(as_non_negative(v, p.file(), "'throughput' entry"));
        s.throughput.push_back(r);
    }
    expect_sequence(l, p.file(), "'arrival_rates'");
    if (l.size() != x.size())
        throw_at(l, p.file(),
                 "'arrival_rates' has " + std::to_string(l.size()) + " entries, 'throughput' " +
                     std::to_string(x.size()) + " rows (one per task type)");
    for (const auto& v : l) s.arrival_rate.push_back(as_non_negative(v, p.file(), "'arrival_rates' entry"));
    return s;
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
                     {mode_param()},
                     [](const PolicyParams& p) -> std::unique_ptr<Policy> {
                         return std::make_unique<BatchAllocationPolicy>(BatchMethod::LpMakespan, batch_params(p));
                     }});
    r.add(PolicyInfo{"min-min",
                     "tarplee",
                     "Tarplee §2.5 (Alg. 4, = Alg. 3)",
                     "bag of tasks: batch min-min over every machine (optimized, counts), then dispatched",
                     {mode_param()},
                     [](const PolicyParams& p) -> std::unique_ptr<Policy> {
                         return std::make_unique<BatchAllocationPolicy>(BatchMethod::MinMin, batch_params(p));
                     }});
    r.add(PolicyInfo{"max-min",
                     "tarplee",
                     "Tarplee §2.5 (Alg. 4 with max)",
                     "bag of tasks: batch max-min over every machine (optimized, counts), then dispatched",
                     {mode_param()},
                     [](const PolicyParams& p) -> std::unique_ptr<Policy> {
                         return std::make_unique<BatchAllocationPolicy>(BatchMethod::MaxMin, batch_params(p));
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
         {"nsga_seed", "integer", "1", "seed of NSGA-II's random stream"},
         {"tighter_bounds", "boolean", "false",
          "Table 3.2: the convex-fill area also against the convex lower bound (Tarplee §3.7, Ipopt) and the "
          "exhaustive LP front (area_fill_convex_mj_s, area_fill_exhaustive_mj_s)"}},
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
    r.add(PolicyInfo{
        "tarplee-steady-state",
        "tarplee",
        "Tarplee Ch.5 §5.3 (Eq. 36, 37e-f)",
        "arriving tasks: the provisioning LP's steady-state schedule; type i admitted with probability min(1, "
        "sum_j x_ij / lambda_i) (else rejected), routed to cluster j with probability x_ij / sum_j x_ij, then to "
        "its machine with the least remaining work; FCFS per machine",
        {{"throughput", "matrix", "(required)",
          "x_ij = ptilde_ij / ETC_ij, tasks per second, [task type][cluster] (clusters in platform order), >= 0"},
         {"arrival_rates", "list", "(required)", "lambda_i, tasks per second, one per task type, >= 0"},
         {"seed", "integer", "1", "seed of the admission and routing draws (same seed, same schedule)"}},
        [](const PolicyParams& p) -> std::unique_ptr<Policy> {
            return std::make_unique<SteadyStatePolicy>(steady_state_schedule(p), p.integer("seed", 1),
                                                       yaml_location(p.node()["throughput"], p.file()));
        }});
}

}  // namespace rmsim
