#pragma once
// Value per unit energy, the objective of Singh 2015 Algorithm 1 (maxValuePerEnergyJob) and Algorithm 3
// (ValPerUnitEnergy = value_job_completion / E_total, computed only when the value is > 0).
#include "manager/policies/singh/greedy_levels.h"
#include "manager/policies/singh/job_plan.h"

namespace rmsim::singh {

/// value / energy; +infinity for a positive value at zero energy, 0 for a zero value.
double value_per_energy(double value, Joules energy_j);

/// Algorithm 3's score for a job starting at absolute time `start_s`: value at completion / E_total, not
/// admissible when the value at completion is 0. `job` must outlive the returned function.
PlanScore value_per_energy_score(const Job& job, Seconds start_s);

}  // namespace rmsim::singh
