#include "manager/energy_accounts.h"

#include <algorithm>
#include <limits>
#include <stdexcept>

namespace rmsim {

Joules EnergyAccounts::committed() const {
    Joules j = consumed();
    const Seconds now = ledger_.now();
    for (TaskId t : ledger_.committed()) {  // ascending ids, as a scan of every record would add them
        const TaskRecord& r = ledger_.record(t);
        const Task& task = ledger_.task(t);
        if (r.state == TaskState::Reserved) {
            j += estimates_.exec_energy(task, r.remaining, r.cluster, r.pstate);
        } else {
            const Seconds total = estimates_.exec_time(task, r.remaining, r.cluster, r.pstate);
            if (total > 0) {
                const double left = std::clamp(1.0 - (now - r.start_s) / total, 0.0, 1.0);
                j += left * estimates_.exec_energy(task, r.remaining, r.cluster, r.pstate);
            }
        }
    }
    return j;
}

Joules EnergyAccounts::remaining() const {
    // No budget, or before the first budget period (EnergyBudget::start_s): nothing constrains.
    if (budget_.budget_j <= 0 || ledger_.now() < budget_.start_s) return std::numeric_limits<Joules>::infinity();
    return budget_.budget_j - committed_in_period();
}

Joules EnergyAccounts::goal(Seconds t_s) const {
    if (budget_.budget_j <= 0 || t_s < budget_.start_s) return std::numeric_limits<Joules>::infinity();
    return budget_.budget_j * (t_s - period_start_s_) / budget_.period_s;
}

void EnergyAccounts::begin_period(Seconds start_s, Joules consumed_at_start_j) {
    if (start_s < period_start_s_) throw std::logic_error("EnergyAccounts: budget periods must move forward");
    period_start_s_ = start_s;
    period_start_energy_j_ = consumed_at_start_j;
}

}  // namespace rmsim
