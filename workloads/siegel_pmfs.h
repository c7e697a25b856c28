#pragma once
// Execution-time PMFs per task type × core type × P-state for the Siegel studies (§1: "from histograms of
// measured runs: probability = frequency / samples"). The measured histograms are not available, so they are
// generated (GAP, every choice a parameter, documented in docs/fidelity.md):
//   1. mean time at P0, μ[i][j] for task type i and core type j: the CVB method (Ali et al. 2000;
//      workloads/etc_generation.h) with mean_task_s, v_task, v_mach;
//   2. per task type a COV c_i ~ U[cov_lo, cov_hi] of its run-to-run variation and a memory-bound fraction
//      β_i ~ U[beta_lo, beta_hi] (the part of its time that does not scale with frequency, §1: memory- vs
//      CPU-intensive tasks);
//   3. per (i, j): `samples` "measured runs" at P0, each ~ Gamma(μ[i][j], c_i), rounded UP to whole
//      multiples of bin_s (the histogram's bins); the PMF is their histogram (Pmf::from_samples);
//   4. the same runs at P-state p take sample·((1 − β_i)·f_0/f_p + β_i), f the core type's frequencies
//      (a run slow at P0 is slow at every P-state), rounded up to bins again.
// Draws: from the caller's generator in a fixed order (the CVB matrix, then per type c_i and β_i, then the
// samples type by type, core type by core type), so the same seed gives the same PMFs.
#include <cstddef>
#include <memory>
#include <random>
#include <vector>

#include "platform/platform_spec.h"
#include "platform/work_model.h"
#include "workloads/pmf.h"

namespace rmsim {

struct SiegelPmfParams {
    std::size_t task_types = 100;
    double mean_task_s = 100;  ///< μ_task of the CVB method (P0)
    double v_task = 0.3;
    double v_mach = 0.3;
    double cov_lo = 0.05, cov_hi = 0.25;  ///< run-to-run variation per task type
    double beta_lo = 0.1, beta_hi = 0.5;  ///< memory-bound fraction per task type
    std::size_t samples = 500;            ///< "measured runs" per task type and core type
    double bin_s = 1;                     ///< histogram bin width
};

/// pmfs[task type][core type][P-state], normalised, values multiples of bin_s.
using SiegelPmfs = std::vector<std::vector<std::vector<Pmf>>>;

SiegelPmfs generate_siegel_pmfs(const SiegelPmfParams& params, const std::vector<CoreType>& core_types,
                                std::mt19937_64& rng);

/// One TimeTable per task type holding its distributions (and their means), for stochastic work models:
/// the hardware then draws each task's time from the same PMFs the manager sees.
std::vector<std::shared_ptr<TimeTable>> siegel_time_tables(const SiegelPmfs& pmfs);

}  // namespace rmsim
