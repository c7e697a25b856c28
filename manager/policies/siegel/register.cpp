// Siegel, "Energy-Aware Robust Resource Management for Parallel Computing Systems": the dynamic study's
// immediate-mode heuristics with their filters (Young et al. 2013, spec §4), and the static study's Min-Min
// and Genitor GA, and the Tabu and Tree Search it only names (Braun et al. 2001's formulations, adapted), executed
// on the modeled hardware (Apodaca et al. 2011, spec §3).
#include <memory>
#include <stdexcept>
#include <string>
#include <tuple>

#include "manager/policies/siegel/dynamic_policy.h"
#include "manager/policies/siegel/static_policy.h"
#include "manager/policy_registry.h"

namespace rmsim {

void register_siegel_policies(PolicyRegistry& r) {
    r.add(PolicyInfo{
        "siegel-dynamic",
        "siegel",
        "Siegel §4 (Young et al. 2013)",
        "immediate mode with per-core queues under execution-time PMFs: each arriving task gets a core and a "
        "P-state by Lightest Load, MECT, Shortest Queue or Random after the optional energy and robustness "
        "filters (discarded if none is left); optional start-time cancellation; a total energy constraint",
        {{"heuristic", "string", "lightest-load", "'lightest-load', 'mect', 'shortest-queue' or 'random'"},
         {"energy_filter", "boolean", "false",
          "§4 energy filter: En_ex <= En_mul x En_rem / ((t_rem / t_avg) x c_tot)"},
         {"robustness_filter", "boolean", "false", "§4 robustness filter: P(on time) >= rho"},
         {"cancellation", "boolean", "false", "§4 start-time cancellation at rho"},
         ParamInfo{"rho", "number", "0.3", "§4 rho_thresh (robustness filter and cancellation)"}.in(0, 1),
         ParamInfo{"energy_constraint_j", "number", "0",
                   "§4 total energy constraint (J) the energy filter spends; 0: none"}
             .at_least(0),
         ParamInfo{"window_s", "number", "43200", "§4 the window (12 h) of t_rem"}.above(0),
         ParamInfo{"depth_low", "number", "1", "GAP: average queue depth below which En_mul = en_mul_light"}.at_least(
             0),
         {"depth_high", "number", "2", "GAP: ... below which En_mul = en_mul_medium, else en_mul_heavy"},
         ParamInfo{"en_mul_light", "number", "0.75",
                   "GAP: En_mul at a light load (chosen by siegel-dynamic-enmul.yaml)"}
             .above(0),
         ParamInfo{"en_mul_medium", "number", "0.75", "GAP: En_mul at a medium load"}.above(0),
         ParamInfo{"en_mul_heavy", "number", "0.75", "GAP: En_mul at a heavy load"}.above(0),
         ParamInfo{"max_pulses", "integer", "64", "GAP: pulses kept per queue PMF (merging with a bounded error)"}
             .at_least(1),
         {"seed", "integer", "1", "seed of Random's stream"}},
        [](const PolicyParams& p) -> std::unique_ptr<Policy> {
            SiegelDynamicConfig c;
            const std::string h = p.text("heuristic", "lightest-load");
            try {
                c.heuristic = siegel::heuristic_from_string(h);
            } catch (const std::invalid_argument& e) {
                p.require(false, "heuristic", "must be 'lightest-load', 'mect', 'shortest-queue' or 'random'");
            }
            c.energy_filter = p.flag("energy_filter", false);
            c.robustness_filter = p.flag("robustness_filter", false);
            c.cancellation = p.flag("cancellation", false);
            c.rho = p.number("rho", 0.3);
            c.energy.constraint_j = p.number("energy_constraint_j", 0);
            p.require(!c.energy_filter || c.energy.constraint_j > 0, "energy_constraint_j",
                      "must be > 0 with the energy filter");
            c.energy.window_s = p.number("window_s", 43200);
            c.energy.depth_low = p.number("depth_low", 1);
            c.energy.depth_high = p.number("depth_high", 2);
            p.require(c.energy.depth_high >= c.energy.depth_low, "depth_high", "must be >= depth_low");
            const siegel::EnergyFilterConfig defaults;
            c.energy.en_mul_light = p.number("en_mul_light", defaults.en_mul_light);
            c.energy.en_mul_medium = p.number("en_mul_medium", defaults.en_mul_medium);
            c.energy.en_mul_heavy = p.number("en_mul_heavy", defaults.en_mul_heavy);
            c.max_pulses = p.integer("max_pulses", 64);
            c.seed = p.integer("seed", 1);
            return std::make_unique<SiegelDynamicPolicy>(c);
        }});
    r.add(PolicyInfo{
        "siegel-static",
        "siegel",
        "Siegel §3 (Apodaca et al. 2011)",
        "a bag of tasks with a common deadline mapped before the run to (core, P-state) by Min-Min at one "
        "P-state, or by the Genitor GA, Tabu search or a tree search (minimum expected energy subject to "
        "robustness >= R), then executed: "
        "each core runs its tasks back to back; reports the predicted robustness beside the outcome",
        {{"heuristic", "string", "ga", "'ga', 'min-min', 'tabu' or 'tree-search'"},
         ParamInfo{"pstate", "integer", "0", "the fixed P-state of min-min"}.pstate(),
         ParamInfo{"robustness_floor", "number", "0.9", "§3 R: P(every task by the deadline) >= R"}.in(0, 1),
         ParamInfo{"max_pulses", "integer", "64", "GAP: pulses kept per core finishing-time PMF"}.at_least(1),
         ParamInfo{"population", "integer", "100", "§3 GA population S"}.at_least(2),
         ParamInfo{"p_c", "number", "0.005", "§3 crossover probability"}.in(0, 1),
         ParamInfo{"p_tm", "number", "0.25", "§3 task-assignment mutation: per chromosome"}.in(0, 1),
         ParamInfo{"p_tmg", "number", "0.001", "§3 task-assignment mutation: per gene"}.in(0, 1),
         ParamInfo{"p_pm", "number", "0.025", "§3 P-state mutation: per chromosome"}.in(0, 1),
         ParamInfo{"p_pmg", "number", "0.0005", "§3 P-state mutation: per gene"}.in(0, 1),
         ParamInfo{"selection_bias", "number", "1.5", "GAP: linear bias of the GA's parent selection (1 = uniform)"}.in(
             1, 2),
         {"generations", "integer", "1000", "GAP: the GA's stopping rule"},
         ParamInfo{"iterations", "integer", "3000", "GAP: tabu's stopping rule (sampled neighbourhoods)"}.at_least(1),
         ParamInfo{"neighbourhood", "integer", "16", "GAP: tabu's candidate moves sampled per iteration"}.at_least(1),
         {"tenure", "integer", "100", "GAP: iterations a task moved by tabu's short hop stays tabu"},
         ParamInfo{"patience", "integer", "100", "GAP: tabu's iterations without improvement before a long hop"}
             .at_least(1),
         ParamInfo{"long_hop_genes", "integer", "20", "GAP: tasks a tabu long hop moves to random cores"}.at_least(1),
         ParamInfo{"tabu_list", "integer", "8", "GAP: local optima tabu's long hops keep away from"}.at_least(1),
         ParamInfo{"frontier", "integer", "4", "GAP: partial mappings the tree search keeps per level"}.at_least(1),
         {"seed", "integer", "1", "seed of the GA's and tabu's stream"}},
        [](const PolicyParams& p) -> std::unique_ptr<Policy> {
            using H = SiegelStaticConfig::Heuristic;
            SiegelStaticConfig c;
            const std::string h = p.text("heuristic", "ga");
            p.require(h == "ga" || h == "min-min" || h == "tabu" || h == "tree-search", "heuristic",
                      "must be 'ga', 'min-min', 'tabu' or 'tree-search'");
            c.heuristic = h == "ga" ? H::Ga : h == "tabu" ? H::Tabu : h == "tree-search" ? H::TreeSearch : H::MinMin;
            c.pstate = p.integer("pstate", 0);
            c.robustness_floor = p.number("robustness_floor", 0.9);
            c.max_pulses = p.integer("max_pulses", 64);
            siegel::GenitorParams& g = c.genitor;
            g.population = p.integer("population", 100);
            for (auto [key, field, fallback] :
                 {std::tuple{"p_c", &g.p_c, 0.005}, std::tuple{"p_tm", &g.p_tm, 0.25},
                  std::tuple{"p_tmg", &g.p_tmg, 0.001}, std::tuple{"p_pm", &g.p_pm, 0.025},
                  std::tuple{"p_pmg", &g.p_pmg, 0.0005}})
                *field = p.number(key, fallback);
            g.selection_bias = p.number("selection_bias", 1.5);
            g.generations = p.integer("generations", 1000);
            g.seed = p.integer("seed", 1);
            siegel::TabuParams& tb = c.tabu;
            tb.iterations = p.integer("iterations", 3000);
            tb.neighbourhood = p.integer("neighbourhood", 16);
            tb.tenure = p.integer("tenure", 100);
            tb.patience = p.integer("patience", 100);
            tb.long_hop_genes = p.integer("long_hop_genes", 20);
            tb.tabu_list = p.integer("tabu_list", 8);
            tb.seed = g.seed;
            c.tree.frontier = p.integer("frontier", 4);
            return std::make_unique<SiegelStaticPolicy>(c);
        }});
}

}  // namespace rmsim
