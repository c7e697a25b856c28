#pragma once
// Pulse merging with a bounded error (Siegel §2, §4: completion-time PMFs are convolutions of many task PMFs;
// without merging a queue of n tasks with k pulses each grows to O(n·k) pulses and every arrival pays for it).
//
// merge_pulses(X, K): the value range [min, max] is cut into K buckets of width w = (max − min) / K; the
// pulses of a bucket become ONE pulse at the LARGEST value among them, carrying their summed probability.
// Bound (pessimistic by construction): each pulse moves up by less than or equal to w, never down, so for
// every d
//     F_X(d − w) ≤ F_merged(d) ≤ F_X(d)        and        E[X] ≤ E[merged] ≤ E[X] + w,
// i.e. the merged variable is X delayed by at most w. Probabilities of meeting a deadline are never
// over-estimated. Convolving merged PMFs adds their bounds: a queue whose PMFs were merged with widths
// w_1..w_n is late by at most Σ w_i (MergeBound accumulates it).
#include <cstddef>

#include "workloads/pmf.h"

namespace rmsim {

/// The accumulated time bound of the merges behind a PMF (seconds): the exact variable X and the merged Y
/// satisfy F_X(d − bound) ≤ F_Y(d) ≤ F_X(d).
struct MergeBound {
    double seconds = 0;
};

/// At most max_pulses pulses (max_pulses ≥ 1; a PMF already that small is returned as is). Adds the bucket
/// width to `bound` if given.
Pmf merge_pulses(const Pmf& pmf, std::size_t max_pulses, MergeBound* bound = nullptr);

/// merge_pulses(a.convolve(b), max_pulses, bound), without building and sorting the |a|·|b| pulses of the
/// convolution (a queue's completion PMF, Siegel §4: sorting them was most of an arrival's mapping time). When
/// |a| + |b| − 1 > max_pulses the sums x_i + y_j take more than max_pulses values (at least |a| + |b| − 1:
/// a_0 + b_0 < a_0 + b_1 < ... < a_0 + b_m < a_1 + b_m < ... < a_n + b_m), so the convolution would be bucketed:
/// each pair's probability goes straight into its bucket, [min, max] of the sums cut into max_pulses, and the
/// bucket's pulse sits at the largest sum in it. The buckets, their values and the bound are those of the two
/// steps; a bucket's probability is summed pair by pair instead of in the order of the sorted sums, so it may
/// differ in the last bits. A smaller pair is merged in the two steps.
Pmf convolve_merged(const Pmf& a, const Pmf& b, std::size_t max_pulses, MergeBound* bound = nullptr);

}  // namespace rmsim
