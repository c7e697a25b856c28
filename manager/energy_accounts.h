#pragma once
// The manager's energy accounts: energy consumed (read from the power meters), committed (consumed plus
// the estimated energy still to come from running and reserved tasks), and the per-period budget with its
// linear goal curve (Machovec Ch.3 §3.2.4 daily budget, §3.3.6 goal). Owned by the ResourceManager (through
// its Bookkeeping), which restarts the period from the meters' exact reading at each boundary; policies
// read them through the PolicyView. Plain C++, no SystemC.
#include <functional>
#include <vector>

#include "manager/estimates.h"
#include "manager/task_ledger.h"
#include "platform/units.h"

namespace rmsim {

struct EnergyBudget {
    Joules budget_j = 0;                                  ///< per period; <= 0: no budget
    SimTime period = SimTime::from_whole_seconds(86400);  ///< e.g. a day (Machovec Ch.3 §3.2.4)
    SimTime start;                                        ///< when the first period starts (no constraint before it)
    /// The goal's shape over the period, beyond the papers (Machovec Ch.7: budgets that follow prices and
    /// demand): the period in shape.size() equal slices, slice i to receive the share shape[i] / sum of the
    /// budget (each > 0; e.g. 24 hourly weights of a day, the inverse of an hourly price, or a solar-shaped
    /// supply). Empty: the papers' straight line, energy at a constant rate.
    std::vector<double> shape;
};

/// The share of a period's budget that the goal curve allots to [period start, start + x * period), x in
/// [0, 1]: x itself for a straight line (empty shape), else the shape's weights integrated up to x (each slice
/// linearly inside) over their sum.
double goal_fraction(const std::vector<double>& shape, double x);
/// The curve's rate at x relative to its mean rate over [x, 1): the weight of x's slice over the mean weight
/// of the rest of the period (1 for a straight line, and at or after the period's end). How much more (or
/// less) energy per resource now than an even spread of the rest of the period, beyond the papers.
double goal_rate_factor(const std::vector<double>& shape, double x);

class EnergyAccounts {
public:
    EnergyAccounts(const TaskLedger& ledger, const Estimates& estimates) : ledger_(ledger), estimates_(estimates) {}

    /// Where consumed energy comes from (the machine's meters); without one, nothing is consumed.
    void set_reader(std::function<Joules()> f) { reader_ = std::move(f); }
    void set_budget(const EnergyBudget& b) {
        budget_ = b;
        period_start_ = b.start;
    }

    /// Exact energy consumed by the whole machine so far.
    Joules consumed() const { return reader_ ? reader_() : 0.0; }
    /// Consumed plus the estimated energy still to come from running and reserved tasks.
    Joules committed() const;
    const EnergyBudget& budget() const { return budget_; }
    /// Start of the budget period containing now.
    SimTime period_start() const { return period_start_; }
    /// Energy consumed since the period started (exact: the manager snapshots the meters at its start).
    Joules consumed_in_period() const { return consumed() - period_start_energy_j_; }
    /// consumed_in_period() plus the estimated energy of running and reserved tasks.
    Joules committed_in_period() const { return committed() - period_start_energy_j_; }
    /// The estimated energy of the place-holders removed when this mapping event opened, whose tasks still
    /// wait (TaskLedger::placeholders_cleared): what they would have added to committed() had they stayed.
    /// Machovec Ch.3 §3.3.6.2 counts tasks with reservations or place-holders in E_committed.
    Joules cleared_placeholders() const;
    /// budget - committed_in_period() (+inf without a budget, or before the first period).
    Joules remaining() const;
    /// The goal curve of the metaheuristics (Machovec Ch.3 §3.3.6): budget x (t - period start) / period, energy
    /// at a constant rate, or budget x goal_fraction() of the budget's shape (EnergyBudget::shape).
    Joules goal(SimTime t) const;
    /// goal_rate_factor() of the budget's shape at now (1 without a shape or a budget): the EPR filter's factor.
    double goal_rate_factor_now() const;
    /// A new period starts at start, with the machine's exact consumed energy then.
    void begin_period(SimTime start, Joules consumed_at_start_j);

private:
    const TaskLedger& ledger_;
    const Estimates& estimates_;
    std::function<Joules()> reader_;
    EnergyBudget budget_;
    SimTime period_start_;
    Joules period_start_energy_j_ = 0;
};

}  // namespace rmsim
