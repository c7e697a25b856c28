#pragma once
// List scheduling of one job with a fixed task -> core allocation and fixed V/F levels, with communication
// delays, and its energy by Singh 2015 Eq. (1)-(2). Every Singh planner (NBA allocation, Algorithm 3, FCPS,
// ValOpt, the PBA genetic algorithm) evaluates candidate allocations/levels with this one function.
//
// Schedule (the paper gives no schedule rule; these are GAPs):
//   - Priority = upward rank (b-level): rank(t) = exec(t) + max over successors s of (comm(t,s) + rank(s)),
//     where exec is at t's level and comm is the edge's transfer time when t and s are on different cores,
//     0 on the same core. Tasks are taken in decreasing rank among the ready ones (all predecessors taken),
//     ties to the lower task index. With positive execution times this is simply decreasing rank.
//   - A task starts at the latest of: its core is free (after the core's previously taken task), and every
//     predecessor has finished and its data has arrived (0 on the same core; latency + bytes/bandwidth,
//     each rounded up to ns, across cores). No insertion into earlier idle gaps of a core.
//   - Link contention is ignored: the hardware serializes transfers that share a core's link, so a plan
//     may be a few transfer times (ms for GB edges on the 25.6 GB/s on-node network) optimistic.
//   - Execution times are those of the hardware (node_model.h exec_time_ns).
// Cores: the given core labels are renumbered 0, 1, ... in order of first use by task index, so the plan
// needs exactly cores_used() cores (an allocation on "k cores" may leave some unused).
//
// Energy, Eq. (1)-(2), in the rmsim power model (busy = static + dynamic, static = the P-state's idle power):
//   E_dynamic = Σ_t exec_t · (busy(v_t) - idle(v_t))
//   E_static, AMBIG (Sec. III-D charges "overall execution time of the job x static power of the used
//   cores" and also says unused cores are power gated):
//     power-gated cores (Singh's platform): a core is gated whenever it has no task, so a used core draws
//       static power only while it executes: E_static = Σ_t exec_t · idle(v_t).
//     cores not gated: every used core draws static power over the job's whole span [0, response]: while
//       executing at its task's level; while waiting at the level of its previous task on the core (the
//       P-state stays after a task) and before its first task at that task's level (the manager sets a
//       core's P-state when the job starts on it).
//   Either way this is what the core meters measure for the job running alone on the node (with zero
//   transition and wake costs, node_model.h).
#include <cstdint>
#include <vector>

#include "manager/policies/singh/job_plan.h"
#include "manager/policies/singh/planning_problem.h"

namespace rmsim::singh {

/// `core_of_task[t]`: any core label (renumbered, see above); `level_of_task[t]` < problem.levels().
/// std::invalid_argument on a size mismatch or a level out of range.
JobPlan list_schedule(const PlanningProblem& problem, const std::vector<std::uint32_t>& core_of_task,
                      const std::vector<std::uint32_t>& level_of_task);

/// Core labels renumbered 0, 1, ... in order of first use by task index.
std::vector<std::uint32_t> compact_cores(const std::vector<std::uint32_t>& core_of_task);

}  // namespace rmsim::singh
