#include "manager/policies/preemptive/register.h"

#include <memory>

#include "manager/policies/preemptive/preemptive_policy.h"
#include "manager/policy_registry.h"

namespace rmsim {

namespace {

Ch4Config ch4_config(Ch4Config::Heuristic h, const PolicyParams& p) {
    Ch4Config c;
    c.heuristic = h;
    c.period = SimTime::from_seconds(p.number("period_s", 60));
    c.seed = p.integer("seed", 1);
    const std::string rule = p.text("preemption", "none");
    if (rule == "none")
        c.rule = PreemptRule::None;
    else if (rule == "greedy")
        c.rule = PreemptRule::Greedy;
    else if (rule == "diff")
        c.rule = PreemptRule::Diff;
    else if (rule == "pair")
        c.rule = PreemptRule::Pair;
    else
        p.require(false, "preemption", "must be none, greedy, diff or pair");
    return c;
}

}  // namespace

void register_preemptive_policies(PolicyRegistry& r) {
    const ParamInfo period = ParamInfo{"period_s", "number", "60", "time between mapping events (§4.3.1)"}.period();
    const ParamInfo seed{"seed", "integer", "1", "seed of Random's stream"};
    const ParamInfo preemption{"preemption", "string", "none",
                               "'none' (idle cores only), 'greedy' (§4.3.5.2, Alg. 6), 'diff' (§4.3.5.3) or "
                               "'pair' (§4.3.5.4, Alg. 7)"};
    struct Entry {
        const char* name;
        Ch4Config::Heuristic h;
        const char* paper;
        const char* what;
        bool preempts;
    };
    const Entry entries[] = {
        {"ch4-random", Ch4Config::Heuristic::Random, "Machovec Ch.4 §4.3.3.2 (Random)",
         "tasks in random order, each on a random idle core where it earns utility", false},
        {"ch4-fcfs", Ch4Config::Heuristic::Fcfs, "Machovec Ch.4 §4.3.3.3 (FCFS)",
         "tasks in arrival order, each on an idle core where it earns utility", false},
        {"ch4-max-util", Ch4Config::Heuristic::MaxUtil, "Machovec Ch.4 §4.3.4 (Alg. 5), §4.3.5 (Algs. 6, 7)",
         "two-phase greedy by utility at completion over idle cores, or with a preemption rule", true},
        {"ch4-max-upt", Ch4Config::Heuristic::MaxUpt, "Machovec Ch.4 §4.3.6",
         "two-phase greedy by utility per remaining execution time, or with a preemption rule", true},
    };
    for (const Entry& e : entries) {
        std::vector<ParamInfo> params{period};
        if (e.h == Ch4Config::Heuristic::Random) params.push_back(seed);
        if (e.preempts) params.push_back(preemption);
        const Ch4Config::Heuristic h = e.h;
        r.add(PolicyInfo{e.name, "preemptive", e.paper, e.what, params,
                         [h](const PolicyParams& p) -> std::unique_ptr<Policy> {
                             return std::make_unique<PreemptivePolicy>(ch4_config(h, p));
                         }});
    }
}

}  // namespace rmsim
