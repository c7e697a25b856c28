#include "manager/policies/singh/value_per_energy.h"

#include <limits>

namespace rmsim::singh {

double value_per_energy(double value, Joules energy_j) {
    if (!(value > 0)) return 0;
    if (!(energy_j > 0)) return std::numeric_limits<double>::infinity();
    return value / energy_j;
}

PlanScore value_per_energy_score(const Job& job, Seconds start_s) {
    return [&job, start_s](const JobPlan& plan) -> std::optional<double> {
        const double value = plan_value(job, plan, start_s);
        if (!(value > 0)) return std::nullopt;
        return value_per_energy(value, plan.energy_j());
    };
}

}  // namespace rmsim::singh
