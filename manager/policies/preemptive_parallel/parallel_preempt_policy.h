#pragma once
// Preemption of parallel multi-node tasks on the Machovec Ch.3 system (beyond the papers: Machovec Ch.7
// future work 3-5). Each mapping event: (1) a preemption pass: a waiting task allowed to preempt that cannot
// start now may start now on one cluster by preempting a set of running preemptible tasks there
// (victim_sets.h), if the rule (preempt_rules.h: Greedy, Diff, Energy) says it is worth it; up to
// `max_preemptions` urgent tasks per event, the best by the rule's value first, each with at most
// `max_victims` victims; (2) the Ch.3 heuristic (Max-M, Algorithm 4, with its dropping, place-holders and
// energy accounting) maps the rest. The urgent task starts at P-state 0 on the nodes its victims free
// (it runs once their checkpoints are written: the manager defers its START until then). A victim keeps its
// progress; it is mappable again once its checkpoint is reported and resumes on any cluster (its checkpoint
// is in the store behind the manager, preemption_costs.h), its bookings (place-holders too) covering its
// restore (TaskLedger::restore_time).
#include <cstdint>
#include <vector>

#include "manager/policies/machovec/max_m_policy.h"
#include "manager/policies/preemptive_parallel/preempt_rules.h"
#include "manager/policy.h"

namespace rmsim {

struct ParallelPreemptConfig {
    MaxMConfig base;  ///< the Ch.3 heuristic of step (2)
    ParallelRule rule = ParallelRule::Greedy;
    Objective objective = Objective::UPT;  ///< Greedy / Diff's objective (Energy: utility per joule)
    std::uint32_t max_preemptions = 4;     ///< urgent tasks started by preemption per event
    std::uint32_t max_victims = 8;         ///< victims per urgent task
};

class ParallelPreemptPolicy : public Policy {
public:
    explicit ParallelPreemptPolicy(const ParallelPreemptConfig& config);
    PolicyTraits traits() const override { return base_.traits(); }
    void schedule(const PolicyView& view, Decisions& decide) override;
    void report(PolicyReport& r) const override;

private:
    void preemption_pass(const PolicyView& view, Decisions& decide);

    ParallelPreemptConfig config_;
    MaxMPolicy base_;
    std::uint64_t urgent_started_ = 0;
    std::uint64_t victims_ = 0;
    std::uint64_t declined_ = 0;  ///< events where a victim set existed but the rule declined every one
};

}  // namespace rmsim
