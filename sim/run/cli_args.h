#pragma once
// The rmsim command line, parsed and checked (Boost.Program_options): which command, its CONFIG and its
// options. Nothing is read or run here. Bad usage is an InputError at "rmsim" (`rmsim: message`, exit 2).
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "sim/run/shards.h"

namespace rmsim {

enum class CliCommand {
    kNone,     ///< no arguments at all: the usage, exit 2
    kHelp,     ///< --help or -h anywhere: the usage (of the command, if one is named first), exit 0
    kVersion,  ///< --version as the first argument
    kRun,
    kValidate,
    kListPolicies,
    kListGovernors,
    kListWorkloads,
    kPlot,
    kConvert,
    kMerge,
    kSlurm,
};

/// The global usage (`rmsim --help`): the commands, and `rmsim <command> --help` for their options.
std::string usage();
/// `rmsim <command> --help`: the command's synopsis and every option with its meaning and default. `command`
/// is a command's name ("run", "list-policies").
std::string command_usage(const std::string& command);

/// Limits of the numeric options (the message of a value outside them states them).
constexpr std::uint32_t kMaxTrials = 4294967295u;  ///< as run.trials in a config
constexpr unsigned kMaxJobs = 1024;                ///< simulations running at once, each a process

/// What `rmsim run` does with an --out folder that holds a previous run's results (sim/run/run_folder.h).
enum class Rerun {
    kRefuse,  ///< exit 2, naming --resume and --force
    kResume,  ///< --resume: keep the finished trials whose inputs match, run the rest
    kForce,   ///< --force: delete the previous results, run everything
};

struct RunArgs {
    std::string config;
    std::vector<std::string> sets;        ///< --set key=value, in order
    std::vector<std::string> only;        ///< --only: run these variants of the config (all when empty)
    std::optional<std::uint64_t> seed;    ///< --seed: replaces run.seed (any uint64, 0 included)
    std::optional<std::uint32_t> trials;  ///< --trials: replaces run.trials (1..kMaxTrials)
    unsigned jobs = 1;                    ///< --jobs: simulations at once (1..kMaxJobs)
    std::string out = "results";
    bool trace = false;
    bool quiet = false;
    Rerun rerun = Rerun::kRefuse;    ///< --resume, --force
    std::optional<ShardSpec> shard;  ///< --shard I/N: run only shard I's (variant, trial) pairs
};

/// `rmsim merge SHARD_DIR... --out DIR`: the shards of one run in one results folder (sim/run/merge.h).
struct MergeArgs {
    std::vector<std::string> shards;  ///< the shards' --out folders, any order
    std::string out = "results";
    bool quiet = false;
    Rerun rerun = Rerun::kRefuse;  ///< --force (--resume: keep what a previous merge copied)
};

/// `rmsim slurm CONFIG --out DIR`: an sbatch job array over the shards and a merge job (sim/run/slurm_job.h).
struct SlurmArgs {
    RunArgs run;                    ///< CONFIG, --set, --only, --seed, --trials, --trace, --jobs (per shard), --out
    std::uint32_t shards = 0;       ///< --shards N (0: as many as pairs, at most kDefaultSlurmShards)
    std::uint32_t max_running = 0;  ///< --max-running K: at most K shards at once (0: no limit)
    std::string partition;          ///< --partition P
    std::string time;               ///< --time T (sbatch's format)
    std::vector<std::string> sbatch_args;  ///< --sbatch-arg ARG, repeatable: an #SBATCH line each
    bool submit = false;                   ///< --submit: submit the jobs after writing them
};
constexpr std::uint32_t kDefaultSlurmShards = 32;

/// `rmsim plot RUN_DIR`: the figures of a results folder (sim/run/plot.h).
struct PlotArgs {
    std::string dir;     ///< RUN_DIR: the --out folder of a run
    std::string config;  ///< --config: the config whose `figure:` section is drawn ("" for the default figure)
    std::string out;     ///< --out: where the figures go ("" for RUN_DIR/figures)
    bool paper = false;  ///< --paper: overlay the config's paper_values
};

/// `rmsim convert IN OUT`: a job list from one trace format to another (workloads/trace_convert.h).
struct ConvertArgs {
    std::string in;
    std::string out;
};

struct CliArgs {
    CliCommand command = CliCommand::kNone;
    std::vector<std::string> plugins;  ///< --plugin PATH (any command, repeatable): loaded first, in order
    std::string help_for;              ///< kHelp: the command whose usage is asked for ("" for the global usage)
    RunArgs run;                       ///< run and validate (validate takes CONFIG and --set only)
    bool json = false;                 ///< list-policies, list-governors, list-workloads: --json
    PlotArgs plot;                     ///< plot
    ConvertArgs convert;               ///< convert
    MergeArgs merge;                   ///< merge
    SlurmArgs slurm;                   ///< slurm
};

/// Parses the arguments after the program name. A repeated option's last value wins; --set and --only
/// add up. Throws InputError at "rmsim" for bad usage.
CliArgs parse_cli_args(const std::vector<std::string>& args);

/// Bad usage: throws InputError at "rmsim" (printed as `rmsim: message`, exit 2).
[[noreturn]] void usage_error(const std::string& message);

}  // namespace rmsim
