#include "sim/run/cli.h"

#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "manager/policy_registry.h"
#include "modules/governors/governor_registry.h"
#include "platform/version.h"
#include "sim/config/experiment.h"
#include "sim/config/plugins.h"
#include "sim/outputs/provenance.h"
#include "sim/outputs/result_files.h"
#include "sim/run/cli_args.h"
#include "sim/run/component_listing.h"
#include "sim/run/exit_status.h"
#include "sim/run/merge.h"
#include "sim/run/plot.h"
#include "sim/run/progress.h"
#include "sim/run/run_folder.h"
#include "sim/run/run_plan.h"
#include "sim/run/run_results.h"
#include "sim/run/shard_manifest.h"
#include "sim/run/slurm_job.h"
#include "sim/run/trial_pool.h"
#include "sim/run/trial_runner.h"
#include "workloads/trace_convert.h"
#include "workloads/workload_registry.h"

namespace rmsim {

namespace {

int cmd_run(const RunArgs& a) {
    const double period_s = progress_period_s();  // bad usage before anything is loaded or written
    // Every variant is loaded and validated, and its workload built once, before anything runs or is written;
    // then --out is checked and made ready (a previous run there: --resume or --force, sim/run/run_folder.h).
    const RunPlan plan = plan_run(a);
    EmptyFoldersOnFailure cleanup(a.out);
    std::set<std::size_t> skip = prepare_out(plan, a.rerun);
    const std::size_t kept = skip.size();
    const std::vector<std::size_t> selected = plan.selected_runs();
    if (a.shard) {
        // A shard runs its slice of the pairs; `rmsim merge` joins the shards (docs/scale-out.md).
        ResultFiles files(a.out);
        files.add(kShardFile, shard_manifest_json(a, plan));
        files.commit();
        std::vector<bool> in(plan.run_count(), false);
        for (std::size_t i : selected) in[i] = true;
        for (std::size_t i = 0; i < plan.run_count(); ++i)
            if (!in[i]) skip.insert(i);
    }
    const std::string shard =
        a.shard ? "shard " + std::to_string(a.shard->index) + "/" + std::to_string(a.shard->count) + ": " : "";
    TrialOptions opt;
    opt.quiet = a.quiet;
    opt.trace = a.trace;
    opt.progress_period_s = period_s;
    if (plan.single) {
        if (!skip.count(0)) {
            opt.out_dir = a.out;
            opt.progress = true;
            opt.provenance = plan.run(0).provenance;
            run_trial(plan.experiments[0], 0, opt);
        } else if (!a.quiet) {
            std::cerr << "rmsim: " << shard << a.out
                      << (kept ? " holds this run, finished (--resume)\n" : " holds none of the run's pairs\n");
        }
        cleanup.keep();
        if (!a.quiet && !selected.empty()) print_summary(a.out);
        return kExitOk;
    }
    // One simulation per process: every (variant, trial) runs in a forked child, up to --jobs at a time.
    const std::size_t runs = plan.run_count() - skip.size();
    const std::string what = shard + std::to_string(runs) + " runs (" + std::to_string(plan.experiments.size()) +
                             " variant(s) x " + std::to_string(plan.trials) + " trial(s)" +
                             (a.shard ? ", " + std::to_string(selected.size()) + " pairs in the shard" : "") +
                             (kept == 0 ? "" : ", " + std::to_string(kept) + " kept from before") + ")";
    // Trials that all failed on the user's input (a streamed workload's bad line) are the user's mistake too.
    std::size_t bad_input = 0;
    if (const std::size_t failed = run_trial_pool(plan, skip, opt, a.jobs, what, &bad_input))
        return failed == bad_input ? kExitBadInput : kExitInternal;
    cleanup.keep();
    if (a.shard) {
        if (!a.quiet)
            std::cout << "rmsim: " << shard << selected.size() << " pairs -> " << a.out
                      << " (rmsim merge joins the shards' folders)\n";
        return kExitOk;
    }
    write_run_results(plan, a.out);
    if (!a.quiet) print_run_results(plan);
    return kExitOk;
}

int cmd_validate(const RunArgs& a) {
    const ConfigVariants cv = load_variants(a);
    WorkloadNotes notes(a.quiet);
    for (const Variant& v : cv.variants) {
        Experiment e = load_experiment(a.config, cv.cli, cv.multi ? &v : nullptr);
        Workload w;
        std::size_t tasks = 0;
        if (e.stream) {
            // Read whole once, keeping nothing: every bad record is found before a long run reaches it.
            check_stream_fits(e);
            const std::unique_ptr<TaskStream> stream = make_task_stream(e, 0);
            tasks = count_rest(*stream);
            w.skipped = stream->skipped();
        } else {
            w = make_workload(e, 0);
            check_policy_fits(e, w);
            tasks = w.tasks.size();
        }
        notes.say(w);
        std::cout << a.config << (cv.multi ? " [" + v.name + "]" : std::string()) << ": ok ("
                  << (w.platform ? *w.platform : e.platform).total_nodes() << " nodes, "
                  << (w.platform ? *w.platform : e.platform).total_cores() << " cores, " << tasks << " tasks"
                  << (w.jobs.empty() ? std::string() : " in " + std::to_string(w.jobs.size()) + " jobs")
                  << (e.stream ? ", streamed" : "") << ", policy " << e.policy_name << ")\n";
    }
    return kExitOk;
}

int cmd_list_policies(bool json) {
    const auto policies = listed_components(policy_registry(), [](const PolicyInfo& p, ListedComponent& l) {
        l.fields = {{"family", p.family}, {"paper", p.paper}};
        l.heading = "  [" + p.family + "]  " + p.paper;
    });
    print_components(std::cout, policies, json);
    return kExitOk;
}

int cmd_convert(const ConvertArgs& a) {
    std::error_code ec;
    if (std::filesystem::exists(a.out, ec))
        throw InputError(SourceLocation{a.out, 0, 0}, "exists already: convert writes a new file");
    const TraceJobs jobs = read_trace_jobs(a.in);
    write_trace_jobs(jobs, a.out);
    std::cout << "rmsim: " << jobs.jobs.size() << " jobs from " << a.in << " -> " << a.out << "\n";
    return kExitOk;
}

int dispatch(const CliArgs& c) {
    for (const std::string& p : c.plugins) load_plugin(p, SourceLocation{"rmsim", 0, 0});
    switch (c.command) {
        case CliCommand::kNone: std::cout << usage(); return kExitBadInput;
        case CliCommand::kHelp: std::cout << (c.help_for.empty() ? usage() : command_usage(c.help_for)); return kExitOk;
        case CliCommand::kVersion: std::cout << "rmsim " << RMSIM_VERSION_STRING << "\n"; return kExitOk;
        case CliCommand::kRun: return cmd_run(c.run);
        case CliCommand::kValidate: return cmd_validate(c.run);
        case CliCommand::kListPolicies: return cmd_list_policies(c.json);
        case CliCommand::kListGovernors:
            print_components(std::cout, listed_components(governor_registry()), c.json);
            return kExitOk;
        case CliCommand::kListWorkloads:
            print_components(std::cout, listed_components(workload_registry()), c.json);
            return kExitOk;
        case CliCommand::kPlot: return run_plot(c.plot);
        case CliCommand::kConvert: return cmd_convert(c.convert);
        case CliCommand::kMerge: return run_merge(c.merge);
        case CliCommand::kSlurm: return run_slurm(c.slurm, c.plugins);
    }
    return kExitInternal;
}

}  // namespace

int cli_main(int argc, char** argv) {
    const std::vector<std::string> args(argv + 1, argv + argc);
    return exit_code_of([&] { return dispatch(parse_cli_args(args)); });
}

}  // namespace rmsim
