#include "sim/run/cli_args.h"

#include <algorithm>
#include <charconv>
#include <limits>
#include <sstream>

#include <boost/program_options.hpp>

#include "platform/input_error.h"

namespace rmsim {

void usage_error(const std::string& message) { throw InputError(SourceLocation{"rmsim", 0, 0}, message); }

namespace {

namespace po = boost::program_options;

/// One option of a command: what its --help says, and how it is parsed (a switch has no value).
struct OptionSpec {
    const char* name;   ///< without the leading "--"
    const char* value;  ///< the value's placeholder ("N", "DIR"); nullptr for a switch
    const char* meaning;
    const char* default_;  ///< as the help prints it: "(default 1)"
};

/// A command of rmsim: its name, operand, summary, options (--help aside, which every command takes) and
/// notes for its --help. `rmsim --help` lists the commands in this order.
struct CommandSpec {
    const char* name;
    CliCommand command;
    const char* operand;  ///< "CONFIG", or "" for none
    const char* summary;  ///< one line for the global usage
    const char* description;
    std::vector<OptionSpec> options;
    const char* notes;  ///< printed after the options ("" for none); a line is a paragraph
};

const OptionSpec kSet{"set", "key=value", "change a config key (the value is YAML); repeatable, applied in order",
                      "(default none)"};
const OptionSpec kJson{"json", nullptr, "print the list as JSON (an array of objects) instead of text",
                       "(default off)"};

const std::vector<CommandSpec>& commands() {
    static const std::vector<CommandSpec> all{
        {"run",
         CliCommand::kRun,
         "CONFIG",
         "run an experiment: every variant and trial, results in --out",
         "Runs the experiment CONFIG, every selected variant and every trial, and writes the results to --out.",
         {kSet,
          {"only", "VARIANT[,VARIANT...]", "run only these variants of a config with variants; repeatable",
           "(default: every variant)"},
          {"seed", "N", "the experiment's seed, 0 to 18446744073709551615", "(default: the config's run.seed)"},
          {"trials", "N", "trials of each variant, 1 to 4294967295", "(default: the config's run.trials)"},
          {"jobs", "N", "simulations at once, each a process, 1 to 1024", "(default 1)"},
          {"out", "DIR", "the results folder", "(default results)"},
          {"trace", nullptr, "also write trace.json (Chrome/Perfetto) for every trial", "(default off)"},
          {"quiet", nullptr, "print neither progress nor summary, only errors", "(default off)"},
          {"resume", nullptr, "keep the finished trials in --out whose inputs match, run the rest", "(default off)"},
          {"force", nullptr, "delete the previous results in --out, run everything", "(default off)"},
          {"shard", "I/N",
           "run only shard I of N: a deterministic slice of the (variant, trial) pairs, balanced by their tasks; "
           "`rmsim merge` joins the N shards' folders",
           "(default: every pair)"}},
         "An --out folder that holds a previous run's results is refused unless --resume or --force.\n"
         "Progress goes to stderr: a line redrawn in place on a terminal; otherwise (a pipe, a log file) a line "
         "every 10 s with each running trial's variant, simulated time and the ETA (the environment variable "
         "RMSIM_PROGRESS_PERIOD_S sets another period in seconds). The summary goes to stdout."},
        {"validate",
         CliCommand::kValidate,
         "CONFIG",
         "check an experiment config without running it",
         "Checks CONFIG and every variant of it (platform, workload, policy and parameters) without running it.",
         {kSet},
         ""},
        {"list-policies",
         CliCommand::kListPolicies,
         "",
         "the scheduling policies and their parameters",
         "Prints the scheduling policies (manager.policy): name, family, the paper section it implements, "
         "description, and each parameter (manager.params) with its type and default.",
         {kJson},
         ""},
        {"list-governors",
         CliCommand::kListGovernors,
         "",
         "the DVFS governors and their parameters",
         "Prints the DVFS governors (dvfs.governor): name, description, and each parameter (dvfs.params) "
         "with its type and default.",
         {kJson},
         ""},
        {"list-workloads",
         CliCommand::kListWorkloads,
         "",
         "the workload kinds and their keys",
         "Prints the workload kinds (the key under workload:): name, description, and each of its keys with "
         "its type and default (a key of a nested map is written map.key).",
         {kJson},
         ""},
        {"plot",
         CliCommand::kPlot,
         "RUN_DIR",
         "draw the figures of a results folder (SVG and PNG)",
         "Draws the figures of RUN_DIR, the --out folder of `rmsim run`, as SVG and PNG with matplotlib: for a "
         "config with variants the figure its `figure:` section declares (with 95 % confidence intervals), for a "
         "single run its power over time and P-state residency. A comparison.md in RUN_DIR gains a Figures "
         "section that shows them.",
         {{"config", "CONFIG", "the config RUN_DIR was run from: draw the figure its `figure:` section declares",
           "(default: the shipped config named by comparison.md's title, else bars of its metrics)"},
          {"paper", nullptr, "overlay the paper's printed values (figure.paper_values of the config)", "(default off)"},
          {"out", "DIR", "the folder of the figures", "(default RUN_DIR/figures)"}},
         "Runs scripts/rmsim_plot.py (installed in share/rmsim) with /usr/bin/python3 if it exists, else python3 "
         "on PATH; matplotlib is required (scripts/install-deps.sh installs python3-matplotlib)."},
        {"convert",
         CliCommand::kConvert,
         "IN OUT",
         "convert a job list between SWF, task CSV and Batsim JSON",
         "Reads the jobs of IN and writes them to OUT, each format told by its extension: .swf (SWF trace), .csv "
         "(task CSV: id, arrival_s, work_s, cores, requested_s) or .json (Batsim workload of delay profiles); IN "
         "may be gzip-compressed (.gz). From an SWF trace come the jobs the swf workload replays, shifted to start "
         "at 0, so that a run of the converted file gives the same results. OUT must not exist yet.",
         {},
         ""},
        {"merge",
         CliCommand::kMerge,
         "SHARD_DIR...",
         "join the folders of a run's shards into one results folder",
         "Joins the --out folders of the N shards of one run (`rmsim run --shard I/N`, in any order) into --out: "
         "it checks that they come from the same config, inputs and rmsim version, that every (variant, trial) "
         "pair is there exactly once and finished, copies the trials and writes aggregate.json and the "
         "comparison tables as `rmsim run` does. The result is the same bytes as a run on one machine (but "
         "timing.json, wall-clock times). The config and the files it names must be readable from the folder "
         "the shards ran in (shard.json says which).",
         {{"out", "DIR", "the merged results folder", "(default results)"},
          {"quiet", nullptr, "print only errors", "(default off)"},
          {"resume", nullptr, "keep the trials a previous merge into --out copied", "(default off)"},
          {"force", nullptr, "delete the previous results in --out first", "(default off)"}},
         "docs/scale-out.md describes shards, Slurm and MPI."},
        {"slurm",
         CliCommand::kSlurm,
         "CONFIG",
         "write (and --submit) a Slurm job array over the shards of a run",
         "Writes an sbatch job array that runs CONFIG's (variant, trial) pairs as --shards shards (one array task "
         "each, `rmsim run --shard I/N --resume`), a merge job that runs after every shard succeeded "
         "(--dependency=afterok) and a submit.sh, into DIR/slurm/; the shards' results go to DIR/shards/shard-I/ "
         "and the merged results to DIR. DIR, CONFIG, the files it names and this rmsim must be on a file system "
         "every node sees: an array task that cannot read them stops with exit 2 and says so.",
         {kSet,
          {"only", "VARIANT[,VARIANT...]", "run only these variants; repeatable", "(default: every variant)"},
          {"seed", "N", "the experiment's seed", "(default: the config's run.seed)"},
          {"trials", "N", "trials of each variant", "(default: the config's run.trials)"},
          {"trace", nullptr, "also write trace.json for every trial", "(default off)"},
          {"out", "DIR", "the run's folder on the shared file system", "(required)"},
          {"shards", "N", "array tasks, each a shard of the pairs, 1 to 100000", "(default: one per pair, at most 32)"},
          {"jobs", "N", "simulations at once in each shard (its --cpus-per-task)", "(default 1)"},
          {"max-running", "K", "at most K shards at once (sbatch --array=...%K)", "(default: no limit)"},
          {"partition", "P", "sbatch --partition", "(default: the cluster's)"},
          {"time", "T", "sbatch --time of each shard and of the merge", "(default: the partition's)"},
          {"sbatch-arg", "ARG", "one more #SBATCH line of both jobs (e.g. --account=A); repeatable", "(default none)"},
          {"submit", nullptr, "submit the jobs with DIR/slurm/submit.sh after writing them", "(default off)"}},
         "DIR/slurm/submit.sh [I[,J...]] submits the array (all shards, or those listed) and the merge after it: "
         "a shard that failed or was cancelled is submitted again alone and resumes its finished trials.\n"
         "docs/scale-out.md describes shards, Slurm and MPI."},
    };
    return all;
}

const CommandSpec* find_command(const std::string& name) {
    for (const CommandSpec& c : commands())
        if (name == c.name) return &c;
    return nullptr;
}

/// "run, validate, list-policies, ...".
std::string command_names() {
    std::string s;
    for (const CommandSpec& c : commands()) s += (s.empty() ? "" : ", ") + std::string(c.name);
    return s;
}

/// `--name value` and `--name=value`; an option name is never guessed from a prefix (`--tri` is unknown).
constexpr int kStyle = po::command_line_style::unix_style & ~po::command_line_style::allow_guessing;

/// --help or -h anywhere (before `--`) asks for the usage, whatever else the command line holds.
bool wants_help(const std::vector<std::string>& args) {
    for (const std::string& s : args) {
        if (s == "--") return false;
        if (s == "--help" || s == "-h") return true;
    }
    return false;
}

/// The options of a command, for parsing (in the order of its --help, then --help itself).
po::options_description options_of(const CommandSpec& c) {
    po::options_description d;
    auto add = d.add_options();
    for (const OptionSpec& o : c.options) {
        if (o.value)
            add(o.name, po::value<std::string>());
        else
            add(o.name, po::bool_switch());
    }
    add("help,h", po::bool_switch());
    return d;
}

/// "unknown option '--seed' (validate takes --set, --help)"; `token` may be `--name=value`.
std::string unknown_option(const std::string& token, const std::string& command, const po::options_description& d) {
    std::string known;
    for (const auto& o : d.options()) known += (known.empty() ? "--" : ", --") + o->long_name();
    return "unknown option '" + token.substr(0, token.find('=')) + "' (" + command + " takes " + known + ")";
}

/// The key of a command's operand (CONFIG, RUN_DIR) among its parsed options: no option has this name.
constexpr const char* kOperand = "operand";

/// The options of `command` in `args`, in command-line order (values as written; numbers are checked by
/// the caller, so that a repeated option's last value wins and every message says what is accepted).
/// Its other arguments (the operand) have the key kOperand.
std::vector<po::option> parse_options(const std::string& command, const po::options_description& desc,
                                      const std::vector<std::string>& args) {
    po::options_description all(desc);
    all.add_options()(kOperand, po::value<std::string>());
    po::positional_options_description positional;
    positional.add(kOperand, -1);
    po::parsed_options parsed(&all);
    try {
        parsed = po::command_line_parser(args).options(all).positional(positional).style(kStyle).run();
    } catch (const po::unknown_option& e) {
        usage_error(unknown_option(e.get_option_name(), command, desc));
    } catch (const po::invalid_command_line_syntax& e) {
        if (e.kind() == po::invalid_command_line_syntax::missing_parameter ||
            e.kind() == po::invalid_command_line_syntax::empty_adjacent_parameter)
            usage_error(e.get_option_name() + " needs a value");
        if (e.kind() == po::invalid_command_line_syntax::extra_parameter)
            usage_error(e.get_option_name() + " takes no value");
        usage_error(e.what());
    } catch (const po::error& e) {
        usage_error(e.what());
    }
    for (const po::option& o : parsed.options) {
        if (o.string_key == kOperand && o.position_key < 0)
            usage_error(unknown_option("--" + std::string(kOperand), command, desc));
        // `--out --quiet`: the value is the next option, so the first one has none.
        if (o.original_tokens.size() == 2 && o.value.size() == 1 && o.value[0].rfind("--", 0) == 0) {
            const std::string next = o.value[0].substr(2, o.value[0].find('=') - 2);
            if (desc.find_nothrow(next, false)) usage_error(o.original_tokens[0] + " needs a value");
        }
    }
    return parsed.options;
}

/// `text` as a whole number in [min, max]: digits only (no sign, fraction, exponent or trailing text).
std::uint64_t whole_number(const std::string& option, const std::string& text, std::uint64_t min, std::uint64_t max) {
    std::uint64_t n = 0;
    const char* end = text.data() + text.size();
    const auto [stop, error] = std::from_chars(text.data(), end, n);
    if (text.empty() || error != std::errc() || stop != end || n < min || n > max)
        usage_error(option + " expects a whole number from " + std::to_string(min) + " to " + std::to_string(max) +
                    ", got '" + text + "'");
    return n;
}

/// --resume or --force (`key`), refused beside the other.
void set_rerun(Rerun& rerun, const std::string& key) {
    const Rerun r = key == "resume" ? Rerun::kResume : Rerun::kForce;
    if (rerun != Rerun::kRefuse && rerun != r)
        usage_error("--resume keeps the previous results and --force deletes them: give one of them");
    rerun = r;
}

/// A command with a CONFIG operand (run, validate, slurm: slurm's own options go to `slurm`).
RunArgs parse_run(const CommandSpec& command, const std::vector<std::string>& args, SlurmArgs* slurm = nullptr) {
    RunArgs a;
    for (const po::option& o : parse_options(command.name, options_of(command), args)) {
        const std::string& key = o.string_key;
        const std::string value = o.value.empty() ? std::string() : o.value[0];
        if (slurm && key == "shards") {
            slurm->shards = static_cast<std::uint32_t>(whole_number("--shards", value, 1, kMaxShards));
        } else if (slurm && key == "max-running") {
            slurm->max_running = static_cast<std::uint32_t>(whole_number("--max-running", value, 1, kMaxShards));
        } else if (slurm && (key == "partition" || key == "time" || key == "sbatch-arg")) {
            if (value.empty() || value.find_first_of("\n\r") != std::string::npos)
                usage_error("--" + key + " needs a value of one line");
            if (key == "partition") slurm->partition = value;
            if (key == "time") slurm->time = value;
            if (key == "sbatch-arg") slurm->sbatch_args.push_back(value);
        } else if (slurm && key == "submit") {
            slurm->submit = true;
        } else if (key == "shard") {
            a.shard = parse_shard("--shard", value);
        } else if (key == kOperand) {
            if (!a.config.empty()) usage_error("unexpected argument '" + value + "'");
            a.config = value;
        } else if (key == "set") {
            a.sets.push_back(value);
        } else if (key == "only") {
            std::stringstream names(value);
            const std::size_t before = a.only.size();
            for (std::string n; std::getline(names, n, ',');)
                if (!n.empty()) a.only.push_back(n);
            if (a.only.size() == before) usage_error("--only needs variant names");
        } else if (key == "seed") {
            a.seed = whole_number("--seed", value, 0, std::numeric_limits<std::uint64_t>::max());
        } else if (key == "trials") {
            a.trials = static_cast<std::uint32_t>(whole_number("--trials", value, 1, kMaxTrials));
        } else if (key == "jobs") {
            a.jobs = static_cast<unsigned>(whole_number("--jobs", value, 1, kMaxJobs));
        } else if (key == "out") {
            if (value.empty()) usage_error("--out needs a folder name");
            a.out = value;
        } else if (key == "trace") {
            a.trace = true;
        } else if (key == "quiet") {
            a.quiet = true;
        } else if (key == "resume" || key == "force") {
            set_rerun(a.rerun, key);
        }
    }
    if (a.config.empty()) usage_error("missing CONFIG");
    return a;
}

/// `rmsim merge SHARD_DIR... [--out DIR] [--quiet] [--resume|--force]`.
MergeArgs parse_merge(const CommandSpec& command, const std::vector<std::string>& args) {
    MergeArgs a;
    for (const po::option& o : parse_options(command.name, options_of(command), args)) {
        const std::string value = o.value.empty() ? std::string() : o.value[0];
        if (o.string_key == kOperand) {
            a.shards.push_back(value);
        } else if (o.string_key == "out") {
            if (value.empty()) usage_error("--out needs a folder name");
            a.out = value;
        } else if (o.string_key == "quiet") {
            a.quiet = true;
        } else if (o.string_key == "resume" || o.string_key == "force") {
            set_rerun(a.rerun, o.string_key);
        }
    }
    if (a.shards.empty()) usage_error("missing SHARD_DIR: merge takes the folders of a run's shards");
    return a;
}

/// A command without an operand (the listings): its only option is --json.
bool parse_json(const CommandSpec& command, const std::vector<std::string>& args) {
    bool json = false;
    for (const po::option& o : parse_options(command.name, options_of(command), args)) {
        if (o.string_key == kOperand) usage_error("unexpected argument '" + o.value[0] + "'");
        if (o.string_key == "json") json = true;
    }
    return json;
}

/// `rmsim plot RUN_DIR [--config CONFIG] [--paper] [--out DIR]`.
PlotArgs parse_plot(const CommandSpec& command, const std::vector<std::string>& args) {
    PlotArgs a;
    for (const po::option& o : parse_options(command.name, options_of(command), args)) {
        const std::string value = o.value.empty() ? std::string() : o.value[0];
        if (o.string_key == kOperand) {
            if (!a.dir.empty()) usage_error("unexpected argument '" + value + "'");
            a.dir = value;
        } else if (o.string_key == "config") {
            a.config = value;
        } else if (o.string_key == "paper") {
            a.paper = true;
        } else if (o.string_key == "out") {
            if (value.empty()) usage_error("--out needs a folder name");
            a.out = value;
        }
    }
    if (a.dir.empty()) usage_error("missing RUN_DIR");
    return a;
}

/// `rmsim convert IN OUT`.
ConvertArgs parse_convert(const CommandSpec& command, const std::vector<std::string>& args) {
    std::vector<std::string> operands;
    for (const po::option& o : parse_options(command.name, options_of(command), args))
        if (o.string_key == kOperand) operands.push_back(o.value.empty() ? std::string() : o.value[0]);
    if (operands.size() != 2) usage_error("convert takes IN and OUT, the files to read and to write");
    return {operands[0], operands[1]};
}

/// `text` after `indent` columns, each paragraph (a line of `text`) wrapped at spaces to lines of at most 100
/// columns, indented by `indent` but for the first (the caller's); ends with a newline.
std::string wrapped(const std::string& text, std::size_t indent) {
    constexpr std::size_t kColumns = 100;
    std::string out;
    std::istringstream paragraphs(text);
    for (std::string paragraph; std::getline(paragraphs, paragraph);) {
        if (!out.empty()) out += std::string(indent, ' ');
        std::size_t column = indent;
        std::istringstream words(paragraph);
        for (std::string w; words >> w;) {
            if (column > indent && column + 1 + w.size() > kColumns) {
                out += "\n" + std::string(indent, ' ');
                column = indent;
            }
            if (column > indent) {
                out += ' ';
                ++column;
            }
            out += w;
            column += w.size();
        }
        out += "\n";
    }
    return out;
}

/// "  --name VALUE" for every option of `c`, then --help.
std::vector<std::string> option_heads(const CommandSpec& c) {
    std::vector<std::string> heads;
    for (const OptionSpec& o : c.options)
        heads.push_back("  --" + std::string(o.name) + (o.value ? " " + std::string(o.value) : std::string()));
    heads.push_back("  --help, -h");
    return heads;
}

}  // namespace

namespace {

/// Takes every `--plugin PATH` and `--plugin=PATH` (before `--`) out of `args` into `plugins`.
std::vector<std::string> take_plugins(const std::vector<std::string>& args, std::vector<std::string>& plugins) {
    std::vector<std::string> rest;
    bool options = true;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& s = args[i];
        if (s == "--") options = false;
        if (options && s == "--plugin") {
            if (i + 1 == args.size() || args[i + 1].rfind("--", 0) == 0) usage_error("--plugin needs a value");
            plugins.push_back(args[++i]);
        } else if (options && s.rfind("--plugin=", 0) == 0) {
            if (s.size() == 9) usage_error("--plugin needs a value");
            plugins.push_back(s.substr(9));
        } else {
            rest.push_back(s);
        }
    }
    return rest;
}

}  // namespace

std::string usage() {
    std::string s = "usage: rmsim <command> [options]\ncommands:\n";
    for (const CommandSpec& c : commands()) {
        std::string head = "  " + std::string(c.name) + (*c.operand ? " " + std::string(c.operand) : "");
        head.resize(std::max<std::size_t>(head.size() + 2, 24), ' ');
        s += head + c.summary + "\n";
    }
    return s +
           "`rmsim <command> --help` describes a command and its options, with their defaults.\n"
           "options: --help, -h (the usage), --version,\n"
           "  --plugin LIB (any command, repeatable): load a plug-in's components first (docs/plugins.md)\n"
           "exit codes: 0 success, 1 internal error, 2 bad input (file:line:col: message, or rmsim: message)\n";
}

std::string command_usage(const std::string& command) {
    const CommandSpec* c = find_command(command);
    if (!c) return usage();
    std::string s = "usage: rmsim " + std::string(c->name) + (*c->operand ? " " + std::string(c->operand) : "") +
                    " [options]\n" + wrapped(c->description, 0) + "options:\n";
    const std::vector<std::string> heads = option_heads(*c);
    std::size_t width = 0;
    for (const std::string& h : heads) width = std::max(width, h.size());
    for (std::size_t i = 0; i < heads.size(); ++i) {
        const bool help = i == c->options.size();
        s +=
            heads[i] + std::string(width + 2 - heads[i].size(), ' ') +
            wrapped(help ? std::string("this help") : std::string(c->options[i].meaning) + " " + c->options[i].default_,
                    width + 2);
    }
    return s + wrapped(c->notes, 0);
}

CliArgs parse_cli_args(const std::vector<std::string>& all_args) {
    CliArgs c;
    const std::vector<std::string> args = take_plugins(all_args, c.plugins);
    if (args.empty()) return c;
    if (args[0] == "--version") {
        c.command = CliCommand::kVersion;
        return c;
    }
    const CommandSpec* command = find_command(args[0]);
    if (wants_help(args)) {
        c.command = CliCommand::kHelp;
        if (command) c.help_for = command->name;
        return c;
    }
    if (!command) usage_error("unknown command '" + args[0] + "' (" + command_names() + ")");
    const std::vector<std::string> rest(args.begin() + 1, args.end());
    c.command = command->command;
    if (c.command == CliCommand::kPlot)
        c.plot = parse_plot(*command, rest);
    else if (c.command == CliCommand::kConvert)
        c.convert = parse_convert(*command, rest);
    else if (c.command == CliCommand::kMerge)
        c.merge = parse_merge(*command, rest);
    else if (c.command == CliCommand::kSlurm) {
        c.slurm.run = parse_run(*command, rest, &c.slurm);
        if (std::find(rest.begin(), rest.end(), "--out") == rest.end() &&
            std::none_of(rest.begin(), rest.end(), [](const std::string& s) { return s.rfind("--out=", 0) == 0; }))
            usage_error("slurm needs --out DIR, the run's folder on a file system every node sees");
    } else if (*command->operand)
        c.run = parse_run(*command, rest);
    else
        c.json = parse_json(*command, rest);
    return c;
}

}  // namespace rmsim
