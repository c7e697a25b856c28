// Parsing the rmsim command line (sim/run/cli_args.h) without running anything: every option, the checked
// ranges of the numbers, and bad usage as `rmsim: message`.
#include <catch2/catch.hpp>

#include <sstream>
#include <string>
#include <vector>

#include "platform/input_error.h"
#include "sim/run/cli_args.h"

using namespace rmsim;
using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;

namespace {

CliArgs parse(const std::vector<std::string>& args) { return parse_cli_args(args); }

RunArgs parse_run(const std::vector<std::string>& options) {
    std::vector<std::string> args{"run", "c.yaml"};
    args.insert(args.end(), options.begin(), options.end());
    return parse(args).run;
}

/// The message of the InputError that parsing `args` throws ("" if it does not throw).
std::string error_of(const std::vector<std::string>& args) {
    try {
        parse(args);
    } catch (const InputError& e) {
        CHECK(e.where().file == "rmsim");
        return e.what();
    }
    return "";
}

}  // namespace

TEST_CASE("cli args: run with every option", "[sim][cli_args]") {
    const CliArgs c = parse({"run", "c.yaml", "--set", "a.b=1", "--only", "x,y", "--seed", "7", "--trials=3", "--jobs",
                             "2", "--out", "res", "--trace", "--quiet", "--set", "c=[1, 2]"});
    CHECK(c.command == CliCommand::kRun);
    const RunArgs& a = c.run;
    CHECK(a.config == "c.yaml");
    CHECK(a.sets == std::vector<std::string>{"a.b=1", "c=[1, 2]"});
    CHECK(a.only == std::vector<std::string>{"x", "y"});
    CHECK(a.seed == std::uint64_t{7});
    CHECK(a.trials == std::uint32_t{3});
    CHECK(a.jobs == 2u);
    CHECK(a.out == "res");
    CHECK(a.trace);
    CHECK(a.quiet);
}

TEST_CASE("cli args: run defaults leave the config's seed and trials", "[sim][cli_args]") {
    const RunArgs a = parse_run({});
    CHECK_FALSE(a.seed);
    CHECK_FALSE(a.trials);
    CHECK(a.jobs == 1u);
    CHECK(a.out == "results");
    CHECK_FALSE(a.trace);
    CHECK_FALSE(a.quiet);
    CHECK(a.sets.empty());
    CHECK(a.only.empty());
}

TEST_CASE("cli args: --seed takes any uint64, 0 included", "[sim][cli_args]") {
    CHECK(parse_run({"--seed", "0"}).seed == std::uint64_t{0});
    CHECK(parse_run({"--seed", "18446744073709551615"}).seed == std::uint64_t{18446744073709551615ull});
    for (const char* bad : {"18446744073709551616", "-1", "1.5", "12abc", "", "+3", " 3", "1e3", "0x10"}) {
        INFO(bad);
        CHECK_THAT(error_of({"run", "c.yaml", "--seed", bad}),
                   StartsWith("rmsim: --seed expects a whole number from 0 to 18446744073709551615, got '" +
                              std::string(bad) + "'"));
    }
}

TEST_CASE("cli args: --trials is checked, not clamped or wrapped", "[sim][cli_args]") {
    CHECK(parse_run({"--trials", "1"}).trials == std::uint32_t{1});
    CHECK(parse_run({"--trials", "4294967295"}).trials == std::uint32_t{4294967295u});
    for (const char* bad : {"4294967296", "99999999999999999999", "0", "-1", "1.5", "12abc"}) {
        INFO(bad);
        CHECK(error_of({"run", "c.yaml", "--trials", bad}) ==
              "rmsim: --trials expects a whole number from 1 to 4294967295, got '" + std::string(bad) + "'");
    }
}

TEST_CASE("cli args: --jobs is a count from 1 to 1024", "[sim][cli_args]") {
    CHECK(parse_run({"--jobs", "1024"}).jobs == 1024u);
    for (const char* bad : {"0", "1025", "-2", "2x", "4294967297"}) {
        INFO(bad);
        CHECK(error_of({"run", "c.yaml", "--jobs", bad}) ==
              "rmsim: --jobs expects a whole number from 1 to 1024, got '" + std::string(bad) + "'");
    }
}

TEST_CASE("cli args: a repeated option's last value wins; --set and --only add up", "[sim][cli_args]") {
    const RunArgs a = parse_run({"--seed", "1", "--out", "a", "--seed", "2", "--out", "b", "--only", "x", "--only",
                                 "y,z", "--quiet", "--quiet"});
    CHECK(a.seed == std::uint64_t{2});
    CHECK(a.out == "b");
    CHECK(a.only == std::vector<std::string>{"x", "y", "z"});
    CHECK(a.quiet);
}

TEST_CASE("cli args: --resume or --force, not both", "[sim][cli_args]") {
    CHECK(parse_run({}).rerun == Rerun::kRefuse);
    CHECK(parse_run({"--resume"}).rerun == Rerun::kResume);
    CHECK(parse_run({"--force", "--force"}).rerun == Rerun::kForce);
    CHECK(error_of({"run", "c.yaml", "--resume", "--force"}) ==
          "rmsim: --resume keeps the previous results and --force deletes them: give one of them");
    CHECK_THAT(error_of({"validate", "c.yaml", "--resume"}), StartsWith("rmsim: unknown option '--resume'"));
}

TEST_CASE("cli args: unknown options are refused and name the command's options", "[sim][cli_args]") {
    CHECK(error_of({"run", "c.yaml", "--bogus"}) ==
          "rmsim: unknown option '--bogus' (run takes --set, --only, --seed, --trials, --jobs, --out, "
          "--trace, --quiet, --resume, --force, --shard, --help)");
    // No guessing from a prefix, and no other spelling.
    CHECK_THAT(error_of({"run", "c.yaml", "--tri", "3"}), StartsWith("rmsim: unknown option '--tri'"));
    CHECK_THAT(error_of({"run", "c.yaml", "-x"}), StartsWith("rmsim: unknown option '-x'"));
    CHECK_THAT(error_of({"run", "c.yaml", "--config", "d.yaml"}), StartsWith("rmsim: unknown option '--config'"));
    CHECK(error_of({"list-policies", "--jsn"}) == "rmsim: unknown option '--jsn' (list-policies takes --json, --help)");
}

TEST_CASE("cli args: validate refuses the options of run", "[sim][cli_args]") {
    CHECK(parse({"validate", "c.yaml", "--set", "a=1"}).run.sets == std::vector<std::string>{"a=1"});
    for (const char* opt : {"--seed", "--trials", "--jobs", "--out", "--only"}) {
        INFO(opt);
        CHECK(error_of({"validate", "c.yaml", opt, "1"}) ==
              "rmsim: unknown option '" + std::string(opt) + "' (validate takes --set, --help)");
        CHECK(error_of({"validate", "c.yaml", std::string(opt) + "=1"}) ==
              "rmsim: unknown option '" + std::string(opt) + "' (validate takes --set, --help)");
    }
    CHECK_THAT(error_of({"validate", "c.yaml", "--quiet"}), StartsWith("rmsim: unknown option '--quiet'"));
}

TEST_CASE("cli args: a missing value", "[sim][cli_args]") {
    CHECK(error_of({"run", "c.yaml", "--trials"}) == "rmsim: --trials needs a value");
    CHECK(error_of({"run", "c.yaml", "--seed="}) == "rmsim: --seed needs a value");
    CHECK(error_of({"validate", "c.yaml", "--set"}) == "rmsim: --set needs a value");
    // The next option is not taken as the value.
    CHECK(error_of({"run", "c.yaml", "--out", "--quiet"}) == "rmsim: --out needs a value");
    CHECK(error_of({"run", "c.yaml", "--out", ""}) == "rmsim: --out needs a folder name");
    CHECK(error_of({"run", "c.yaml", "--only", ","}) == "rmsim: --only needs variant names");
    CHECK(error_of({"run", "c.yaml", "--quiet=yes"}) == "rmsim: --quiet takes no value");
}

TEST_CASE("cli args: CONFIG is required, once", "[sim][cli_args]") {
    CHECK(error_of({"run"}) == "rmsim: missing CONFIG");
    CHECK(error_of({"validate", "--set", "a=1"}) == "rmsim: missing CONFIG");
    CHECK(error_of({"run", "a.yaml", "b.yaml"}) == "rmsim: unexpected argument 'b.yaml'");
    CHECK(error_of({"list-policies", "x"}) == "rmsim: unexpected argument 'x'");
    // After `--`, an argument starting with '-' is CONFIG.
    CHECK(parse({"run", "--quiet", "--", "-odd.yaml"}).run.config == "-odd.yaml");
}

TEST_CASE("cli args: convert takes IN and OUT", "[sim][cli]") {
    const rmsim::CliArgs c = rmsim::parse_cli_args({"convert", "a.swf.gz", "b.json"});
    CHECK(c.command == rmsim::CliCommand::kConvert);
    CHECK(c.convert.in == "a.swf.gz");
    CHECK(c.convert.out == "b.json");
    CHECK(error_of({"convert", "a.swf"}) == "rmsim: convert takes IN and OUT, the files to read and to write");
    CHECK(error_of({"convert", "a", "b", "c"}) == "rmsim: convert takes IN and OUT, the files to read and to write");
}

TEST_CASE("cli args: commands, --help anywhere and --version", "[sim][cli_args]") {
    CHECK(parse({}).command == CliCommand::kNone);
    CHECK(parse({"--version"}).command == CliCommand::kVersion);
    CHECK(parse({"--help"}).command == CliCommand::kHelp);
    CHECK(parse({"-h"}).command == CliCommand::kHelp);
    CHECK(parse({"--help"}).help_for.empty());
    // After a command, --help asks for that command's usage, whatever else follows.
    CHECK(parse({"run", "--help"}).command == CliCommand::kHelp);
    CHECK(parse({"run", "--help"}).help_for == "run");
    CHECK(parse({"validate", "c.yaml", "--seed", "1", "-h"}).help_for == "validate");
    CHECK(parse({"list-policies", "--bogus", "--help"}).help_for == "list-policies");
    CHECK(parse({"list-governors", "-h"}).help_for == "list-governors");
    // An unknown command with --help: the global usage.
    CHECK(parse({"simulate", "--help"}).command == CliCommand::kHelp);
    CHECK(parse({"simulate", "--help"}).help_for.empty());
    const CliArgs l = parse({"list-policies", "--json"});
    CHECK(l.command == CliCommand::kListPolicies);
    CHECK(l.json);
    CHECK_FALSE(parse({"list-policies"}).json);
    const CliArgs g = parse({"list-governors", "--json"});
    CHECK(g.command == CliCommand::kListGovernors);
    CHECK(g.json);
    CHECK_FALSE(parse({"list-governors"}).json);
    CHECK(error_of({"list-governors", "x"}) == "rmsim: unexpected argument 'x'");
    CHECK(parse({"validate", "c.yaml"}).command == CliCommand::kValidate);
    CHECK(error_of({"simulate", "c.yaml"}) ==
          "rmsim: unknown command 'simulate' (run, validate, list-policies, list-governors, list-workloads, plot, "
          "convert, merge, slurm)");
    CHECK_THAT(error_of({"run", "c.yaml", "--version"}), StartsWith("rmsim: unknown option '--version'"));
}

TEST_CASE("cli args: every command's --help lists its options with their meaning and default", "[sim][cli_args]") {
    const std::string global = usage();
    CHECK_THAT(global, StartsWith("usage: rmsim <command> [options]\n"));
    CHECK_THAT(global, Contains("rmsim <command> --help"));
    for (const char* command : {"run", "validate", "list-policies", "list-governors"}) {
        INFO(command);
        CHECK_THAT(global, Contains("\n  " + std::string(command) + " "));
        const std::string help = command_usage(command);
        CHECK_THAT(help, StartsWith("usage: rmsim " + std::string(command) + " "));
        // Every option the command takes (as its unknown-option message names them) is described, on a line
        // of its own that states its default (--help aside).
        std::string names = error_of({command, "c.yaml", "--bogus"});
        names = names.substr(names.find(" takes ") + 7);
        names.pop_back();  // ')'
        std::istringstream list(names);
        for (std::string name; std::getline(list, name, ',');) {
            name.erase(0, name.find_first_not_of(' '));
            INFO(name);
            const auto at = help.find("\n  " + name);
            REQUIRE(at != std::string::npos);
            if (name == "--help") continue;
            const auto next_option = help.find("\n  --", at + 1);
            CHECK(help.substr(at, next_option - at).find("(default") != std::string::npos);
        }
    }
    const std::string run = command_usage("run");
    CHECK_THAT(run, Contains("  --jobs N "));
    CHECK_THAT(run, Contains("simulations at once, each a process, 1 to 1024 (default 1)\n"));
    CHECK_THAT(run, Contains("  --out DIR "));
    CHECK_THAT(run, Contains("the results folder (default results)\n"));
    CHECK_THAT(run, Contains("RMSIM_PROGRESS_PERIOD_S"));
    // No line is wider than 100 columns.
    for (const std::string& text : {global, run, command_usage("validate"), command_usage("list-policies")}) {
        std::istringstream lines(text);
        for (std::string line; std::getline(lines, line);) CHECK(line.size() <= 100);
    }
}

TEST_CASE("cli args: --shard, merge and slurm", "[sim][cli_args]") {
    const rmsim::ShardSpec s = *parse({"run", "c.yaml", "--shard", "3/8"}).run.shard;
    CHECK(s.index == 3);
    CHECK(s.count == 8);
    CHECK_FALSE(parse({"run", "c.yaml"}).run.shard);
    CHECK(error_of({"validate", "c.yaml", "--shard", "0/2"}).rfind("rmsim: unknown option '--shard'", 0) == 0);

    const rmsim::MergeArgs m = parse({"merge", "a", "b", "--out", "o", "c", "--force", "--quiet"}).merge;
    CHECK(m.shards == std::vector<std::string>{"a", "b", "c"});
    CHECK(m.out == "o");
    CHECK(m.quiet);
    CHECK(m.rerun == Rerun::kForce);
    CHECK(error_of({"merge", "a", "--resume", "--force"}) ==
          "rmsim: --resume keeps the previous results and --force deletes them: give one of them");

    const rmsim::SlurmArgs l = parse({"slurm",
                                      "c.yaml",
                                      "--out",
                                      "d",
                                      "--shards",
                                      "12",
                                      "--jobs",
                                      "4",
                                      "--time",
                                      "2:00:00",
                                      "--partition",
                                      "short",
                                      "--sbatch-arg",
                                      "--account=a",
                                      "--sbatch-arg=--qos=low",
                                      "--max-running",
                                      "3",
                                      "--submit",
                                      "--trials",
                                      "48",
                                      "--only",
                                      "x,y"})
                                   .slurm;
    CHECK(l.run.config == "c.yaml");
    CHECK(l.run.out == "d");
    CHECK(l.run.jobs == 4);
    CHECK(*l.run.trials == 48);
    CHECK(l.run.only == std::vector<std::string>{"x", "y"});
    CHECK(l.shards == 12);
    CHECK(l.max_running == 3);
    CHECK(l.time == "2:00:00");
    CHECK(l.partition == "short");
    CHECK(l.sbatch_args == std::vector<std::string>{"--account=a", "--qos=low"});
    CHECK(l.submit);
    CHECK(parse({"slurm", "c.yaml", "--out=d"}).slurm.shards == 0);
    CHECK(error_of({"slurm", "c.yaml"}) ==
          "rmsim: slurm needs --out DIR, the run's folder on a file system every node sees");
    CHECK(error_of({"slurm", "c.yaml", "--out", "d", "--shards", "0"}) ==
          "rmsim: --shards expects a whole number from 1 to 100000, got '0'");
    CHECK(error_of({"slurm", "c.yaml", "--out", "d", "--time", ""}) == "rmsim: --time needs a value of one line");
    CHECK(error_of({"slurm", "c.yaml", "--out", "d", "--shard", "0/2"}).rfind("rmsim: unknown option '--shard'", 0) ==
          0);
}
