#pragma once
// Task dropping by a utility threshold (Machovec Ch.3 §3.3.3), shared by every policy that
// drops: at the start of a mapping event, a mappable task whose utility upper bound — its utility if it
// started now on its fastest cluster at P0 — is below the threshold is dropped for good.
#include <cstddef>
#include <memory>

#include "manager/decisions.h"
#include "manager/policy.h"
#include "manager/policy_view.h"

namespace rmsim {

/// The utility of the waiting task if it started now on its fastest cluster at P0 (-inf if no cluster can
/// run it).
double utility_upper_bound(const PolicyView& view, TaskId t);

/// One waiting task: rejected if `reject_unrunnable` and no cluster can run it, dropped if its
/// utility_upper_bound() < threshold. Returns what happened (Kept: it stays waiting).
enum class DropOutcome { Kept, Dropped, Rejected };
DropOutcome drop_if_below(const PolicyView& view, Decisions& decide, TaskId t, double threshold,
                          bool reject_unrunnable);
/// drop_if_below() given the task's utility_upper_bound() (`bound`), e.g. from execution times a policy keeps
/// between events; the same outcome and decision for the same bound.
DropOutcome drop_by_bound(Decisions& decide, TaskId t, double bound, double threshold, bool reject_unrunnable);
/// Drops every waiting task whose utility_upper_bound() < threshold; returns how many were dropped.
/// A negative threshold drops nothing (the "no dropping" configuration). With `reject_unrunnable`, a task
/// no cluster can run is rejected instead (whatever the threshold) and not counted.
std::size_t drop_below_threshold(const PolicyView& view, Decisions& decide, double threshold,
                                 bool reject_unrunnable = false);

/// Wraps a policy so that every mapping event first drops by the threshold (Machovec Ch.3 §3.3.1 step 1),
/// e.g. for the comparison heuristics (Figs. 27-29: "all heuristics" drop). A negative threshold: the
/// policy itself, unwrapped.
std::unique_ptr<Policy> with_dropping(std::unique_ptr<Policy> inner, double threshold);

}  // namespace rmsim
