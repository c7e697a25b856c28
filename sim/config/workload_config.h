#pragma once
// The `workload:` section of an experiment, turned into the tasks (and jobs) of one trial: dispatched by its
// one key to the workload kinds of this process (workloads/workload_registry.h, workload_registry()), where
// each generator or reader parses its own section. Documented in docs/workloads.md ("Experiment workloads").
#include <cstdint>
#include <string>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "platform/platform_spec.h"
#include "workloads/input_file.h"
#include "workloads/task.h"
#include "workloads/workload.h"

namespace rmsim {

/// Tasks sorted by arrival with ids 0..n-1. `seed` drives every random choice (same seed, same tasks).
/// `base_dir`: where relative trace paths are resolved (the config file's folder). `trial`: the trial index
/// (machovec_trace simulates trace day first_day + trial). `platform`: as workload_platform returned it.
/// `trials`: the experiment's trial count, 0 if unknown; machovec_trace then also checks that the trace holds
/// the last trial's day (InputError at file:line:col), so trial 0's load finds what a later trial would.
Workload load_workload(const YAML::Node& node, const std::string& file, const std::string& base_dir,
                       const PlatformSpec& platform, std::uint64_t seed, std::uint32_t trial, std::uint32_t trials = 0);

/// The platform a workload runs on: a machovec_trace workload scales it to system_fraction × machine_cores
/// (workloads/machovec_trace.h scale_platform); a kind without a platform function leaves it as it is. Bad
/// keys throw InputError at file:line:col.
PlatformSpec workload_platform(const YAML::Node& node, const std::string& file, const PlatformSpec& platform);

/// The files `load_workload` reads for this workload section (a trace or a task list; none for generated
/// workloads): the kind's WorkloadInfo::file_keys. provenance.json records their digests, so that a resumed
/// run does not keep results computed from a file that has changed since.
std::vector<InputFile> workload_files(const YAML::Node& node, const std::string& base_dir);

}  // namespace rmsim
