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

double goal_fraction(const std::vector<double>& shape, double x) {
    if (shape.empty()) return x;
    x = std::clamp(x, 0.0, 1.0);
    const double slices = static_cast<double>(shape.size());
    const auto whole = std::min(shape.size() - 1, static_cast<std::size_t>(x * slices));
    double before = 0, total = 0;
    for (std::size_t i = 0; i < shape.size(); ++i) {
        total += shape[i];
        if (i < whole) before += shape[i];
    }
    const double inside = x * slices - static_cast<double>(whole);  // of slice `whole`, in [0, 1]
    return (before + inside * shape[whole]) / total;
}

double goal_rate_factor(const std::vector<double>& shape, double x) {
    if (shape.empty() || !(x < 1.0)) return 1.0;
    x = std::max(x, 0.0);
    const double slices = static_cast<double>(shape.size());
    const auto now = std::min(shape.size() - 1, static_cast<std::size_t>(x * slices));
    double total = 0;
    for (double w : shape) total += w;
    // Rates as shares of the budget per unit of x: slice k's is shape[k] x slices / total; the rest of the
    // period's mean is what is left of the budget's share over what is left of the period.
    const double rate_now = shape[now] * slices / total;
    const double rate_rest = (1.0 - goal_fraction(shape, x)) / (1.0 - x);
    return rate_rest > 0 ? rate_now / rate_rest : 1.0;
}

Joules EnergyAccounts::goal(SimTime t) const {
    if (budget_.budget_j <= 0 || t < budget_.start) return std::numeric_limits<Joules>::infinity();
    if (budget_.shape.empty())  // the papers' straight line (computed as before: results unchanged)
        return budget_.budget_j * (t - period_start_).to_seconds() / budget_.period.to_seconds();
    return budget_.budget_j *
           goal_fraction(budget_.shape, (t - period_start_).to_seconds() / budget_.period.to_seconds());
}

double EnergyAccounts::goal_rate_factor_now() const {
    if (budget_.budget_j <= 0 || budget_.shape.empty() || ledger_.now() < budget_.start) return 1.0;
    return goal_rate_factor(budget_.shape, (ledger_.now() - period_start_).to_seconds() / budget_.period.to_seconds());
}

void EnergyAccounts::begin_period(SimTime start, Joules consumed_at_start_j) {
    if (start < period_start_) throw std::logic_error("EnergyAccounts: budget periods must move forward");
    period_start_ = start;
    period_start_energy_j_ = consumed_at_start_j;
}

}  // namespace rmsim
