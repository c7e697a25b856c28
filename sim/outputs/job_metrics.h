#pragma once
// Metrics of DAG jobs (Singh, Dziurzanski, Indrusiak 2015 §V): overall value, energy, % rejected jobs
// (Table I counts rejected jobs and jobs completed with zero value), and jobs.csv, one row per job.
#include <cstdint>
#include <string>

#include "manager/policy_view.h"

namespace rmsim {

struct JobMetrics {
    std::uint64_t total = 0, arrived = 0, completed = 0, rejected = 0, unfinished = 0;
    std::uint64_t zero_value = 0;   ///< completed with value 0
    double rejected_percent = 0;    ///< 100 x (rejected + zero_value) / arrived (Table I)
    double value_earned = 0;        ///< sum of VC_j(completion - arrival) over completed jobs
    Joules energy_j = 0;            ///< measured core energy of the jobs' tasks (power meters)
    Joules planned_energy_j = 0;    ///< the policies' Eq. (1)-(2) estimates, for completed jobs
    Seconds mean_response_s = 0;    ///< completion - arrival, completed jobs
    double value_per_energy = 0;    ///< value_earned / energy_j
    double cores_per_job_mean = 0;  ///< cores a completed job ran on, mean over completed jobs (0 if none)
};

JobMetrics compute_job_metrics(const PolicyView& view);

/// jobs.csv: id,arrival_s,start_s,end_s,state,node,cores,tasks,transfers,value,energy_j,planned_energy_j,
/// planned_response_s (node: global index; empty fields for jobs that never started).
std::string jobs_csv(const PolicyView& view);

}  // namespace rmsim
