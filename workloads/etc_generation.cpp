#include "workloads/etc_generation.h"

#include <boost/math/distributions/gamma.hpp>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace rmsim {

namespace {

// The message as a literal: a std::string parameter would be built at every call (one per sample).
void require(bool ok, const char* what) {
    if (!ok) throw std::invalid_argument(std::string("ETC generation: ") + what);
}

}  // namespace

double sample_gamma_mean_cov(double mean, double cov, std::mt19937_64& rng) {
    require(mean > 0 && std::isfinite(mean), "gamma mean must be finite and > 0");
    require(cov >= 0 && std::isfinite(cov), "gamma COV must be finite and >= 0");
    if (cov == 0) return mean;
    const double shape = 1.0 / (cov * cov);
    std::gamma_distribution<double> g(shape, mean * cov * cov);
    return g(rng);
}

std::vector<TimePulse> gamma_pulses(Seconds mean, double cov, std::size_t n) {
    if (!(mean > 0 && std::isfinite(mean)) || !(cov > 0 && std::isfinite(cov)) || n < 1)
        throw std::invalid_argument("gamma_pulses: mean and cov must be > 0, and n >= 1");
    const boost::math::gamma_distribution<double> g(1 / (cov * cov), mean * cov * cov);
    std::vector<TimePulse> pulses(n);
    double sum = 0;
    for (std::size_t k = 0; k < n; ++k) {
        pulses[k].seconds = boost::math::quantile(g, (double(k) + 0.5) / double(n));
        pulses[k].probability = 1.0 / double(n);
        sum += pulses[k].seconds;
    }
    const double scale = mean / (sum / double(n));
    for (TimePulse& q : pulses) q.seconds *= scale;
    return pulses;
}

double sample_positive_gaussian_mean_cov(double mean, double cov, std::mt19937_64& rng) {
    require(mean > 0 && std::isfinite(mean), "Gaussian mean must be finite and > 0");
    require(cov >= 0 && std::isfinite(cov), "Gaussian COV must be finite and >= 0");
    if (cov == 0) return mean;
    std::normal_distribution<double> n(mean, cov * mean);
    for (;;) {
        double x = n(rng);
        if (x > 0) return x;
    }
}

void apply_consistency(Matrix& etc, EtcConsistency c) {
    if (c == EtcConsistency::Inconsistent) return;
    for (auto& row : etc) {
        if (c == EtcConsistency::Consistent) {
            std::sort(row.begin(), row.end());
        } else {
            std::vector<double> even;
            for (std::size_t j = 0; j < row.size(); j += 2) even.push_back(row[j]);
            std::sort(even.begin(), even.end());
            for (std::size_t j = 0, k = 0; j < row.size(); j += 2, ++k) row[j] = even[k];
        }
    }
}

Matrix generate_etc_cvb(const CvbEtcParams& p, std::mt19937_64& rng) {
    require(p.mean_task > 0, "mean task value must be > 0");
    Matrix etc(p.task_types, std::vector<double>(p.machines));
    for (auto& row : etc) {
        const double q = sample_gamma_mean_cov(p.mean_task, p.v_task, rng);
        for (auto& e : row) e = sample_gamma_mean_cov(q, p.v_mach, rng);
    }
    apply_consistency(etc, p.consistency);
    return etc;
}

Matrix generate_etc_range(const RangeEtcParams& p, std::mt19937_64& rng) {
    require(p.r_task >= 1 && std::isfinite(p.r_task), "task range must be >= 1");
    require(p.r_mach >= 1 && std::isfinite(p.r_mach), "machine range must be >= 1");
    std::uniform_real_distribution<double> task(1.0, p.r_task), mach(1.0, p.r_mach);
    Matrix etc(p.task_types, std::vector<double>(p.machines));
    for (auto& row : etc) {
        // A range of 1 means no heterogeneity: no draw (U[1, 1) is empty).
        const double tau = p.r_task == 1 ? 1.0 : task(rng);
        for (auto& e : row) e = tau * (p.r_mach == 1 ? 1.0 : mach(rng));
    }
    apply_consistency(etc, p.consistency);
    return etc;
}

std::vector<double> heterogeneous_row(double reference_value, double machine_cov, std::size_t machines,
                                      std::size_t reference, std::mt19937_64& rng) {
    require(reference < machines, "reference column out of range");
    std::vector<double> row(machines);
    for (std::size_t j = 0; j < machines; ++j)
        row[j] = j == reference ? reference_value : sample_gamma_mean_cov(reference_value, machine_cov, rng);
    return row;
}

Seconds machovec_correlated_single_core_mean_s(double starting_utility) {
    return (1.0 + (starting_utility - 1.0) * 17.0 / 7.0) * 3600.0;
}

MachovecCh3TypeTables generate_machovec_ch3_type(const MachovecCh3TypeParams& p, std::mt19937_64& rng) {
    require(p.clusters > 0 && p.reference_cluster < p.clusters, "reference cluster out of range");
    require(!p.power_scaling.empty(), "need at least one P-state");
    for (double psf : p.power_scaling) require(psf > 0, "power scaling factors must be > 0");
    const double mean_s = machovec_correlated_single_core_mean_s(p.starting_utility);
    require(mean_s > 0, "starting utility gives a non-positive mean time");

    MachovecCh3TypeTables t;
    const double ref_time = sample_positive_gaussian_mean_cov(mean_s, p.time_cov, rng);
    t.single_core_time_s = heterogeneous_row(ref_time, p.cluster_time_cov, p.clusters, p.reference_cluster, rng);
    const double ref_apc = sample_gamma_mean_cov(p.mean_apc_w, p.apc_cov, rng);
    t.apc_w = heterogeneous_row(ref_apc, p.apc_cov, p.clusters, p.reference_cluster, rng);

    const double r_cov = p.special_purpose ? 0.2 : 0.3;
    const double f_cov = p.special_purpose ? 0.02 : 0.03;
    t.time_factor.assign(p.clusters, std::vector<double>(p.power_scaling.size()));
    t.power_factor.assign(p.clusters, std::vector<double>(p.power_scaling.size()));
    for (std::size_t c = 0; c < p.clusters; ++c) {
        const double r = sample_gamma_mean_cov(1.0, r_cov, rng);
        for (std::size_t s = 0; s < p.power_scaling.size(); ++s) {
            const double m = p.power_scaling[s] * r;
            t.power_factor[c][s] = sample_gamma_mean_cov(m, f_cov, rng);
            t.time_factor[c][s] = 1.0 / sample_gamma_mean_cov(std::sqrt(m), f_cov, rng);
        }
    }
    return t;
}

}  // namespace rmsim
