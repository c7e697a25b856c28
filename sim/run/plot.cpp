#include "sim/run/plot.h"

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <vector>

#include <nlohmann/json.hpp>

#include "platform/input_error.h"
#include "platform/yaml_util.h"
#include "sim/config/experiment.h"
#include "sim/run/exit_status.h"
#include "sim/run/run_plan.h"

#ifndef RMSIM_SCRIPTS_DIR
#define RMSIM_SCRIPTS_DIR ""
#endif

namespace rmsim {

namespace fs = std::filesystem;

namespace {

constexpr const char* kScript = "rmsim_plot.py";

/// A YAML tree as JSON, scalars as text (the script reads numbers from them).
nlohmann::json to_json(const YAML::Node& n) {
    if (n.IsScalar()) return n.Scalar();
    nlohmann::json j = n.IsSequence() ? nlohmann::json::array() : nlohmann::json::object();
    if (n.IsSequence())
        for (const YAML::Node& x : n) j.push_back(to_json(x));
    else if (n.IsMap())
        for (auto it = n.begin(); it != n.end(); ++it) j[it->first.Scalar()] = to_json(it->second);
    else
        return nullptr;
    return j;
}

/// What the script draws for the config `a.config`: its name, compare metrics and figure section (validated
/// with the whole config first, so that a bad figure is reported at its line).
nlohmann::json figure_of(const std::string& config) {
    RunArgs r;
    r.config = config;
    const ConfigVariants cv = load_variants(r);
    load_experiment(config, cv.cli, cv.multi ? &cv.variants[0] : nullptr);
    nlohmann::json j = nlohmann::json::object();
    j["config"] = config;
    if (has_key(cv.raw, "name")) j["name"] = cv.raw["name"].Scalar();
    j["compare_metrics"] = cv.compare.metrics;
    if (has_key(cv.raw, "figure")) j["figure"] = to_json(cv.raw["figure"]);
    return j;
}

/// The config of a results folder run from a shipped config, for a plot without --config: comparison.md's title
/// is the config's `name`, or its path when it has none. A config of configs/experiments/ in the source tree
/// with that name, or the file at that path; "" if none.
std::string config_of(const std::string& dir) {
    std::ifstream in(dir + "/comparison.md");
    std::string first;
    if (!std::getline(in, first) || first.rfind("# ", 0) != 0) return "";
    const std::string title = first.substr(2);
    std::error_code ec;
    if (fs::is_regular_file(title, ec)) return title;
    const fs::path shipped = fs::path(RMSIM_SCRIPTS_DIR).parent_path() / "configs" / "experiments";
    if (!*RMSIM_SCRIPTS_DIR || !fs::is_directory(shipped, ec)) return "";
    std::vector<std::string> configs;
    for (const auto& e : fs::directory_iterator(shipped, ec))
        if (e.path().extension() == ".yaml") configs.push_back(e.path().string());
    std::sort(configs.begin(), configs.end());
    for (const std::string& c : configs) {
        try {
            const YAML::Node root = load_yaml_file(c);
            if (root.IsMap() && root["name"] && root["name"].IsScalar() && root["name"].Scalar() == title) return c;
        } catch (const InputError&) {}
    }
    return "";
}

}  // namespace

std::string plot_script() {
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (!ec) {
        const fs::path installed = exe.parent_path().parent_path() / "share" / "rmsim" / kScript;
        if (fs::is_regular_file(installed, ec)) return installed.string();
    }
    const fs::path source = fs::path(RMSIM_SCRIPTS_DIR) / kScript;
    if (*RMSIM_SCRIPTS_DIR && fs::is_regular_file(source, ec)) return source.string();
    return "";
}

int run_plot(const PlotArgs& a) {
    const SourceLocation here{"rmsim", 0, 0};
    std::error_code ec;
    if (!fs::is_directory(a.dir, ec)) throw InputError(here, "plot: " + a.dir + " is not a folder");
    std::string config = a.config;
    if (config.empty()) {
        config = config_of(a.dir);
        if (!config.empty())
            std::cerr << "rmsim: plot: the figure of " << config
                      << " (comparison.md's title is its name; --config names another)\n";
    }
    if (config.empty() && a.paper)
        throw InputError(here, "plot: --paper overlays the values of a config's figure: give --config (" + a.dir +
                                   "/comparison.md is not titled with a shipped config's name)");
    const std::string figure = config.empty() ? std::string() : figure_of(config).dump();
    const std::string script = plot_script();
    if (script.empty())
        throw InputError(here, std::string("plot: cannot find ") + kScript + " (in share/rmsim beside rmsim, or " +
                                   RMSIM_SCRIPTS_DIR + ")");
    const std::string python = access("/usr/bin/python3", X_OK) == 0 ? "/usr/bin/python3" : "python3";
    std::vector<std::string> args{python, "-B", script, a.dir};
    if (!a.out.empty()) args.insert(args.end(), {"--out", a.out});
    if (a.paper) args.push_back("--paper");
    if (!figure.empty()) args.insert(args.end(), {"--figure-json", figure});
    std::vector<char*> argv;
    for (std::string& s : args) argv.push_back(s.data());
    argv.push_back(nullptr);
    std::cout.flush();
    const pid_t pid = fork();
    if (pid < 0) throw std::runtime_error("plot: fork failed");
    if (pid == 0) {
        execvp(argv[0], argv.data());
        _exit(127);
    }
    int status = 0;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR) throw std::runtime_error("plot: waitpid failed");
    if (!WIFEXITED(status)) throw std::runtime_error("plot: " + script + " was killed");
    const int code = WEXITSTATUS(status);
    if (code == 127)
        throw InputError(here, "plot: no Python 3 to run " + script +
                                   " (/usr/bin/python3, or python3 on PATH; scripts/install-deps.sh installs it)");
    return code == kExitOk ? kExitOk : code == kExitBadInput ? kExitBadInput : kExitInternal;
}

}  // namespace rmsim
