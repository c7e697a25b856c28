#pragma once
// Value-of-service metrics of Machovec Ch.2 (§2.3 Eq. 3, §2.5.2, §2.6.4) over the measurement window,
// computed from the manager's records at the end of a run (summary.json section "vos", docs/outputs.md).
//   VoS: Σ V (Eq. 2) of the completed tasks, V from the completion time after arrival and the EEC energy of
//     the VM configuration the task ran in. A task whose execution [start, completion) straddles a window
//     edge earns the fraction f of its execution inside the window (GAP A3.1: proration by execution time,
//     the Ch.3 rule of sim/outputs/metrics.h).
//   Maximum VoS (§2.5.2): every task started at its arrival with its fastest configuration's time and its
//     lowest-energy configuration's energy (possibly two configurations: an upper bound). Completed tasks
//     count with the same f as their earned value; the others with f over [arrival, arrival + fastest time).
//   The performance value Σ v_p and the energy value Σ v_e, each with its own maximum (§2.6.4).
//   Execution time and EEC energy of the completed tasks inside the window (Σ f x), and the hardware's
//   measured core energy of those tasks beside the EEC (the value uses the EEC, as the paper does).
#include <cstdint>

#include "manager/policy_view.h"

namespace rmsim {

struct VosMetrics {
    std::uint64_t tasks = 0;   ///< tasks with VoS terms that arrived by the end of the window
    std::uint64_t valued = 0;  ///< completions in the window with V > 0
    double vos = 0, vos_max = 0, vos_percent = 0;
    double performance = 0, performance_max = 0, performance_percent = 0;     ///< Σ v_p
    double energy_value = 0, energy_value_max = 0, energy_value_percent = 0;  ///< Σ v_e
    Seconds execution_time_s = 0;  ///< Σ f x execution time of the completed tasks
    Joules eec_energy_j = 0;       ///< Σ f x EEC of the completed tasks
    Joules measured_energy_j = 0;  ///< Σ f x core energy the hardware attributed to them
};

/// Over [start, end); tasks without VoS terms are left out (zeros for a workload without any).
VosMetrics compute_vos_metrics(const PolicyView& view, SimTime start, SimTime end);

}  // namespace rmsim
