#include "manager/policies/preemptive_parallel/register.h"

#include <memory>
#include <string>

#include "manager/policies/machovec/register.h"
#include "manager/policies/preemptive_parallel/parallel_preempt_policy.h"
#include "manager/policy_registry.h"

namespace rmsim {

void register_parallel_preemptive_policies(PolicyRegistry& r) {
    std::vector<ParamInfo> params = max_m_params();
    params.push_back({"max_preemptions", "integer", "4",
                      "urgent tasks started by preempting others, per mapping event (bounds an event's time)"});
    params.push_back(
        ParamInfo{"max_victims", "integer", "8", "running tasks preempted for one urgent task, at most"}.at_least(1));
    struct Entry {
        const char* name;
        Objective base;       // the Ch.3 heuristic that maps the rest
        Objective objective;  // Greedy / Diff's objective
        ParallelRule rule;
        const char* paper;
        const char* what;
    };
    const Entry entries[] = {
        {"ch3-max-util-preempt-greedy", Objective::Util, Objective::Util, ParallelRule::Greedy,
         "beyond the papers: Machovec Ch.4 §4.3.5.2 Preempt Greedy generalised to multi-node tasks",
         "Max Util (Ch.3 Alg. 4) after starting urgent parallel tasks now by preempting the fewest running "
         "tasks, when their utility beats their best start without preemption and every victim's"},
        {"ch3-max-util-preempt-diff", Objective::Util, Objective::Util, ParallelRule::Diff,
         "beyond the papers: Machovec Ch.4 §4.3.5.3 Preempt Diff generalised to multi-node tasks",
         "Max Util after preemptions whose utility less the victims' loss (checkpoint, restore, later "
         "completion) beats the best start without preemption"},
        {"ch3-max-upt-preempt-greedy", Objective::UPT, Objective::UPT, ParallelRule::Greedy,
         "beyond the papers: Machovec Ch.4 §4.3.5.2 / §4.3.6 Preempt Greedy (UPT) generalised to multi-node tasks",
         "Max UPT after Greedy preemptions by utility per execution time"},
        {"ch3-max-upt-preempt-diff", Objective::UPT, Objective::UPT, ParallelRule::Diff,
         "beyond the papers: Machovec Ch.4 §4.3.5.3 / §4.3.6 Preempt Diff (UPT) generalised to multi-node tasks",
         "Max UPT after Diff preemptions by utility per execution time less the victims' loss"},
        {"ch3-max-upe-preempt-energy", Objective::UPE, Objective::UPE, ParallelRule::Energy,
         "beyond the papers (Machovec Ch.7 future work): energy-aware preemption under the Ch.3 daily budget",
         "Max UPE after preemptions whose net utility (less the victims' loss) per joule, the checkpoints' and "
         "restores' energy included, beats the task's best utility per joule without preemption"},
    };
    for (const Entry& e : entries) {
        const Entry x = e;
        r.add(PolicyInfo{e.name, "preemptive-parallel", e.paper, e.what, params,
                         [x](const PolicyParams& p) -> std::unique_ptr<Policy> {
                             ParallelPreemptConfig c;
                             c.base = max_m_config(x.base, p);
                             c.rule = x.rule;
                             c.objective = x.objective;
                             c.max_preemptions = p.integer("max_preemptions", 4);
                             c.max_victims = p.integer("max_victims", 8);
                             return std::make_unique<ParallelPreemptPolicy>(c);
                         }});
    }
}

}  // namespace rmsim
