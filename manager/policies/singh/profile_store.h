#pragma once
// Design-time profiling results of PBA (Singh 2015 Sec. IV-A): per job and per number of cores
// k = 1 .. min(|T|, cores per node), the GA's allocation and V/F levels with their response time and energy.
// The value is not stored: it depends on when the job is allocated and is read from the value curve at run
// time (pba_estimate.h).
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "manager/policies/singh/ga_profiler.h"
#include "manager/policies/singh/job_plan.h"
#include "manager/policies/singh/planning_problem.h"

namespace rmsim::singh {

struct ProfileEntry {
    std::uint32_t max_cores = 0;  ///< k: the GA could use up to k cores (plan.cores_used() <= k)
    JobPlan plan;                 ///< allocation, levels, times, energy
    Seconds response_s = 0;
    Joules energy_j = 0;
    double response_energy = 0;  ///< response_s · energy_j, the GA's fitness
};

struct JobProfile {
    std::uint32_t job_id = 0;
    std::vector<ProfileEntry> entries;  ///< entries[k-1] for k = 1 .. entries.size()
    std::uint64_t evaluations = 0;      ///< GA individuals over every k (GaOutcome::evaluations; seeding excluded)

    /// The k with the smallest response x energy among the profiled k (ties: the smaller k), the GA's own
    /// fitness. Used by PbaCoreCount::MinResponseEnergy; the default reads Algorithm 1 as the paper does,
    /// maximum value/energy at the allocation time (pba_estimate.h).
    std::uint32_t best_core_count() const;
    /// The entry for k (1 <= k <= entries.size(); std::out_of_range otherwise).
    const ProfileEntry& entry(std::uint32_t k) const;
};

/// Runs the GA (ga_profiler.h) with its seeds for k = 1 .. min(|T|, node cores).
JobProfile profile_job(const PlanningProblem& problem, const GaParams& params);

class ProfileStore {
public:
    /// Replaces an earlier profile of the same job.
    void add(JobProfile profile);
    const JobProfile* find(std::uint32_t job_id) const;
    std::size_t size() const { return profiles_.size(); }
    /// GA fitness evaluations over every stored profile (for "profiled individuals per second").
    std::uint64_t evaluations() const { return evaluations_; }

private:
    std::unordered_map<std::uint32_t, JobProfile> profiles_;
    std::uint64_t evaluations_ = 0;
};

}  // namespace rmsim::singh
