#include "workloads/machovec_testbed_generator.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include "workloads/machovec_etc.h"

namespace rmsim {

namespace {

void require(bool ok, const std::string& what) {
    if (!ok) throw std::invalid_argument("Machovec testbed: " + what);
}

}  // namespace

std::vector<MachovecTestbedCluster> machovec_testbed_clusters(const PlatformSpec& platform) {
    const std::vector<CoreTypeId> core_types = machovec_cluster_core_types(platform);
    std::vector<MachovecTestbedCluster> out;
    for (std::size_t i = 0; i < platform.clusters.size(); ++i) {
        const CoreType& ct = platform.core_types.at(core_types[i]);
        if (ct.pstates.size() != 1)
            throw std::invalid_argument("cluster " + platform.clusters[i].name + ": core type " + ct.name + " has " +
                                        std::to_string(ct.pstates.size()) +
                                        " P-states; the testbed runs each cluster at one fixed frequency (one "
                                        "P-state)");
        out.push_back({core_types[i], platform.cores_per_node(platform.clusters[i].node_type)});
    }
    return out;
}

MachovecTestbedTables machovec_testbed_tables(const MachovecTestbedType& type,
                                              const std::vector<MachovecTestbedCluster>& clusters,
                                              std::size_t core_types) {
    require(type.cores >= 1, "a task type needs at least one core");
    require(type.etc_s.size() == clusters.size() && type.eec_j.size() == clusters.size(),
            "a task type needs one ETC and one EEC entry per cluster (" + std::to_string(clusters.size()) + ")");
    auto nodes = std::make_shared<std::vector<std::uint32_t>>(clusters.size(), 0);
    auto table = std::make_shared<TimeTable>();
    table->seconds.assign(core_types, {-1.0});
    table->busy_power_w.assign(core_types, {-1.0});
    Seconds min_time = std::numeric_limits<Seconds>::infinity();
    for (std::size_t c = 0; c < clusters.size(); ++c) {
        const Seconds t = type.etc_s[c];
        if (t < 0) continue;  // n.a.: cannot run there
        const Joules e = type.eec_j[c];
        require(t > 0 && std::isfinite(t), "ETC entries must be > 0 (or negative for n.a.)");
        require(e >= 0 && std::isfinite(e), "EEC entries must be >= 0 where the ETC is given");
        const MachovecTestbedCluster& cl = clusters[c];
        require(cl.core_type < core_types, "cluster core type out of range");
        const std::uint32_t n = (type.cores + cl.cores_per_node - 1) / cl.cores_per_node;
        (*nodes)[c] = n;
        table->seconds[cl.core_type][0] = t;
        // Every core of the task's nodes runs it (the node is the unit of allocation, §3.2.1).
        table->busy_power_w[cl.core_type][0] = e / (t * double(n) * double(cl.cores_per_node));
        min_time = std::min(min_time, t);
    }
    require(std::isfinite(min_time), "a task type must run on at least one cluster");
    return {nodes, table, min_time};
}

std::vector<Task> generate_machovec_testbed(const MachovecTestbedParams& p, std::size_t core_types,
                                            std::mt19937_64& rng) {
    require(!p.types.empty(), "at least one task type");
    require(p.horizon_s > 0 && std::isfinite(p.horizon_s), "the horizon must be > 0");
    require(p.mean_interarrival_s > 0 && std::isfinite(p.mean_interarrival_s), "the mean gap must be > 0");
    require(p.utility_min >= 1 && p.utility_max >= p.utility_min, "need 1 <= utility_min <= utility_max");
    require(p.plateau_factor >= 0 && p.zero_factor > p.plateau_factor, "need 0 <= plateau_factor < zero_factor");
    std::vector<MachovecTestbedTables> tables;
    std::vector<double> weights;
    for (const MachovecTestbedType& t : p.types) {
        require(t.weight >= 0 && std::isfinite(t.weight), "type weights must be >= 0");
        tables.push_back(machovec_testbed_tables(t, p.clusters, core_types));
        weights.push_back(t.weight);
    }
    require(std::any_of(weights.begin(), weights.end(), [](double w) { return w > 0; }),
            "at least one type weight must be > 0");
    std::exponential_distribution<double> gap(1.0 / p.mean_interarrival_s);
    std::discrete_distribution<std::size_t> pick(weights.begin(), weights.end());
    std::uniform_int_distribution<std::uint32_t> utility(p.utility_min, p.utility_max);
    std::vector<Task> tasks;
    for (Seconds a = gap(rng); a < p.horizon_s; a += gap(rng)) {
        const std::size_t ti = pick(rng);
        const double u = utility(rng);
        const MachovecTestbedTables& tb = tables[ti];
        Task task;
        task.id = TaskId(tasks.size());
        task.arrival_s = a;
        task.type = TaskTypeId(ti);
        task.cores = p.types[ti].cores;
        task.nodes_per_cluster = tb.nodes_per_cluster;
        task.work.set_table(tb.time_table);
        task.utility = UtilityFunction::value_curve(u, p.plateau_factor * tb.min_time_s, p.zero_factor * tb.min_time_s);
        tasks.push_back(std::move(task));
    }
    return tasks;
}

}  // namespace rmsim
