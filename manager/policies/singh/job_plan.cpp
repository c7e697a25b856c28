#include "manager/policies/singh/job_plan.h"

namespace rmsim::singh {

std::vector<std::uint32_t> JobPlan::core_of_tasks() const {
    std::vector<std::uint32_t> r;
    r.reserve(tasks.size());
    for (const auto& t : tasks) r.push_back(t.core);
    return r;
}

std::vector<std::uint32_t> JobPlan::level_of_tasks() const {
    std::vector<std::uint32_t> r;
    r.reserve(tasks.size());
    for (const auto& t : tasks) r.push_back(t.level);
    return r;
}

double plan_value(const Job& job, const JobPlan& plan, Seconds start_s) {
    return job.value.value_at(start_s + plan.response_s() - job.arrival_s);
}

}  // namespace rmsim::singh
