#include "workloads/siegel_pmfs.h"

#include <cmath>
#include <stdexcept>

#include "workloads/etc_generation.h"

namespace rmsim {

namespace {

double to_bin(double seconds, double bin) { return std::max(1.0, std::ceil(seconds / bin - 1e-9)) * bin; }

}  // namespace

SiegelPmfs generate_siegel_pmfs(const SiegelPmfParams& params, const std::vector<CoreType>& core_types,
                                std::mt19937_64& rng) {
    if (params.task_types == 0 || core_types.empty() || params.samples == 0 || !(params.bin_s > 0))
        throw std::invalid_argument("siegel pmfs: task types, core types, samples and bin width must be > 0");
    CvbEtcParams cvb;
    cvb.task_types = params.task_types;
    cvb.machines = core_types.size();
    cvb.mean_task = params.mean_task_s;
    cvb.v_task = params.v_task;
    cvb.v_mach = params.v_mach;
    const Matrix mean = generate_etc_cvb(cvb, rng);
    std::vector<double> cov(params.task_types), beta(params.task_types);
    for (std::size_t i = 0; i < params.task_types; ++i) {
        cov[i] = std::uniform_real_distribution<double>(params.cov_lo, params.cov_hi)(rng);
        beta[i] = std::uniform_real_distribution<double>(params.beta_lo, params.beta_hi)(rng);
    }
    SiegelPmfs out(params.task_types);
    std::vector<double> runs(params.samples), scaled(params.samples);
    for (std::size_t i = 0; i < params.task_types; ++i) {
        out[i].resize(core_types.size());
        for (std::size_t j = 0; j < core_types.size(); ++j) {
            for (double& r : runs) r = sample_gamma_mean_cov(mean[i][j], cov[i], rng);
            const auto& ps = core_types[j].pstates;
            for (std::size_t p = 0; p < ps.size(); ++p) {
                const double slow = (1 - beta[i]) * ps[0].frequency_hz / ps[p].frequency_hz + beta[i];
                for (std::size_t s = 0; s < runs.size(); ++s) scaled[s] = to_bin(runs[s] * slow, params.bin_s);
                out[i][j].push_back(Pmf::from_samples(scaled));
            }
        }
    }
    return out;
}

std::vector<std::shared_ptr<TimeTable>> siegel_time_tables(const SiegelPmfs& pmfs) {
    std::vector<std::shared_ptr<TimeTable>> tables;
    for (const auto& type : pmfs) {
        auto t = std::make_shared<TimeTable>();
        t->seconds.resize(type.size());
        t->distribution.resize(type.size());
        for (std::size_t j = 0; j < type.size(); ++j) {
            t->seconds[j].resize(type[j].size());
            t->distribution[j].resize(type[j].size());
            for (std::size_t p = 0; p < type[j].size(); ++p) {
                std::vector<TimePulse> pulses;
                for (const auto& q : type[j][p].pulses()) pulses.push_back({q.value, q.probability});
                t->set_distribution(static_cast<CoreTypeId>(j), p, std::move(pulses));
            }
        }
        tables.push_back(std::move(t));
    }
    return tables;
}

}  // namespace rmsim
