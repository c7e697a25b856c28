#include "sim/run/trial_runner.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <iomanip>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "manager/front_report.h"
#include "manager/resource_manager.h"
#include "modules/machine.h"
#include "modules/protocol.h"
#include "modules/sim_time.h"
#include "platform/model_limits.h"
#include "platform/number_format.h"
#include "sim/outputs/batsim_results.h"
#include "sim/outputs/csv_row.h"
#include "sim/outputs/job_metrics.h"
#include "sim/outputs/outcome_stream.h"
#include "sim/outputs/provenance.h"
#include "sim/outputs/pstate_residency.h"
#include "sim/outputs/result_files.h"
#include "sim/outputs/run_recorder.h"
#include "sim/outputs/task_outcome.h"
#include "sim/outputs/vos_metrics.h"
#include "sim/outputs/waveforms.h"
#include "sim/run/invariants.h"
#include "sim/run/progress.h"

namespace rmsim {

namespace {

/// The test hook's "bad-start" (sim/run/invariants.h): at time 0, a START that node 0 cannot take (a P-state its
/// cores do not have), sent through the manager's port as the manager would send it.
class BadStart : public sc_core::sc_module {
public:
    SC_HAS_PROCESS(BadStart);
    BadStart(sc_core::sc_module_name name, ControlPort& port) : sc_module(name), port_(port) { SC_METHOD(send); }

private:
    void send() {
        Message m;
        m.op = Op::Start;
        m.node = 0;
        m.core = 0;
        m.pstate = kMaxPStates;
        m.work.set_cycles(1);
        port_.send(m);
    }
    ControlPort& port_;
};

/// tasks.csv, one row per task in id order, written straight to the file (10^6 rows are about 100 MB).
void write_tasks_csv(const PolicyView& view, std::ostream& o) {
    write_tasks_csv_header(o);
    for (TaskId t = 0; t < view.task_count(); ++t) write_tasks_csv_row(recorded_outcome(view, t), o);
}

/// A streamed run's end: the tasks still in the manager's table (waiting, running) give their outcomes, then
/// the tasks that never arrived (the run ended first) theirs, pending, so that the outcomes cover every task
/// of the workload as a run that loads them all would.
void fold_the_rest(const PolicyView& view, TaskTable& tasks, OutcomeStream& outcomes) {
    tasks.for_each_held([&](TaskId t) { outcomes.add(outcome_of(view, t)); });
    while (tasks.has_next()) {
        const TaskId t = tasks.admit_next();
        TaskOutcome o;
        o.id = t;
        o.arrival = tasks[t].arrival();
        outcomes.add(o);
        tasks.release(t);
    }
}

/// Runs the simulation to its end. With progress to show (a line of its own, or records for the trial pool), in
/// slices of simulated time (grown while a slice takes little wall time) so that it can be reported; otherwise in
/// one sc_start(). Either way the model sees the same events.
void simulate(const PolicyView& view, const TrialOptions& opt) {
    ProgressLine progress(opt.quiet, opt.progress_period_s);
    auto simulated_s = [] { return std::to_string(static_cast<long long>(to_seconds(sc_core::sc_time_stamp()))); };
    auto tasks_finished = [&] {
        return std::to_string(view.finished_count()) + " / " + std::to_string(view.task_count()) + " tasks finished";
    };
    const bool draw = opt.progress && !opt.quiet;  // this process's own line (a single run)
    if (!draw && opt.progress_fd < 0) {
        sc_core::sc_start();
        if (opt.progress) progress.finish("simulated " + simulated_s() + " s, " + tasks_finished());
        return;
    }
    // A forked trial reports at most once a second, and twice a period, so that the pool's lines are recent.
    const double report_every_s = std::min(1.0, opt.progress_period_s / 2);
    double last_report_s = -report_every_s;
    double slice_s = 1.0;
    do {
        const auto w0 = std::chrono::steady_clock::now();
        // At least to the next activity once the simulation has started (before, nothing is pending yet): a
        // slice with nothing in it would neither move time nor run anything (SystemC warns of such an sc_start).
        sc_core::sc_time slice = to_sc_time(SimTime::from_seconds(slice_s));
        if (sc_core::sc_start_of_simulation_invoked()) slice = std::max(slice, sc_core::sc_time_to_pending_activity());
        sc_core::sc_start(slice, sc_core::SC_EXIT_ON_STARVATION);
        const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - w0).count();
        if (wall < 0.05)
            slice_s *= 2;
        else if (wall > 0.5 && slice_s > 1e-3)
            slice_s /= 2;
        // Of the tasks known so far: all of them, or in a streamed run those that have arrived (read afresh: at
        // the start of a streamed run there are none).
        const double fraction =
            static_cast<double>(view.finished_count()) / std::max<double>(1.0, static_cast<double>(view.task_count()));
        if (draw)
            progress.update(fraction, progress.on_terminal()
                                          ? tasks_finished()
                                          : "simulated " + simulated_s() + " s, " + tasks_finished());
        if (opt.progress_fd >= 0 && progress.elapsed_s() - last_report_s >= report_every_s) {
            last_report_s = progress.elapsed_s();
            send_progress(opt.progress_fd,
                          {to_sim_time(sc_core::sc_time_stamp()).ns(), view.finished_count(), view.task_count()});
        }
    } while (sc_core::sc_get_status() != sc_core::SC_STOPPED && sc_core::sc_pending_activity());
    if (opt.progress) progress.finish("simulated " + simulated_s() + " s, " + tasks_finished());
}

}  // namespace

Metrics run_trial(const Experiment& e, std::uint32_t trial, const TrialOptions& opt) {
    const auto wall0 = std::chrono::steady_clock::now();
    const std::string corrupt = test_corruption();  // the test hook (sim/run/invariants.h), empty in use
    // A streamed run (run.stream) draws its tasks as it goes; the others load them all first.
    const Workload workload = e.stream ? Workload{} : make_workload(e, trial);
    auto tasks = e.stream ? std::make_unique<TaskTable>(make_task_stream(e, trial))
                          : std::make_unique<TaskTable>(workload.tasks);
    std::unique_ptr<Policy> policy = make_policy(e);
    // The module tree is left to process exit (one simulation per process; teardown is slow at scale).
    MachineOptions hardware;
    hardware.governor = e.dvfs.make_governor;
    hardware.power_caps = e.dvfs.power_caps;
    set_time_resolution();  // rmsim's runs count in whole nanoseconds
    // A workload that draws its hardware per trial (uav_mission) runs on its own platform.
    auto* machine = new Machine(workload.platform ? *workload.platform : e.platform, hardware);
    // energy.csv, pstates.csv, trace.json, and the energy at the measurement window's edges.
    std::vector<SimTime> marks;
    if (e.window.enabled) marks.push_back(e.window.start);
    if (e.window.enabled && !e.window.end.is_infinite()) marks.push_back(e.window.end);
    RunRecorder recorder(*machine, e.sample_interval_s, opt.trace, marks, e.waveforms.enabled);
    std::unique_ptr<WaveformRecorder> waves;  // waves.vcd (run.waveforms)
    if (e.waveforms.enabled) waves = std::make_unique<WaveformRecorder>(*machine, e.waveforms);
    auto* manager = new ResourceManager("manager", machine->spec(), machine->manager_port(), *tasks, *policy, e.manager,
                                        workload.jobs.empty() ? nullptr : &workload.jobs, workload.mission.get());
    // A streamed run writes each task's outcome as it finishes to a staging file of the run folder, and
    // folds them in id order at the end (sim/outputs/outcome_stream.h).
    ResultFiles files(opt.out_dir);
    std::unique_ptr<OutcomeStream> outcomes;
    if (e.stream) {
        std::optional<WindowFold> window;
        if (e.window.enabled) window.emplace(e.window.start, e.window.end);  // bounded (load_experiment)
        std::filesystem::create_directories(opt.out_dir);
        outcomes = std::make_unique<OutcomeStream>(opt.out_dir + "/" + partial_name("outcomes"), std::move(window));
        manager->set_retire([&outcomes](const PolicyView& v, TaskId t) { outcomes->add(outcome_of(v, t)); });
    }
    if (corrupt == kBadStart) new BadStart("bad_start", machine->manager_port());
    try {
        simulate(manager->bookkeeping().view(), opt);
    } catch (...) {
        tasks->rethrow_input_error();  // a bad line read mid-run: the user's mistake, exit 2
        throw;
    }
    recorder.end_run();
    const SimTime sim_end_t = to_sim_time(sc_core::sc_time_stamp());
    const Seconds sim_end = sim_end_t.to_seconds();
    const PolicyView& view = manager->bookkeeping().view();
    manager->retire_finished();  // a streamed run's last finished tasks (nothing otherwise)
    const std::size_t held_at_end = tasks->live();
    if (outcomes) {
        fold_the_rest(view, *tasks, *outcomes);
        outcomes->finish(tasks->size(), files.open_now("tasks.csv"));
    }
    Metrics m = outcomes ? outcomes->metrics().finish(machine->energy_breakdown(), view.mapping_events())
                         : compute_metrics(view, machine->energy_breakdown());
    check_end_of_run(EndOfRun{*manager, *machine, m, e.manager.end, sim_end_t, outcomes ? &outcomes->flags() : nullptr},
                     corrupt);
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall0).count();

    nlohmann::ordered_json s;
    s["policy"] = e.policy_name;
    s["seed"] = e.seed;
    s["trial"] = trial;
    s["tasks"] = {{"total", tasks->size()},     {"arrived", m.arrived},        {"completed", m.completed},
                  {"dropped", m.dropped},       {"rejected", m.rejected},      {"killed", m.killed},
                  {"unfinished", m.unfinished}, {"preemptions", m.preemptions}};
    s["utility"] = {
        {"earned", m.utility_earned}, {"maximum", m.utility_max}, {"percent_of_maximum", m.utility_percent}};
    if (e.window.enabled) {
        const bool bounded = !e.window.end.is_infinite();
        const SimTime w1 = bounded ? e.window.end : sim_end_t;
        const Joules end_j = bounded ? recorder.energy_at_mark(1) : machine->total_energy();
        const Joules window_j = end_j - recorder.energy_at_mark(0);
        const WindowMetrics w = outcomes ? outcomes->window()->finish(window_j)
                                         : compute_window_metrics(view, e.window.start, w1, window_j);
        s["window"] = {{"start_s", w.start.to_seconds()},
                       {"end_s", w.end.to_seconds()},
                       {"arrived", w.arrived},
                       {"completed", w.completed},
                       {"dropped", w.dropped},
                       {"rejected", w.rejected},
                       {"killed", w.killed},
                       {"utility_earned", w.utility_earned},
                       {"utility_maximum", w.utility_max},
                       {"percent_of_maximum", w.utility_percent},
                       {"energy_j", w.energy_j}};
        // Machovec Ch.2 value of service, for workloads whose tasks carry VoS terms (sim/outputs/vos_metrics.h;
        // none of them streams).
        const VosMetrics v = outcomes ? VosMetrics{} : compute_vos_metrics(view, e.window.start, w1);
        if (v.tasks > 0)
            s["vos"] = {{"value", v.vos},
                        {"maximum", v.vos_max},
                        {"percent_of_maximum", v.vos_percent},
                        {"performance_value", v.performance},
                        {"performance_maximum", v.performance_max},
                        {"performance_percent", v.performance_percent},
                        {"energy_value", v.energy_value},
                        {"energy_value_maximum", v.energy_value_max},
                        {"energy_value_percent", v.energy_value_percent},
                        {"completed_with_value", v.valued},
                        {"execution_time_s", v.execution_time_s},
                        {"eec_energy_j", v.eec_energy_j},
                        {"measured_task_energy_j", v.measured_energy_j}};
    }
    if (view.has_jobs()) {
        const JobMetrics j = compute_job_metrics(view);
        s["jobs"] = {{"total", j.total},
                     {"arrived", j.arrived},
                     {"completed", j.completed},
                     {"rejected", j.rejected},
                     {"zero_value", j.zero_value},
                     {"unfinished", j.unfinished},
                     {"rejected_percent", j.rejected_percent},
                     {"value_earned", j.value_earned},
                     {"energy_j", j.energy_j},
                     {"planned_energy_j", j.planned_energy_j},
                     {"mean_response_s", j.mean_response_s},
                     {"value_per_energy", j.value_per_energy},
                     {"cores_per_job_mean", j.cores_per_job_mean}};
    }
    nlohmann::ordered_json energy;
    energy["total_j"] = m.energy_total_j;
    for (std::size_t i = 0; i < kEnergyCategories; ++i)
        energy[std::string(to_string(EnergyCategory(i))) + "_j"] = m.energy[i];
    energy["attributed_to_tasks_j"] = m.task_energy_j;
    energy["energy_delay_product_js"] = m.energy_total_j * m.makespan_s;  // energy x makespan
    s["energy"] = energy;
    s["time"] = {{"makespan_s", m.makespan_s},
                 {"simulated_s", sim_end},
                 {"mean_wait_s", m.mean_wait_s},
                 {"mean_bounded_slowdown", m.mean_bounded_slowdown}};
    s["scheduler"] = {{"mapping_events", m.mapping_events},
                      {"estimate", to_string(e.manager.estimate.model)},
                      {"max_waiting", manager->stats().max_waiting},
                      {"deferred_starts", manager->stats().deferred_starts},
                      {"kills", manager->stats().kills},
                      {"commands", machine->manager_port().commands_sent()},
                      {"notices", machine->manager_port().notices_received()}};
    if (manager->bookkeeping().stores().any()) {
        // The nodes with an energy store, how many were used up and when (the hardware's exact instants).
        std::uint64_t stores = 0, depleted = 0;
        nlohmann::ordered_json at = nlohmann::ordered_json::object();
        for (NodeId n = 0; n < machine->node_count(); ++n)
            if (const EnergyStore* st = machine->node(n).energy_store()) {
                ++stores;
                if (!st->depleted()) continue;
                ++depleted;
                at["node" + std::to_string(n)] = to_sim_time(st->depleted_at()).to_seconds();
            }
        s["energy_stores"] = {{"nodes", stores}, {"depleted", depleted}, {"depleted_at_s", at}};
    }
    if (e.dvfs.make_governor) {
        std::uint64_t domains = 0, samples = 0;
        for (NodeId n = 0; n < machine->node_count(); ++n)
            for (std::size_t d = 0; d < machine->node(n).domain_count(); ++d)
                if (const GovernorModule* g = machine->node(n).governor(d)) {
                    ++domains;
                    samples += g->samples();
                }
        s["governor"] = {{"name", e.dvfs.governor}, {"domains", domains}, {"samples", samples}};
    }
    if (!machine->power_caps().empty()) {
        nlohmann::ordered_json caps = nlohmann::ordered_json::object();
        for (std::size_t i = 0; i < machine->power_caps().size(); ++i) {
            const PowerCapSpec& c = machine->power_caps()[i]->spec();
            const PowerCapReport& r = machine->power_caps()[i]->report();
            const std::string k = "cap" + std::to_string(i) + "_";
            caps[k + "scope"] = to_string(c.scope);
            caps[k + "watts"] = c.watts;
            caps[k + "time_over_s"] = r.time_over_s;
            caps[k + "largest_excess_w"] = r.largest_excess_w;
            caps[k + "largest_window_average_w"] = r.largest_window_average_w;
            caps[k + "slowdowns"] = r.slowdowns;
            caps[k + "raises"] = r.raises;
        }
        s["power_caps"] = caps;
    }
    s["dvfs"] =
        to_json(pstate_residency(machine->spec(), recorder.log().pstate_changes(), sim_end_t.ns()), machine->spec());
    PolicyReport report;
    policy->report(report);
    if (!report.figures.empty()) {
        nlohmann::ordered_json p = nlohmann::ordered_json::object();
        for (const auto& [k, v] : report.figures) p[k] = v;
        s["policy_stats"] = p;
    }
    nlohmann::ordered_json timing;  // wall-clock figures: not deterministic, kept out of summary.json
    timing["wall_s"] = wall;
    timing["simulated_s_per_wall_s"] = wall > 0 ? sim_end / wall : 0;
    timing["delta_cycles"] = sc_core::sc_delta_count();
    const EventTiming& ev = manager->stats().event_wall;
    timing["scheduler_wall_per_event_s"] = {
        {"mean", ev.all().mean()}, {"median", ev.all().median()}, {"max", ev.all().max()}};
    // The same by the waiting queue's length at the event (median to within 7.5 %, manager/event_timing.h).
    for (std::size_t d = 0; d < EventTiming::kQueueDecades; ++d) {
        const WallHistogram& h = ev.at_queue_decade(d);
        if (h.count() == 0) continue;
        timing["scheduler_wall_by_queue_length"][EventTiming::decade_label(d)] = {
            {"events", h.count()}, {"mean", h.mean()}, {"median", h.median()}, {"max", h.max()}};
    }
    for (const auto& [k, v] : report.wall) timing["policy"][k] = v;
    // What the run held at most (deterministic, but not a result: kept beside the wall times). A streamed run
    // holds the tasks waiting, reserved and running; the others every task.
    timing["memory"] = {{"streamed", e.stream},
                        {"peak_tasks_held", tasks->peak_live()},
                        {"peak_records_held", manager->bookkeeping().ledger().peak_records_held()},
                        {"peak_waiting_and_running", manager->stats().peak_waiting_and_running},
                        {"tasks_held_at_end", held_at_end}};
    check_summary_finite(s, corrupt);
    files.add("summary.json", s.dump(2) + "\n");
    files.add("timing.json", timing.dump(2) + "\n");
    if (!outcomes) files.add_streamed("tasks.csv", [&view](std::ostream& o) { write_tasks_csv(view, o); });
    if (view.has_jobs()) files.add("jobs.csv", jobs_csv(view));
    if (e.batsim_jobs)
        files.add_streamed("batsim_jobs.csv", [&view](std::ostream& o) { write_batsim_jobs_csv(view, o); });
    if (e.swf_schedule) files.add_streamed("schedule.swf", [&view](std::ostream& o) { write_schedule_swf(view, o); });
    if (const auto* fronts = dynamic_cast<const FrontReport*>(policy.get()))
        if (std::string csv = fronts->pareto_csv(); !csv.empty()) files.add("pareto.csv", std::move(csv));
    recorder.finish(files);
    if (waves)
        files.add_streamed("waves.vcd", [&](std::ostream& o) { waves->write(o, recorder.log(), sim_end_t.ns()); });
    files.commit();
    if (!opt.provenance.empty()) {
        ResultFiles last(opt.out_dir);
        last.add(kProvenanceFile, opt.provenance);
        last.commit();
    }
    return m;
}

}  // namespace rmsim
