// `rmsim plot` and the `figure:` section of a config (sim/config/figure_config.h, sim/run/plot.h): every paper
// config declares a valid figure; a bad figure section is refused at its place (exit 2); paper configs run at
// their golden scale (the command in the first line of tests/golden/<config>.txt) and plotted give an SVG that
// parses as XML with an <svg> root and a PNG, and comparison.md shows them in one Figures section.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "platform/yaml_util.h"
#include "sim/config/figure_config.h"
#include "tests/support/rmsim_cli.h"
#include "tests/support/scratch_dir.h"
#include "tests/support/tiny_config.h"

namespace fs = std::filesystem;
using rmsim::test::config;
using rmsim::test::kSynthetic;
using rmsim::test::Outcome;
using rmsim::test::run_cli;
using rmsim::test::ScratchDir;
using rmsim::test::slurp;

namespace {

const fs::path kRoot = RMSIM_SOURCE_DIR;

/// The configs of the papers (machovec-*, siegel-*, singh-*, tarplee-*) in configs/experiments/.
std::vector<fs::path> paper_configs() {
    std::vector<fs::path> configs;
    for (const auto& e : fs::directory_iterator(kRoot / "configs" / "experiments")) {
        const std::string stem = e.path().stem().string();
        if (e.path().extension() != ".yaml") continue;
        for (const char* paper : {"machovec-", "siegel-", "singh-", "tarplee-"})
            if (stem.rfind(paper, 0) == 0) configs.push_back(e.path());
    }
    return configs;
}

/// The golden's command of `stem` ("run /.../configs/experiments/... --trials 2 ...", the config's path made
/// absolute: the outputs of the test go to its scratch folder).
std::string golden_command(const std::string& stem) {
    const std::string text = slurp(kRoot / "tests" / "golden" / (stem + ".txt"));
    const std::string first = text.substr(0, text.find('\n'));
    const std::string head = "# rmsim golden '" + stem + "': rmsim ";
    REQUIRE(first.rfind(head + "run configs/", 0) == 0);
    return "run " + (kRoot / first.substr(head.size() + 4)).string();
}

/// The SVG parses as XML with an <svg> root (Python's ElementTree, as rmsim plot runs Python anyway).
bool svg_parses(const fs::path& svg) {
    const std::string python = fs::exists("/usr/bin/python3") ? "/usr/bin/python3" : "python3";
    const std::string cmd = python +
                            " -c \"import sys, xml.etree.ElementTree as E; "
                            "sys.exit(E.parse(sys.argv[1]).getroot().tag != '{http://www.w3.org/2000/svg}svg')\" '" +
                            svg.string() + "'";
    return std::system(cmd.c_str()) == 0;
}

bool png_ok(const fs::path& png) {
    const std::string bytes = slurp(png);
    return bytes.size() > 8 && bytes.compare(0, 8, "\x89PNG\r\n\x1a\n") == 0;
}

/// Runs `stem` at its golden scale, plots it twice (--paper if asked) and checks the files and comparison.md.
void run_and_plot(const std::string& stem, bool paper) {
    const ScratchDir d("plot_" + stem);
    const fs::path out = d / "out";
    const Outcome run = run_cli(golden_command(stem) + " --quiet --out '" + out.string() + "'", d, 300);
    INFO(run.err);
    REQUIRE(run.code == 0);
    const std::string plot =
        "plot '" + out.string() + "' --config configs/experiments/" + stem + ".yaml" + (paper ? " --paper" : "");
    // The second time replaces the Figures section, and without --config finds the config by comparison.md's
    // title (the config's name).
    for (int i = 0; i < 2; ++i) {
        const bool named = i == 0 || paper;
        const Outcome o = run_cli(named ? plot : "plot '" + out.string() + "'", d, 120);
        INFO(o.err);
        REQUIRE(o.code == 0);
        if (!named) CHECK(o.err.find("configs/experiments/" + stem + ".yaml") != std::string::npos);
    }
    CHECK(svg_parses(out / "figures" / "figure.svg"));
    CHECK(png_ok(out / "figures" / "figure.png"));
    const std::string md = slurp(out / "comparison.md");
    const auto at = md.find("\n## Figures\n");
    REQUIRE(at != std::string::npos);
    CHECK(md.find("\n## Figures\n", at + 1) == std::string::npos);
    CHECK(md.find("](figures/figure.svg)", at) != std::string::npos);
}

}  // namespace

TEST_CASE("plot: every paper config declares a valid figure", "[sim][plot][configs]") {
    const std::vector<fs::path> configs = paper_configs();
    REQUIRE(configs.size() >= 30);
    for (const fs::path& c : configs) {
        INFO(c.string());
        const YAML::Node root = rmsim::load_yaml_file(c.string());
        CHECK(rmsim::has_key(root, "figure"));
        // Its keys, kind, x (a swept key) and metrics (fields of summary.json); `rmsim validate` checks the
        // whole config (tests/sim/run/test_cli.cpp, every shipped config validates).
        CHECK_NOTHROW(rmsim::check_figure(root, c.string()));
    }
}

TEST_CASE("plot: a bad figure section is refused at its place", "[sim][plot]") {
    const std::string sweep = "sweep:\n  manager.params.pstate: [0, 1]\n";  // lines 14-15
    struct Bad {
        std::string figure, location, message;
    };
    // The figure starts at line 16 ('figure:'), its first key at 17.
    const std::vector<Bad> bad{
        {"  paper: P\n  kind: pie\n  metrics: [energy.total_j]\n", ":18:9:", "unknown figure kind 'pie'"},
        {"  paper: P\n  kind: bar\n  metrics: [energy.bogus]\n", ":19:13:", "has no field 'bogus'"},
        {"  paper: P\n  kind: line\n  metrics: [energy.total_j]\n", ":17:3:", "needs 'x', a key of 'sweep'"},
        {"  paper: P\n  kind: line\n  x: run.seed\n  metrics: [energy.total_j]\n",
         ":19:6:", "figure x 'run.seed' is not a key of 'sweep' (manager.params.pstate)"},
        {"  paper: P\n  kind: bar\n  metrics: [energy.total_j]\n  colour: red\n", ":20:3:", "unknown key 'colour'"},
        {"  kind: bar\n  metrics: [energy.total_j]\n", ":17:3:", "paper"},
        {"  paper: P\n  kind: front\n  metrics: [energy.total_j]\n", ":19:12:", "takes no 'metrics'"},
        {"  paper: P\n  kind: bar\n  metrics: [energy.total_j]\n  paper_values:\n    - {series: a, metric: "
         "time.makespan_s, value: 1}\n",
         ":21:27:", "is not one of the figure's metrics"},
        {"  paper: P\n  kind: bar\n  metrics: [energy.total_j]\n  paper_values:\n    - {series: a, value: lots}\n",
         ":21:26:", "'value' must be a number"},
    };
    for (const Bad& b : bad) {
        INFO(b.figure);
        const ScratchDir d("plot_bad");
        std::ofstream(d / "bad.yaml") << config(kSynthetic, "manager: {policy: fcfs, params: {}}\n") + sweep +
                                             "figure:\n" + b.figure;
        const Outcome o = run_cli("validate " + (d / "bad.yaml").string(), d);
        INFO(o.err);
        CHECK(o.code == 2);
        CHECK(o.err.rfind((d / "bad.yaml").string() + b.location, 0) == 0);
        CHECK(o.err.find(b.message) != std::string::npos);
    }
}

TEST_CASE("plot: bad usage and a folder without results", "[sim][plot]") {
    const ScratchDir d("plot_usage");
    CHECK(run_cli("plot", d).code == 2);
    const Outcome paper = run_cli("plot " + d.string() + " --paper", d);
    CHECK(paper.code == 2);
    CHECK(paper.err.find("give --config") != std::string::npos);
    const Outcome none = run_cli("plot " + d.string(), d);
    CHECK(none.code == 2);
    CHECK(none.err.find("no results") != std::string::npos);
    CHECK(run_cli("plot " + (d / "nope").string(), d).code == 2);
}

TEST_CASE("plot: a single run's jobs on the cores, load, power and P-states", "[sim][plot]") {
    const ScratchDir d("plot_single");
    std::ofstream(d / "c.yaml") << config(kSynthetic, "manager: {policy: fcfs, params: {pstate: 1}}\n") +
                                       "run: {formats: [batsim]}\n";
    const fs::path out = d / "out";
    REQUIRE(run_cli("run " + (d / "c.yaml").string() + " --quiet --out " + out.string(), d).code == 0);
    const Outcome o = run_cli("plot " + out.string() + " --out " + (d / "figs").string(), d);
    INFO(o.err);
    REQUIRE(o.code == 0);
    for (const char* stem : {"gantt", "load", "power", "pstates"}) {
        CHECK(svg_parses(d / "figs" / (std::string(stem) + ".svg")));
        CHECK(png_ok(d / "figs" / (std::string(stem) + ".png")));
    }
}

// A line (swept key), grouped bars with the paper's values, plain bars, and Pareto fronts.
TEST_CASE("plot: machovec-ch4-fig37 at golden scale", "[sim][plot][slow]") {
    run_and_plot("machovec-ch4-fig37", false);
}
TEST_CASE("plot: singh-arrival-rate at golden scale", "[sim][plot][slow]") { run_and_plot("singh-arrival-rate", true); }
TEST_CASE("plot: tarplee-ch2-nine-types at golden scale", "[sim][plot][slow]") {
    run_and_plot("tarplee-ch2-nine-types", false);
}
TEST_CASE("plot: tarplee-ch3-idle-power at golden scale", "[sim][plot][slow]") {
    run_and_plot("tarplee-ch3-idle-power", false);
}
