#pragma once
// The objective measures of the utility-aware heuristics, Machovec Ch.3 §3.3.5 (Eqs. 2-5), and the
// resources of an allocation (Eq. 1). Plain functions: the Max <M> heuristics rank allocation options by them.
#include "platform/units.h"

namespace rmsim {

/// Machovec Ch.3 §3.3.5: what Max <M> maximizes.
enum class Objective {
    Util,  ///< Eq. 2: utility earned at completion
    UPT,   ///< Eq. 3: utility per unit of execution time
    UPR,   ///< Eq. 4: utility per resource allocated (execution time x cores allocated)
    UPE,   ///< utility per joule (Eq. 5 is missing from the text; the definition follows from the name)
};

const char* to_string(Objective m);

/// Machovec Ch.3 Eq. 1: resources allocated = execution time x cores allocated (core-seconds; with whole
/// nodes, cores allocated = nodes x cores per node even if the task uses fewer cores).
double resources_allocated(Seconds exec_s, double cores_allocated);

/// The measure M of an allocation option that earns `util` and runs `exec_s` on `cores_allocated` cores
/// using `energy_j`. std::invalid_argument if a denominator the measure uses is not positive (every real
/// option runs for some time, on some cores, and takes some energy).
double objective_value(Objective m, double util, Seconds exec_s, double cores_allocated, Joules energy_j);

}  // namespace rmsim
