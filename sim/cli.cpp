#include "sim/cli.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "manager/policy_registry.h"
#include "platform/input_error.h"
#include "platform/yaml_util.h"
#include "sim/aggregate.h"
#include "sim/cli_args.h"
#include "sim/comparison.h"
#include "sim/exit_status.h"
#include "sim/experiment.h"
#include "sim/result_files.h"
#include "sim/trial_pool.h"
#include "sim/trial_runner.h"

namespace rmsim {

namespace {

void print_summary(const std::string& dir) {
    std::ifstream in(dir + "/summary.json");
    const nlohmann::json s = nlohmann::json::parse(in);
    const auto& t = s["tasks"];
    const auto& e = s["energy"];
    std::cout << "rmsim " << s["policy"].get<std::string>() << " (seed " << s["seed"] << ") -> " << dir << "\n"
              << std::left << std::setw(30) << "  tasks completed / arrived" << t["completed"] << " / " << t["arrived"]
              << "  (dropped " << t["dropped"] << ", rejected " << t["rejected"] << ", unfinished " << t["unfinished"]
              << ")\n"
              << std::setw(30) << "  utility earned" << s["utility"]["earned"].get<double>() << " ("
              << std::setprecision(4) << s["utility"]["percent_of_maximum"].get<double>() << " % of maximum)\n"
              << std::setw(30) << "  makespan" << s["time"]["makespan_s"].get<double>() << " s\n"
              << std::setw(30) << "  mean wait" << s["time"]["mean_wait_s"].get<double>() << " s\n"
              << std::setw(30) << "  mean bounded slowdown" << s["time"]["mean_bounded_slowdown"].get<double>() << "\n"
              << std::setw(30) << "  energy total" << e["total_j"].get<double>() << " J\n";
    for (const char* k : {"core_dynamic_j", "core_static_j", "uncore_j", "node_base_j", "transition_j"})
        std::cout << "    " << std::setw(26) << k << e[k].get<double>() << " J\n";
    std::cout << std::setw(30) << "  mapping events" << s["scheduler"]["mapping_events"] << "\n";
}

/// The config's variants (one unnamed variant when it has none) and the command line's --set overrides.
struct ConfigVariants {
    YAML::Node raw;
    bool multi = false;
    std::vector<Variant> variants;  ///< the ones selected by --only
    std::vector<Override> cli;
    CompareSpec compare;
};

ConfigVariants load_variants(const RunArgs& a) {
    ConfigVariants cv;
    for (const auto& s : a.sets) {
        cv.cli.push_back(parse_override(s));
        // Variants and sweeps are expanded from the file before --set applies to each of them, so a change
        // to them would be silently lost: refuse it and point at the option that selects variants.
        const std::string& path = cv.cli.back().path;
        const std::string top = path.substr(0, path.find('.'));
        if (top == "variants" || top == "sweep" || top == "compare")
            usage_error("--set cannot change '" + top + "' (variants and sweeps come from the config file); "
                        "select some with --only NAME,...");
    }
    cv.raw = load_yaml_file(a.config);
    cv.multi = has_variants(cv.raw);
    cv.variants = cv.multi ? expand_variants(cv.raw, a.config) : std::vector<Variant>{Variant{}};
    if (cv.multi) cv.compare = load_compare(cv.raw, a.config, cv.variants);
    if (a.only.empty()) return cv;
    if (!cv.multi) usage_error("--only selects variants, and " + a.config + " has none");
    for (const std::string& name : a.only)
        if (std::none_of(cv.variants.begin(), cv.variants.end(), [&](const Variant& v) { return v.name == name; }))
            usage_error("--only: " + a.config + " has no variant '" + name + "'");
    // The comparison keeps the config's order; a normalize_to variant that was not selected is dropped.
    std::vector<Variant> ordered;
    for (const Variant& v : cv.variants)
        if (std::count(a.only.begin(), a.only.end(), v.name)) ordered.push_back(v);
    if (!std::count(a.only.begin(), a.only.end(), cv.compare.normalize_to)) cv.compare.normalize_to.clear();
    cv.variants = std::move(ordered);
    return cv;
}

std::vector<nlohmann::ordered_json> read_summaries(const std::string& dir, std::uint32_t trials) {
    std::vector<nlohmann::ordered_json> sums;
    for (std::uint32_t t = 0; t < trials; ++t) {
        std::ifstream in(dir + "/trial-" + std::to_string(t) + "/summary.json");
        sums.push_back(nlohmann::ordered_json::parse(in));
    }
    return sums;
}

int cmd_run(const RunArgs& a) {
    // Every variant is loaded and validated, and its workload built once, before anything runs or is written.
    const ConfigVariants cv = load_variants(a);
    const YAML::Node& raw = cv.raw;
    const bool multi = cv.multi;
    const std::vector<Variant>& variants = cv.variants;
    std::vector<Experiment> exps;
    for (const Variant& v : variants) {
        Experiment e = load_experiment(a.config, cv.cli, multi ? &v : nullptr);
        if (a.seed) e.seed = *a.seed;
        if (a.trials) e.trials = *a.trials;
        if (!exps.empty() && e.trials != exps[0].trials)
            throw InputError(yaml_location(raw, a.config),
                             "variant '" + v.name + "' runs " + std::to_string(e.trials) + " trials, variant '" +
                                 exps[0].variant + "' " + std::to_string(exps[0].trials) +
                                 ": every variant must run the same trials (common random numbers)");
        check_policy_fits(e, make_workload(e, 0));  // after --trials: a trace workload checks every trial's day
        exps.push_back(std::move(e));
    }
    const CompareSpec& spec = cv.compare;
    const std::uint32_t trials = exps[0].trials;
    TrialOptions opt;
    opt.quiet = a.quiet;
    opt.trace = a.trace;
    if (!multi && trials == 1) {
        opt.out_dir = a.out;
        opt.progress = true;
        run_trial(exps[0], 0, opt);
        if (!a.quiet) print_summary(a.out);
        return kExitOk;
    }
    // One simulation per process: every (variant, trial) runs in a forked child, up to --jobs at a time.
    auto variant_dir = [&](std::size_t v) { return multi ? a.out + "/" + variants[v].dir : a.out; };
    std::vector<std::string> dirs;
    for (std::size_t v = 0; v < exps.size(); ++v) dirs.push_back(variant_dir(v));
    if (run_trial_pool(exps, dirs, trials, opt, a.jobs) > 0) return kExitInternal;
    // aggregate.json per variant: mean and 95 % CI of every numeric summary field over the trials.
    std::vector<VariantResults> results;
    for (std::size_t v = 0; v < exps.size(); ++v) {
        VariantResults r{variants[v], exps[v].policy_name, read_summaries(variant_dir(v), trials)};
        nlohmann::ordered_json agg;
        if (multi) agg["variant"] = variants[v].name;
        agg["policy"] = exps[v].policy_name;
        agg["seed"] = exps[v].seed;
        agg["trials"] = trials;
        agg.update(aggregate(r.summaries));
        ResultFiles files(variant_dir(v));
        files.add("aggregate.json", agg.dump(2) + "\n");
        files.commit();
        results.push_back(std::move(r));
    }
    if (multi) {
        ResultFiles files(a.out);
        files.add("comparison.csv", comparison_csv(results, spec));
        const std::string title = raw["name"] && raw["name"].IsScalar() ? raw["name"].Scalar() : a.config;
        files.add("comparison.md", comparison_md(results, spec, title));
        files.commit();
        if (!a.quiet) std::cout << "rmsim: " << exps.size() << " variants x " << trials << " trials -> " << a.out
                                << "/comparison.md\n";
    } else if (!a.quiet) {
        std::cout << "rmsim: " << trials << " trials -> " << a.out << "/aggregate.json\n";
    }
    return kExitOk;
}

int cmd_validate(const RunArgs& a) {
    const ConfigVariants cv = load_variants(a);
    for (const Variant& v : cv.variants) {
        Experiment e = load_experiment(a.config, cv.cli, cv.multi ? &v : nullptr);
        const Workload w = make_workload(e, 0);
        check_policy_fits(e, w);
        const auto& tasks = w.tasks;
        std::cout << a.config << (cv.multi ? " [" + v.name + "]" : std::string()) << ": ok ("
                  << e.platform.total_nodes() << " nodes, " << e.platform.total_cores() << " cores, " << tasks.size()
                  << " tasks" << (w.jobs.empty() ? std::string() : " in " + std::to_string(w.jobs.size()) + " jobs")
                  << ", policy " << e.policy_name << ")\n";
    }
    return kExitOk;
}

int cmd_list_policies(bool json) {
    const auto& all = builtin_policies().all();
    if (json) {
        nlohmann::ordered_json out = nlohmann::ordered_json::array();
        for (const auto& p : all) {
            nlohmann::ordered_json params = nlohmann::ordered_json::array();
            for (const auto& q : p.params)
                params.push_back({{"name", q.name}, {"type", q.type}, {"default", q.default_value},
                                  {"description", q.description}});
            out.push_back({{"name", p.name}, {"family", p.family}, {"paper", p.paper},
                           {"description", p.description}, {"params", params}});
        }
        std::cout << out.dump(2) << "\n";
        return kExitOk;
    }
    for (const auto& p : all) {
        std::cout << p.name << "  [" << p.family << "]  " << p.paper << "\n    " << p.description << "\n";
        for (const auto& q : p.params)
            std::cout << "    " << q.name << " (" << q.type << ", default " << q.default_value << "): "
                      << q.description << "\n";
    }
    return kExitOk;
}

int dispatch(const CliArgs& c) {
    switch (c.command) {
        case Command::kNone:
            std::cout << kUsage;
            return kExitBadInput;
        case Command::kHelp:
            std::cout << kUsage;
            return kExitOk;
        case Command::kVersion:
            std::cout << "rmsim " << RMSIM_VERSION << "\n";
            return kExitOk;
        case Command::kRun:
            return cmd_run(c.run);
        case Command::kValidate:
            return cmd_validate(c.run);
        case Command::kListPolicies:
            return cmd_list_policies(c.json);
    }
    return kExitInternal;
}

}  // namespace

int cli_main(int argc, char** argv) {
    const std::vector<std::string> args(argv + 1, argv + argc);
    return exit_code_of([&] { return dispatch(parse_cli_args(args)); });
}

}  // namespace rmsim
