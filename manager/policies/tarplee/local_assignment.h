#pragma once
// Recovery phase 2 of LP-makespan (Tarplee Alg. 2, §2.2.3.3): each machine type is an identical-machine
// problem (P||Cmax) solved with Graham's LPT: its muhat_ij tasks, longest ETC first, each to the machine of
// that type with the earliest ready time (a min-heap). Independent per machine type.
// GAP (tie-breaks): equal ETC -> lower task-type index first; equal ready times -> lower machine index.
// Counts, not task lists: a run of c equal tasks is placed in whole rounds of M_j when the spread of the
// ready times is below the task's ETC (then LPT gives every machine exactly one task per round, in heap
// order), the rest one at a time; the choices are those of the task-by-task loop.
#include "manager/policies/tarplee/full_allocation.h"

namespace rmsim {

FullAllocation local_assignment_lpt(const Matrix& etc, const CountMatrix& muhat, const std::vector<Count>& machines);

}  // namespace rmsim
