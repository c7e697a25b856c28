// The value-of-service heuristics of Machovec Ch.2 §2.4.2: Max VPTR (Algorithm 1) and Simple with its three
// variants (Algorithm 2).
#include "manager/policies/vos/register.h"

#include <memory>
#include <string>

#include "manager/policies/vos/max_vptr_policy.h"
#include "manager/policies/vos/simple_policy.h"
#include "manager/policy_registry.h"

namespace rmsim {

namespace {

SimTime period_param(const PolicyParams& p) { return SimTime::from_seconds(p.number("period_s", 60.0)); }

}  // namespace

void register_vos_policies(PolicyRegistry& r) {
    const ParamInfo period =
        ParamInfo{"period_s", "number", "60", "time between mapping events (§2.4.2: every minute)"}.period();
    r.add(PolicyInfo{"max-vptr",
                     "vos",
                     "Machovec Ch.2 §2.4.2 (Algorithm 1)",
                     "two-phase greedy: each task's VM configuration of highest value per total resource "
                     "(V / (time x (cores/total + memory/total))) at its earliest start (cores and memory), then the "
                     "task with the highest; start now or place-holder; drops tasks that can earn no value",
                     {period,
                      {"selection", "string", "heap",
                       "'heap' (lazy max-heap, fast) or 'rescan' (Algorithm 1 as written); same decisions"}},
                     [](const PolicyParams& p) -> std::unique_ptr<Policy> {
                         MaxVptrConfig c;
                         c.period = period_param(p);
                         const std::string s = p.text("selection", "heap");
                         p.require(s == "heap" || s == "rescan", "selection", "must be 'heap' or 'rescan'");
                         c.selection = s == "heap" ? VptrSelection::LazyHeap : VptrSelection::Rescan;
                         return std::make_unique<MaxVptrPolicy>(c);
                     }});
    r.add(PolicyInfo{"simple",
                     "vos",
                     "Machovec Ch.2 §2.4.2 (Algorithm 2)",
                     "a random task in a random VM configuration at its earliest start, on the free cores with the "
                     "smallest ids; variants w/ dropping, w/ place-holders, w/ d&p",
                     {period,
                      {"dropping", "boolean", "false",
                       "Simple w/ dropping: a task whose assignment would earn no value is dropped instead"},
                      {"reservations", "string", "permanent",
                       "'permanent' (Simple) or 'placeholder' (Simple w/ place-holders: removed at the next event)"},
                      {"seed", "integer", "1", "seed of the policy's random stream (same seed, same schedule)"}},
                     [](const PolicyParams& p) -> std::unique_ptr<Policy> {
                         SimpleConfig c;
                         c.period = period_param(p);
                         c.dropping = p.flag("dropping", false);
                         const std::string res = p.text("reservations", "permanent");
                         p.require(res == "placeholder" || res == "permanent", "reservations",
                                   "must be 'placeholder' or 'permanent'");
                         c.placeholders = res == "placeholder";
                         c.seed = p.integer("seed", 1);
                         return std::make_unique<SimplePolicy>(c);
                     }});
}

}  // namespace rmsim
