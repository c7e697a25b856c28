#pragma once
// Value of service (Machovec dissertation Ch.2 §2.3): a task's value from its performance (completion
// time after arrival) and its energy, each through an Eq. 1 value function, weighted by Table 3 by the
// task's category and the usage period in which it was submitted, and scaled by its importance γ (Eq. 2).
// The VoS of an interval is the sum of the values of the tasks completed in it (Eq. 3; sim/outputs/vos_metrics.h).
#include <cstdint>

#include "platform/units.h"
#include "workloads/utility_function.h"

namespace rmsim {

/// Table 3 rows: the three task categories of §2.5.1 (task types are spread uniformly over them).
enum class VosCategory : std::uint8_t { Regular, HighPerformance, EnergyConservative };
const char* to_string(VosCategory c);

/// Table 3 columns: system usage at submission (§2.5.1: low 00-04, medium 04-10 and 18-24, high 10-18).
enum class UsagePeriod : std::uint8_t { Low, Medium, High };
const char* to_string(UsagePeriod p);

/// The usage period of a time of day. GAP: simulated time 0 is midnight (00:00); the day repeats every 24 h.
UsagePeriod usage_period(Seconds time_s);

/// Table 3: <w_p, w_e>.
struct VosWeights {
    double performance = 1;
    double energy = 1;
};
VosWeights table3_weights(VosCategory c, UsagePeriod p);

/// What a task carries for its value: its type's γ and category, its own two value functions (§2.5.1;
/// workloads/machovec_ch2_generator.h makes them). Attached to the task's TimeTable (platform/work_model.h).
struct VosTerms {
    double importance = 1;  ///< γ, in [1, 10] (§2.5.1)
    VosCategory category = VosCategory::Regular;
    UtilityFunction performance = UtilityFunction::value_of_service(1, 0, 0, 1);  ///< v_p of completion - arrival (s)
    UtilityFunction energy = UtilityFunction::value_of_service(1, 0, 0, 1);       ///< v_e of energy (J)
};

/// One task's value terms: v_p, v_e and V (Eq. 2).
struct TaskValue {
    double performance = 0;  ///< v_p
    double energy = 0;       ///< v_e
    double value = 0;        ///< V = γ (w_p v_p + w_e v_e), 0 if v_p or v_e is 0
};

/// Eq. 2 for a task submitted at `arrival_s` that completes `elapsed_s` after its arrival using `energy_j`.
TaskValue task_value(const VosTerms& terms, Seconds arrival_s, Seconds elapsed_s, Joules energy_j);

}  // namespace rmsim
