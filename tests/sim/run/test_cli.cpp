// The rmsim command line: bad input gives `file:line:col: message` (bad usage `rmsim: message`), exit 2 and
// no result files; the same config and seed give byte-identical results, whatever --jobs.
#include <catch2/catch.hpp>
#include "tests/support/rmsim_cli.h"
#include "tests/support/scratch_dir.h"
#include "tests/support/tiny_config.h"

#include <nlohmann/json.hpp>

#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;
using rmsim::test::config;
using rmsim::test::kSynthetic;
using rmsim::test::Outcome;
using rmsim::test::run_cli;
using rmsim::test::ScratchDir;
using rmsim::test::slurp;

namespace {

ScratchDir scratch(const std::string& name) { return ScratchDir("cli_" + name); }

void write(const fs::path& p, const std::string& text) { std::ofstream(p) << text; }

/// Runs a bad config and checks: exit 2, the message starts with the location, the out dir is not created.
void expect_bad(const std::string& name, const std::string& text, const std::string& location,
                const std::string& message) {
    const ScratchDir d = scratch(name);
    write(d / "bad.yaml", text);
    const Outcome o = run_cli("run " + (d / "bad.yaml").string() + " --out " + (d / "out").string(), d);
    INFO(o.err);
    CHECK(o.code == 2);
    CHECK(o.err.rfind((d / "bad.yaml").string() + location, 0) == 0);
    CHECK(o.err.find(message) != std::string::npos);
    CHECK_FALSE(fs::exists(d / "out"));
}

}  // namespace

TEST_CASE("cli: a missing config file", "[sim][cli]") {
    const ScratchDir d = scratch("missing");
    const Outcome o = run_cli("run " + (d / "nope.yaml").string() + " --out " + (d / "out").string(), d);
    CHECK(o.code == 2);
    CHECK(o.err.find("nope.yaml: cannot open file") != std::string::npos);
    CHECK_FALSE(fs::exists(d / "out"));
}

TEST_CASE("cli: a YAML syntax error", "[sim][cli]") {
    expect_bad("syntax", config(kSynthetic) + "run: {seed: [1\n", ":", "YAML syntax error");
}

TEST_CASE("cli: an unknown key", "[sim][cli]") {
    // Line 12 (after the 10 platform lines and 'workload:'), column 3: the key 'synthetik'.
    expect_bad("unknown_key", config("workload:\n  synthetik: {tasks: 1}\n"), ":12:3:", "unknown key 'synthetik'");
}

TEST_CASE("cli: an unknown policy lists the valid ones", "[sim][cli]") {
    expect_bad("unknown_policy", config(kSynthetic, "manager: {policy: fcfs2}\n"),
               ":13:19:", "unknown policy 'fcfs2' (valid: fcfs");
}

TEST_CASE("cli: an unknown policy parameter", "[sim][cli]") {
    expect_bad("unknown_param", config(kSynthetic, "manager: {policy: fcfs, params: {pstat: 1}}\n"),
               ":13:34:", "unknown parameter 'pstat'");
}

TEST_CASE("cli: a negative count", "[sim][cli]") {
    expect_bad("negative", config("workload:\n  synthetic: {tasks: -5, arrival_rate_per_s: 1, work_s_mean: 1}\n"),
               ":12:22:", "tasks");  // column of "-5": 2 + len("synthetic: {tasks: ") = 21, +1
}

TEST_CASE("cli: a malformed SWF line", "[sim][cli]") {
    const ScratchDir d = scratch("swf");
    // Line 3, field 4 (run time) is not a number: column of that field.
    write(d / "bad.swf",
          "; a tiny trace\n"
          "1 0 -1 100 2 -1 -1 2 200 -1 1 1 1 -1 -1 -1 -1 -1\n"
          "2 10 -1 abc 2 -1 -1 2 200 -1 1 1 1 -1 -1 -1 -1 -1\n");
    write(d / "c.yaml", config("workload:\n  swf: {path: bad.swf}\n"));
    const Outcome o = run_cli("run " + (d / "c.yaml").string() + " --out " + (d / "out").string(), d);
    INFO(o.err);
    CHECK(o.code == 2);
    CHECK(o.err.rfind((d / "bad.swf").string() + ":3:", 0) == 0);
    CHECK_FALSE(fs::exists(d / "out"));
}

TEST_CASE("cli: same seed gives byte-identical results with --jobs 1 and --jobs 2", "[sim][cli][determinism]") {
    const ScratchDir d = scratch("determinism");
    write(d / "c.yaml", config(kSynthetic, "manager: {policy: easy}\n"));
    const std::string base = "run " + (d / "c.yaml").string() + " --trials 3 --seed 7 --quiet --out ";
    REQUIRE(run_cli(base + (d / "a").string() + " --jobs 1", d).code == 0);
    REQUIRE(run_cli(base + (d / "b").string() + " --jobs 2", d).code == 0);
    for (int t = 0; t < 3; ++t)
        for (const char* f : {"summary.json", "tasks.csv"}) {
            const fs::path rel = fs::path("trial-" + std::to_string(t)) / f;
            INFO(rel.string());
            REQUIRE(fs::exists(d / "a" / rel));
            CHECK(slurp(d / "a" / rel) == slurp(d / "b" / rel));
        }
    CHECK(slurp(d / "a" / "aggregate.json") == slurp(d / "b" / "aggregate.json"));
    // Different trials are different workloads.
    CHECK(slurp(d / "a" / "trial-0" / "tasks.csv") != slurp(d / "a" / "trial-1" / "tasks.csv"));
}

namespace {

/// The arrival_s column of a tasks.csv.
std::string arrivals(const fs::path& p) {
    std::istringstream in(slurp(p));
    std::string line, out;
    while (std::getline(in, line)) out += line.substr(0, line.find(',', line.find(',') + 1)) + "\n";
    return out;
}

const char* kVariants =
    "variants:\n"
    "  - {name: first-come, set: {manager.policy: fcfs}}\n"
    "  - {name: backfill, set: {manager.policy: easy}}\n"
    "run: {trials: 2, seed: 11}\n";

}  // namespace

TEST_CASE("cli: variants share each trial's workload and write comparison tables", "[sim][cli][variants]") {
    const ScratchDir d = scratch("variants");
    write(d / "c.yaml", config(kSynthetic) + kVariants);
    const std::string base = "run " + (d / "c.yaml").string() + " --quiet --out ";
    REQUIRE(run_cli(base + (d / "a").string() + " --jobs 1", d).code == 0);
    REQUIRE(run_cli(base + (d / "b").string() + " --jobs 2", d).code == 0);
    for (const char* v : {"first-come", "backfill"})
        for (const char* f : {"aggregate.json", "trial-0/summary.json", "trial-1/tasks.csv"})
            CHECK(fs::exists(d / "a" / v / f));
    // Common random numbers: trial t of both variants draws the same arrivals; trials differ.
    CHECK(arrivals(d / "a" / "first-come" / "trial-1" / "tasks.csv") ==
          arrivals(d / "a" / "backfill" / "trial-1" / "tasks.csv"));
    CHECK(arrivals(d / "a" / "first-come" / "trial-0" / "tasks.csv") !=
          arrivals(d / "a" / "first-come" / "trial-1" / "tasks.csv"));
    const std::string csv = slurp(d / "a" / "comparison.csv");
    CHECK(csv.rfind("variant,policy,metric,mean,ci95,trials\n", 0) == 0);
    CHECK(csv.find("first-come,fcfs,tasks.completed,200,0,2\n") != std::string::npos);
    CHECK(csv.find("backfill,easy,tasks.completed,200,0,2\n") != std::string::npos);
    CHECK(slurp(d / "a" / "comparison.md").find("| backfill | easy |") != std::string::npos);
    // Byte-identical whatever --jobs.
    CHECK(csv == slurp(d / "b" / "comparison.csv"));
    CHECK(slurp(d / "a" / "comparison.md") == slurp(d / "b" / "comparison.md"));
}

TEST_CASE("cli: a bad value in a variant is located in the config", "[sim][cli][variants]") {
    // Line 16 of the config (10 platform, 2 workload, 1 manager, then "variants:") is the second variant;
    // "nope" starts at column 37.
    expect_bad(
        "bad_variant",
        config(kSynthetic) +
            "variants:\n  - {name: a, set: {manager.policy: fcfs}}\n  - {name: b, set: {manager.policy: nope}}\n",
        ":16:37:", "unknown policy 'nope'");
}

TEST_CASE("cli: a key a variant or a sweep adds is located at its key in the config", "[sim][cli][variants]") {
    // Line 15 is the variant; its set key "manager.polcy" starts at column 21.
    expect_bad("variant_key", config(kSynthetic) + "variants:\n  - {name: a, set: {manager.polcy: fcfs}}\n",
               ":15:21:", "unknown key 'polcy' in manager");
    // A map the change creates: at the same key.
    expect_bad("variant_map", config(kSynthetic) + "variants:\n  - {name: a, set: {manager.estimate.at_limit: kill}}\n",
               ":15:21:", "missing required key 'model'");
    expect_bad("sweep_key", config(kSynthetic) + "sweep:\n  manager.params.bogus: [1, 2]\n",
               ":15:3:", "unknown parameter 'bogus' of policy 'fcfs'");
}

TEST_CASE("cli: an error in a --set value is located at the option", "[sim][cli][options]") {
    const ScratchDir d = scratch("set_located");
    write(d / "p.yaml", rmsim::test::kPlatform);
    write(d / "c.yaml", std::string("platform: p.yaml\n") + kSynthetic + "manager: {policy: fcfs}\n");
    const std::vector<std::pair<std::string, std::string>> cases{
        {"run.trials=many", "'trials' must be a whole number >= 1, got 'many'"},
        {"manager.polcy=easy", "unknown key 'polcy' in manager (allowed: policy, params, estimate, hold_job_cores)"},
        {"manager.estimate.at_limit=kill", "missing required key 'model'"},
        {"manager.params.bogus=1", "unknown parameter 'bogus' of policy 'fcfs'"},
        {"workload.synthetic.tasks=-3",
         "parameter 'tasks' of synthetic workload: must be a whole number from 1 to 4294967295, got '-3'"},
        // Inside the platform file, read into the config to take the change.
        {"platform.clusters.0.nodes=x", "'nodes' must be a whole number >= 1, got 'x'"},
        {"'platform.clusters=[{name: k, node_type: n, nodes: 0}]'", "'nodes' must be a whole number >= 1, got '0'"},
    };
    for (const auto& [set, message] : cases) {
        INFO(set);
        const Outcome o = run_cli(
            "run " + (d / "c.yaml").string() + " --set run.seed=3 --set " + set + " --out " + (d / "out").string(), d);
        CHECK(o.code == 2);
        const std::string option = set[0] == '\'' ? set.substr(1, set.size() - 2) : set;
        CHECK(o.err.rfind("--set " + option + ": " + message, 0) == 0);
        CHECK_FALSE(fs::exists(d / "out"));
    }
    // The config's own errors keep their place, --set or not.
    const Outcome own =
        run_cli("validate " + (d / "c.yaml").string() + " --set run.trials=2 --set manager.policy=nope", d);
    CHECK(own.err.rfind("--set manager.policy=nope: unknown policy 'nope'", 0) == 0);
    write(d / "bad.yaml", std::string("platform: p.yaml\n") + kSynthetic + "manager: {policy: nope}\n");
    const Outcome file = run_cli("validate " + (d / "bad.yaml").string() + " --set run.trials=2", d);
    CHECK(file.err.rfind((d / "bad.yaml").string() + ":4:19: unknown policy 'nope'", 0) == 0);
}

TEST_CASE("cli: back-to-back reserved starts on one core never collide", "[sim][cli][manager]") {
    // A busy single-policy config under conservative backfilling: two deferred or due starts could reach one
    // core in the same instant, the second before the node had applied the first; the manager now holds a unit
    // from its START until the task's last notice.
    const ScratchDir d = scratch("collide");
    const std::string cfg = std::string(RMSIM_SOURCE_DIR) + "/tests/sim/configs/single-policy.yaml";
    const Outcome o = run_cli("run " + cfg +
                                  " --set manager.policy=conservative"
                                  " --set workload.synthetic.arrival_rate_per_s=0.5 --quiet --out " +
                                  (d / "out").string(),
                              d);
    INFO(o.err);
    CHECK(o.code == 0);
    CHECK(slurp(d / "out" / "summary.json").find("\"completed\": 2000") != std::string::npos);
}

TEST_CASE("cli: a machovec_ch3 workload needs a machovec-ch3 style platform", "[sim][cli]") {
    // Line 12 is the workload entry; its map starts at column 17 ("  machovec_ch3: {").
    expect_bad("machovec_platform", config("workload:\n  machovec_ch3: {tasks_per_day: 10}\n"),
               ":12:17:", "machovec-ch3 style platform");
}

TEST_CASE("cli: every shipped config validates", "[sim][cli][configs]") {
    const ScratchDir d = scratch("shipped");
    std::vector<fs::path> configs{fs::path(RMSIM_SOURCE_DIR) / "configs" / "quickstart.yaml"};
    for (const auto& e : fs::directory_iterator(fs::path(RMSIM_SOURCE_DIR) / "configs" / "experiments"))
        if (e.path().extension() == ".yaml") configs.push_back(e.path());
    REQUIRE(configs.size() >= 5);
    for (const fs::path& c : configs) {
        INFO(c.string());
        const Outcome o = run_cli("validate " + c.string(), d);
        INFO(o.err);
        CHECK(o.code == 0);
    }
}

TEST_CASE("cli: --only runs the named variants of a config", "[sim][cli][variants]") {
    const ScratchDir d = scratch("only");
    write(d / "c.yaml", config(kSynthetic) + kVariants);
    const std::string base = "run " + (d / "c.yaml").string() + " --quiet --trials 1 --out ";
    REQUIRE(run_cli(base + (d / "a").string() + " --only backfill", d).code == 0);
    CHECK(fs::exists(d / "a" / "backfill" / "trial-0" / "summary.json"));
    CHECK_FALSE(fs::exists(d / "a" / "first-come"));
    const std::string csv = slurp(d / "a" / "comparison.csv");
    CHECK(csv.find("backfill,easy,tasks.completed,200,0,1\n") != std::string::npos);
    CHECK(csv.find("first-come") == std::string::npos);
    // A name the config does not have: exit 2, nothing written.
    const Outcome o = run_cli(base + (d / "b").string() + " --only nope", d);
    CHECK(o.code == 2);
    CHECK(o.err.find("has no variant 'nope'") != std::string::npos);
    CHECK_FALSE(fs::exists(d / "b"));
    // --set cannot reach the sweep or the variants (they are expanded from the file): refused, not ignored.
    const Outcome s = run_cli(base + (d / "c").string() + " --set 'sweep.manager.params.dropping_threshold=[0]'", d);
    CHECK(s.code == 2);
    CHECK(s.err.find("--set cannot change 'sweep'") != std::string::npos);
    CHECK_FALSE(fs::exists(d / "c"));
    // Nor a key the variants set, or a map holding one: every variant would run the same policy under its own
    // name. A key beside them is a change like any other.
    for (const std::string set : {"manager.policy=easy", "manager={policy: easy}"}) {
        const Outcome v = run_cli(base + (d / "v").string() + " --set '" + set + "'", d);
        INFO(v.err);
        CHECK(v.code == 2);
        CHECK(v.err.find(": the config's variants differ in it ('manager.policy', " + (d / "c.yaml").string() + ":") !=
              std::string::npos);
        CHECK_FALSE(fs::exists(d / "v"));
    }
    CHECK(run_cli(base + (d / "w").string() + " --only backfill --set run.seed=3", d).code == 0);
    // Inside a map a variant sets: refused if a variant holds the key, a change like any other if none does.
    write(d / "p.yaml", config(kSynthetic) +
                            "variants:\n  - {name: a, set: {manager.params: {pstate: 0}}}\n"
                            "  - {name: b, set: {manager.params: {pstate: 1}}}\nrun: {trials: 1}\n");
    const std::string p = "run " + (d / "p.yaml").string() + " --quiet --out ";
    const Outcome held = run_cli(p + (d / "p1").string() + " --set manager.params.pstate=0", d);
    CHECK(held.code == 2);
    CHECK(held.err.find("the config's variants differ in it ('manager.params'") != std::string::npos);
    CHECK(run_cli(p + (d / "p2").string() + " --set manager.params.period_s=60", d).code == 0);
}

TEST_CASE("cli: --seed 0 is a seed like run.seed: 0, and bad counts write nothing", "[sim][cli][options]") {
    const ScratchDir d = scratch("options");
    write(d / "c.yaml", config(kSynthetic));
    write(d / "zero.yaml", config(kSynthetic) + "run: {seed: 0}\n");
    const std::string c = (d / "c.yaml").string();
    REQUIRE(run_cli("run " + c + " --seed 0 --quiet --out " + (d / "option").string(), d).code == 0);
    const std::string zero = (d / "zero.yaml").string();
    REQUIRE(run_cli("run " + zero + " --quiet --out " + (d / "config").string(), d).code == 0);
    const std::string summary = slurp(d / "option" / "summary.json");
    CHECK(summary.find("\"seed\": 0,") != std::string::npos);
    CHECK(summary == slurp(d / "config" / "summary.json"));
    CHECK(slurp(d / "option" / "tasks.csv") == slurp(d / "config" / "tasks.csv"));

    // Out of range, negative, fractional or followed by garbage: exit 2, the accepted range, no output.
    for (const char* bad : {"4294967296", "99999999999999999999", "-1", "1.5", "12abc"}) {
        INFO(bad);
        const Outcome o = run_cli("run " + c + " --trials " + bad + " --out " + (d / "bad").string(), d);
        CHECK(o.code == 2);
        CHECK(o.err == "rmsim: --trials expects a whole number from 1 to 4294967295, got '" + std::string(bad) + "'\n");
        CHECK_FALSE(fs::exists(d / "bad"));
    }
    const Outcome seed = run_cli("run " + c + " --seed -1 --out " + (d / "bad").string(), d);
    CHECK(seed.code == 2);
    CHECK(seed.err.rfind("rmsim: --seed expects a whole number from 0 to 18446744073709551615", 0) == 0);
    const Outcome jobs = run_cli("run " + c + " --jobs 0 --out " + (d / "bad").string(), d);
    CHECK(jobs.code == 2);
    CHECK(jobs.err.rfind("rmsim: --jobs expects a whole number from 1 to 1024", 0) == 0);
    CHECK_FALSE(fs::exists(d / "bad"));
}

TEST_CASE("cli: bad usage is exit 2 with an rmsim: message; --help is exit 0", "[sim][cli][options]") {
    const ScratchDir d = scratch("usage");
    write(d / "c.yaml", config(kSynthetic));
    const std::string c = (d / "c.yaml").string();
    const Outcome unknown = run_cli("run " + c + " --bogus --out " + (d / "out").string(), d);
    CHECK(unknown.code == 2);
    CHECK(unknown.err.rfind("rmsim: unknown option '--bogus'", 0) == 0);
    const Outcome missing = run_cli("run " + c + " --out " + (d / "out").string() + " --trials", d);
    CHECK(missing.code == 2);
    CHECK(missing.err == "rmsim: --trials needs a value\n");
    const Outcome validate = run_cli("validate " + c + " --seed 1", d);
    CHECK(validate.code == 2);
    CHECK(validate.err.rfind("rmsim: unknown option '--seed'", 0) == 0);
    CHECK_FALSE(fs::exists(d / "out"));
    for (const std::string& args : std::vector<std::string>{"--help", "-h", "simulate --help"}) {
        INFO(args);
        const Outcome help = run_cli(args, d);
        CHECK(help.code == 0);
        CHECK(help.err.empty());
        CHECK(help.out.rfind("usage: rmsim <command> [options]\n", 0) == 0);
        CHECK(help.out.find("rmsim <command> --help") != std::string::npos);
    }
    // A command's --help: its usage, every option with its default.
    const std::vector<std::pair<std::string, std::string>> commands{
        {"run --help", "usage: rmsim run CONFIG [options]\n"},
        {"run " + c + " --jobs 2 -h", "usage: rmsim run CONFIG [options]\n"},
        {"validate " + c + " -h", "usage: rmsim validate CONFIG [options]\n"},
        {"list-policies --help", "usage: rmsim list-policies [options]\n"},
        {"list-governors --json --help", "usage: rmsim list-governors [options]\n"},
        {"list-workloads --help", "usage: rmsim list-workloads [options]\n"}};
    for (const auto& [args, first_line] : commands) {
        INFO(args);
        const Outcome help = run_cli(args, d);
        CHECK(help.code == 0);
        CHECK(help.err.empty());
        CHECK(help.out.rfind(first_line, 0) == 0);
        CHECK(help.out.find("(default") != std::string::npos);
    }
    const std::string run_help = run_cli("run --help", d).out;
    CHECK(run_help.find("  --jobs N ") != std::string::npos);
    CHECK(run_help.find("(default 1)") != std::string::npos);
    CHECK(run_help.find("  --out DIR ") != std::string::npos);
    CHECK(run_help.find("(default results)") != std::string::npos);
    CHECK_FALSE(fs::exists(d / "results"));
    const Outcome none = run_cli("", d);
    CHECK(none.code == 2);
    CHECK(none.out.rfind("usage: rmsim", 0) == 0);
    const Outcome version = run_cli("--version", d);
    CHECK(version.code == 0);
    CHECK(version.out == "rmsim " RMSIM_VERSION "\n");
}

TEST_CASE("cli: huge pages change nothing in the results", "[sim][cli][determinism]") {
    // sim/run/huge_pages.h: rmsim executes itself again with glibc.malloc.hugetlb=1 where the kernel gives huge
    // pages on request; RMSIM_HUGE_PAGES=0 keeps it as it is; a GLIBC_TUNABLES that already names the tunable
    // is respected (and stops a second re-execution).
    const ScratchDir d = scratch("huge_pages");
    write(d / "c.yaml", config(kSynthetic, "manager: {policy: easy}\n"));
    const std::string base = "run " + (d / "c.yaml").string() + " --trials 2 --seed 5 --quiet --out ";
    unsetenv("GLIBC_TUNABLES");
    unsetenv("RMSIM_HUGE_PAGES");
    REQUIRE(run_cli(base + (d / "default").string(), d).code == 0);
    setenv("RMSIM_HUGE_PAGES", "0", 1);
    REQUIRE(run_cli(base + (d / "off").string(), d).code == 0);
    unsetenv("RMSIM_HUGE_PAGES");
    setenv("GLIBC_TUNABLES", "glibc.malloc.hugetlb=0", 1);
    REQUIRE(run_cli(base + (d / "preset").string(), d).code == 0);
    unsetenv("GLIBC_TUNABLES");
    for (const char* f : {"summary.json", "tasks.csv"}) {
        INFO(f);
        REQUIRE(fs::exists(d / "default" / "trial-0" / f));
        CHECK(slurp(d / "default" / "trial-0" / f) == slurp(d / "off" / "trial-0" / f));
        CHECK(slurp(d / "default" / "trial-0" / f) == slurp(d / "preset" / "trial-0" / f));
    }
}

namespace {

/// The entry named `name` of a listing's JSON array (null if there is none).
nlohmann::ordered_json entry(const nlohmann::ordered_json& list, const std::string& name) {
    for (const auto& e : list)
        if (e["name"] == name) return e;
    return nullptr;
}

/// The names of a JSON object's members, in order.
std::vector<std::string> keys(const nlohmann::ordered_json& o) {
    std::vector<std::string> k;
    for (auto it = o.begin(); it != o.end(); ++it) k.push_back(it.key());
    return k;
}

}  // namespace

TEST_CASE("cli: list-governors prints the governors and their parameters, as text or JSON", "[sim][cli][list]") {
    const ScratchDir d = scratch("list_governors");
    const Outcome text = run_cli("list-governors", d);
    INFO(text.err);
    CHECK(text.code == 0);
    CHECK(text.err.empty());
    const std::string lines = "\n" + text.out;
    for (const char* name : {"performance", "powersave", "userspace", "ondemand", "conservative", "schedutil"})
        CHECK(lines.find("\n" + std::string(name) + "\n    ") != std::string::npos);
    CHECK(text.out.find("\nondemand\n    Linux ondemand") != std::string::npos);
    CHECK(text.out.find("\n    up_threshold (number, in [0, 100], default 80): ") != std::string::npos);
    CHECK(text.out.find("\n    sampling_rate_s (number, a period >= 0.0001 s, default 0.01): ") != std::string::npos);

    const Outcome json = run_cli("list-governors --json", d);
    CHECK(json.code == 0);
    const nlohmann::ordered_json list = nlohmann::ordered_json::parse(json.out);
    REQUIRE(list.is_array());
    // The shape of list-policies' entries without family and paper.
    const nlohmann::ordered_json ondemand = entry(list, "ondemand");
    REQUIRE(ondemand.is_object());
    CHECK(keys(ondemand) == std::vector<std::string>{"name", "description", "params"});
    std::vector<std::string> params;
    for (const auto& p : ondemand["params"]) {
        CHECK(keys(p) == std::vector<std::string>{"name", "type", "range", "default", "description"});
        params.push_back(p["name"]);
    }
    CHECK(params ==
          std::vector<std::string>{"sampling_rate_s", "up_threshold", "sampling_down_factor", "powersave_bias"});
    CHECK(ondemand["params"][1]["type"] == "number");
    CHECK(ondemand["params"][1]["default"] == "80");
    CHECK(ondemand["params"][1]["range"] == "in [0, 100]");
    CHECK(ondemand["params"][0]["default"] == "0.01");
    CHECK(entry(list, "performance")["params"].empty());
}

TEST_CASE("cli: list-workloads prints every workload kind and its keys, as text or JSON", "[sim][cli][list]") {
    const ScratchDir d = scratch("list_workloads");
    const Outcome text = run_cli("list-workloads", d);
    INFO(text.err);
    CHECK(text.code == 0);
    const std::string lines = "\n" + text.out;
    for (const char* name : {"synthetic", "swf", "csv", "batsim", "singh", "machovec_ch2", "machovec_ch3",
                             "machovec_ch4", "machovec_trace", "tarplee", "siegel_dynamic", "siegel_static"})
        CHECK(lines.find("\n" + std::string(name) + "\n    ") != std::string::npos);
    CHECK(text.out.find("\n    work_s_cov (number, >= 0, default 0.5): ") != std::string::npos);

    const Outcome json = run_cli("list-workloads --json", d);
    CHECK(json.code == 0);
    const nlohmann::ordered_json list = nlohmann::ordered_json::parse(json.out);
    const nlohmann::ordered_json synthetic = entry(list, "synthetic");
    REQUIRE(synthetic.is_object());
    CHECK(keys(synthetic) == std::vector<std::string>{"name", "description", "params"});
    REQUIRE(synthetic["params"].size() >= 4);
    CHECK(synthetic["params"][0]["name"] == "tasks");
    CHECK(synthetic["params"][0]["default"] == "(required)");
    CHECK(synthetic["params"][3]["name"] == "work_s_cov");
}

TEST_CASE("cli: list-policies as JSON names each policy's family and paper", "[sim][cli][list]") {
    const ScratchDir d = scratch("list_policies");
    const Outcome json = run_cli("list-policies --json", d);
    CHECK(json.code == 0);
    const nlohmann::ordered_json easy = entry(nlohmann::ordered_json::parse(json.out), "easy");
    REQUIRE(easy.is_object());
    CHECK(keys(easy) == std::vector<std::string>{"name", "family", "paper", "description", "params"});
    CHECK(easy["family"] == "baseline");
    const Outcome text = run_cli("list-policies", d);
    CHECK(text.out.rfind("fcfs  [baseline]  First-come first-served", 0) == 0);
    // The schema of each parameter: P-state indices, periods (0: event-driven for the baselines).
    CHECK(text.out.find("\n    pstate (integer, a P-state index, default 0): ") != std::string::npos);
    CHECK(text.out.find("\n    period_s (number, a period >= 0.0001 s or 0, default 0): ") != std::string::npos);
    const nlohmann::ordered_json rho = entry(nlohmann::ordered_json::parse(json.out), "siegel-dynamic")["params"][4];
    CHECK(rho["name"] == "rho");
    CHECK(rho["range"] == "in [0, 1]");
}

namespace {

/// The progress lines of a run's stderr ("rmsim: <percent> %, ..."; not the final line).
std::vector<std::string> progress_lines(const std::string& err) {
    std::vector<std::string> lines;
    std::istringstream in(err);
    for (std::string line; std::getline(in, line);)
        if (line.rfind("rmsim: ", 0) == 0 && line.find(" %, ") != std::string::npos) lines.push_back(line);
    return lines;
}

/// Runs rmsim with RMSIM_PROGRESS_PERIOD_S set to `period`.
Outcome run_with_period(const std::string& period, const std::string& args, const fs::path& dir) {
    setenv("RMSIM_PROGRESS_PERIOD_S", period.c_str(), 1);
    const Outcome o = run_cli(args, dir);
    unsetenv("RMSIM_PROGRESS_PERIOD_S");
    return o;
}

/// The progress lines of a run that succeeded; at least one.
std::vector<std::string> required_progress_lines(const Outcome& o) {
    INFO(o.err);
    REQUIRE(o.code == 0);
    std::vector<std::string> lines = progress_lines(o.err);
    REQUIRE_FALSE(lines.empty());
    return lines;
}

}  // namespace

TEST_CASE("cli: off a terminal, a run's progress lines come once a period, none with --quiet", "[sim][cli][progress]") {
    const ScratchDir d = scratch("progress");
    // Enough work that the simulation takes more than a few milliseconds.
    write(d / "c.yaml", config("workload:\n  synthetic: {tasks: 50000, arrival_rate_per_s: 0.01, work_s_mean: 300, "
                               "cores_min: 1, cores_max: 4}\n"));
    const std::string run = "run " + (d / "c.yaml").string() + " --out ";
    const Outcome often = run_with_period("0.001", run + (d / "often").string(), d);
    for (const std::string& l : required_progress_lines(often)) {
        INFO(l);
        CHECK(l.find(" elapsed") != std::string::npos);
        CHECK(l.find("; simulated ") != std::string::npos);
        CHECK(l.find(" / 50000 tasks finished") != std::string::npos);
        CHECK(l.find('\r') == std::string::npos);  // lines of their own, not redrawn
    }
    CHECK(often.err.find("rmsim: simulated ") != std::string::npos);  // the final line
    // The default period (10 s) is longer than this run: the final line alone.
    const Outcome rarely = run_cli(run + (d / "rarely").string(), d);
    CHECK(rarely.code == 0);
    CHECK(progress_lines(rarely.err).empty());
    CHECK(rarely.err.rfind("rmsim: simulated ", 0) == 0);
    const Outcome quiet = run_with_period("0.001", run + (d / "quiet").string() + " --quiet", d);
    CHECK(quiet.code == 0);
    CHECK(quiet.err.empty());
    CHECK(quiet.out.empty());
    // Reporting progress changes no result.
    for (const char* f : {"summary.json", "tasks.csv", "energy.csv", "pstates.csv"}) {
        INFO(f);
        CHECK(slurp(d / "often" / f) == slurp(d / "quiet" / f));
        CHECK(slurp(d / "rarely" / f) == slurp(d / "quiet" / f));
    }
}

TEST_CASE("cli: off a terminal, trials in child processes report where each one is", "[sim][cli][progress]") {
    const ScratchDir d = scratch("progress_pool");
    write(d / "v.yaml", config(kSynthetic) + kVariants);
    const std::string run = "run " + (d / "v.yaml").string() + " --jobs 2 --out ";
    const Outcome often = run_with_period("0.001", run + (d / "often").string(), d);
    for (const std::string& l : required_progress_lines(often)) {
        INFO(l);
        CHECK(l.find(" / 4 runs done") != std::string::npos);
    }
    INFO(often.err);
    CHECK(often.err.find("running first-come trial 0") != std::string::npos);
    CHECK(often.err.find("backfill trial 1") != std::string::npos);
    CHECK(often.err.find(" s simulated (") != std::string::npos);
    CHECK(often.err.find("rmsim: 4 runs (2 variant(s) x 2 trial(s)) done in ") != std::string::npos);
    const Outcome quiet = run_with_period("0.001", run + (d / "quiet").string() + " --quiet", d);
    CHECK(quiet.code == 0);
    CHECK(quiet.err.empty());
    CHECK(slurp(d / "often" / "comparison.csv") == slurp(d / "quiet" / "comparison.csv"));
    CHECK(slurp(d / "often" / "backfill" / "trial-1" / "tasks.csv") ==
          slurp(d / "quiet" / "backfill" / "trial-1" / "tasks.csv"));
}

TEST_CASE("cli: a progress period that is not a number of seconds above 0 is bad usage", "[sim][cli][progress]") {
    const ScratchDir d = scratch("progress_period");
    write(d / "c.yaml", config(kSynthetic));
    for (const char* bad : {"0", "-1", "ten", "5s", "1e9"}) {
        INFO(bad);
        const Outcome o = run_with_period(bad, "run " + (d / "c.yaml").string() + " --out " + (d / "out").string(), d);
        CHECK(o.code == 2);
        CHECK(o.err.rfind("rmsim: RMSIM_PROGRESS_PERIOD_S expects a number of seconds", 0) == 0);
        CHECK_FALSE(fs::exists(d / "out"));
    }
}

TEST_CASE("cli: the summary counts every end state, and they add up to the tasks arrived", "[sim][cli][summary]") {
    const ScratchDir d = scratch("summary");
    // Four jobs that plan with their requested time and are killed at it: 1 completes at 100 s, 2 is killed at
    // 110 s, 3 completes at 70 s, 4 is killed at 80 s. The run stops at 90 s: 1 and 2 are unfinished.
    write(d / "t.swf",
          "1 0 -1 100 2 -1 -1 2 200 -1 1 1 1 -1 -1 -1 -1 -1\n"
          "2 10 -1 300 2 -1 -1 2 100 -1 1 1 1 -1 -1 -1 -1 -1\n"
          "3 20 -1 50 4 -1 -1 4 60 -1 1 1 1 -1 -1 -1 -1 -1\n"
          "4 30 -1 500 1 -1 -1 1 50 -1 1 1 1 -1 -1 -1 -1 -1\n");
    write(d / "c.yaml", config("workload:\n  swf: {path: t.swf}\n",
                               "manager: {policy: easy, estimate: {model: requested, at_limit: kill}}\n"
                               "run: {end_s: 90}\n"));
    const Outcome o = run_cli("run " + (d / "c.yaml").string() + " --out " + (d / "out").string(), d);
    INFO(o.err);
    REQUIRE(o.code == 0);
    INFO(o.out);
    const nlohmann::json tasks = nlohmann::json::parse(slurp(d / "out" / "summary.json"))["tasks"];
    CHECK(tasks["completed"] == 1);
    CHECK(tasks["killed"] == 1);
    CHECK(tasks["unfinished"] == 2);
    CHECK(tasks["completed"].get<int>() + tasks["killed"].get<int>() + tasks["dropped"].get<int>() +
              tasks["rejected"].get<int>() + tasks["unfinished"].get<int>() ==
          tasks["arrived"].get<int>());
    const std::string want =
        "  tasks completed / arrived   1 / 4  (killed at time limit 1, dropped 0, rejected 0, "
        "unfinished 2)\n";
    CHECK(o.out.find(want) != std::string::npos);
}

TEST_CASE("cli: the jobs an SWF workload skips are said once on stderr, unless --quiet", "[sim][cli][swf]") {
    // Jobs 2 (zero run time, line 3) and 3 (unknown processors, line 4) never ran: a note when the workload
    // is loaded, once for all trials; nothing of it in the results.
    const ScratchDir d = scratch("swf_skipped");
    write(d / "t.swf",
          "; MaxProcs: 16\n"
          "1 0 0 60 2 -1 -1 2 600 -1 1 1 1 -1 -1 -1 -1 -1\n"
          "2 10 0 0 2 -1 -1 2 600 -1 5 1 1 -1 -1 -1 -1 -1\n"
          "3 20 0 60 -1 -1 -1 -1 600 -1 1 1 1 -1 -1 -1 -1 -1\n"
          "4 30 0 30 4 -1 -1 4 600 -1 1 1 1 -1 -1 -1 -1 -1\n");
    write(d / "c.yaml", config("workload:\n  swf: {path: t.swf}\n"));
    const std::string note = "rmsim: " + (d / "t.swf").string() +
                             ": 2 jobs skipped (never ran: unknown or zero runtime or processors, or no submit "
                             "time), at lines 3, 4\n";
    const std::string c = (d / "c.yaml").string();
    const Outcome loud = run_cli("run " + c + " --trials 2 --out " + (d / "loud").string(), d);
    INFO(loud.err);
    CHECK(loud.code == 0);
    CHECK(loud.err.rfind(note, 0) == 0);
    CHECK(loud.err.find(note, 1) == std::string::npos);
    const Outcome quiet = run_cli("run " + c + " --trials 2 --quiet --out " + (d / "quiet").string(), d);
    CHECK(quiet.code == 0);
    CHECK(quiet.err.empty());
    CHECK(slurp(d / "loud" / "aggregate.json") == slurp(d / "quiet" / "aggregate.json"));
    const Outcome validate = run_cli("validate " + c, d);
    CHECK(validate.err == note);
}
