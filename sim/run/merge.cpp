#include "sim/run/merge.h"

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <map>
#include <string>
#include <vector>

#include "platform/input_error.h"
#include "platform/version.h"
#include "sim/outputs/provenance.h"
#include "sim/run/exit_status.h"
#include "sim/run/run_folder.h"
#include "sim/run/run_plan.h"
#include "sim/run/run_results.h"
#include "sim/run/shard_manifest.h"

namespace rmsim {

namespace {

namespace fs = std::filesystem;

std::string pair_name(const std::pair<std::string, std::uint32_t>& p) {
    return (p.first.empty() ? "" : "'" + p.first + "' ") + "trial " + std::to_string(p.second);
}

/// The shards, ordered by index, once each: all of one run, by this rmsim.
std::vector<ShardManifest> read_shards(const std::vector<std::string>& dirs) {
    std::vector<ShardManifest> found;
    for (const std::string& d : dirs) found.push_back(read_shard_manifest(d));
    const ShardManifest& first = found[0];
    for (const ShardManifest& m : found) {
        if (m.run != first.run || m.shard.count != first.shard.count)
            usage_error(m.dir + " and " + first.dir +
                        " are shards of different runs (their shard.json differ in the config, --set, --only, --seed, "
                        "--trials, --trace, the folder they ran in, the rmsim version or the number of shards)");
    }
    if (first.version != RMSIM_VERSION_STRING)
        usage_error("the shards were run by rmsim " + first.version + ", this is rmsim " + RMSIM_VERSION_STRING +
                    ": merge them with the rmsim that ran them");
    std::vector<const ShardManifest*> by_index(first.shard.count, nullptr);
    for (const ShardManifest& m : found) {
        const ShardManifest*& slot = by_index[m.shard.index];
        if (slot)
            usage_error("shard " + std::to_string(m.shard.index) + "/" + std::to_string(m.shard.count) +
                        " is given twice: " + slot->dir + " and " + m.dir);
        slot = &m;
    }
    std::vector<ShardManifest> ordered;
    for (std::uint32_t i = 0; i < by_index.size(); ++i) {
        if (!by_index[i])
            usage_error("shard " + std::to_string(i) + "/" + std::to_string(first.shard.count) +
                        " is missing: merge takes the folders of all " + std::to_string(first.shard.count) + " shards");
        ordered.push_back(*by_index[i]);
    }
    return ordered;
}

/// Copies a finished trial's files from `from` to `to`, provenance.json last (it marks the trial finished).
void copy_trial(const fs::path& from, const fs::path& to) {
    fs::create_directories(to);
    std::vector<fs::path> files;
    for (const auto& e : fs::directory_iterator(from))
        if (e.is_regular_file() && is_trial_file(e.path().filename().string()) &&
            e.path().filename() != kProvenanceFile)
            files.push_back(e.path());
    std::sort(files.begin(), files.end());
    files.push_back(from / kProvenanceFile);
    for (const fs::path& f : files) {
        std::error_code ec;
        fs::copy_file(f, to / f.filename(), fs::copy_options::overwrite_existing, ec);
        if (ec) throw std::runtime_error("cannot copy " + f.string() + " to " + to.string() + ": " + ec.message());
    }
}

}  // namespace

int run_merge(const MergeArgs& a) {
    std::vector<std::string> dirs;
    for (const std::string& d : a.shards) dirs.push_back(fs::absolute(d).lexically_normal().string());
    const std::vector<ShardManifest> shards = read_shards(dirs);
    // The plan of the whole run, rebuilt in the folder the shards ran in (the config's path and --set paths
    // are relative to it), its results in --out.
    RunArgs args = shards[0].args;
    args.out = fs::absolute(a.out).lexically_normal().string();
    args.quiet = true;
    args.rerun = a.rerun;
    std::error_code ec;
    const fs::path here = fs::current_path();
    fs::current_path(shards[0].cwd, ec);
    if (ec)
        usage_error("the shards ran in " + shards[0].cwd + ", which is not a folder here (" + ec.message() +
                    "): merge where the config and the files it names can be read as the shards read them");
    const RunPlan plan = plan_run(args);
    fs::current_path(here);
    const std::uint32_t count = shards[0].shard.count;
    const std::vector<std::uint32_t> of = plan.split(count);
    std::vector<std::vector<std::pair<std::string, std::uint32_t>>> expected(count);
    for (std::size_t i = 0; i < plan.run_count(); ++i) expected[of[i]].push_back(run_pair(plan, i));
    for (const ShardManifest& m : shards)
        if (m.pairs != expected[m.shard.index])
            usage_error(m.path + " lists other (variant, trial) pairs than shard " + std::to_string(m.shard.index) +
                        "/" + std::to_string(count) + " of " + args.config +
                        " holds now (the config or its inputs changed)");
    // Every trial finished, from the inputs the config names now.
    std::vector<fs::path> from(plan.run_count());
    for (std::size_t i = 0; i < plan.run_count(); ++i) {
        const ShardManifest& m = shards[of[i]];
        const TrialRun r = plan.run(i);
        from[i] = fs::path(m.dir) / fs::path(r.dir).lexically_relative(plan.out);
        const fs::path provenance = from[i] / kProvenanceFile;
        if (!fs::exists(provenance, ec))
            usage_error("shard " + std::to_string(m.shard.index) + "/" + std::to_string(count) + " (" + m.dir +
                        ") has not "
                        "finished " +
                        pair_name(run_pair(plan, i)) + ": run the shard again with --resume");
        const std::string difference = provenance_difference(read_result_file(provenance.string()), r.provenance);
        if (!difference.empty())
            usage_error(from[i].string() + " was computed from other inputs than " + args.config +
                        " names now: " + difference);
    }
    if (std::find(dirs.begin(), dirs.end(), args.out) != dirs.end())
        usage_error("--out " + a.out + " is one of the shards: merge into a folder of its own");
    EmptyFoldersOnFailure cleanup(args.out);
    const std::set<std::size_t> kept = prepare_out(plan, a.rerun);
    for (std::size_t i = 0; i < plan.run_count(); ++i)
        if (!kept.count(i)) copy_trial(from[i], plan.run(i).dir);
    if (!plan.single) write_run_results(plan, args.out);
    cleanup.keep();
    if (!a.quiet) print_run_results(plan);
    return kExitOk;
}

}  // namespace rmsim
