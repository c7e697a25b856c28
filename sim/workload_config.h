#pragma once
// The `workload:` section of an experiment: a synthetic generator, an SWF trace, a CSV task list, or
// Singh-style DAG jobs, turned into the tasks (and jobs) of one trial. Documented in docs/workloads.md ("Experiment workloads").
#include <cstdint>
#include <string>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "platform/platform_spec.h"
#include "workloads/task.h"
#include "workloads/workload.h"

namespace rmsim {

/// Tasks sorted by arrival with ids 0..n-1. `seed` drives every random choice (same seed, same tasks).
/// `base_dir`: where relative trace paths are resolved (the config file's folder).
Workload load_workload(const YAML::Node& node, const std::string& file, const std::string& base_dir,
                       const PlatformSpec& platform, std::uint64_t seed);

}  // namespace rmsim
