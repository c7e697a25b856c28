#include "workloads/machovec_ch3_generator.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include "workloads/arrivals.h"
#include "workloads/etc_generation.h"
#include "workloads/utility_classes.h"
#include "workloads/workload.h"

namespace rmsim {

namespace {

constexpr Seconds kDay_s = 86400.0;

// Machovec Ch.3 Table 3: percent of task types per (priority level, urgency) cell.
struct Table3Cell {
    double lo, hi, urgency, percent;
};
const std::vector<Table3Cell>& table3() {
    static const std::vector<Table3Cell> cells{
        {6, 8, 0.6, 2},    {6, 8, 0.2, 2},   {6, 8, 0.1, 0.05},                   // critical (6, 8]
        {4, 6, 0.6, 3.45}, {4, 6, 0.2, 5},   {4, 6, 0.1, 1.5},  {4, 6, 0.01, 3},  // high (4, 6]
        {2, 4, 0.2, 10},   {2, 4, 0.1, 10},  {2, 4, 0.01, 10},                    // medium (2, 4]
        {1, 2, 0.1, 20},   {1, 2, 0.01, 33},                                      // low [1, 2]
    };
    return cells;
}

}  // namespace

MachovecPriorityUrgency sample_machovec_ch3_priority_urgency(std::mt19937_64& rng) {
    std::vector<double> w;
    for (const Table3Cell& c : table3()) w.push_back(c.percent);
    std::discrete_distribution<std::size_t> cell(w.begin(), w.end());
    const Table3Cell& c = table3()[cell(rng)];
    // Starting utility uniform within the level's range (Ch.3 §3.4.2.3).
    return {std::uniform_real_distribution<double>(c.lo, c.hi)(rng), c.urgency};
}

std::uint32_t sample_machovec_ch3_cores(std::uint32_t max_cores, std::mt19937_64& rng) {
    if (max_cores < 4098)
        throw std::invalid_argument("Machovec Ch.3 Table 4 needs a cluster of at least 4098 cores, got " +
                                    std::to_string(max_cores));
    // Ch.3 Table 4: rows 20% [2,4], 20% [5,256], 40% [257,4096], 19% [4097,max-1], 1% max.
    std::discrete_distribution<int> row({20, 20, 40, 19, 1});
    const std::uint32_t lo[] = {2, 5, 257, 4097, max_cores};
    const std::uint32_t hi[] = {4, 256, 4096, max_cores - 1, max_cores};
    const int r = row(rng);
    return std::uniform_int_distribution<std::uint32_t>(lo[r], hi[r])(rng);
}

std::vector<MachovecCh3Cluster> machovec_ch3_clusters(const PlatformSpec& platform) {
    const std::vector<CoreTypeId> core_types = machovec_cluster_core_types(platform);
    std::vector<MachovecCh3Cluster> out;
    int specials = 0;
    for (std::size_t i = 0; i < platform.clusters.size(); ++i) {
        const ClusterSpec& c = platform.clusters[i];
        MachovecCh3Cluster m;
        m.nodes = c.nodes;
        m.cores_per_node = platform.cores_per_node(c.node_type);
        m.core_type = core_types[i];
        if (c.name.rfind("gp", 0) == 0) {
            m.special_index = -1;
        } else if (c.name.rfind("sp", 0) == 0) {
            m.special_index = specials++;
        } else {
            throw std::invalid_argument("cluster " + c.name +
                                        ": Machovec Ch.3 cluster names start with gp (general) or sp (special)");
        }
        out.push_back(m);
    }
    return out;
}

MachovecEtc MachovecCh3Workload::etc(ApcScope scope) const {
    const std::size_t clusters = types.empty() ? 0 : types.front().time_s.size();
    const std::size_t pstates = clusters == 0 ? 1 : types.front().time_s.front().size();
    MachovecEtc e(types.size(), clusters, pstates, scope);
    for (std::size_t t = 0; t < types.size(); ++t)
        for (std::size_t c = 0; c < clusters; ++c) {
            const std::uint32_t n = (*types[t].nodes_per_cluster)[c];
            if (n == 0) continue;
            for (std::size_t p = 0; p < pstates; ++p)
                e.set_points(t, c, p, {{double(n), types[t].time_s[c][p], types[t].apc_w[c][p]}});
        }
    return e;
}

MachovecCh3TaskType make_machovec_ch3_type(const MachovecCh3Params& p, const std::vector<std::size_t>& eligible,
                                           int special_index, const MachovecPriorityUrgency& pu, std::uint32_t cores,
                                           Seconds reference_p0_time_s, std::mt19937_64& rng) {
    if (eligible.empty()) throw std::invalid_argument("Machovec Ch.3: a task type needs an eligible cluster");
    if (cores == 0) throw std::invalid_argument("Machovec Ch.3: a task type needs at least one core");
    const std::size_t C = p.clusters.size();
    const std::size_t P = p.power_scaling.size();
    MachovecCh3TaskType t;
    t.special_index = special_index;
    t.priority = pu.priority;
    t.urgency = pu.urgency;
    t.cores = cores;

    // GAP: cores -> nodes = ceil(cores / cores per node) (the node is the unit of allocation, B1).
    auto nodes = std::make_shared<std::vector<std::uint32_t>>(C, 0);
    double node_sum = 0;
    for (std::size_t c : eligible) {
        const std::uint32_t cpn = p.clusters[c].cores_per_node;
        (*nodes)[c] = (t.cores + cpn - 1) / cpn;
        node_sum += (*nodes)[c];
    }
    t.nodes_per_cluster = nodes;

    MachovecCh3TypeParams tp;
    tp.starting_utility = t.priority;
    tp.clusters = eligible.size();
    tp.reference_cluster = 0;  // GAP: the first eligible cluster is the reference
    tp.special_purpose = special_index >= 0;
    tp.power_scaling = p.power_scaling;
    const MachovecCh3TypeTables tables = generate_machovec_ch3_type(tp, rng);

    // Ch.3 §3.4.2.6: σ ~ U[4, 10], A = average node count of the type (GAP: mean over its clusters).
    t.downey.sigma = std::uniform_real_distribution<double>(4.0, 10.0)(rng);
    t.downey.A = node_sum / double(eligible.size());

    CoreTypeId max_ct = 0;
    for (const MachovecCh3Cluster& c : p.clusters) max_ct = std::max(max_ct, c.core_type);
    auto table = std::make_shared<TimeTable>();
    table->seconds.assign(std::size_t(max_ct) + 1, std::vector<Seconds>(P, -1.0));
    table->busy_power_w.assign(std::size_t(max_ct) + 1, std::vector<Watts>(P, -1.0));
    t.time_s.assign(C, std::vector<Seconds>(P, -1.0));
    t.apc_w.assign(C, std::vector<Watts>(P, -1.0));
    t.single_core_time_s.assign(C, -1.0);
    // Ch.3 §3.4.3: a given P0 time on the reference cluster fixes the reference single-core time; every
    // cluster's single-core time is scaled by the same factor, which keeps the §3.4.2 Gamma heterogeneity
    // (a Gamma sample around m, times k, is a Gamma sample around k·m with the same COV).
    double time_scale = 1.0;
    if (reference_p0_time_s > 0)
        time_scale =
            reference_p0_time_s / downey_execution_time(tables.time_s(0, 0), t.downey, (*nodes)[eligible.front()]);
    for (std::size_t k = 0; k < eligible.size(); ++k) {
        const std::size_t c = eligible[k];
        t.single_core_time_s[c] = tables.single_core_time_s[k] * time_scale;
        for (std::size_t ps = 0; ps < P; ++ps) {
            // GAP: exec = single-core time × P-state factor / Downey speedup at the type's node count.
            const Seconds s = downey_execution_time(tables.time_s(k, ps) * time_scale, t.downey, (*nodes)[c]);
            t.time_s[c][ps] = s;
            t.apc_w[c][ps] = tables.power_w(k, ps);
            table->seconds[p.clusters[c].core_type][ps] = s;
            // APC per node or per task (AMBIG, MachovecCh3Params::apc_scope): the power of one core
            // while it runs the task.
            const double cores_sharing =
                double(p.clusters[c].cores_per_node) * (p.apc_scope == ApcScope::PerTask ? double((*nodes)[c]) : 1.0);
            table->busy_power_w[p.clusters[c].core_type][ps] = t.apc_w[c][ps] / cores_sharing;
        }
    }
    t.time_table = table;
    return t;
}

namespace {

// One task type on its eligible clusters; draw order as listed in the header.
MachovecCh3TaskType make_type(const MachovecCh3Params& p, const std::vector<std::size_t>& eligible, int special_index,
                              std::mt19937_64& rng) {
    const MachovecPriorityUrgency pu = sample_machovec_ch3_priority_urgency(rng);
    // GAP: Table 4's "max cores of cluster" = the smallest eligible cluster, so the task fits everywhere.
    std::uint64_t max_cores = UINT64_MAX;
    for (std::size_t c : eligible)
        max_cores =
            std::min<std::uint64_t>(max_cores, std::uint64_t(p.clusters[c].nodes) * p.clusters[c].cores_per_node);
    if (max_cores > UINT32_MAX) throw std::invalid_argument("Machovec Ch.3: cluster too large");
    const std::uint32_t cores = sample_machovec_ch3_cores(std::uint32_t(max_cores), rng);
    return make_machovec_ch3_type(p, eligible, special_index, pu, cores, -1, rng);
}

void check_params(const MachovecCh3Params& p) {
    if (!(p.tasks_per_day > 0)) throw std::invalid_argument("Machovec Ch.3: tasks_per_day must be > 0");
    if (!(p.horizon_s > 0)) throw std::invalid_argument("Machovec Ch.3: horizon_s must be > 0");
    if (p.power_scaling.empty()) throw std::invalid_argument("Machovec Ch.3: at least one P-state");
    if (p.sinusoid_amplitude < 0 || p.sinusoid_amplitude > 1)
        throw std::invalid_argument("Machovec Ch.3: sinusoid_amplitude must be in [0, 1]");
    if (p.burst_size < 1 || p.burst_size > 1000000)
        throw std::invalid_argument("Machovec Ch.3: burst_size must be in [1, 1000000]");
    if (p.general_types + 2 * p.special_types_per_cluster == 0)
        throw std::invalid_argument("Machovec Ch.3: no task types");
}

}  // namespace

Task make_machovec_ch3_task(const MachovecCh3TaskType& type, Seconds arrival_s, std::size_t utility_class) {
    Task task;
    task.arrival_s = arrival_s;
    task.cores = type.cores;
    task.nodes_per_cluster = type.nodes_per_cluster;
    task.work.set_table(type.time_table);
    task.utility = make_machovec_utility(type.priority, type.urgency, utility_class);
    return task;
}

MachovecCh3Workload generate_machovec_ch3(const MachovecCh3Params& p, std::mt19937_64& rng) {
    check_params(p);
    std::vector<std::size_t> general, special[2];
    for (std::size_t c = 0; c < p.clusters.size(); ++c) {
        const int s = p.clusters[c].special_index;
        if (s < 0)
            general.push_back(c);
        else if (s < 2)
            special[s].push_back(c);
        else
            throw std::invalid_argument("Machovec Ch.3: special_index must be -1, 0 or 1");
    }
    if (p.general_types > 0 && general.empty())
        throw std::invalid_argument("Machovec Ch.3: general-purpose types need a general-purpose cluster");
    if (p.special_types_per_cluster > 0 && (special[0].size() != 1 || special[1].size() != 1))
        throw std::invalid_argument("Machovec Ch.3: special-purpose types need exactly two special clusters");

    MachovecCh3Workload w;
    const std::size_t n_types = p.general_types + 2 * p.special_types_per_cluster;
    // B2.4: every type has the same mean rate, (tasks/day)/types over 24 h.
    // Bursts: the burst rate is the task rate / B (B = 1: unchanged).
    const double rate_per_s = p.tasks_per_day / double(n_types) / kDay_s / double(p.burst_size);
    for (std::size_t ti = 0; ti < n_types; ++ti) {
        const int sp = ti < p.general_types ? -1 : int((ti - p.general_types) / p.special_types_per_cluster);
        MachovecCh3TaskType type = make_type(p, sp < 0 ? general : special[sp], sp, rng);

        // B2.4 arrivals (GAP: non-homogeneous Poisson by thinning).
        std::vector<Seconds> times;
        if (type.cores <= 4096) {
            SinusoidalRate r;
            r.mean_rate_per_s = rate_per_s;
            r.amplitude = p.sinusoid_amplitude;
            r.period_s = kDay_s;
            r.phase_s = std::uniform_real_distribution<double>(0.0, kDay_s)(rng);  // GAP: phase per type
            times = sinusoidal_arrivals(r, p.horizon_s, rng);
        } else {
            const PiecewiseRate day = machovec_peak_offpeak_rate(rate_per_s);
            const Seconds clock0 = p.start_clock_s;
            times =
                thinned_poisson_arrivals([&](Seconds t) { return day.at(t + clock0); }, day.max(), p.horizon_s, rng);
        }
        std::uniform_int_distribution<std::size_t> cls(0, kMachovecUtilityClasses - 1);
        if (p.burst_size > 1) {
            // Bursts (beyond the papers, after Ch.4 §4.4.3): one utility class per burst.
            for (const Burst& b : make_bursts(times, double(p.burst_size), rng)) {
                const std::size_t u = cls(rng);
                for (std::uint32_t k = 0; k < b.size; ++k) {
                    w.tasks.push_back(make_machovec_ch3_task(type, b.time_s, u));
                    w.tasks.back().type = TaskTypeId(ti);
                }
            }
            w.types.push_back(std::move(type));
            continue;
        }
        for (Seconds a : times) {
            // Ch.3 §3.4.2.3: the utility class is drawn per task.
            w.tasks.push_back(make_machovec_ch3_task(type, a, cls(rng)));
            w.tasks.back().type = TaskTypeId(ti);
        }
        w.types.push_back(std::move(type));
    }
    number_by_arrival(w.tasks);
    return w;
}

}  // namespace rmsim
