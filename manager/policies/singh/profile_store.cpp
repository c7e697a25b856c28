#include "manager/policies/singh/profile_store.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace rmsim::singh {

std::uint32_t JobProfile::best_core_count() const {
    if (entries.empty()) throw std::logic_error("singh profile of job " + std::to_string(job_id) + " is empty");
    std::size_t best = 0;
    for (std::size_t i = 1; i < entries.size(); ++i)
        if (entries[i].response_energy < entries[best].response_energy) best = i;
    return static_cast<std::uint32_t>(best + 1);
}

const ProfileEntry& JobProfile::entry(std::uint32_t k) const {
    if (k < 1 || k > entries.size())
        throw std::out_of_range("singh profile of job " + std::to_string(job_id) + " has no entry for " +
                                std::to_string(k) + " cores");
    return entries[k - 1];
}

JobProfile profile_job(const PlanningProblem& problem, const GaParams& params) {
    JobProfile p;
    p.job_id = problem.job().id;
    const std::uint32_t kmax = std::min(problem.tasks(), problem.node().cores);
    for (std::uint32_t k = 1; k <= kmax; ++k) {
        GaOutcome o = ga_minimize_response_energy(problem, k, params, ga_seed_genomes(problem, k));
        p.evaluations += o.evaluations;
        ProfileEntry e;
        e.max_cores = k;
        e.response_s = o.plan.response_s();
        e.energy_j = o.plan.energy_j();
        e.response_energy = o.fitness;
        e.plan = std::move(o.plan);
        p.entries.push_back(std::move(e));
    }
    return p;
}

void ProfileStore::add(JobProfile profile) {
    auto it = profiles_.find(profile.job_id);
    if (it != profiles_.end()) evaluations_ -= it->second.evaluations;
    evaluations_ += profile.evaluations;
    const std::uint32_t id = profile.job_id;
    profiles_[id] = std::move(profile);
}

const JobProfile* ProfileStore::find(std::uint32_t job_id) const {
    auto it = profiles_.find(job_id);
    return it == profiles_.end() ? nullptr : &it->second;
}

}  // namespace rmsim::singh
