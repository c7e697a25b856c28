#include "workloads/machovec_ch2_generator.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <stdexcept>
#include <utility>

#include "workloads/downey.h"
#include "workloads/etc_generation.h"

namespace rmsim {

namespace {

void require(bool ok, const char* what) {
    if (!ok) throw std::invalid_argument(std::string("machovec_ch2: ") + what);
}

void validate(const MachovecCh2Params& p) {
    require(p.core_types >= 1 && p.pstates >= 1, "the platform needs a core type and a P-state");
    require(p.tasks_min >= 1 && p.tasks_min <= p.tasks_max, "need 1 <= tasks_min <= tasks_max");
    require(p.types_min >= 1 && p.types_min <= p.types_max, "need 1 <= types_min <= types_max");
    require(p.horizon_s > 0 && std::isfinite(p.horizon_s), "hours must be > 0");
    require(p.sinusoid_amplitude >= 0 && p.sinusoid_amplitude <= 1, "sinusoid_amplitude must be in [0, 1]");
    require(p.sinusoid_period_s > 0 && std::isfinite(p.sinusoid_period_s), "the sinusoid period must be > 0");
    require(p.base_time_s > 0 && p.base_energy_j > 0, "base time and energy must be > 0");
    require(p.base_cov >= 0 && p.type_cov >= 0 && p.importance_cov >= 0 && p.threshold_cov >= 0, "COVs must be >= 0");
    require(p.type_clamp_min > 0 && p.type_clamp_min < p.type_clamp_max, "need 0 < type_clamp_min < type_clamp_max");
    require(!p.config_cores.empty() && !p.config_memory_gb.empty(), "configurations need cores and memory values");
    for (std::uint32_t c : p.config_cores) require(c >= 1, "configuration cores must be >= 1");
    for (double m : p.config_memory_gb) require(m > 0 && std::isfinite(m), "configuration memory must be > 0");
    require(p.configs_min >= 1 && p.configs_min <= p.configs_max, "need 1 <= configs_min <= configs_max");
    require(p.configs_max <= p.config_cores.size() * p.config_memory_gb.size(),
            "configs_max exceeds the distinct (cores, memory) pairs");
    require(p.sigma_min >= 0 && p.sigma_min <= p.sigma_max, "need 0 <= sigma_min <= sigma_max");
    require(p.importance_min > 0 && p.importance_min < p.importance_max, "need 0 < importance_min < importance_max");
    require(p.soft_fraction >= 0 && p.soft_fraction < 1, "soft_fraction must be in [0, 1)");
}

/// Gaussian(mean, COV) drawn again until accept(x) holds (§2.5.1 "resampled").
template <typename Accept>
double resampled_gaussian(double mean, double cov, std::mt19937_64& rng, Accept accept) {
    if (cov == 0) return mean;
    std::normal_distribution<double> n(mean, cov * mean);
    for (;;) {
        const double x = n(rng);
        if (accept(x)) return x;
    }
}

/// §2.5.1: one Eq. 1 value function from the extremes of its objective over the type's configurations
/// (draws: v_min, the hard threshold, the soft threshold).
UtilityFunction value_function(const MachovecCh2Params& p, double min_obj, double max_obj, std::mt19937_64& rng) {
    const double v_min = std::uniform_real_distribution<double>(0.0, 1.0)(rng);
    const double hard = resampled_gaussian(max_obj, p.threshold_cov, rng, [&](double x) { return x >= max_obj; });
    const double soft_mean = min_obj + p.soft_fraction * (max_obj - min_obj);
    const double soft =
        resampled_gaussian(soft_mean, p.threshold_cov, rng, [&](double x) { return x >= 0 && x < hard; });
    return UtilityFunction::value_of_service(1.0, v_min, soft, hard);
}

/// The least and greatest of field(configuration) over the configurations.
template <typename Field>
std::pair<double, double> extremes(const std::vector<VmConfig>& configs, Field field) {
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    for (const VmConfig& v : configs) {
        lo = std::min(lo, field(v));
        hi = std::max(hi, field(v));
    }
    return {lo, hi};
}

/// Distinct (cores, memory) pairs, uniform over the grid, in draw order.
std::vector<std::pair<std::uint32_t, double>> draw_configs(const MachovecCh2Params& p, std::mt19937_64& rng) {
    const std::uint32_t n = std::uniform_int_distribution<std::uint32_t>(p.configs_min, p.configs_max)(rng);
    std::uniform_int_distribution<std::size_t> cores(0, p.config_cores.size() - 1);
    std::uniform_int_distribution<std::size_t> memory(0, p.config_memory_gb.size() - 1);
    std::vector<std::pair<std::uint32_t, double>> out;
    while (out.size() < n) {
        const std::size_t c = cores(rng);
        const std::size_t m = memory(rng);
        const std::pair<std::uint32_t, double> pair{p.config_cores[c], p.config_memory_gb[m]};
        if (std::find(out.begin(), out.end(), pair) == out.end()) out.push_back(pair);
    }
    return out;
}

MachovecCh2TaskType draw_type(const MachovecCh2Params& p, std::size_t index, Seconds sys_time, Joules sys_energy,
                              std::mt19937_64& rng) {
    MachovecCh2TaskType t;
    const auto clamped = [&](double base) {
        const double x = sample_positive_gaussian_mean_cov(base, p.type_cov, rng);
        return std::clamp(x, p.type_clamp_min * base, p.type_clamp_max * base);
    };
    t.base_time_s = clamped(sys_time);
    t.base_energy_j = clamped(sys_energy);
    t.sigma = std::uniform_real_distribution<double>(p.sigma_min, p.sigma_max)(rng);
    const auto [mem_lo, mem_hi] = std::minmax_element(p.config_memory_gb.begin(), p.config_memory_gb.end());
    t.memory_demand_gb = std::uniform_real_distribution<double>(*mem_lo, *mem_hi)(rng);
    const auto pairs = draw_configs(p, rng);
    double cores_sum = 0;
    for (const auto& c : pairs) cores_sum += c.first;
    t.downey_a = cores_sum / double(pairs.size());

    auto table = std::make_shared<TimeTable>();
    Seconds fastest = std::numeric_limits<Seconds>::infinity();
    for (const auto& [cores, memory_gb] : pairs) {
        VmConfig v;
        v.cores = cores;
        v.memory_gb = memory_gb;
        const Seconds t_cores = downey_execution_time(t.base_time_s, DowneyParams{t.downey_a, t.sigma}, cores);
        v.seconds = t_cores * std::max(1.0, t.memory_demand_gb / memory_gb);
        v.energy_j = t.base_energy_j * (v.seconds / t.base_time_s) * (cores + memory_gb) / 2.0;
        fastest = std::min(fastest, v.seconds);
        table->vm_configs.push_back(v);
    }
    const double mean_gamma = machovec_ch2_importance_mean(p, t.base_time_s, sys_time);
    t.terms.importance = resampled_gaussian(mean_gamma, p.importance_cov, rng,
                                            [&](double x) { return x >= p.importance_min && x <= p.importance_max; });
    t.terms.category = static_cast<VosCategory>(index % 3);
    table->seconds.assign(p.core_types, std::vector<Seconds>(p.pstates, fastest));
    t.table = table;
    return t;
}

}  // namespace

double machovec_ch2_importance_mean(const MachovecCh2Params& p, Seconds base_time_s, Seconds system_base_s) {
    const double lo = p.type_clamp_min * system_base_s, hi = p.type_clamp_max * system_base_s;
    const double x = std::clamp((base_time_s - lo) / (hi - lo), 0.0, 1.0);
    return p.importance_min + x * (p.importance_max - p.importance_min);
}

MachovecCh2Workload generate_machovec_ch2(const MachovecCh2Params& p, std::mt19937_64& rng) {
    validate(p);
    MachovecCh2Workload w;
    const std::uint32_t n_tasks = std::uniform_int_distribution<std::uint32_t>(p.tasks_min, p.tasks_max)(rng);
    const std::uint32_t n_types = std::uniform_int_distribution<std::uint32_t>(p.types_min, p.types_max)(rng);
    w.system_base_time_s = sample_positive_gaussian_mean_cov(p.base_time_s, p.base_cov, rng);
    w.system_base_energy_j = sample_positive_gaussian_mean_cov(p.base_energy_j, p.base_cov, rng);
    for (std::size_t i = 0; i < n_types; ++i)
        w.types.push_back(draw_type(p, i, w.system_base_time_s, w.system_base_energy_j, rng));

    // Arrivals: n_tasks independent draws from the sinusoidal density by rejection (GAP at the parameter).
    const double two_pi = 2 * std::acos(-1.0);
    const Seconds phase = p.sinusoid_peak_s - p.sinusoid_period_s / 4;
    std::uniform_real_distribution<double> when(0.0, p.horizon_s), keep(0.0, 1.0 + p.sinusoid_amplitude);
    std::uniform_int_distribution<std::size_t> type_of(0, w.types.size() - 1);
    std::vector<Seconds> arrivals;
    while (arrivals.size() < n_tasks) {
        const Seconds t = when(rng);
        if (keep(rng) < 1.0 + p.sinusoid_amplitude * std::sin(two_pi * (t - phase) / p.sinusoid_period_s))
            arrivals.push_back(t);
    }
    std::sort(arrivals.begin(), arrivals.end());
    for (std::size_t i = 0; i < arrivals.size(); ++i) {
        const MachovecCh2TaskType& type = w.types[type_of(rng)];
        Task task;
        task.id = static_cast<TaskId>(i);
        task.arrival_s = arrivals[i];
        task.type = static_cast<TaskTypeId>(&type - w.types.data());
        // The requested cores: the fastest configuration's (a policy chooses the configuration it runs in).
        const auto& configs = type.table->vm_configs;
        const auto fastest = std::min_element(
            configs.begin(), configs.end(), [](const VmConfig& a, const VmConfig& b) { return a.seconds < b.seconds; });
        task.cores = fastest->cores;
        // §2.5.1 "Each task has its own performance and energy value functions": drawn per task.
        auto terms = std::make_shared<VosTerms>(type.terms);
        const auto [t_min, t_max] = extremes(configs, [](const VmConfig& v) { return v.seconds; });
        terms->performance = value_function(p, t_min, t_max, rng);
        const auto [e_min, e_max] = extremes(configs, [](const VmConfig& v) { return v.energy_j; });
        terms->energy = value_function(p, e_min, e_max, rng);
        auto table = std::make_shared<TimeTable>(*type.table);
        table->vos = terms;
        task.work.set_table(std::shared_ptr<const TimeTable>(std::move(table)));
        task.utility = terms->performance;
        w.tasks.push_back(std::move(task));
    }
    return w;
}

}  // namespace rmsim
