#pragma once
// The Tarplee batch methods as rmsim policies (Tarplee Ch.2): a bag of independent serial tasks, all known
// at the first mapping event, over task types (Task::type) x machine types (clusters; each unit of a cluster
// is one machine running one task at a time). At the first mapping event at which every task of the
// workload has arrived the policy computes the whole allocation (LP-makespan: LP bound, rounding, LPT local
// assignment; or min-min / max-min, Alg. 4), then dispatches each machine's queue: whenever a machine is
// free, its next task starts. The makespan and energy the simulator measures are reported beside the
// allocation's own prediction (summary.json "policy": predicted_makespan_s, predicted_energy_j, ...).
// Queue order on a machine: longest ETC first (Alg. 2's order; a machine's finishing time does not depend on
// it). ETC_ij is the manager's estimate of a type-i task on cluster j at P0; APC_ij its estimated energy
// over ETC_ij; APC_0j the idle power of the cluster's core at P0 (what an idle machine draws here).
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "manager/front_report.h"
#include "manager/machine_queues.h"
#include "manager/policies/tarplee/energy_front.h"
#include "manager/policy.h"
#include "platform/time.h"
#include "platform/units.h"
#include "workloads/task.h"

namespace rmsim {

enum class BatchMethod { LpMakespan, MinMin, MaxMin, EnergyFront, MaxProfit };

struct BatchParams {
    int weights = 1000;          ///< Ch.3 §3.3.2: weighted-sum LPs (alpha evenly spaced in [0, 1])
    double fill_spacing = 0.01;  ///< Ch.3 Alg. 5: max L1 spacing s; 0: no convex fill
    double execute_alpha = 0.5;  ///< the full allocation run: min alpha E + (1 - alpha) MS, normalised
    double gamma = 1.2;          ///< Ch.4 §4.5.1: price p = gamma c E_min
    double cost_per_j = 1;       ///< Ch.4: c
    double p_max_w = std::numeric_limits<double>::infinity();  ///< Ch.4: average power cap
    std::size_t nsga_generations = 0;  ///< Ch.3 §3.3.3: NSGA-II baselines (basic and seeded); 0: none
    std::size_t nsga_population = 100;
    std::uint64_t nsga_seed = 1;
    /// Ch.3 §3.7, Table 3.2: the convex fill's area also against the convex and the exhaustive lower bounds
    bool tighter_bounds = false;
    /// `mode: per-event` (beyond the dissertation's static bag; LP-makespan, min-min, max-min): at every
    /// mapping event the method maps the waiting tasks as a bag onto the machines idle now, and each idle
    /// machine starts the first task the method gives it (plan_event); the rest wait and are mapped again at
    /// the next event, with the machines then idle (a rolling batch, as Maheswaran et al.'s batch-mode
    /// min-min). Running tasks are never moved.
    bool per_event = false;
};

class BatchAllocationPolicy : public Policy, public FrontReport {
public:
    explicit BatchAllocationPolicy(BatchMethod method, BatchParams params = {}) : method_(method), params_(params) {}
    PolicyTraits traits() const override;
    void schedule(const PolicyView& view, Decisions& decide) override;
    void report(PolicyReport& r) const override;
    std::string pareto_csv() const override { return pareto_csv_; }

private:
    bool plan(const PolicyView& view, Decisions& decide);
    void plan_event(const PolicyView& view, Decisions& decide);
    FullAllocation energy_front(const TypeBag& bag, const EnergyModel& m);
    FullAllocation max_profit_allocation(const TypeBag& bag, const EnergyModel& m, bool& runs);
    void add_front(const std::string& name, const std::vector<FrontPoint>& points);

    BatchMethod method_;
    BatchParams params_;
    bool planned_ = false;
    std::string pareto_csv_;
    MachineQueues queues_;  ///< each machine's tasks, dispatched as it frees
    std::vector<std::pair<std::string, double>> figures_, wall_;
    std::size_t event_plans_ = 0;  ///< per-event mode: mapping events that mapped a bag
    double event_plan_s_ = 0;      ///< and their wall time
};

}  // namespace rmsim
