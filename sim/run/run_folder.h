#pragma once
// The results folder of `rmsim run` (--out), made ready before anything runs. A new or empty folder is used
// as it is. A folder that holds results of a previous run is refused (exit 2, naming --resume and --force),
// unless
//   --force:  the previous results are deleted and everything runs;
//   --resume: every finished trial whose provenance.json matches this run's inputs (sim/outputs/provenance.h) is
//             kept, every unfinished one (no provenance.json: it was interrupted) is deleted and runs again,
//             and a finished trial computed from other inputs, or results this run would not cover (other
//             variants, more trials), refuse the run, saying which and why.
// Either way aggregate.json and the comparison tables are deleted: they are written again once every trial
// has run. rmsim only ever deletes the names it writes (docs/outputs.md); anything else is left in place.
// Every check is made before anything is deleted.
#include <cstddef>
#include <set>

#include "sim/run/cli_args.h"
#include "sim/run/run_plan.h"

namespace rmsim {

/// Checks plan.out (refused with exit 2 if it is not a folder, or cannot be created or written) and makes it
/// ready as `mode` says; creates it. Returns the runs (indices of RunPlan::run) that finished before and
/// are kept.
std::set<std::size_t> prepare_out(const RunPlan& plan, Rerun mode);

/// Whether `name` is one of the files rmsim writes for a trial (summary.json, tasks.csv, ..., provenance.json;
/// docs/outputs.md), not a temporary one.
bool is_trial_file(const std::string& name);

/// The bytes of a file rmsim wrote (a provenance.json, a shard.json); "" if it cannot be read.
std::string read_result_file(const std::string& path);

/// A run that fails (an internal error, a failed trial) leaves no empty folder behind: on destruction, unless
/// kept, every empty folder under `out` is removed, and `out` itself if this run created it. Files (the
/// finished trials of a failed multi-trial run, which --resume keeps) are never touched.
class EmptyFoldersOnFailure {
public:
    /// Before prepare_out: whether `out` exists yet.
    explicit EmptyFoldersOnFailure(std::string out);
    ~EmptyFoldersOnFailure();
    EmptyFoldersOnFailure(const EmptyFoldersOnFailure&) = delete;
    EmptyFoldersOnFailure& operator=(const EmptyFoldersOnFailure&) = delete;
    /// The run succeeded: leave everything as it is.
    void keep() { keep_ = true; }

private:
    std::string out_;
    bool created_;
    bool keep_ = false;
};

}  // namespace rmsim
