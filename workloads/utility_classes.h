#pragma once
// The Machovec utility classes (Ch.3 §3.2.3, §3.4.2.3; Ch.4 §4.4.3). A utility function has a priority (its
// starting utility), an urgency (decay rate: higher urgency decays faster) and a class (the shape).
// GAP: the 20 class shapes of Khemka et al. (IEEE TC 2015) are not in the sources. rmsim defines 20
// documented piecewise-linear shapes on a normalized horizon x in [0, 1] (value as a fraction of the
// priority), spanning fast/slow and early/late decays (table in utility_classes.cpp and docs/workloads.md).
// GAP: how urgency scales the decay. rmsim stretches the shape over a horizon H = decay_scale_s / urgency,
// with decay_scale_s = 2160 s by default so that urgency 0.6 (the highest in Table 3) gives H = 60 min, and
// class 0 then reproduces the published example exactly: priority 8 earns 5.18 at 15 min and 2.84 at 40 min
// and reaches 0 at about 60 min (Ch.3 Fig. 20, Ch.4 §4.2.2).
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "workloads/utility_function.h"

namespace rmsim {

constexpr std::size_t kMachovecUtilityClasses = 20;
constexpr Seconds kMachovecDecayScale_s = 2160.0;  ///< GAP: horizon = this / urgency (0.6 -> 3600 s)

/// Normalized shape of class `class_index` (< kMachovecUtilityClasses), shared by every task of that class.
std::shared_ptr<const std::vector<UtilityPoint>> machovec_class_shape(std::size_t class_index);
/// Short name of the class ("fig20_reference", "linear", ...), for outputs and docs.
const std::string& machovec_class_name(std::size_t class_index);

/// Utility function of a task: value_at(t) = priority · shape(t · urgency / decay_scale_s).
/// priority >= 0, urgency > 0; class_index < kMachovecUtilityClasses (std::invalid_argument otherwise).
UtilityFunction make_machovec_utility(double priority, double urgency, std::size_t class_index,
                                      Seconds decay_scale_s = kMachovecDecayScale_s);

/// Machovec Ch.4 §4.4.3 "decaying utility class": `priority` for a constant interval `plateau_s` (the task's
/// average execution time), then a single decay period of `length_s` (200 min in the text) with urgency 0.3.
/// GAP: the decay formula of Khemka et al. is not given; rmsim uses the normalized exponential
/// (e^{-k·x} - e^{-k}) / (1 - e^{-k}) over the period with k = 10·urgency, so that the value reaches 0
/// exactly at plateau_s + length_s and a higher urgency decays faster early.
UtilityFunction make_machovec_decaying_utility(double priority, Seconds plateau_s, double urgency = 0.3,
                                               Seconds length_s = 200.0 * 60.0);

}  // namespace rmsim
