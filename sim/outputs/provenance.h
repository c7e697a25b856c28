#pragma once
// provenance.json: what a trial's results were computed from, written beside them as the trial's last file.
// Its presence means the trial finished; its content lets `rmsim run --resume` keep the trial only if this
// run would compute the same results: the same rmsim version, variant, trial, seed and --trace, the same
// config once the variant's and --set changes are applied, and the same bytes in every file the config names
// (platform file, trace, task list: their SHA-256). Sections that only select or present results (name,
// variants, sweep, compare, figure, run.trials) are left out, so that adding trials or variants keeps what already
// ran. No time, host, process id or output path: an interrupted and resumed run ends byte-identical to an
// uninterrupted one.
#include <cstdint>
#include <map>
#include <string>

#include <nlohmann/json.hpp>

#include "sim/config/experiment.h"

namespace rmsim {

constexpr const char* kProvenanceFile = "provenance.json";
/// In the --out folder of `rmsim run --shard I/N`: which run this is a shard of, and its pairs (sim/run/merge.h).
constexpr const char* kShardFile = "shard.json";

/// The SHA-256 of the files a run reads, each file read once however many variants and trials name it.
class FileDigests {
public:
    const std::string& of(const std::string& path);

private:
    std::map<std::string, std::string> digests_;
};

/// The provenance of the trials of one experiment: the config and the file digests are worked out once, the
/// trial number is filled in per trial.
class TrialProvenance {
public:
    TrialProvenance(const Experiment& e, bool trace, FileDigests& digests);
    /// The provenance.json text of trial `trial`.
    std::string json(std::uint32_t trial) const;

private:
    nlohmann::ordered_json fields_;
};

/// "" when `recorded` (a provenance.json as found) and `expected` describe the same inputs; otherwise the
/// first difference in words, e.g. "its seed is 7, this run's is 1".
std::string provenance_difference(const std::string& recorded, const std::string& expected);

}  // namespace rmsim
