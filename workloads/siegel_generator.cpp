#include "workloads/siegel_generator.h"

#include <memory>
#include <stdexcept>

namespace rmsim {

namespace {

struct Types {
    std::vector<std::shared_ptr<TimeTable>> tables;
    SiegelPmfs pmfs;
};

/// The PMFs from pmf_seed's own generator if given (dynamic), else from rng (the static bag passes its own
/// generator, already seeded from pmf_seed).
Types make_types(const SiegelWorkloadCommon& c, const PlatformSpec& platform, std::mt19937_64& rng,
                 bool rng_is_own = false) {
    Types t;
    if (c.pmf_seed && !rng_is_own) {
        std::mt19937_64 own(*c.pmf_seed);
        t.pmfs = generate_siegel_pmfs(c.pmfs, platform.core_types, own);
    } else {
        t.pmfs = generate_siegel_pmfs(c.pmfs, platform.core_types, rng);
    }
    t.tables = siegel_time_tables(t.pmfs);
    return t;
}

/// Mean of the type's expected time over the platform's cores (weighted by core type) at the given
/// P-states.
double mean_over_cores(const SiegelPmfs& pmfs, std::size_t type, const std::vector<std::size_t>& cores,
                       std::size_t first_pstate, std::size_t end_pstate) {
    double sum = 0, n = 0;
    for (std::size_t j = 0; j < cores.size(); ++j)
        for (std::size_t p = first_pstate; p < end_pstate && p < pmfs[type][j].size(); ++p) {
            sum += static_cast<double>(cores[j]) * pmfs[type][j][p].expectation();
            n += static_cast<double>(cores[j]);
        }
    return n > 0 ? sum / n : 0;
}

Task make_task(const Types& types, std::size_t type, Seconds arrival, Seconds relative_deadline, std::mt19937_64& rng) {
    Task t;
    t.arrival_s = arrival;
    t.type = static_cast<TaskTypeId>(type);
    t.cores = 1;
    t.work.set_table(types.tables[type]);
    t.work.set_quantile(std::uniform_real_distribution<double>(0.0, 1.0)(rng));
    t.utility = UtilityFunction::step(1, relative_deadline);
    return t;
}

}  // namespace

std::vector<std::size_t> cores_per_core_type(const PlatformSpec& platform) {
    std::vector<std::size_t> n(platform.core_types.size(), 0);
    for (const ClusterSpec& c : platform.clusters) {
        const NodeType& nt = platform.node_types.at(c.node_type);
        for (const auto& g : nt.processors) {
            const ProcessorType& pt = platform.processor_types.at(g.type);
            n.at(pt.core_type) += static_cast<std::size_t>(c.nodes) * g.count * pt.cores;
        }
    }
    return n;
}

std::vector<Seconds> two_phase_arrivals(double mean_rate_per_s, double fast_to_slow, Seconds phase_s, Seconds window_s,
                                        std::mt19937_64& rng) {
    if (!(mean_rate_per_s > 0) || !(fast_to_slow >= 1) || !(phase_s > 0) || !(window_s > 0))
        throw std::invalid_argument("two-phase arrivals: rates, ratio >= 1, phase and window must be positive");
    // Equal phase lengths: (λ_fast + λ_slow) / 2 = mean rate.
    const double slow = 2 * mean_rate_per_s / (1 + fast_to_slow);
    const double fast = fast_to_slow * slow;
    std::vector<Seconds> out;
    Seconds t = 0;
    while (t < window_s) {
        const auto phase = static_cast<std::uint64_t>(t / phase_s);
        const Seconds end = std::min(window_s, static_cast<double>(phase + 1) * phase_s);
        const double rate = phase % 2 == 0 ? fast : slow;
        const Seconds next = t + std::exponential_distribution<double>(rate)(rng);
        if (next >= end) {  // memoryless: restart the draw at the phase boundary
            t = end;
            continue;
        }
        t = next;
        out.push_back(t);
    }
    return out;
}

std::vector<Task> generate_siegel_dynamic(const SiegelDynamicParams& p, const PlatformSpec& platform,
                                          std::mt19937_64& rng) {
    const Types types = make_types(p.common, platform, rng);
    const std::vector<std::size_t> cores = cores_per_core_type(platform);
    const std::size_t n_types = types.pmfs.size();
    // §4: deadline = arrival + avg time of the type over all machines and P-states + the average of that.
    std::vector<double> avg(n_types);
    double all = 0;
    for (std::size_t i = 0; i < n_types; ++i) {
        avg[i] = mean_over_cores(types.pmfs, i, cores, 0, static_cast<std::size_t>(-1));
        all += avg[i] / static_cast<double>(n_types);
    }
    const std::vector<Seconds> arrivals =
        two_phase_arrivals(p.tasks / p.window_s, p.fast_to_slow, p.phase_s, p.window_s, rng);
    std::vector<Task> tasks;
    tasks.reserve(arrivals.size());
    std::uniform_int_distribution<std::size_t> pick(0, n_types - 1);
    for (Seconds a : arrivals) {
        const std::size_t type = pick(rng);
        tasks.push_back(make_task(types, type, a, avg[type] + all, rng));
        tasks.back().id = tasks.size() - 1;
    }
    return tasks;
}

std::vector<Task> generate_siegel_static(const SiegelStaticParams& p, const PlatformSpec& platform,
                                         std::mt19937_64& rng) {
    // With pmf_seed the bag (PMFs and task types) comes from its own generator: every trial then maps the
    // same bag, and only the quantiles (the execution times the hardware draws) follow the trial's seed.
    std::optional<std::mt19937_64> own;
    if (p.common.pmf_seed) own.emplace(*p.common.pmf_seed);
    std::mt19937_64& bag = own ? *own : rng;
    const Types types = make_types(p.common, platform, bag, own.has_value());
    const std::vector<std::size_t> cores = cores_per_core_type(platform);
    std::size_t total_cores = 0;
    for (std::size_t c : cores) total_cores += c;
    std::uniform_int_distribution<std::size_t> pick(0, types.pmfs.size() - 1);
    std::vector<Task> tasks;
    tasks.reserve(p.tasks);
    double load = 0;
    for (std::size_t i = 0; i < p.tasks; ++i) {
        const std::size_t type = pick(bag);
        tasks.push_back(make_task(types, type, 0, 0, rng));
        tasks.back().id = i;
        load += mean_over_cores(types.pmfs, type, cores, 0, 1);
    }
    const Seconds deadline = p.deadline_factor * load / static_cast<double>(total_cores);
    for (Task& t : tasks) t.utility = UtilityFunction::step(1, deadline);
    return tasks;
}

}  // namespace rmsim
