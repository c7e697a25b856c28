#pragma once
// The `workload:` section of an experiment: a synthetic generator, an SWF trace, a CSV task list,
// Singh-style DAG jobs, Machovec Ch.3 tasks (synthetic or from a trace) or Machovec Ch.4 tasks, turned into the tasks (and jobs) of one trial. Documented in docs/workloads.md ("Experiment workloads").
#include <cstdint>
#include <string>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "platform/platform_spec.h"
#include "workloads/task.h"
#include "workloads/workload.h"

namespace rmsim {

/// Tasks sorted by arrival with ids 0..n-1. `seed` drives every random choice (same seed, same tasks).
/// `base_dir`: where relative trace paths are resolved (the config file's folder). `trial`: the trial index
/// (machovec_trace simulates trace day first_day + trial). `platform`: as workload_platform returned it.
/// `trials`: the experiment's trial count, 0 if unknown; machovec_trace then also checks that the trace holds
/// the last trial's day (InputError at file:line:col), so trial 0's load finds what a later trial would.
Workload load_workload(const YAML::Node& node, const std::string& file, const std::string& base_dir,
                       const PlatformSpec& platform, std::uint64_t seed, std::uint32_t trial,
                       std::uint32_t trials = 0);

/// The platform a workload runs on: a machovec_trace workload scales it to system_fraction × machine_cores
/// (workloads/machovec_trace.h scale_platform); every other workload leaves it as it is. Bad keys throw
/// InputError at file:line:col.
PlatformSpec workload_platform(const YAML::Node& node, const std::string& file, const PlatformSpec& platform);

/// A file that a workload reads: where the config names it, and its path as written and as opened.
struct InputFile {
    std::string key;      ///< dotted key path in the config, e.g. workload.swf.path
    std::string written;  ///< as in the config
    std::string opened;   ///< resolved from the config file's folder
};

/// The files `load_workload` reads for this workload section (a trace or a task list; none for generated
/// workloads). Keep in step with load_workload: provenance.json records their digests, so that a resumed run
/// does not keep results computed from a file that has changed since.
std::vector<InputFile> workload_files(const YAML::Node& node, const std::string& base_dir);

}  // namespace rmsim
