#pragma once
// An experiment config (YAML): platform, workload, manager (policy and parameters), run settings.
// `load_experiment` validates everything a run needs, so a bad config fails before any output exists.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "manager/policy.h"
#include "manager/resource_manager.h"
#include "platform/platform_spec.h"
#include "sim/config/dvfs_config.h"
#include "sim/config/override_positions.h"
#include "sim/config/variants.h"
#include "sim/config/waveform_config.h"
#include "sim/config/workload_config.h"
#include "workloads/task.h"
#include "workloads/workload.h"

namespace rmsim {

/// The measurement window of the metrics (run.warmup_s, run.measure_end_s).
struct MeasureWindow {
    bool enabled = false;
    SimTime start;                      ///< the warm-up ends here
    SimTime end = SimTime::infinity();  ///< infinity: the end of the run
};

struct Experiment {
    std::string file;      ///< the config path as given
    std::string base_dir;  ///< its folder: relative paths inside resolve from here
    YAML::Node root;       ///< after --set overrides
    PlatformSpec platform;
    std::string policy_name;
    YAML::Node policy_params;
    ManagerConfig manager;
    std::uint64_t seed = 1;
    std::uint32_t trials = 1;
    std::string variant;  ///< the variant's name ("" without variants)
    MeasureWindow window;
    Seconds sample_interval_s = 3600;  ///< energy.csv sampling period (run.sample_interval_s), >= 1 ns
    DvfsConfig dvfs;                   ///< governors and power caps (dvfs:)
    WaveformConfig waveforms;          ///< waves.vcd (run.waveforms); disabled without the key
    /// run.formats: the schedule also in Batsim's jobs output (batsim_jobs.csv) and as an SWF file
    /// (schedule.swf), docs/outputs.md. Off by default: at 10^6 tasks they add about 250 MB and 1.4 s.
    bool batsim_jobs = false;
    bool swf_schedule = false;
    /// run.stream: tasks are drawn or read as simulated time reaches them and dropped once finished, their
    /// outcomes written as they come (docs/architecture.md, "Streaming"); the outputs are the same bytes.
    bool stream = false;
    OptionPositions options;  ///< where the --set values stand in `root`: their errors are reported at the option
};

/// Parses "a.b.c=value" (the value is YAML: a number, a string, a list...).
Override parse_override(const std::string& spec);

/// Sets root[path] = value, creating maps along the path.
void apply_override(YAML::Node& root, const Override& o);

/// Parses and validates (platform, policy name and parameters, workload keys) after applying the variant's
/// changes (sim/config/variants.h), then `overrides` (--set options, from parse_override) in order. An error in a
/// change is located where the change is written: at its key in the config, or at the option.
Experiment load_experiment(const std::string& path, const std::vector<Override>& overrides,
                           const Variant* variant = nullptr);

/// The files the experiment reads besides its config: the platform file (when `platform` names one) and the
/// workload's trace or task list.
std::vector<InputFile> input_files(const Experiment& e);

/// Builds the policy of the experiment (validates its parameters).
std::unique_ptr<Policy> make_policy(const Experiment& e);

/// The tasks (and DAG jobs) of trial `trial` (seed derived from the experiment seed and the trial number).
Workload make_workload(const Experiment& e, std::uint32_t trial);
std::vector<Task> make_tasks(const Experiment& e, std::uint32_t trial);
/// The same trial's tasks as a stream (run.stream; load_experiment has checked that the workload can stream).
std::unique_ptr<TaskStream> make_task_stream(const Experiment& e, std::uint32_t trial);

/// InputError (at the policy) unless the policy and the workload agree on DAG jobs vs independent tasks.
void check_policy_fits(const Experiment& e, const Workload& w);

/// A streamed experiment's check_policy_fits, without loading the workload: trial 0's stream is made (its
/// section and input checked as far as opening them goes) and, for an estimate model other than exact, read
/// until a task has what the model reads (a requested time, a distribution); none: the same InputError as a
/// loaded run's. Constant memory.
void check_stream_fits(const Experiment& e);

/// Seed of a named random stream of one trial: every stream is derived from (seed, trial, name).
std::uint64_t stream_seed(std::uint64_t seed, std::uint32_t trial, const std::string& name);

}  // namespace rmsim
