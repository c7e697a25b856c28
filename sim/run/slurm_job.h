#pragma once
// `rmsim slurm CONFIG --out DIR` (docs/scale-out.md): a run's (variant, trial) pairs as an sbatch job array of
// shards (`rmsim run --shard I/N --resume`, one array task each) and a merge job after them
// (--dependency=afterok), written to DIR/slurm/ with a submit.sh that submits both (--submit runs it). The
// shards write DIR/shards/shard-I/, the merge DIR itself; the logs go to DIR/slurm/logs/. Everything the jobs
// read and write must be on a file system every node sees: an array task that cannot read rmsim or the config
// stops with exit 2 and says so.
#include "sim/run/cli_args.h"

namespace rmsim {

/// Writes the job scripts (after checking the config as `rmsim run` would); submits them with `a.submit`.
/// `plugins` are the command line's --plugin libraries, passed on to the jobs. Returns the exit code.
int run_slurm(const SlurmArgs& a, const std::vector<std::string>& plugins);

}  // namespace rmsim
