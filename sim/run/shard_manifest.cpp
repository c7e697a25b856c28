#include "sim/run/shard_manifest.h"

#include <filesystem>

#include <nlohmann/json.hpp>

#include "platform/input_error.h"
#include "platform/input_limits.h"
#include "platform/version.h"
#include "sim/outputs/provenance.h"
#include "sim/run/run_folder.h"

namespace rmsim {

namespace {

namespace fs = std::filesystem;

/// The run a shard belongs to: everything that selects the (variant, trial) pairs and their results.
nlohmann::ordered_json run_fields(const RunArgs& a, const std::string& cwd) {
    nlohmann::ordered_json run;
    run["rmsim_version"] = RMSIM_VERSION_STRING;
    run["cwd"] = cwd;
    run["config"] = a.config;
    run["set"] = a.sets;
    run["only"] = a.only;
    run["seed"] = a.seed ? nlohmann::ordered_json(*a.seed) : nlohmann::ordered_json();
    run["trials"] = a.trials ? nlohmann::ordered_json(*a.trials) : nlohmann::ordered_json();
    run["trace"] = a.trace;
    return run;
}

}  // namespace

std::pair<std::string, std::uint32_t> run_pair(const RunPlan& plan, std::size_t i) {
    const TrialRun r = plan.run(i);
    return {plan.config.multi ? plan.config.variants[r.experiment].name : std::string(), r.trial};
}

std::string shard_manifest_json(const RunArgs& a, const RunPlan& plan) {
    nlohmann::ordered_json j;
    j["run"] = run_fields(a, fs::current_path().string());
    j["shard"] = plan.shard.index;
    j["shards"] = plan.shard.count;
    nlohmann::ordered_json pairs = nlohmann::ordered_json::array();
    for (std::size_t i : plan.selected_runs()) {
        const auto [variant, trial] = run_pair(plan, i);
        pairs.push_back({{"variant", variant}, {"trial", trial}});
    }
    j["pairs"] = std::move(pairs);
    return j.dump(2) + "\n";
}

ShardManifest read_shard_manifest(const std::string& dir) {
    ShardManifest m;
    m.dir = dir;
    m.path = (fs::path(dir) / kShardFile).string();
    const SourceLocation at{m.path, 0, 0};
    std::error_code ec;
    if (!fs::is_directory(dir, ec))
        throw InputError(SourceLocation{dir, 0, 0}, "not a folder: merge takes the --out folders of a run's shards");
    if (!fs::exists(m.path, ec))
        throw InputError(SourceLocation{dir, 0, 0},
                         "not the folder of a shard: it has no shard.json (`rmsim run --shard I/N` writes it)");
    if (regular_file_size(m.path, "shard.json") > kMaxConfigBytes)
        throw InputError(at, "larger than " + format_binary_bytes(kMaxConfigBytes) + ": not a shard.json");
    try {
        const nlohmann::json j = nlohmann::json::parse(read_result_file(m.path));
        const nlohmann::json& run = j.at("run");
        m.run = run.dump();
        m.version = run.at("rmsim_version").get<std::string>();
        m.cwd = run.at("cwd").get<std::string>();
        m.args.config = run.at("config").get<std::string>();
        m.args.sets = run.at("set").get<std::vector<std::string>>();
        m.args.only = run.at("only").get<std::vector<std::string>>();
        if (!run.at("seed").is_null()) m.args.seed = run.at("seed").get<std::uint64_t>();
        if (!run.at("trials").is_null()) m.args.trials = run.at("trials").get<std::uint32_t>();
        m.args.trace = run.at("trace").get<bool>();
        m.shard.index = j.at("shard").get<std::uint32_t>();
        m.shard.count = j.at("shards").get<std::uint32_t>();
        for (const nlohmann::json& p : j.at("pairs"))
            m.pairs.emplace_back(p.at("variant").get<std::string>(), p.at("trial").get<std::uint32_t>());
    } catch (const nlohmann::json::exception& e) {
        throw InputError(at, std::string("not a shard.json rmsim can read (") + e.what() + ")");
    }
    if (m.shard.count < 1 || m.shard.index >= m.shard.count)
        throw InputError(
            at, "shard " + std::to_string(m.shard.index) + " of " + std::to_string(m.shard.count) + " is not a shard");
    return m;
}

}  // namespace rmsim
