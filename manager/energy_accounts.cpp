#include "manager/energy_accounts.h"

#include <algorithm>
#include <limits>
#include <stdexcept>

namespace rmsim {

Joules EnergyAccounts::committed() const {
    Joules j = consumed();
    const SimTime now = ledger_.now();
    ledger_.for_each_committed([&](TaskId t) {  // ascending ids, as a scan of every record would add them
        const TaskRecord& r = ledger_.record(t);
        const Task& task = ledger_.task(t);
        if (r.state == TaskState::Reserved) {
            j += estimates_.exec_energy(task, r.remaining, r.cluster, r.pstate);
        } else {
            const SimTime total = estimates_.exec_time(task, r.remaining, r.cluster, r.pstate);
            if (total > SimTime()) {
                const double left =
                    std::clamp(1.0 - (now - ledger_.start_time(t)).to_seconds() / total.to_seconds(), 0.0, 1.0);
                j += left * estimates_.exec_energy(task, r.remaining, r.cluster, r.pstate);
            }
        }
    });
    return j;
}

Joules EnergyAccounts::cleared_placeholders() const {
    Joules j = 0;
    for (const TaskLedger::ClearedPlaceHolder& h : ledger_.placeholders_cleared()) {
        const TaskRecord& r = ledger_.record(h.task);
        if (r.state != TaskState::Waiting) continue;  // mapped again in this event: committed() has it
        j += estimates_.exec_energy(ledger_.task(h.task), r.remaining, h.cluster, h.pstate);
    }
    return j;
}

Joules EnergyAccounts::remaining() const {
    // No budget, or before the first budget period (EnergyBudget::start): nothing constrains.
    if (budget_.budget_j <= 0 || ledger_.now() < budget_.start) return std::numeric_limits<Joules>::infinity();
    return budget_.budget_j - committed_in_period();
}

Joules EnergyAccounts::goal(SimTime t) const {
    if (budget_.budget_j <= 0 || t < budget_.start) return std::numeric_limits<Joules>::infinity();
    return budget_.budget_j * (t - period_start_).to_seconds() / budget_.period.to_seconds();
}

void EnergyAccounts::begin_period(SimTime start, Joules consumed_at_start_j) {
    if (start < period_start_) throw std::logic_error("EnergyAccounts: budget periods must move forward");
    period_start_ = start;
    period_start_energy_j_ = consumed_at_start_j;
}

}  // namespace rmsim
