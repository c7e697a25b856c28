#include "sim/cli.h"

#include <sys/wait.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include <boost/math/distributions/students_t.hpp>
#include <nlohmann/json.hpp>

#include "manager/policy_registry.h"
#include "platform/input_error.h"
#include "sim/experiment.h"
#include "sim/result_files.h"
#include "sim/trial_runner.h"

namespace rmsim {

namespace {

constexpr int kOk = 0, kInternal = 1, kBadInput = 2;

const char* kUsage =
    "usage: rmsim <command> [options]\n"
    "commands:\n"
    "  run CONFIG [--set key=value]... [--seed N] [--trials N] [--jobs N] [--out DIR] [--quiet]\n"
    "  validate CONFIG [--set key=value]...\n"
    "  list-policies [--json]\n"
    "options: --help (on every command), --version\n"
    "exit codes: 0 success, 1 internal error, 2 bad input (file:line:col: message)\n";

struct RunArgs {
    std::string config;
    std::vector<std::string> sets;
    long long seed = -1;
    long trials = -1;
    long jobs = 1;
    std::string out = "results";
    bool quiet = false;
};

[[noreturn]] void bad_usage(const std::string& msg) { throw InputError(SourceLocation{"rmsim", 0, 0}, msg); }

long parse_count(const std::string& opt, const char* v) {
    char* end = nullptr;
    const long n = std::strtol(v, &end, 10);
    if (!*v || *end || n < 1) bad_usage(opt + " expects a whole number >= 1, got '" + v + "'");
    return n;
}

RunArgs parse_run(int argc, char** argv, int first, bool allow_run_options) {
    RunArgs a;
    for (int i = first; i < argc; ++i) {
        const std::string s = argv[i];
        auto value = [&]() -> const char* {
            if (i + 1 >= argc) bad_usage(s + " needs a value");
            return argv[++i];
        };
        if (s == "--set") a.sets.push_back(value());
        else if (allow_run_options && s == "--seed") a.seed = parse_count(s, value()) ;
        else if (allow_run_options && s == "--trials") a.trials = parse_count(s, value());
        else if (allow_run_options && s == "--jobs") a.jobs = parse_count(s, value());
        else if (allow_run_options && s == "--out") a.out = value();
        else if (allow_run_options && s == "--quiet") a.quiet = true;
        else if (!s.empty() && s[0] == '-') bad_usage("unknown option '" + s + "'");
        else if (a.config.empty()) a.config = s;
        else bad_usage("unexpected argument '" + s + "'");
    }
    if (a.config.empty()) bad_usage("missing CONFIG");
    return a;
}

/// Mean and half-width of the 95 % confidence interval (Student's t).
std::pair<double, double> mean_ci(const std::vector<double>& x) {
    const double n = static_cast<double>(x.size());
    double mean = 0;
    for (double v : x) mean += v;
    mean /= n;
    if (x.size() < 2) return {mean, 0.0};
    double ss = 0;
    for (double v : x) ss += (v - mean) * (v - mean);
    const double sd = std::sqrt(ss / (n - 1));
    boost::math::students_t t(n - 1);
    return {mean, boost::math::quantile(boost::math::complement(t, 0.025)) * sd / std::sqrt(n)};
}

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

int cmd_run(int argc, char** argv) {
    RunArgs a = parse_run(argc, argv, 2, true);
    std::vector<std::string> sets = a.sets;
    Experiment e = load_experiment(a.config, sets);
    if (a.seed >= 0) e.seed = static_cast<std::uint64_t>(a.seed);
    if (a.trials > 0) e.trials = static_cast<std::uint32_t>(a.trials);
    // Bad workload input must fail before anything is written: build trial 0's tasks once here.
    make_tasks(e, 0);
    TrialOptions opt;
    opt.quiet = a.quiet;
    if (e.trials == 1) {
        opt.out_dir = a.out;
        run_trial(e, 0, opt);
        if (!a.quiet) print_summary(a.out);
        return kOk;
    }
    // One simulation per process: every trial runs in a forked child, up to --jobs at a time.
    std::vector<pid_t> running;
    std::uint32_t next = 0, failed = 0;
    auto reap = [&]() {
        int status = 0;
        const pid_t p = wait(&status);
        for (auto it = running.begin(); it != running.end(); ++it)
            if (*it == p) { running.erase(it); break; }
        if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) ++failed;
    };
    while (next < e.trials || !running.empty()) {
        if (next < e.trials && running.size() < static_cast<std::size_t>(a.jobs)) {
            const std::uint32_t trial = next++;
            std::fflush(nullptr);
            const pid_t pid = fork();
            if (pid < 0) throw std::runtime_error("fork failed");
            if (pid == 0) {
                int code = kOk;
                try {
                    TrialOptions o = opt;
                    o.out_dir = a.out + "/trial-" + std::to_string(trial);
                    run_trial(e, trial, o);
                } catch (const InputError& ex) {
                    std::cerr << ex.what() << "\n";
                    code = kBadInput;
                } catch (const std::exception& ex) {
                    std::cerr << "rmsim: internal error: " << ex.what() << "\n";
                    code = kInternal;
                }
                std::fflush(nullptr);
                _exit(code);
            }
            running.push_back(pid);
            if (!a.quiet && isatty(2))
                std::cerr << "\rrmsim: trial " << next << " / " << e.trials << " started" << std::flush;
            continue;
        }
        reap();
    }
    if (!a.quiet) std::cerr << "\rrmsim: " << e.trials << " trials done" << (failed ? ", some failed" : "") << "\n";
    if (failed) return kInternal;
    // aggregate.json: mean and 95 % CI of every numeric summary field over the trials.
    std::vector<nlohmann::json> sums;
    for (std::uint32_t t = 0; t < e.trials; ++t) {
        std::ifstream in(a.out + "/trial-" + std::to_string(t) + "/summary.json");
        sums.push_back(nlohmann::json::parse(in));
    }
    nlohmann::ordered_json agg;
    agg["policy"] = e.policy_name;
    agg["seed"] = e.seed;
    agg["trials"] = e.trials;
    for (const char* section : {"tasks", "utility", "energy", "time", "scheduler"}) {
        for (auto it = sums[0][section].begin(); it != sums[0][section].end(); ++it) {
            if (!it.value().is_number()) continue;
            std::vector<double> xs;
            for (const auto& s : sums) xs.push_back(s[section][it.key()].get<double>());
            const auto [mean, half] = mean_ci(xs);
            agg[section][it.key()] = {{"mean", mean}, {"ci95", half}};
        }
    }
    ResultFiles files(a.out);
    files.add("aggregate.json", agg.dump(2) + "\n");
    files.commit();
    if (!a.quiet) std::cout << "rmsim: " << e.trials << " trials -> " << a.out << "/aggregate.json\n";
    return kOk;
}

int cmd_validate(int argc, char** argv) {
    RunArgs a = parse_run(argc, argv, 2, false);
    Experiment e = load_experiment(a.config, a.sets);
    const auto tasks = make_tasks(e, 0);
    std::cout << a.config << ": ok (" << e.platform.total_nodes() << " nodes, " << e.platform.total_cores()
              << " cores, " << tasks.size() << " tasks, policy " << e.policy_name << ")\n";
    return kOk;
}

int cmd_list_policies(int argc, char** argv) {
    bool json = false;
    for (int i = 2; i < argc; ++i) {
        if (std::strcmp(argv[i], "--json") == 0) json = true;
        else bad_usage(std::string("unknown option '") + argv[i] + "'");
    }
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
        return kOk;
    }
    for (const auto& p : all) {
        std::cout << p.name << "  [" << p.family << "]  " << p.paper << "\n    " << p.description << "\n";
        for (const auto& q : p.params)
            std::cout << "    " << q.name << " (" << q.type << ", default " << q.default_value << "): "
                      << q.description << "\n";
    }
    return kOk;
}

bool wants_help(int argc, char** argv) {
    for (int i = 1; i < argc; ++i)
        if (std::strcmp(argv[i], "--help") == 0 || std::strcmp(argv[i], "-h") == 0) return true;
    return false;
}

}  // namespace

int cli_main(int argc, char** argv) {
    try {
        if (argc >= 2 && std::strcmp(argv[1], "--version") == 0) {
            std::cout << "rmsim " << RMSIM_VERSION << "\n";
            return kOk;
        }
        if (argc < 2 || wants_help(argc, argv)) {
            std::cout << kUsage;
            return argc < 2 ? kBadInput : kOk;
        }
        const std::string cmd = argv[1];
        if (cmd == "run") return cmd_run(argc, argv);
        if (cmd == "validate") return cmd_validate(argc, argv);
        if (cmd == "list-policies") return cmd_list_policies(argc, argv);
        bad_usage("unknown command '" + cmd + "' (run, validate, list-policies)");
    } catch (const InputError& e) {
        std::cerr << e.what() << "\n";
        return kBadInput;
    } catch (const std::exception& e) {
        std::cerr << "rmsim: internal error: " << e.what() << "\n";
        return kInternal;
    }
}

}  // namespace rmsim
