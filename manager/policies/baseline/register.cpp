// The baseline policies every HPC user knows, and the comparison heuristics of the utility papers
// (Machovec Ch.3 §3.3.4).
#include <memory>

#include "manager/dropping.h"
#include "manager/mapping_period.h"
#include "manager/policies/baseline/conservative.h"
#include "manager/policies/baseline/easy.h"
#include "manager/policies/baseline/fcfs.h"
#include "manager/policies/baseline/fcfs_multiqueue.h"
#include "manager/policies/baseline/random_policy.h"
#include "manager/policy_registry.h"

namespace rmsim {

static Granularity granularity_param(const PolicyParams& p) {
    const std::string g = p.text("granularity", "core");
    p.require(g == "core" || g == "node", "granularity", "must be 'core' or 'node'");
    return g == "node" ? Granularity::Node : Granularity::Core;
}

static NodeChoice node_choice_param(const PolicyParams& p) {
    const std::string c = p.text("node_choice", "pack");
    p.require(c == "pack" || c == "lowest" || c == "voids", "node_choice", "must be 'pack', 'lowest' or 'voids'");
    if (c == "voids") return NodeChoice::Voids;
    return c == "lowest" ? NodeChoice::Lowest : NodeChoice::Pack;
}

/// The shared wrappers of every baseline: dropping (§3.3.3) before each mapping event, and periodic mapping
/// events (§3.3.1) instead of events at arrivals and completions.
static std::unique_ptr<Policy> shared_wrappers(std::unique_ptr<Policy> inner, const PolicyParams& p) {
    const double period_s = p.number("period_s", 0.0);  // checked by its schema: 0 or a period
    return with_mapping_period(with_dropping(std::move(inner), p.number("dropping_threshold", -1.0)),
                               SimTime::from_seconds(period_s));
}

void register_baseline_policies(PolicyRegistry& r) {
    const ParamInfo pstate = ParamInfo{"pstate", "integer", "0", "P-state every task runs at (0 = fastest)"}.pstate();
    const ParamInfo granularity{"granularity", "string", "core",
                                "allocation unit: 'core' (core-count requests) or 'node' (whole nodes)"};
    const ParamInfo node_choice{"node_choice", "string", "pack",
                                "units of a start or reservation: 'pack' (as few nodes as possible, best fit), "
                                "'lowest' index, or 'voids' (fewest and smallest idle voids, Machovec Ch.3 "
                                "§3.3.7)"};
    const ParamInfo seed{"seed", "integer", "1", "seed of the policy's random stream (same seed, same schedule)"};
    const ParamInfo dropping{"dropping_threshold", "number", "-1",
                             "drop waiting tasks whose utility if started now on their fastest cluster at P0 is "
                             "below this (Machovec Ch.3 §3.3.3); negative: never"};
    const ParamInfo period = ParamInfo{"period_s", "number", "0",
                                       "mapping events every period_s only (Machovec Ch.3 §3.3.1: 60); 0: at every "
                                       "arrival and completion (event-driven)"}
                                 .period(true);

    r.add(PolicyInfo{"fcfs",
                     "baseline",
                     "First-come first-served (no backfilling)",
                     "the oldest waiting task starts first; nothing overtakes it",
                     {pstate, granularity, node_choice, dropping, period},
                     [](const PolicyParams& p) -> std::unique_ptr<Policy> {
                         std::unique_ptr<Policy> inner = std::make_unique<FcfsPolicy>(
                             p.integer("pstate", 0), granularity_param(p), node_choice_param(p));
                         return shared_wrappers(std::move(inner), p);
                     }});
    r.add(PolicyInfo{"easy",
                     "baseline",
                     "EASY backfilling (Lifka 1995; Mu'alem & Feitelson 2001, §2)",
                     "FCFS; the first task that cannot start sets the shadow time (when enough units are free for "
                     "it) and the extra units; later tasks start now if they end by the shadow time or fit in the "
                     "extra units",
                     {pstate, granularity, node_choice, dropping, period},
                     [](const PolicyParams& p) -> std::unique_ptr<Policy> {
                         std::unique_ptr<Policy> inner =
                             std::make_unique<EasyPolicy>(EasyPolicy::Rule::ShadowTime, p.integer("pstate", 0),
                                                          granularity_param(p), node_choice_param(p));
                         return shared_wrappers(std::move(inner), p);
                     }});
    r.add(PolicyInfo{"easy-reservation",
                     "baseline",
                     "Machovec Ch.3 §3.3.4.4 (EASY backfilling as one reservation)",
                     "FCFS; the first task that cannot start gets the only reservation, on the units node choice "
                     "picks at its earliest start (recomputed at each mapping event); later tasks start now only "
                     "if they do not touch it",
                     {pstate, granularity, node_choice, dropping, period},
                     [](const PolicyParams& p) -> std::unique_ptr<Policy> {
                         std::unique_ptr<Policy> inner =
                             std::make_unique<EasyPolicy>(EasyPolicy::Rule::PinnedReservation, p.integer("pstate", 0),
                                                          granularity_param(p), node_choice_param(p));
                         return shared_wrappers(std::move(inner), p);
                     }});
    r.add(PolicyInfo{"conservative",
                     "baseline",
                     "Machovec Ch.3 §3.3.4.3 (Conservative backfilling, Mu'alem & Feitelson 2001)",
                     "FCFS; every task starts now or gets a permanent reservation at its earliest start; later "
                     "tasks backfill into voids without delaying any reservation",
                     {pstate, granularity, node_choice, dropping, period},
                     [](const PolicyParams& p) -> std::unique_ptr<Policy> {
                         std::unique_ptr<Policy> inner = std::make_unique<ConservativePolicy>(
                             p.integer("pstate", 0), granularity_param(p), node_choice_param(p));
                         return shared_wrappers(std::move(inner), p);
                     }});
    r.add(PolicyInfo{"fcfs-multiqueue",
                     "baseline",
                     "Machovec Ch.3 §3.3.4.5 (FCFS with multiple queues)",
                     "small/medium/large queues by resources (30 %/60 % of the largest), pulled round robin "
                     "1 large, 4 medium, 8 small per cycle; otherwise Conservative backfilling",
                     {pstate, granularity, node_choice, dropping, period},
                     [](const PolicyParams& p) -> std::unique_ptr<Policy> {
                         std::unique_ptr<Policy> inner = std::make_unique<FcfsMultiQueuePolicy>(
                             p.integer("pstate", 0), granularity_param(p), node_choice_param(p));
                         return shared_wrappers(std::move(inner), p);
                     }});
    r.add(PolicyInfo{"random",
                     "baseline",
                     "Machovec Ch.3 §3.3.4.2 (Random)",
                     "arrival order; a random cluster and P-state each, earliest start there (permanent "
                     "reservation if not now)",
                     {seed, granularity, node_choice, dropping, period},
                     [](const PolicyParams& p) -> std::unique_ptr<Policy> {
                         std::unique_ptr<Policy> inner = std::make_unique<RandomPolicy>(
                             p.integer("seed", 1), granularity_param(p), node_choice_param(p));
                         return shared_wrappers(std::move(inner), p);
                     }});
}

}  // namespace rmsim
