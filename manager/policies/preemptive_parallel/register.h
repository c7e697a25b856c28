#pragma once
// Registration of the preemptive heuristics for parallel tasks on the Machovec Ch.3 system (beyond the
// papers): ch3-max-util-preempt-greedy / -diff, ch3-max-upt-preempt-greedy / -diff, ch3-max-upe-preempt-energy.
namespace rmsim {

class PolicyRegistry;

void register_parallel_preemptive_policies(PolicyRegistry& r);

}  // namespace rmsim
