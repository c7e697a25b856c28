#include "manager/policies/preemptive_parallel/preempt_rules.h"

#include <algorithm>

namespace rmsim {

const char* to_string(ParallelRule r) {
    switch (r) {
        case ParallelRule::Greedy: return "greedy";
        case ParallelRule::Diff: return "diff";
        case ParallelRule::Energy: return "energy";
    }
    return "?";
}

Joules preemption_energy(const PreemptOption& o) {
    Joules e = 0;
    for (const VictimEffect& v : o.victims) e += v.energy_j;
    return e;
}

double utility_loss(const PreemptOption& o) {
    double l = 0;
    for (const VictimEffect& v : o.victims) l += v.util_now - v.util_resumed;
    return l;
}

Verdict judge(ParallelRule rule, const PreemptOption& o, const NoPreemptBest& best) {
    Verdict v;
    switch (rule) {
        case ParallelRule::Greedy: {
            v.value = o.obj;
            v.baseline = best.exists ? best.obj : 0;
            bool above_victims = true;
            for (const VictimEffect& x : o.victims) above_victims = above_victims && o.obj > x.obj_now;
            v.preempt = above_victims && v.value > v.baseline;
            break;
        }
        case ParallelRule::Diff: {
            double lost = 0;
            for (const VictimEffect& x : o.victims) lost += x.obj_now - x.obj_resumed;
            v.value = o.obj - lost;
            v.baseline = best.exists ? best.obj : 0;
            v.preempt = v.value > v.baseline;
            break;
        }
        case ParallelRule::Energy: {
            const Joules e = o.energy_j + preemption_energy(o);
            v.value = e > 0 ? (o.util - utility_loss(o)) / e : 0;
            v.baseline = best.exists ? best.upe : 0;
            v.preempt = e > 0 && v.value > v.baseline;
            break;
        }
    }
    v.preempt = v.preempt && o.util > 0;  // never a preemption for a task that earns nothing
    return v;
}

}  // namespace rmsim
