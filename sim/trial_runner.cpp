#include "sim/trial_runner.h"

#include <chrono>
#include <cmath>
#include <iomanip>
#include <sstream>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "manager/resource_manager.h"
#include "platform/builder.h"
#include "sim/result_files.h"

namespace rmsim {

namespace {

/// End-of-run invariants (always on): a violation is an internal error.
void check_invariants(const SchedulingContext& ctx, const Machine& machine) {
    const EnergyBreakdown total = machine.energy_breakdown();
    const EnergyBreakdown parts = machine.sum_of_components();
    for (std::size_t i = 0; i < kEnergyCategories; ++i) {
        const double tol = 1e-9 * std::max(1.0, std::fabs(total[i]));
        if (std::fabs(total[i] - parts[i]) > tol)
            throw std::logic_error(std::string("invariant: machine energy '") + to_string(EnergyCategory(i)) +
                                   "' differs from the sum of its components");
    }
    for (TaskId t = 0; t < ctx.task_count(); ++t) {
        const TaskRecord& r = ctx.record(t);
        if (r.remaining < 0 || r.remaining > 1)
            throw std::logic_error("invariant: task " + std::to_string(t) + " has remaining work outside [0, 1]");
        if (r.state == TaskState::Completed && (r.remaining != 0 || r.end_s < r.first_start_s))
            throw std::logic_error("invariant: completed task " + std::to_string(t) + " is inconsistent");
    }
    // Every task is accounted for exactly once: each record has exactly one state, and the counts
    // by state add up to the number of tasks (checked in the summary writer's totals).
}

std::string fmt(double v) {
    std::ostringstream s;
    s << std::setprecision(12) << v;
    return s.str();
}

std::string tasks_csv(const SchedulingContext& ctx) {
    std::ostringstream o;
    o << "id,arrival_s,first_start_s,end_s,state,cluster,first_node,first_core,nodes,pstate,preemptions,"
         "energy_j,utility\n";
    for (TaskId t = 0; t < ctx.task_count(); ++t) {
        const TaskRecord& r = ctx.record(t);
        const Task& k = ctx.task(t);
        const bool placed = r.first_start_s >= 0;
        const double u = r.state == TaskState::Completed ? k.utility.value_at(r.end_s - k.arrival_s) : 0.0;
        o << t << ',' << fmt(k.arrival_s) << ',' << (placed ? fmt(r.first_start_s) : "") << ','
          << (r.end_s >= 0 ? fmt(r.end_s) : "") << ',' << to_string(r.state) << ','
          << (placed ? std::to_string(r.cluster) : "") << ',' << (placed ? std::to_string(r.first_node) : "") << ','
          << (placed && r.first_core != kAllCores ? std::to_string(r.first_core) : "") << ','
          << (placed ? std::to_string(r.node_count) : "") << ',' << (placed ? std::to_string(r.pstate) : "") << ','
          << r.preemptions << ',' << fmt(r.energy_j) << ',' << fmt(u) << '\n';
    }
    return o.str();
}

}  // namespace

Metrics run_trial(const Experiment& e, std::uint32_t trial, const TrialOptions& opt) {
    const auto wall0 = std::chrono::steady_clock::now();
    const std::vector<Task> tasks = make_tasks(e, trial);
    std::unique_ptr<Policy> policy = make_policy(e);
    // The module tree is left to process exit (one simulation per process; teardown is slow at scale).
    auto* machine = new Machine(e.platform);
    auto* manager = new ResourceManager("manager", *machine, tasks, *policy, e.manager);
    sc_core::sc_start();
    const Seconds sim_end = to_seconds(sc_core::sc_time_stamp());
    const SchedulingContext& ctx = manager->context();
    check_invariants(ctx, *machine);
    Metrics m = compute_metrics(ctx, manager->stats().event_wall_s, machine->energy_breakdown());
    if (m.arrived + (tasks.size() - m.arrived) != tasks.size() ||
        m.completed + m.dropped + m.rejected + m.unfinished != m.arrived)
        throw std::logic_error("invariant: task counts do not add up");
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall0).count();

    nlohmann::ordered_json s;
    s["policy"] = e.policy_name;
    s["seed"] = e.seed;
    s["trial"] = trial;
    s["tasks"] = {{"total", tasks.size()}, {"arrived", m.arrived}, {"completed", m.completed},
                  {"dropped", m.dropped}, {"rejected", m.rejected}, {"unfinished", m.unfinished},
                  {"preemptions", m.preemptions}};
    s["utility"] = {{"earned", m.utility_earned}, {"maximum", m.utility_max}, {"percent_of_maximum", m.utility_percent}};
    nlohmann::ordered_json energy;
    energy["total_j"] = m.energy_total_j;
    for (std::size_t i = 0; i < kEnergyCategories; ++i) energy[std::string(to_string(EnergyCategory(i))) + "_j"] = m.energy[i];
    energy["attributed_to_tasks_j"] = m.task_energy_j;
    s["energy"] = energy;
    s["time"] = {{"makespan_s", m.makespan_s}, {"simulated_s", sim_end}, {"mean_wait_s", m.mean_wait_s},
                 {"mean_bounded_slowdown", m.mean_bounded_slowdown}};
    s["scheduler"] = {{"mapping_events", m.mapping_events},
                      {"deferred_starts", manager->stats().deferred_starts},
                      {"commands", machine->manager_port().commands_sent()},
                      {"notices", machine->manager_port().notices_received()}};
    nlohmann::ordered_json timing;  // wall-clock figures: not deterministic, kept out of summary.json
    timing["wall_s"] = wall;
    timing["simulated_s_per_wall_s"] = wall > 0 ? sim_end / wall : 0;
    timing["delta_cycles"] = sc_core::sc_delta_count();
    timing["scheduler_wall_per_event_s"] = {{"mean", m.sched_wall_mean_s}, {"median", m.sched_wall_median_s},
                                            {"max", m.sched_wall_max_s}};
    ResultFiles files(opt.out_dir);
    files.add("summary.json", s.dump(2) + "\n");
    files.add("timing.json", timing.dump(2) + "\n");
    files.add("tasks.csv", tasks_csv(ctx));
    files.commit();
    return m;
}

}  // namespace rmsim
