#pragma once
// Tarplee Ch.2-4 workloads (docs/workloads.md "Tarplee bags of tasks"): a static bag of independent serial
// tasks, all arriving at t = 0, over task types x machine types. Machine type j is the platform's core type
// j (one cluster per type, one machine per core). Per trial, in draw order:
//   the environment's ETC if it is generated (Tarplee §2.4.1 / Fig. 2.7: "uniform" U(min_s, max_s) i.i.d.,
//   row by row; "range" and "cvb" by workloads/etc_generation.h), then the APC if it is generated (CVB);
//   then each task's type, i.i.d. from the type weights (Tarplee §2.4.1: "sampled with replacement from the
//   task-type distribution"; equal weights unless given).
// A task of type i takes ETC_ij at P0 of core type j (at P-state p: ETC_ij x pstate_slowdown[j][p]) and
// draws APC_ij while it runs (the P-state's busy power where no APC is given).
// With arrival rates (Tarplee Ch.5's steady state) the tasks are not a bag: type i arrives as an independent
// Poisson process of rate lambda_i over [0, horizon_s), drawn type by type after the ETC and APC (no type
// draws); the tasks are numbered in arrival order (ties: the lower type first). Execution times are exactly
// ETC_ij. With rewards, a type-i task's utility is the constant r_i (what a completion earns).
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "workloads/etc_generation.h"
#include "workloads/task.h"

namespace rmsim {

enum class BagEtcSource { Table, Uniform, Range, Cvb };

struct TarpleeBagParams {
    std::uint32_t tasks = 1100;  ///< bag size (Tarplee §7: nominally 1,100)
    BagEtcSource etc_source = BagEtcSource::Table;
    Matrix etc;                                      ///< Table: [task type][core type], seconds at P0
    Matrix apc;                                      ///< optional [task type][core type], watts at P0
    std::size_t task_types = 15;                     ///< generated ETC: rows (Fig. 2.7: 15)
    double uniform_min_s = 1, uniform_max_s = 10;    ///< Uniform (Fig. 2.7 "random")
    double r_task = 100, r_mach = 10;                ///< Range (Fig. 2.7)
    double mean_s = 10, v_task = 0.6, v_mach = 0.6;  ///< Cvb (Fig. 2.7)
    bool apc_cvb = false;                            ///< generate the APC by CVB (mean apc_mean_w)
    double apc_mean_w = 100, apc_v_task = 0.1, apc_v_mach = 0.2;
    std::vector<double> type_weights;                  ///< empty: equal
    std::vector<std::vector<double>> pstate_slowdown;  ///< [core type][P-state] = f_P0 / f_p (1 at P0)
    std::vector<double> arrival_rates;                 ///< lambda_i per second (empty: the bag, all at t = 0)
    double horizon_s = 0;                              ///< with arrival rates: arrivals over [0, horizon_s)
    std::vector<double> rewards;                       ///< r_i, the constant utility of a type-i task (empty: 1)
};

struct TarpleeBag {
    Matrix etc;               ///< the trial's ETC
    Matrix apc;               ///< the trial's APC (empty: the platform's busy powers)
    std::vector<Task> tasks;  ///< ids 0..N-1 in draw order, all at t = 0 (or in arrival order), 1 core
};

/// Deterministic for a given generator state. std::invalid_argument for bad parameters.
TarpleeBag generate_tarplee_bag(const TarpleeBagParams& p, std::mt19937_64& rng);

}  // namespace rmsim
