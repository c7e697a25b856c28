#pragma once
// Energy filtering, Machovec Ch.3 §3.3.8 (energy-per-task and energy-per-resource filters, Eqs. 6-9), and the
// budget periods. The filters remove allocation options before the
// heuristic runs (§3.3.1); their budgets are computed once at the start of a mapping event. The energy
// accounts (remaining budget, linear goal curve) are the manager's shared ones (manager/energy_accounts.h).
#include <cstdint>

#include "manager/decisions.h"
#include "manager/policy_view.h"
#include "platform/enum_names.h"
#include "platform/units.h"

namespace rmsim {

/// Start of the budget period (e.g. the simulated day) containing t: start + k x period_s.
SimTime period_start(const EnergyBudget& b, SimTime t);
/// End of the budget period containing t (the "end of the day" of §3.3.7).
SimTime period_end(const EnergyBudget& b, SimTime t);

/// Machovec Ch.3 Eq. 6: unallocated core-seconds from now until `until`, summed over every node of every
/// cluster (idle node-seconds x cores per node; with Granularity::Core a unit is already a core).
double resources_remaining(const PolicyView& view, SimTime until);

/// Machovec Ch.3 Eq. 9: EPR_budget = leniency x energy_remaining / resources_remaining (+inf when no
/// resources remain; 0 when no energy remains).
double epr_budget(double leniency, Joules energy_remaining_j, double resources_remaining);

/// Machovec Ch.3 §3.3.8, Eqs. 7-8. GAP: both equations are missing from the text. From the prose we take
/// estimated tasks remaining = resources_remaining / average resources per task (of the tasks seen so far)
/// and budget per task = leniency x energy_remaining / estimated tasks remaining (+inf when no task is
/// expected to remain). The average must be positive (std::invalid_argument); before any task was seen the
/// per-task filter removes nothing.
double estimated_tasks_remaining(double resources_remaining, double average_resources_per_task);
Joules per_task_budget(double leniency, Joules energy_remaining_j, double tasks_remaining);

enum class FilterKind { None, PerTask, PerResource };

/// The names of the Max-M policies' `filter` parameter.
inline constexpr auto kFilterKindNames = enum_names<FilterKind>(
    {{FilterKind::None, "none"}, {FilterKind::PerTask, "per-task"}, {FilterKind::PerResource, "per-resource"}});
inline const char* to_string(FilterKind k) { return kFilterKindNames.name(k); }

/// Default leniency factors of §3.4.4.2 (5,000 tasks/day): per task 2.0, per resource 4.0.
double default_leniency(FilterKind k);

/// The energy filter of one mapping event: set the budget with begin_event(), then ask keep() per option.
class EnergyFilter {
public:
    EnergyFilter(FilterKind kind, double leniency) : kind_(kind), leniency_(leniency) {}
    FilterKind kind() const { return kind_; }
    double leniency() const { return leniency_; }
    /// Fixes the event's budget from the energy and resources remaining; the average resources per task
    /// is used by the per-task filter only.
    void begin_event(Joules energy_remaining_j, double resources_remaining, double average_resources_per_task);
    /// Per task: energy <= budget per task. Per resource: energy / resources allocated <= EPR_budget.
    bool keep(Joules option_energy_j, double option_resources) const;
    /// keep() is false for every option of a task whose options' least energy is `least_energy_j` and least
    /// energy per resource `least_epr` (-inf: do not know). A measure that is not a number never passes keep(),
    /// so a minimum that skipped one, or stayed one (then never above the budget), still answers exactly.
    bool keeps_none(Joules least_energy_j, double least_epr) const;
    /// The current budget: joules per task, or joules per core-second (+inf for FilterKind::None).
    double budget() const { return budget_; }

private:
    FilterKind kind_;
    double leniency_;
    double budget_ = 0;
};

/// Running mean of the resources (Eq. 1) of the tasks seen so far, for the per-task filter's Eq. 7.
class ResourceMean {
public:
    void add(double resources) {
        sum_ += resources;
        ++count_;
    }
    /// 0 if nothing was seen yet.
    double mean() const { return count_ ? sum_ / static_cast<double>(count_) : 0.0; }
    std::uint64_t count() const { return count_; }

private:
    double sum_ = 0;
    std::uint64_t count_ = 0;
};

}  // namespace rmsim
