#pragma once
// Machovec Ch.2 §2.5.1 simulation workload (docs/workloads.md "Machovec Ch.2 tasks"): tasks of 30-40 types,
// each type with a set of allowable VM configurations (cores, memory) and their ETC (time) and EEC (energy),
// an importance γ, a Table 3 category and its two Eq. 1 value functions. Per scenario (one trial), in this
// draw order:
//   the number of tasks, uniform in [tasks_min, tasks_max]; the number of types, uniform in [types_min,
//   types_max]; the system base case (1 core, 1 GB): time ~ Gaussian(base_time_s, COV base_cov), energy ~
//   Gaussian(base_energy_j, COV base_cov);
//   per type, in type order: its base time and energy ~ Gaussian(system base, COV type_cov), each clamped to
//   [type_clamp_min, type_clamp_max] x the system base; σ ~ U[sigma_min, sigma_max]; its memory demand ~
//   U[config_memory_gb min, max]; its number of configurations, uniform in [configs_min, configs_max]; the
//   configurations, distinct (cores, memory) pairs uniform over config_cores x config_memory_gb; γ ~
//   Gaussian(mean from the base time, COV importance_cov) resampled into [importance_min, importance_max];
//   the arrival times (all tasks, then sorted);
//   per task, in arrival order: its type, uniform; its own value functions (§2.5.1: "Each task has its own
//   performance and energy value functions"): v_min of the performance function ~ U(0, 1), p_hard, p_soft,
//   then v_min of the energy function, e_hard, e_soft (A3.1, resampling as at the parameters).
// The category of type i is i mod 3 (regular, high-performance, energy-conservative): the types are spread
// uniformly over the three (GAP: equal thirds).
// GAPs (chosen at the parameters, listed in docs/fidelity.md): the sinusoid; the configurations per type;
// Downey's A; the memory scaling of time; the energy scaling; γ's mean.
#include <cstdint>
#include <memory>
#include <random>
#include <vector>

#include "platform/work_model.h"
#include "workloads/task.h"
#include "workloads/vos_value.h"

namespace rmsim {

struct MachovecCh2Params {
    std::uint32_t core_types = 1;                      ///< rows of each type's TimeTable (the platform's core types)
    std::uint32_t pstates = 1;                         ///< columns (Ch.2 has no DVFS: one P-state)
    std::uint32_t tasks_min = 1300, tasks_max = 1500;  ///< §2.5.1
    std::uint32_t types_min = 30, types_max = 40;      ///< §2.5.1
    Seconds horizon_s = 26 * 3600.0;                   ///< §2.5.1: 26 h (the first 2 h warm-up)
    /// GAP (§2.5.1 "sinusoidal"): the arrival density is λ(t) ∝ 1 + a·sin(2π(t - peak + period/4)/period),
    /// a = 0.5, period 24 h, peak at 14:00 (the middle of the high-usage period 10-18), t = 0 at midnight;
    /// the drawn number of tasks arrive independently with that density over [0, horizon) (a Poisson process
    /// conditioned on its count).
    double sinusoid_amplitude = 0.5;
    Seconds sinusoid_period_s = 86400;
    Seconds sinusoid_peak_s = 14 * 3600.0;
    Seconds base_time_s = 150 * 60.0;                   ///< §2.5.1: system base case time mean (1 core, 1 GB)
    Joules base_energy_j = 100;                         ///< §2.5.1: system base case energy mean
    double base_cov = 0.1;                              ///< §2.5.1
    double type_cov = 0.2;                              ///< §2.5.1
    double type_clamp_min = 0.4, type_clamp_max = 1.6;  ///< §2.5.1: [40 %, 160 %] of the system base
    /// GAP (§2.5.1: configurations span 4-32 cores and 6-40 GB): the cores and memory a configuration may
    /// take, and 3-6 distinct configurations a type.
    std::vector<std::uint32_t> config_cores{4, 8, 16, 32};
    std::vector<double> config_memory_gb{6, 8, 12, 16, 24, 32, 40};
    std::uint32_t configs_min = 3, configs_max = 6;
    double sigma_min = 4, sigma_max = 10;  ///< §2.5.1: Downey σ ~ U[4, 10]
    // GAP: Downey's A = the mean of the type's configurations' cores (as Ch.3 takes the average nodes requested).
    // GAP: memory scaling of time: x max(1, demand / memory), demand ~ U over the memory range per type (a VM
    // with less memory than the type's working set runs slower in proportion; more memory does not help).
    // GAP: energy scaling, "linear in cores and memory": EEC = base energy x (time / base time) x
    // (cores + memory GB) / 2, which is the base energy at (1 core, 1 GB, base time).
    double importance_min = 1, importance_max = 10;  ///< §2.5.1: γ in [1, 10]
    double importance_cov = 0.2;                     ///< §2.5.1
    // GAP: γ's mean grows linearly with the type's base time, from importance_min at the shortest base time
    // (type_clamp_min x base) to importance_max at the longest (type_clamp_max x base); samples outside the
    // range are drawn again.
    double threshold_cov = 0.2;   ///< §2.5.1: COV of the four thresholds
    double soft_fraction = 0.05;  ///< §2.5.1: soft thresholds' mean = min + 0.05 (max - min)
};

/// Everything drawn for one task type.
struct MachovecCh2TaskType {
    Seconds base_time_s = 0;
    Joules base_energy_j = 0;
    double sigma = 0;
    double downey_a = 1;
    double memory_demand_gb = 0;
    VosTerms terms;                          ///< γ and category (each task adds its value functions)
    std::shared_ptr<const TimeTable> table;  ///< its vm_configs; seconds = its fastest time
};

struct MachovecCh2Workload {
    Seconds system_base_time_s = 0;
    Joules system_base_energy_j = 0;
    std::vector<MachovecCh2TaskType> types;
    std::vector<Task> tasks;  ///< sorted by arrival; ids 0, 1, ... in that order
};

/// Mean γ of a type with base time `base_time_s` when the system base is `system_base_s` (GAP above).
double machovec_ch2_importance_mean(const MachovecCh2Params& p, Seconds base_time_s, Seconds system_base_s);

/// Deterministic for a given generator state. std::invalid_argument for bad parameters.
MachovecCh2Workload generate_machovec_ch2(const MachovecCh2Params& p, std::mt19937_64& rng);

}  // namespace rmsim
