#pragma once
// The batch baselines of Tarplee §2.5: min-min (Braun et al. 2001; Ibarra & Kim 1977) and max-min.
// Each pass computes every unassigned task's minimum completion time (MCT) over all machines (ready time +
// ETC); min-min assigns the task with the smallest MCT to its MCT machine, max-min the task with the largest.
//  - min_min_classic: Alg. 3 literally, task by task (quadratic in the number of tasks; the reference).
//  - min_min_optimized: Alg. 4 (§2.5.2), identical output, linear in the number of tasks: task types instead
//    of tasks, the running best pair, a per-type cache of the MCT machine recomputed only when the previous
//    assignment went to it, exhausted types purged, counts in and counts out.
// GAP (tie-breaks, needed for Alg. 3 == Alg. 4): machines in (type, index) order and tasks in type order, the
// first of equal values wins (strict comparisons).
#include "manager/policies/tarplee/full_allocation.h"

namespace rmsim {

enum class BatchSelection { MinMin, MaxMin };

FullAllocation min_min_classic(const TypeBag& bag, BatchSelection selection);
FullAllocation min_min_optimized(const TypeBag& bag, BatchSelection selection);

/// How often Alg. 4's per-type cache was valid (the dissertation: 70 % for min-min, 60 % for max-min in the
/// nine-type environment, §2.5.2). Filled by min_min_optimized when given.
struct MinMinStats {
    long long cache_reads = 0;
    long long cache_hits = 0;
};
FullAllocation min_min_optimized(const TypeBag& bag, BatchSelection selection, MinMinStats* stats);

}  // namespace rmsim
