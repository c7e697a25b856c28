#pragma once
// Task dropping by a utility threshold (Machovec Ch.3 §3.3.3, spec B3.4), shared by every policy that
// drops: at the start of a mapping event, a mappable task whose utility upper bound — its utility if it
// started now on its fastest cluster at P0 — is below the threshold is dropped for good.
#include <cstddef>

#include "manager/scheduling_context.h"

namespace rmsim {

/// The utility of the waiting task if it started now on its fastest cluster at P0 (-inf if no cluster can
/// run it).
double utility_upper_bound(const SchedulingContext& ctx, TaskId t);

/// Drops every waiting task whose utility_upper_bound() < threshold; returns how many were dropped.
/// A negative threshold drops nothing (the "no dropping" configuration).
std::size_t drop_below_threshold(SchedulingContext& ctx, double threshold);

}  // namespace rmsim
