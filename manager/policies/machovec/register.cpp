// The utility-aware heuristics of Machovec Ch.3 §3.3.5 (Algorithm 4), with dropping (§3.3.3), place-holders
// or permanent reservations (§3.3.2) and energy filters (§3.3.8).
#include "manager/policies/machovec/register.h"

#include <memory>
#include <string>

#include "manager/policies/machovec/max_m_policy.h"
#include "manager/policy_registry.h"

namespace rmsim {

MaxMConfig max_m_config(Objective m, const PolicyParams& p) {
    MaxMConfig c;
    c.objective = m;
    const std::string res = p.text("reservations", "placeholder");
    p.require(res == "placeholder" || res == "permanent", "reservations", "must be 'placeholder' or 'permanent'");
    c.placeholders = res == "placeholder";
    const auto filter = kFilterKindNames.parse(p.text("filter", to_string(FilterKind::None)));
    p.require(filter.has_value(), "filter", "must be " + kFilterKindNames.alternatives("'"));
    c.filter = *filter;
    c.leniency = p.number("leniency", default_leniency(c.filter));
    c.dropping_threshold = p.number("dropping_threshold", 0.5);
    c.period = SimTime::from_seconds(p.number("period_s", 60.0));
    const std::string ec = p.text("e_committed", "with-placeholders");
    p.require(ec == "with-placeholders" || ec == "without-placeholders", "e_committed",
              "must be 'with-placeholders' or 'without-placeholders'");
    c.committed_placeholders = ec == "with-placeholders";
    return c;
}

std::vector<ParamInfo> max_m_params() {
    return {
        {"reservations", "string", "placeholder",
         "'placeholder' (removed and re-planned at the next mapping event) or 'permanent' (§3.3.2)"},
        {"filter", "string", to_string(FilterKind::None),
         "energy filter (§3.3.8): " + kFilterKindNames.alternatives("'")},
        ParamInfo{"leniency", "number", "2.0 per-task, 4.0 per-resource", "leniency factor of the filter (§3.4.4.2)"}
            .above(0),
        {"dropping_threshold", "number", "0.5",
         "drop a task whose utility if started now on its fastest cluster is below this (§3.3.3)"},
        ParamInfo{"period_s", "number", "60", "time between mapping events (§3.3.1)"}.period(),
        {"e_committed", "string", "with-placeholders",
         "metaheuristics (§3.3.6.2): E_committed counts the place-holders the event opened with "
         "('with-placeholders') or not ('without-placeholders')"},
    };
}

void register_machovec_policies(PolicyRegistry& r) {
    const std::vector<ParamInfo> params = max_m_params();
    struct Entry {
        const char* name;
        Objective m;
        const char* what;
    };
    const Entry entries[] = {
        {"max-util", Objective::Util, "utility at completion (Eq. 2)"},
        {"max-upt", Objective::UPT, "utility per execution time (Eq. 3)"},
        {"max-upr", Objective::UPR, "utility per resource, execution time x cores allocated (Eq. 4)"},
        {"max-upe", Objective::UPE, "utility per energy"},
    };
    for (const Entry& e : entries) {
        const Objective m = e.m;
        r.add(PolicyInfo{e.name, "machovec", "Machovec Ch.3 §3.3.5 (Algorithm 4)",
                         std::string("two-phase greedy: each task's best option (earliest start per cluster and "
                                     "P-state) by ") +
                             e.what +
                             ", then the task with the highest; start now or "
                             "reserve",
                         params, [m](const PolicyParams& p) -> std::unique_ptr<Policy> {
                             return std::make_unique<MaxMPolicy>(max_m_config(m, p));
                         }});
    }
    // §3.3.6: Max UPR / Max UPE switched around the linear goal curve (normally run without a filter).
    struct Meta {
        const char* name;
        Switching s;
        const char* what;
    };
    const Meta metas[] = {
        {"event-based", Switching::EventBased,
         "metaheuristic: per mapping event, Max UPE if the committed energy is above the linear goal curve, "
         "else Max UPR"},
        {"task-based", Switching::TaskBased,
         "metaheuristic: as event-based at the start of an event; from Max UPR, switches to Max UPE as soon as "
         "the committed energy reaches the goal"},
    };
    for (const Meta& e : metas) {
        const Switching sw = e.s;
        r.add(PolicyInfo{e.name, "machovec", "Machovec Ch.3 §3.3.6", e.what, params,
                         [sw](const PolicyParams& p) -> std::unique_ptr<Policy> {
                             MaxMConfig c = max_m_config(Objective::UPR, p);
                             c.switching = sw;
                             return std::make_unique<MaxMPolicy>(c);
                         }});
    }
}

}  // namespace rmsim
