#pragma once
// The heuristics of Machovec Ch.4 (§4.3) as a policy: serial tasks, per-core scheduling on heterogeneous
// clusters, mapping events every minute (§4.3.1) onto idle cores now, or by preemption.
// Each event: (1) dropping: a waiting task that no assignment can give non-zero utility leaves for good
// (§4.3.2; a task that has run may resume on its cluster only); (2) the heuristic maps the mappable tasks
// (the waiting ones, in arrival order): Random (§4.3.3.2), FCFS (§4.3.3.3), or Max Util / Max UPT with a
// preemption rule (none, Greedy, Diff, Pair: preemptive_mapper.h); (3) the mapping is applied: preemptions,
// then starts. A task preempted at this event is mappable from the next one (its checkpoint must be
// reported first); only Pair could place it again within the event, and then it waits for the next one
// (docs/policies.md).
#include <cstdint>
#include <random>

#include "manager/policies/preemptive/preemptive_mapper.h"
#include "manager/policies/preemptive/task_facts.h"
#include "manager/policy.h"

namespace rmsim {

struct Ch4Config {
    enum class Heuristic { Random, Fcfs, MaxUtil, MaxUpt };
    Heuristic heuristic = Heuristic::MaxUtil;
    PreemptRule rule = PreemptRule::None;
    SimTime period = SimTime::from_whole_seconds(60);
    std::uint64_t seed = 1;  ///< Random's stream
};

class PreemptivePolicy : public Policy {
public:
    explicit PreemptivePolicy(const Ch4Config& config) : config_(config), rng_(config.seed) {}
    PolicyTraits traits() const override;
    /// Sizes the table of the tasks' facts (about 9 MB at 70,000 tasks), out of the mapping events' wall time.
    void prepare(const PolicyView& view) override { facts_.prepare(view); }
    void schedule(const PolicyView& view, Decisions& decide) override;
    void report(PolicyReport& r) const override;

private:
    Ch4Config config_;
    std::mt19937_64 rng_;
    TaskFacts facts_;  ///< what an event reads of the tasks, kept across events
    std::uint64_t preemptions_ = 0;
    std::uint64_t deferred_ = 0;
    std::uint64_t dropped_ = 0;
};

}  // namespace rmsim
