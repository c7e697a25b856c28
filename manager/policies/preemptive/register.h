#pragma once
// Registration of the Machovec Ch.4 heuristics (ch4-random, ch4-fcfs, ch4-max-util, ch4-max-upt; the last two
// with a preemption rule).
namespace rmsim {

class PolicyRegistry;

void register_preemptive_policies(PolicyRegistry& r);

}  // namespace rmsim
