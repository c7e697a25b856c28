#pragma once
// What a command line selects from a config: its variants (those named by --only, in config order) with the
// --set overrides, and for `rmsim run` every selected variant's experiment with --seed and --trials applied.
// Everything is loaded and validated here, before anything runs or is written.
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "sim/config/experiment.h"
#include "sim/config/variants.h"
#include "sim/outputs/provenance.h"
#include "sim/run/cli_args.h"
#include "sim/run/shards.h"

namespace rmsim {

/// The config's variants (one unnamed variant when it has none) and the command line's --set overrides.
struct ConfigVariants {
    YAML::Node raw;
    bool multi = false;             ///< the config has variants (results go to one folder per variant)
    std::vector<Variant> variants;  ///< the ones selected by --only
    std::vector<Override> cli;
    CompareSpec compare;
};

ConfigVariants load_variants(const RunArgs& a);

/// One simulation: trial `trial` of an experiment, its results in `dir`.
struct TrialRun {
    std::size_t experiment = 0;  ///< index into RunPlan::experiments
    std::uint32_t trial = 0;
    std::string dir;
    std::string provenance;  ///< its provenance.json (sim/outputs/provenance.h)
};

/// `rmsim run`'s experiments, one per selected variant; every variant runs the same trials.
struct RunPlan {
    ConfigVariants config;
    std::vector<Experiment> experiments;
    std::string out;                ///< --out
    std::vector<std::string> dirs;  ///< each variant's results: --out, or --out/<variant> with variants
    std::uint32_t trials = 1;
    /// One trial without variants: its results go in --out itself (no trial-0 folder), run in this process.
    bool single = false;
    std::vector<TrialProvenance> provenance;  ///< per experiment
    std::string title;                        ///< the config's name, or its path (comparison.md)
    /// Per experiment: the expected cost of each of its trials, the tasks of trial 0's workload (shards are
    /// balanced by it, sim/run/shards.h).
    std::vector<std::uint64_t> cost;
    ShardSpec shard;  ///< --shard (0/1: every run)

    /// The shard of every run when the runs are split into `shards` (sim/run/shards.h).
    std::vector<std::uint32_t> split(std::uint32_t shards) const;
    /// The runs of this plan's shard, in order (every run without --shard).
    std::vector<std::size_t> selected_runs() const;

    /// Every trial of every variant, variant by variant: run i is trial i % trials of experiment i / trials.
    std::size_t run_count() const { return experiments.size() * std::size_t{trials}; }
    TrialRun run(std::size_t i) const;
};

/// Loads every selected variant's experiment and checks every trial's workload against its policy. Reads
/// (but writes nothing) the files the config names, for the trials' provenance. Says the workloads' notes
/// unless --quiet.
RunPlan plan_run(const RunArgs& a);

/// What a loaded workload has to tell the user (the input records it skipped, workloads/workload.h), on
/// stderr as "rmsim: <note>", each note once: variants that read the same trace say it once. Nothing when
/// quiet. The result files do not record it.
class WorkloadNotes {
public:
    explicit WorkloadNotes(bool quiet) : quiet_(quiet) {}
    void say(const Workload& w);

private:
    bool quiet_;
    std::set<std::string> said_;
};

}  // namespace rmsim
