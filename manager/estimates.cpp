#include "manager/estimates.h"

#include <limits>

#include "platform/exec_rounding.h"

namespace rmsim {

Estimates::Estimates(const PlatformSpec& platform, Granularity granularity, EstimateConfig config)
    : platform_(platform), granularity_(granularity), config_(config) {
    for (const ClusterSpec& c : platform_.clusters) {
        const std::uint32_t cpn = platform_.cores_per_node(c.node_type);
        cores_per_node_.push_back(cpn);
        unit_count_.push_back(granularity == Granularity::Node ? c.nodes : c.nodes * cpn);
        core_type_.push_back(platform_.core_type_of(c.node_type, 0));
        pstate_count_.push_back(static_cast<std::uint32_t>(platform_.pstate_count(c.node_type)));
    }
}

std::uint32_t Estimates::units_needed(const Task& task, ClusterId c) const {
    const std::uint32_t cpn = cores_per_node_.at(c);
    const std::uint32_t nodes = task.nodes_on_cluster(c);
    std::uint32_t units;
    if (granularity_ == Granularity::Node)
        units = nodes > 0 ? nodes : (task.nodes_per_cluster ? 0 : (task.cores + cpn - 1) / cpn);
    else
        units = nodes > 0 ? nodes * cpn : (task.nodes_per_cluster ? 0 : task.cores);
    return units <= unit_count_.at(c) ? units : 0;
}

SimTime Estimates::actual_time(const Task& task, double remaining, ClusterId c, std::uint32_t pstate) const {
    const CoreTypeId ct = core_type_.at(c);
    const CoreType& type = platform_.core_types.at(ct);
    const Seconds full = task.work.duration(type, ct, pstate);
    if (full < 0) return kCannotRun;
    // Exactly what the core takes (modules/core.cpp): it starts with done = 1 - remaining (Core::start) and
    // finishes the fraction 1 - done in whole clock periods, then whole ns. Without this, a task whose
    // cycles are not a multiple of the clock or whose memory time has sub-ns parts would overrun its
    // booking by up to a clock period plus a nanosecond.
    const double left = 1.0 - (1.0 - remaining);
    return SimTime::from_ns(
        static_cast<std::int64_t>(remaining_exec_ns(left, full, type.pstates.at(pstate).frequency_hz)));
}

SimTime Estimates::requested_time(const Task& task, double remaining, ClusterId c, std::uint32_t pstate) const {
    if (task.requested_time_s < 0) return kCannotRun;
    // GAP: the request is for the reference core type (0) at P0; elsewhere it scales as the work does.
    const CoreTypeId ct = core_type_.at(c);
    const Seconds here = task.work.duration(platform_.core_types.at(ct), ct, pstate);
    const Seconds ref = task.work.duration(platform_.core_types.at(0), 0, 0);
    const double ratio = ref > 0 && here > 0 ? here / ref : 1.0;
    return SimTime::from_seconds(task.requested_time_s * ratio * remaining);
}

SimTime Estimates::exec_time(const Task& task, double remaining, ClusterId c, std::uint32_t pstate) const {
    const SimTime actual = actual_time(task, remaining, c, pstate);
    if (actual.is_negative()) return actual;
    switch (config_.model) {
        case EstimateModel::Exact: break;
        case EstimateModel::Requested: {
            const SimTime r = requested_time(task, remaining, c, pstate);
            if (!r.is_negative()) return r;
            break;  // GAP: no requested time: the exact time
        }
        case EstimateModel::Distribution:
            if (task.work.stochastic()) {
                const CoreTypeId ct = core_type_.at(c);
                const CoreType& type = platform_.core_types.at(ct);
                const Seconds mean = task.work.table()->at(ct, pstate) * task.work.table_scale();
                return SimTime::from_ns(static_cast<std::int64_t>(
                    remaining_exec_ns(remaining, mean, type.pstates.at(pstate).frequency_hz)));
            }
            break;
    }
    return actual;
}

Joules Estimates::exec_energy(const Task& task, double remaining, ClusterId c, std::uint32_t pstate) const {
    const SimTime exec = exec_time(task, remaining, c, pstate);
    const std::uint32_t units = units_needed(task, c);
    if (exec.is_negative() || units == 0) return std::numeric_limits<Joules>::infinity();
    const Seconds time = exec.to_seconds();
    const WorkModel& work = task.work;
    const CoreTypeId ct = core_type_.at(c);
    if (granularity_ == Granularity::Core)
        return time * units * work.busy_power_w(platform_.core_types.at(ct), ct, pstate);
    // Whole nodes: every core busy, every processor's uncore, the node's base power.
    const NodeType& nt = platform_.node_types.at(platform_.clusters.at(c).node_type);
    Watts node_w = nt.base_power_w.size() > 1 ? nt.base_power_w.at(pstate) : nt.base_power_w.front();
    for (const auto& g : nt.processors) {
        const ProcessorType& pt = platform_.processor_types.at(g.type);
        const Watts busy = work.busy_power_w(platform_.core_types.at(pt.core_type), pt.core_type, pstate);
        const Watts uncore = pt.uncore_power_w.size() > 1 ? pt.uncore_power_w.at(pstate) : pt.uncore_power_w.front();
        node_w += g.count * (uncore + pt.cores * busy);
    }
    return time * units * node_w;
}

Pmf Estimates::exec_pmf(const Task& task, double remaining, ClusterId c, std::uint32_t pstate) const {
    const SimTime exec = exec_time(task, remaining, c, pstate);
    if (exec.is_negative()) return Pmf();
    const CoreTypeId ct = core_type_.at(c);
    if (config_.model != EstimateModel::Distribution || !task.work.stochastic() ||
        !task.work.table()->has_distribution(ct, pstate))
        return Pmf::point(exec.to_seconds());
    std::vector<Pmf::Pulse> pulses;
    for (const TimePulse& p : task.work.table()->distribution[ct][pstate])
        pulses.push_back({p.seconds * task.work.table_scale() * remaining, p.probability});
    return Pmf(std::move(pulses));
}

SimTime Estimates::time_limit(const Task& task, double remaining, ClusterId c, std::uint32_t pstate) const {
    if (config_.model != EstimateModel::Requested || !config_.kill_at_limit) return SimTime::infinity();
    const SimTime r = requested_time(task, remaining, c, pstate);
    return r.is_negative() ? SimTime::infinity() : r;
}

}  // namespace rmsim
