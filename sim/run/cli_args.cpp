#include "sim/run/cli_args.h"

#include <charconv>
#include <limits>
#include <sstream>

#include <boost/program_options.hpp>

#include "platform/input_error.h"

namespace rmsim {

const char* const kUsage =
    "usage: rmsim <command> [options]\n"
    "commands:\n"
    "  run CONFIG [--set key=value]... [--only VARIANT[,VARIANT...]] [--seed N] [--trials N] [--jobs N]\n"
    "             [--out DIR] [--resume | --force] [--trace] [--quiet]\n"
    "  validate CONFIG [--set key=value]...\n"
    "  list-policies [--json]\n"
    "options: --help (on every command), --version,\n"
    "  --plugin LIB (on every command, repeatable): load a plug-in's policies, governors and workloads first\n"
    "run --out DIR (default results): a folder that holds a previous run's results is refused unless\n"
    "  --resume (keep its finished trials whose inputs match, run the rest) or --force (delete them, run all)\n"
    "exit codes: 0 success, 1 internal error, 2 bad input (file:line:col: message)\n";

void usage_error(const std::string& message) { throw InputError(SourceLocation{"rmsim", 0, 0}, message); }

namespace {

namespace po = boost::program_options;

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

/// The options of `run` (or of `validate`, which takes only --set).
po::options_description run_options(bool run) {
    po::options_description d;
    auto add = d.add_options();
    add("set", po::value<std::string>());
    if (run) {
        for (const char* name : {"only", "seed", "trials", "jobs", "out"})
            add(name, po::value<std::string>());
        add("trace", po::bool_switch());
        add("quiet", po::bool_switch());
        add("resume", po::bool_switch());
        add("force", po::bool_switch());
    }
    add("help,h", po::bool_switch());
    return d;
}

po::options_description list_policies_options() {
    po::options_description d;
    d.add_options()("json", po::bool_switch())("help,h", po::bool_switch());
    return d;
}

/// "unknown option '--seed' (validate takes --set, --help)"; `token` may be `--name=value`.
std::string unknown_option(const std::string& token, const std::string& command,
                           const po::options_description& d) {
    std::string known;
    for (const auto& o : d.options()) known += (known.empty() ? "--" : ", --") + o->long_name();
    return "unknown option '" + token.substr(0, token.find('=')) + "' (" + command + " takes " + known + ")";
}

/// The options of `command` in `args`, in command-line order (values as written; numbers are checked by
/// the caller, so that a repeated option's last value wins and every message says what is accepted).
/// Its other arguments have the key "config".
std::vector<po::option> parse_options(const std::string& command, const po::options_description& desc,
                                      const std::vector<std::string>& args) {
    po::options_description all(desc);
    all.add_options()("config", po::value<std::string>());
    po::positional_options_description positional;
    positional.add("config", -1);
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
        if (o.string_key == "config" && o.position_key < 0)
            usage_error(unknown_option("--config", command, desc));
        // `--out --quiet`: the value is the next option, so the first one has none.
        if (o.original_tokens.size() == 2 && o.value.size() == 1 && o.value[0].rfind("--", 0) == 0) {
            const std::string next = o.value[0].substr(2, o.value[0].find('=') - 2);
            if (desc.find_nothrow(next, false)) usage_error(o.original_tokens[0] + " needs a value");
        }
    }
    return parsed.options;
}

/// `text` as a whole number in [min, max]: digits only (no sign, fraction, exponent or trailing text).
std::uint64_t whole_number(const std::string& option, const std::string& text, std::uint64_t min,
                           std::uint64_t max) {
    std::uint64_t n = 0;
    const char* end = text.data() + text.size();
    const auto [stop, error] = std::from_chars(text.data(), end, n);
    if (text.empty() || error != std::errc() || stop != end || n < min || n > max)
        usage_error(option + " expects a whole number from " + std::to_string(min) + " to " +
                    std::to_string(max) + ", got '" + text + "'");
    return n;
}

RunArgs parse_run(const std::string& command, const std::vector<std::string>& args) {
    const bool run = command == "run";
    RunArgs a;
    for (const po::option& o : parse_options(command, run_options(run), args)) {
        const std::string& key = o.string_key;
        const std::string value = o.value.empty() ? std::string() : o.value[0];
        if (key == "config") {
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
            const Rerun r = key == "resume" ? Rerun::kResume : Rerun::kForce;
            if (a.rerun != Rerun::kRefuse && a.rerun != r)
                usage_error("--resume keeps the previous results and --force deletes them: give one of them");
            a.rerun = r;
        }
    }
    if (a.config.empty()) usage_error("missing CONFIG");
    return a;
}

bool parse_list_policies(const std::vector<std::string>& args) {
    bool json = false;
    for (const po::option& o : parse_options("list-policies", list_policies_options(), args)) {
        if (o.string_key == "config") usage_error("unexpected argument '" + o.value[0] + "'");
        if (o.string_key == "json") json = true;
    }
    return json;
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

CliArgs parse_cli_args(const std::vector<std::string>& all_args) {
    CliArgs c;
    const std::vector<std::string> args = take_plugins(all_args, c.plugins);
    if (args.empty()) return c;
    if (args[0] == "--version") {
        c.command = CliCommand::kVersion;
        return c;
    }
    if (wants_help(args)) {
        c.command = CliCommand::kHelp;
        return c;
    }
    const std::string& command = args[0];
    const std::vector<std::string> rest(args.begin() + 1, args.end());
    if (command == "run" || command == "validate") {
        c.command = command == "run" ? CliCommand::kRun : CliCommand::kValidate;
        c.run = parse_run(command, rest);
    } else if (command == "list-policies") {
        c.command = CliCommand::kListPolicies;
        c.json = parse_list_policies(rest);
    } else {
        usage_error("unknown command '" + command + "' (run, validate, list-policies)");
    }
    return c;
}

}  // namespace rmsim
