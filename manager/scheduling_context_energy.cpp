// SchedulingContext: the energy accounts of a budget period (Machovec Ch.3 §3.2.4 daily budget, §3.3.6 goal).
#include <limits>
#include <stdexcept>

#include "manager/scheduling_context.h"

namespace rmsim {

Joules SchedulingContext::energy_remaining() const {
    // No budget, or before the first budget period (EnergyBudget::start_s): nothing constrains.
    if (budget_.budget_j <= 0 || now_s_ < budget_.start_s) return std::numeric_limits<Joules>::infinity();
    return budget_.budget_j - energy_committed_in_period();
}

Joules SchedulingContext::energy_goal(Seconds t_s) const {
    if (budget_.budget_j <= 0 || t_s < budget_.start_s) return std::numeric_limits<Joules>::infinity();
    return budget_.budget_j * (t_s - period_start_s_) / budget_.period_s;
}

void SchedulingContext::begin_budget_period(Seconds start_s, Joules consumed_at_start_j) {
    if (start_s < period_start_s_) throw std::logic_error("SchedulingContext: budget periods must move forward");
    period_start_s_ = start_s;
    period_start_energy_j_ = consumed_at_start_j;
}

}  // namespace rmsim
