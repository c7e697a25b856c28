#include "manager/policies/machovec/energy_filters.h"

#include <cmath>
#include <limits>
#include <stdexcept>

namespace rmsim {

namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();
}

SimTime period_start(const EnergyBudget& b, SimTime t) {
    if (!(b.period > SimTime())) throw std::logic_error("EnergyBudget: period must be positive");
    // Whole periods since the first one started, rounded toward -inf (t may lie before it).
    const std::int64_t since = (t - b.start).ns(), period = b.period.ns();
    const std::int64_t k = since >= 0 ? since / period : -((-since + period - 1) / period);
    return b.start + b.period * k;
}

SimTime period_end(const EnergyBudget& b, SimTime t) { return period_start(b, t) + b.period; }

double resources_remaining(const PolicyView& view, SimTime until) {
    double r = 0;
    for (ClusterId c = 0; c < view.cluster_count(); ++c) {
        const double cores_per_unit = view.granularity() == Granularity::Node ? view.cores_per_node(c) : 1.0;
        r += view.profile(c).idle_node_seconds(view.now(), until) * cores_per_unit;
    }
    return r;
}

double epr_budget(double leniency, Joules energy_remaining_j, double resources_remaining) {
    if (energy_remaining_j <= 0) return 0;
    if (resources_remaining <= 0) return kInf;
    return leniency * energy_remaining_j / resources_remaining;
}

double estimated_tasks_remaining(double resources_remaining, double average_resources_per_task) {
    if (average_resources_per_task <= 0) throw std::invalid_argument("estimated_tasks_remaining: no average");
    return resources_remaining / average_resources_per_task;
}

Joules per_task_budget(double leniency, Joules energy_remaining_j, double tasks_remaining) {
    if (energy_remaining_j <= 0) return 0;
    if (tasks_remaining <= 0) return kInf;
    return leniency * energy_remaining_j / tasks_remaining;
}

double default_leniency(FilterKind k) {
    switch (k) {
        case FilterKind::PerTask: return 2.0;      // §3.4.4.2
        case FilterKind::PerResource: return 4.0;  // §3.4.4.2
        case FilterKind::None: return 1.0;
    }
    return 1.0;
}

void EnergyFilter::begin_event(Joules energy_remaining_j, double resources_remaining,
                               double average_resources_per_task) {
    switch (kind_) {
        case FilterKind::None: budget_ = kInf; break;
        case FilterKind::PerTask:
            if (average_resources_per_task <= 0) {  // no task seen yet: no estimate, nothing filtered
                budget_ = kInf;
                break;
            }
            budget_ = per_task_budget(leniency_, energy_remaining_j,
                                      estimated_tasks_remaining(resources_remaining, average_resources_per_task));
            break;
        case FilterKind::PerResource: budget_ = epr_budget(leniency_, energy_remaining_j, resources_remaining); break;
    }
}

bool EnergyFilter::keep(Joules option_energy_j, double option_resources) const {
    switch (kind_) {
        case FilterKind::None: return true;
        case FilterKind::PerTask: return option_energy_j <= budget_;
        case FilterKind::PerResource:
            if (!(option_resources > 0)) throw std::logic_error("EnergyFilter: option without resources");
            return option_energy_j / option_resources <= budget_;
    }
    return true;
}

bool EnergyFilter::keeps_none(Joules least_energy_j, double least_epr) const {
    // keep() is `x <= budget` on one measure: false for all iff the least is above the budget.
    switch (kind_) {
        case FilterKind::None: return false;
        case FilterKind::PerTask: return least_energy_j > budget_;
        case FilterKind::PerResource: return least_epr > budget_;
    }
    return false;
}

}  // namespace rmsim
