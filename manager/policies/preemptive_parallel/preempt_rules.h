#pragma once
// The rules that decide whether preempting a set of running parallel tasks, to start a waiting (urgent)
// parallel task now, is worth it (beyond the papers: Machovec Ch.7 future work 3-5). Plain C++ over the
// numbers of one option, tested by hand.
//   Greedy (after Machovec Ch.4 §4.3.5.2, Alg. 6 Preempt Greedy, generalised to multi-node tasks): preempt if
//     the urgent task's objective when it starts now (after the victims' checkpoints) is above its best
//     objective without preemption (its earliest start elsewhere or later) and above every victim's own
//     objective (Alg. 6: "Util(t, core) > Util_r"). Value: the urgent task's objective.
//   Diff (after Ch.4 §4.3.5.3 Preempt Diff, generalised): the urgent task's objective less what the victims
//     lose: each victim is checkpointed and resumes later (after the urgent task, plus its restore), so its
//     objective drops from the value at its projected completion to the value at its resumed one (Ch.4's
//     Diff subtracts the victim's whole objective: there it may be re-mapped at once at no cost; here it
//     keeps its progress and pays the restore). Preempt if that net is above the best without preemption.
//   Energy (UPE-based, new): utility per joule. The net utility (the urgent task's less the victims' losses)
//     over the urgent task's energy plus the preemption's own energy (every victim's checkpoint and restore:
//     lumps and the cores held busy meanwhile; no re-execution, progress is checkpointed). Preempt if above
//     the urgent task's best utility per joule without preemption.
#include <vector>

#include "platform/units.h"

namespace rmsim {

enum class ParallelRule { Greedy, Diff, Energy };
const char* to_string(ParallelRule r);

/// One victim under the rule's objective.
struct VictimEffect {
    double obj_now = 0;       ///< its objective at its projected completion
    double obj_resumed = 0;   ///< at its resumed completion (later, with its restore)
    double util_now = 0;      ///< its utility at its projected completion
    double util_resumed = 0;  ///< at its resumed completion
    Joules energy_j = 0;      ///< checkpoint + restore energy (lumps and held cores)
};

/// The urgent task started now by preempting the victims.
struct PreemptOption {
    double obj = 0;       ///< its objective (Util / UPT / UPE ...) when started after the checkpoints
    double util = 0;      ///< its utility then
    Joules energy_j = 0;  ///< its execution's energy
    std::vector<VictimEffect> victims;
};

/// The urgent task's best option without preemption, under the same objective (absent: none).
struct NoPreemptBest {
    bool exists = false;
    double obj = 0;  ///< Greedy / Diff
    double upe = 0;  ///< Energy: utility per joule
};

struct Verdict {
    bool preempt = false;
    double value = 0;     ///< the rule's measure of the preemption (compared across tasks)
    double baseline = 0;  ///< the rule's measure without preemption
};

Verdict judge(ParallelRule rule, const PreemptOption& option, const NoPreemptBest& best);
/// The preemption's own energy: the victims' checkpoints and restores.
Joules preemption_energy(const PreemptOption& option);
/// The victims' utility loss.
double utility_loss(const PreemptOption& option);

}  // namespace rmsim
