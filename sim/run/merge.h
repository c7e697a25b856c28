#pragma once
// `rmsim merge SHARD_DIR... --out DIR` (docs/scale-out.md): the folders of the N shards of one run
// (`rmsim run --shard I/N`) joined into the results folder a run on one machine writes. Every check is made
// before anything is written: the shards' shard.json files describe one run (config, --set, --only, --seed,
// --trials, --trace, folder, rmsim version, this rmsim's), every shard 0..N-1 is there once and holds the
// pairs this run's split gives it, and every trial finished from the inputs the config names now (its
// provenance.json, sim/outputs/provenance.h). Then the trials are copied (provenance.json last, so that a merge
// cut short can be resumed) and aggregate.json and the comparison tables are written as `rmsim run` writes
// them.
#include "sim/run/cli_args.h"

namespace rmsim {

/// Runs `rmsim merge`; returns the exit code.
int run_merge(const MergeArgs& a);

}  // namespace rmsim
