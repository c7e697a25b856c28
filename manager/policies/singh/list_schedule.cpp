#include "manager/policies/singh/list_schedule.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace rmsim::singh {

std::vector<std::uint32_t> compact_cores(const std::vector<std::uint32_t>& core_of_task) {
    std::vector<std::uint32_t> labels;  // labels[i] = the original label of compact core i
    std::vector<std::uint32_t> out(core_of_task.size());
    for (std::size_t t = 0; t < core_of_task.size(); ++t) {
        auto it = std::find(labels.begin(), labels.end(), core_of_task[t]);
        if (it == labels.end()) it = labels.insert(labels.end(), core_of_task[t]);
        out[t] = static_cast<std::uint32_t>(it - labels.begin());
    }
    return out;
}

JobPlan list_schedule(const PlanningProblem& problem, const std::vector<std::uint32_t>& core_of_task,
                      const std::vector<std::uint32_t>& level_of_task) {
    const std::uint32_t n = problem.tasks();
    if (core_of_task.size() != n || level_of_task.size() != n)
        throw std::invalid_argument("singh list schedule: job " + std::to_string(problem.job().id) + " has " +
                                    std::to_string(n) + " tasks but the allocation gives " +
                                    std::to_string(core_of_task.size()) + " cores and " +
                                    std::to_string(level_of_task.size()) + " levels");
    for (std::uint32_t t = 0; t < n; ++t)
        if (level_of_task[t] >= problem.levels())
            throw std::invalid_argument("singh list schedule: level " + std::to_string(level_of_task[t]) + " of task " +
                                        std::to_string(t) + " out of range");
    const std::vector<std::uint32_t> core = compact_cores(core_of_task);
    const std::uint32_t k = n == 0 ? 0 : *std::max_element(core.begin(), core.end()) + 1;
    auto exec = [&](std::uint32_t t) { return problem.exec_ns(t, level_of_task[t]); };

    // Upward ranks, successors first.
    std::vector<TimeNs> rank(n, 0);
    const auto& topo = problem.topological_order();
    for (auto it = topo.rbegin(); it != topo.rend(); ++it) {
        const std::uint32_t t = *it;
        TimeNs tail = 0;
        for (const auto& a : problem.out_arcs(t))
            tail = std::max(tail, (core[t] == core[a.task] ? 0 : a.transfer_ns) + rank[a.task]);
        rank[t] = exec(t) + tail;
    }

    JobPlan plan;
    plan.tasks.resize(n);
    plan.core_sequence.assign(k, {});
    std::vector<TimeNs> core_free(k, 0);
    std::vector<std::uint32_t> missing(n);  // predecessors not yet taken
    for (std::uint32_t t = 0; t < n; ++t) missing[t] = static_cast<std::uint32_t>(problem.in_arcs(t).size());
    std::vector<bool> taken(n, false);
    for (std::uint32_t step = 0; step < n; ++step) {
        std::uint32_t best = n;
        for (std::uint32_t t = 0; t < n; ++t)
            if (!taken[t] && missing[t] == 0 && (best == n || rank[t] > rank[best])) best = t;
        if (best == n) throw std::logic_error("singh list schedule: no ready task (the job is not a DAG)");
        const std::uint32_t t = best;
        const std::uint32_t c = core[t];
        TimeNs start = core_free[c];
        for (const auto& a : problem.in_arcs(t))
            start = std::max(start, plan.tasks[a.task].finish_ns + (core[a.task] == c ? 0 : a.transfer_ns));
        PlannedTask& p = plan.tasks[t];
        p.core = c;
        p.level = level_of_task[t];
        p.start_ns = start;
        p.finish_ns = start + exec(t);
        core_free[c] = p.finish_ns;
        plan.core_sequence[c].push_back(t);
        plan.response_ns = std::max(plan.response_ns, p.finish_ns);
        taken[t] = true;
        for (const auto& a : problem.out_arcs(t)) --missing[a.task];
    }

    const NodeModel& node = problem.node();
    for (std::uint32_t t = 0; t < n; ++t) {
        const PlannedTask& p = plan.tasks[t];
        const Seconds x = ns_to_seconds(p.finish_ns - p.start_ns);
        plan.dynamic_energy_j += x * (node.busy_power_w(p.level) - node.idle_power_w(p.level));
        plan.static_energy_j += x * node.idle_power_w(p.level);
    }
    if (!node.power_gated) {
        // Idle stretches of each used core within [0, response]: before its first task at that task's level,
        // after each task at that task's level.
        for (const auto& seq : plan.core_sequence) {
            TimeNs idle_at_first = plan.tasks[seq.front()].start_ns;
            plan.static_energy_j += ns_to_seconds(idle_at_first) * node.idle_power_w(plan.tasks[seq.front()].level);
            for (std::size_t i = 0; i < seq.size(); ++i) {
                const PlannedTask& p = plan.tasks[seq[i]];
                const TimeNs until = i + 1 < seq.size() ? plan.tasks[seq[i + 1]].start_ns : plan.response_ns;
                plan.static_energy_j += ns_to_seconds(until - p.finish_ns) * node.idle_power_w(p.level);
            }
        }
    }
    return plan;
}

}  // namespace rmsim::singh
