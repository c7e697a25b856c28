#pragma once
// shard.json, in the --out folder of `rmsim run --shard I/N` (docs/scale-out.md): which run the folder is a
// shard of (the command line that selects it: config, --set, --only, --seed, --trials, --trace, the folder
// it ran in and rmsim's version) and the (variant, trial) pairs the shard holds. It is written before the
// shard's trials run; `rmsim merge` reads it to rebuild the run's plan and to check that the shards fit
// together. The trials' own provenance.json files say whether each finished and from which inputs.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "sim/run/cli_args.h"
#include "sim/run/run_plan.h"

namespace rmsim {

struct ShardManifest {
    std::string path;  ///< the shard.json read (messages)
    std::string dir;   ///< the shard's folder
    std::string run;   ///< the run it is a shard of, as canonical JSON (every shard of a run has the same)
    std::string version;
    std::string cwd;  ///< the folder the shard ran in: CONFIG and --set paths are relative to it
    RunArgs args;     ///< CONFIG, --set, --only, --seed, --trials, --trace (out left at its default)
    ShardSpec shard;
    std::vector<std::pair<std::string, std::uint32_t>> pairs;  ///< (variant, trial); variant "" without variants
};

/// The shard.json text of `plan`'s shard, run from `a` in the current folder.
std::string shard_manifest_json(const RunArgs& a, const RunPlan& plan);

/// The (variant, trial) pair of run `i` of `plan`.
std::pair<std::string, std::uint32_t> run_pair(const RunPlan& plan, std::size_t i);

/// Reads DIR/shard.json; refuses (exit 2) a folder without one, or one that is not a shard.json.
ShardManifest read_shard_manifest(const std::string& dir);

}  // namespace rmsim
