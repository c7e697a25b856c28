#include "manager/policies/siegel/static_policy.h"

#include <algorithm>
#include <chrono>
#include <limits>
#include <map>
#include <optional>
#include <stdexcept>

#include "manager/decisions.h"
#include "manager/policies/siegel/min_min.h"
#include "manager/policy_view.h"

namespace rmsim {

SiegelStaticPolicy::SiegelStaticPolicy(const SiegelStaticConfig& config) : config_(config) {}

PolicyTraits SiegelStaticPolicy::traits() const {
    PolicyTraits t;
    t.on_arrival = true;
    t.on_completion = true;
    t.granularity = Granularity::Core;
    t.serial_tasks = true;  // the chromosome assigns each task to one core
    return t;
}

siegel::StaticProblem SiegelStaticPolicy::problem_of(const PolicyView& view, std::size_t max_pulses, double floor) {
    siegel::StaticProblem p;
    p.system = StochasticSystem::from_platform(view.platform());
    p.max_pulses = max_pulses;
    p.robustness_floor = floor;
    // The cluster of each core type (the manager's PMFs are per cluster; its cores share one type).
    const std::size_t types = view.platform().core_types.size();
    std::vector<std::optional<ClusterId>> cluster_of_type(types);
    std::uint32_t k = 0;
    for (ClusterId c = 0; c < view.cluster_count(); ++c)
        for (std::uint32_t u = 0; u < view.unit_count(c); ++u, ++k) {
            const CoreTypeId t = p.system.cores.at(k).type;
            if (!cluster_of_type[t]) cluster_of_type[t] = c;
        }
    // Tasks of one kind share their time table (and scale): their PMFs are one.
    std::map<std::pair<const TimeTable*, double>, std::uint32_t> kinds;
    p.deadline = std::numeric_limits<double>::infinity();
    for (TaskId t = 0; t < view.task_count(); ++t) {
        const Task& task = view.task(t);
        p.deadline = std::min(p.deadline, task.arrival_s + task.utility.zero_after());
        const auto key = std::make_pair(task.work.table().get(), task.work.table_scale());
        auto [it, fresh] = kinds.emplace(key, static_cast<std::uint32_t>(p.pmfs.size()));
        if (fresh) {
            std::vector<std::vector<Pmf>> per_type(types);
            for (std::size_t ct = 0; ct < types; ++ct) {
                if (!cluster_of_type[ct]) continue;
                const ClusterId c = *cluster_of_type[ct];
                for (std::uint32_t s = 0; s < view.pstate_count(c); ++s) {
                    Pmf pmf = view.exec_pmf(t, c, s);
                    if (pmf.empty()) throw std::invalid_argument("siegel-static: a task cannot run on every core type");
                    per_type[ct].push_back(pmf.normalized());
                }
            }
            p.pmfs.push_back(std::move(per_type));
        }
        p.task_kind.push_back(it->second);
    }
    p.prepare();
    return p;
}

void SiegelStaticPolicy::prepare(const PolicyView& view) {
    const auto t0 = std::chrono::steady_clock::now();
    const siegel::StaticProblem problem = problem_of(view, config_.max_pulses, config_.robustness_floor);
    deadline_ = problem.deadline;
    std::vector<siegel::Gene> genes;
    using H = SiegelStaticConfig::Heuristic;
    auto take = [&](const siegel::Mapping& m) {
        genes = m.genes();
        predicted_psi_ = m.robustness();
        predicted_energy_ = m.expected_energy();
    };
    if (config_.heuristic == H::Ga) {  // Siegel §3 GA, seeded by Min-Min once per fixed P-state
        siegel::Genitor ga(problem, config_.genitor);
        ga.seed(siegel::min_min_per_pstate(problem));
        ga.run();
        generations_ = ga.generations_done();
        take(ga.best());
    } else if (config_.heuristic == H::Tabu) {  // Siegel (slides) §3 Tabu, from the best Min-Min seed
        siegel::TabuSearch tabu(problem, config_.tabu);
        tabu.run(siegel::best_of(problem, siegel::min_min_per_pstate(problem)));
        take(tabu.best());
    } else if (config_.heuristic == H::TreeSearch) {  // Siegel (slides) §3 Tree Search
        take(siegel::tree_search(problem, config_.tree));
    } else {  // Siegel §3 Min-Min at one P-state
        if (config_.pstate >= problem.pstate_count())
            throw std::invalid_argument("siegel-static: pstate beyond the platform's P-states");
        take(siegel::Mapping(problem, siegel::min_min(problem, config_.pstate)));
    }
    for (ClusterId c = 0; c < view.cluster_count(); ++c)
        for (std::uint32_t u = 0; u < view.unit_count(c); ++u) cores_.push_back(Core{c, u, std::nullopt, {}});
    for (TaskId t = 0; t < genes.size(); ++t) cores_.at(genes[t].core).queue.emplace_back(t, genes[t].pstate);
    mapping_wall_s_ = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

void SiegelStaticPolicy::schedule(const PolicyView& view, Decisions& decide) {
    for (Core& core : cores_) {
        if (core.running) {
            const TaskRecord& r = view.record(*core.running);
            if (r.state == TaskState::Running) continue;
            const double end = r.end.to_seconds();
            makespan_ = std::max(makespan_, end);
            if (end > deadline_) ++late_;
            core.running.reset();
        }
        // A core runs its queue back to back; a task starts once it has arrived (all arrive at 0 in §3).
        if (core.queue.empty() || !view.is_waiting(core.queue.front().first)) continue;
        const auto [t, pstate] = core.queue.front();
        core.queue.pop_front();
        decide.start(t, core.cluster, {core.unit}, pstate);
        core.running = t;
    }
}

void SiegelStaticPolicy::report(PolicyReport& r) const {
    r.figures.push_back({"predicted_robustness", predicted_psi_});
    r.figures.push_back({"predicted_expected_energy_j", predicted_energy_});
    r.figures.push_back({"deadline_s", deadline_});
    r.figures.push_back({"makespan_s", makespan_});
    r.figures.push_back({"tasks_late", static_cast<double>(late_)});
    r.figures.push_back({"deadline_met", late_ == 0 && makespan_ <= deadline_ ? 1.0 : 0.0});
    r.figures.push_back({"ga_generations", static_cast<double>(generations_)});
    r.wall.push_back({"mapping_s", mapping_wall_s_});
}

}  // namespace rmsim
