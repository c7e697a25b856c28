#pragma once
// Generation of ETC (estimated time to compute) and APC (average power consumption) matrices.
//   CVB / COV method (Ali, Siegel, Maheswaran, Hensgen, Ali, "Representing task and machine heterogeneities
//     for heterogeneous computing systems", Tamkang J. Sci. Eng. 3(3), 2000; Tarplee §7):
//       q_i ~ Gamma(mean μ_task, COV V_task),  ETC_ij ~ Gamma(mean q_i, COV V_mach).
//   Range-based method (same paper): ETC_ij = τ_i · x_ij, τ_i ~ U[1, R_task], x_ij ~ U[1, R_mach].
//   Consistency (same paper): consistent = each row sorted ascending, so machine 0 is fastest for every task;
//     partially consistent = the entries in the even columns (0, 2, 4, ...) of each row sorted among
//     themselves; inconsistent = as sampled.
//   Machovec Ch.3 §3.4.2.4 / §3.4.2.7 per task type: single-core time, APC and P-state factors per cluster.
// Gamma by mean m and COV v: shape 1/v², scale m·v² (mean m, standard deviation v·m).
// Every function draws from the caller's generator in a fixed, documented order (row by row, column by
// column).
#include <cstddef>
#include <random>
#include <vector>

#include "platform/work_model.h"

#include "platform/units.h"

namespace rmsim {

using Matrix = std::vector<std::vector<double>>;  ///< [task type][machine type]

/// Gamma(mean, COV) sample; cov == 0 returns mean. mean > 0, cov >= 0 (std::invalid_argument otherwise).
double sample_gamma_mean_cov(double mean, double cov, std::mt19937_64& rng);
/// A Gamma(mean, COV) execution time as `n` equally likely pulses, at the distribution's quantiles (k + 0.5) / n,
/// k = 0 .. n-1, scaled so that their mean is `mean` (the discretisation moves it by a fraction of a percent).
/// No draw. mean > 0, cov > 0, n >= 1 (std::invalid_argument otherwise).
std::vector<TimePulse> gamma_pulses(Seconds mean, double cov, std::size_t n);
/// Gaussian(mean, sd = cov·mean) sample, resampled until > 0 (times and powers are positive).
double sample_positive_gaussian_mean_cov(double mean, double cov, std::mt19937_64& rng);

enum class EtcConsistency { Inconsistent, Consistent, PartiallyConsistent };
void apply_consistency(Matrix& etc, EtcConsistency c);

struct CvbEtcParams {
    std::size_t task_types = 0;
    std::size_t machines = 0;
    double mean_task = 1;  ///< μ_task (seconds for an ETC, watts for an APC)
    double v_task = 0;     ///< task heterogeneity (COV across task types)
    double v_mach = 0;     ///< machine heterogeneity (COV across machines of one row)
    EtcConsistency consistency = EtcConsistency::Inconsistent;
};
Matrix generate_etc_cvb(const CvbEtcParams& p, std::mt19937_64& rng);

struct RangeEtcParams {
    std::size_t task_types = 0;
    std::size_t machines = 0;
    double r_task = 1;  ///< task range R_task >= 1
    double r_mach = 1;  ///< machine range R_mach >= 1
    EtcConsistency consistency = EtcConsistency::Inconsistent;
};
Matrix generate_etc_range(const RangeEtcParams& p, std::mt19937_64& rng);

/// One row of the COV method with a given reference entry: row[reference] = reference_value, every other
/// entry ~ Gamma(reference_value, machine_cov) (Machovec Ch.3 §3.4.2.4 with COV 0.3, Ch.4 §4.4.3).
std::vector<double> heterogeneous_row(double reference_value, double machine_cov, std::size_t machines,
                                      std::size_t reference, std::mt19937_64& rng);

/// Machovec Ch.3 §3.4.2.4: mean single-core time perfectly correlated with the starting utility U in [1, 8]:
/// linear from (1, 1 h) to (8, 18 h), i.e. (1 + (U - 1)·17/7) h.
Seconds machovec_correlated_single_core_mean_s(double starting_utility);

struct MachovecCh3TypeParams {
    double starting_utility = 1;
    std::size_t clusters = 1;
    std::size_t reference_cluster = 0;
    bool special_purpose = false;  ///< COVs 0.2 / 0.02 instead of 0.3 / 0.03 for the P-state factors
    std::vector<double> power_scaling{1.0, 0.75, 0.5};  ///< psf per P-state (P0 first), §3.4.2.7
    double time_cov = 0.15;                             ///< Gaussian COV of the reference single-core time
    double cluster_time_cov = 0.3;                      ///< COV method across clusters
    Watts mean_apc_w = 133;
    double apc_cov = 0.2;
};

/// Per task type, per cluster and P-state. time(c,p) = single_core_time_s[c] · time_factor[c][p];
/// power(c,p) = apc_w[c] · power_factor[c][p].
struct MachovecCh3TypeTables {
    std::vector<Seconds> single_core_time_s;        ///< [cluster], before P-state scaling
    std::vector<Watts> apc_w;                       ///< [cluster], before P-state scaling
    std::vector<std::vector<double>> time_factor;   ///< [cluster][P-state], = 1 / x_p
    std::vector<std::vector<double>> power_factor;  ///< [cluster][P-state]
    Seconds time_s(std::size_t c, std::size_t p) const { return single_core_time_s[c] * time_factor[c][p]; }
    Watts power_w(std::size_t c, std::size_t p) const { return apc_w[c] * power_factor[c][p]; }
};

/// Draw order: reference time (Gaussian, mean from the starting utility, COV time_cov), the other clusters'
/// times (Gamma(reference sample, cluster_time_cov)), reference APC (Gamma(mean_apc_w, apc_cov)), the other
/// clusters' APC (Gamma(reference APC sample, apc_cov)), then per cluster: the randomness factor
/// r ~ Gamma(1, 0.3 | 0.2), and per P-state the power factor ~ Gamma(psf·r, 0.03 | 0.02) followed by
/// x ~ Gamma(sqrt(psf·r), 0.03 | 0.02), time factor 1/x.
/// Every P-state, P0 included, is drawn (the text applies the factors to all P-states).
MachovecCh3TypeTables generate_machovec_ch3_type(const MachovecCh3TypeParams& p, std::mt19937_64& rng);

}  // namespace rmsim
