#include "workloads/machovec_ch4_generator.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>
#include <string>

#include "workloads/arrivals.h"
#include "workloads/etc_generation.h"
#include "workloads/machovec_etc.h"
#include "workloads/utility_classes.h"
#include "workloads/workload.h"

namespace rmsim {

namespace {

constexpr Seconds kDay_s = 86400.0;
constexpr std::uint32_t kMaxBurstSize = 1000000;

void require(bool ok, const std::string& what) {
    if (!ok) throw std::invalid_argument("Machovec Ch.4: " + what);
}

bool is_fraction(double x) { return x >= 0 && x <= 1; }

void check_params(const MachovecCh4Params& p) {
    require(!p.clusters.empty(), "no cluster");
    for (const MachovecCh4Cluster& c : p.clusters) require(!c.pstate_slowdown.empty(), "a cluster without P-states");
    require(p.tasks_per_day > 0 && std::isfinite(p.tasks_per_day), "tasks_per_day must be > 0");
    require(p.horizon_s > 0 && std::isfinite(p.horizon_s), "the horizon must be > 0");
    require(p.task_types > 0, "no task types");
    require(is_fraction(p.critical_fraction), "critical_fraction must be in [0, 1]");
    require(p.task_types > 1 || p.critical_fraction == 0 || p.critical_fraction == 1,
            "a critical_fraction strictly between 0 and 1 needs at least 2 task types (criticality belongs to "
            "the type)");
    require(p.critical_mean_s > 0 && p.noncritical_mean_s > 0, "mean execution times must be > 0");
    require(p.type_cov >= 0 && p.cluster_cov >= 0, "COVs must be >= 0");
    require(p.critical_utility >= 0 && p.noncritical_utility >= 0, "starting utilities must be >= 0");
    require(p.burst_size >= 1 && p.burst_size <= kMaxBurstSize, "burst_size must be in [1, 1000000]");
    require(p.critical_urgency > 0 && p.noncritical_urgency > 0, "urgencies must be > 0");
    require(p.step_noncritical_factor > 0, "step_noncritical_factor must be > 0");
    require(is_fraction(p.preempt_probability), "preempt_probability must be in [0, 1]");
    require(is_fraction(p.sinusoid_amplitude), "sinusoid_amplitude must be in [0, 1]");
    require(p.time_cov >= 0 && std::isfinite(p.time_cov), "time_cov must be >= 0");
    require(p.sinusoid_period_s > 0 && std::isfinite(p.sinusoid_period_s), "the sinusoid period must be > 0");
}

/// The ETC row, its "average execution time" and the TimeTable of a type (draws: reference cluster, its time,
/// the other clusters' times).
void draw_times(const MachovecCh4Params& p, MachovecCh4TaskType& t, std::mt19937_64& rng) {
    const std::size_t C = p.clusters.size();
    t.reference_cluster = std::uniform_int_distribution<std::size_t>(0, C - 1)(rng);  // GAP
    const double b = sample_gamma_mean_cov(t.class_mean_s, p.type_cov, rng);
    t.time_s = heterogeneous_row(b, p.cluster_cov, C, t.reference_cluster, rng);
    t.average_time_s = p.average_time == MachovecCh4AverageTime::ClassMean
                           ? t.class_mean_s
                           : std::accumulate(t.time_s.begin(), t.time_s.end(), 0.0) / double(C);

    CoreTypeId max_ct = 0;
    std::size_t max_p = 0;
    for (const MachovecCh4Cluster& c : p.clusters) {
        max_ct = std::max(max_ct, c.core_type);
        max_p = std::max(max_p, c.pstate_slowdown.size());
    }
    auto table = std::make_shared<TimeTable>();
    table->seconds.assign(std::size_t(max_ct) + 1, std::vector<Seconds>(max_p, -1.0));
    for (std::size_t c = 0; c < C; ++c)
        for (std::size_t ps = 0; ps < p.clusters[c].pstate_slowdown.size(); ++ps)
            table->seconds[p.clusters[c].core_type][ps] = t.time_s[c] * p.clusters[c].pstate_slowdown[ps];
    if (p.time_cov > 0)
        for (std::size_t c = 0; c < C; ++c)
            for (std::size_t ps = 0; ps < p.clusters[c].pstate_slowdown.size(); ++ps) {
                const CoreTypeId ct = p.clusters[c].core_type;
                table->set_distribution(
                    ct, ps, gamma_pulses(table->seconds[ct][ps], p.time_cov, MachovecCh4Params::kTimePulses));
            }
    t.time_table = table;
}

}  // namespace

std::vector<MachovecCh4Cluster> machovec_ch4_clusters(const PlatformSpec& platform) {
    std::vector<MachovecCh4Cluster> out;
    for (CoreTypeId ct : machovec_cluster_core_types(platform)) {
        MachovecCh4Cluster c;
        c.core_type = ct;
        const std::vector<PState>& ps = platform.core_types.at(ct).pstates;
        if (ps.empty()) throw std::invalid_argument("core type " + platform.core_types[ct].name + " has no P-state");
        c.pstate_slowdown.clear();
        for (const PState& s : ps) c.pstate_slowdown.push_back(ps.front().frequency_hz / s.frequency_hz);
        out.push_back(std::move(c));
    }
    return out;
}

std::size_t machovec_ch4_critical_types(const MachovecCh4Params& p) {
    if (p.critical_fraction <= 0) return 0;
    if (p.critical_fraction >= 1) return p.task_types;
    const auto n = static_cast<std::size_t>(std::llround(p.critical_fraction * double(p.task_types)));
    return std::clamp<std::size_t>(n, 1, p.task_types - 1);
}

UtilityFunction machovec_ch4_utility(const MachovecCh4Params& p, const MachovecCh4TaskType& type,
                                     std::size_t utility_class) {
    switch (p.utility_family) {
        case MachovecCh4UtilityFamily::Step:
            // §4.4.3: the highest urgency (critical) earns S for the average time after arrival, the others
            // for 10 x it; then 0.
            return UtilityFunction::step(type.starting_utility, type.critical
                                                                    ? type.average_time_s
                                                                    : p.step_noncritical_factor * type.average_time_s);
        case MachovecCh4UtilityFamily::Decaying:
            return make_machovec_decaying_utility(type.starting_utility, type.average_time_s, p.decay_urgency,
                                                  p.decay_length_s);
        case MachovecCh4UtilityFamily::Classes: break;
    }
    return make_machovec_utility(type.starting_utility, type.urgency, utility_class);
}

MachovecCh4Workload generate_machovec_ch4(const MachovecCh4Params& p, std::mt19937_64& rng) {
    check_params(p);
    const std::size_t n_critical = machovec_ch4_critical_types(p);
    const std::size_t n_other = p.task_types - n_critical;
    // Bursts a day: tasks_per_day / B overall (the mean burst size is B: the sizes are uniform over
    // [ceil(B/2), floor(3B/2)], whose midpoint is B for a whole B), critical_fraction of them shared equally
    // by the critical types, the rest by the others.
    const double bursts_per_s = p.tasks_per_day / double(p.burst_size) / kDay_s;
    const double critical_rate = n_critical ? p.critical_fraction * bursts_per_s / double(n_critical) : 0;
    const double other_rate = n_other ? (1 - p.critical_fraction) * bursts_per_s / double(n_other) : 0;
    const bool classes = p.utility_family == MachovecCh4UtilityFamily::Classes;
    std::uniform_int_distribution<std::size_t> utility_class(0, kMachovecUtilityClasses - 1);
    std::bernoulli_distribution flag(p.preempt_probability);

    MachovecCh4Workload w;
    w.types.reserve(p.task_types);
    for (std::size_t ti = 0; ti < p.task_types; ++ti) {
        MachovecCh4TaskType t;
        t.critical = ti < n_critical;
        t.starting_utility = t.critical ? p.critical_utility : p.noncritical_utility;
        t.urgency = t.critical ? p.critical_urgency : p.noncritical_urgency;
        t.class_mean_s = t.critical ? p.critical_mean_s : p.noncritical_mean_s;
        t.bursts_per_s = t.critical ? critical_rate : other_rate;
        draw_times(p, t, rng);

        SinusoidalRate rate;
        rate.mean_rate_per_s = t.bursts_per_s;
        rate.amplitude = p.sinusoid_amplitude;
        rate.period_s = p.sinusoid_period_s;
        t.phase_s = std::uniform_real_distribution<double>(0.0, p.sinusoid_period_s)(rng);  // GAP
        rate.phase_s = t.phase_s;
        const std::vector<Burst> bursts =
            make_bursts(sinusoidal_arrivals(rate, p.horizon_s, rng), double(p.burst_size), rng);
        w.bursts += bursts.size();

        // Step and decaying utilities are the type's: one function shared by its tasks (a decaying one holds
        // its points, so it is built once, not per task).
        const UtilityFunction type_utility = classes ? UtilityFunction() : machovec_ch4_utility(p, t, 0);
        for (const Burst& b : bursts) {
            // §4.4.3: the tasks of a burst have identical utility functions (GAP: the class drawn per burst).
            const UtilityFunction u = classes ? machovec_ch4_utility(p, t, utility_class(rng)) : type_utility;
            for (std::uint32_t k = 0; k < b.size; ++k) {
                Task task;
                task.arrival_s = b.time_s;
                task.type = TaskTypeId(ti);
                task.cores = 1;  // §4.2.1: serial tasks
                task.work.set_table(t.time_table);
                task.utility = u;
                task.preemptible = flag(rng);  // can_be_preempted
                task.can_preempt = flag(rng);
                w.tasks.push_back(std::move(task));
            }
        }
        w.types.push_back(std::move(t));
    }
    number_by_arrival(w.tasks);
    if (p.time_cov > 0) {
        std::uniform_real_distribution<double> draw(0.0, 1.0);
        for (Task& task : w.tasks) task.work.set_quantile(draw(rng));  // after every other draw
    }
    return w;
}

}  // namespace rmsim
