#pragma once
// The `dvfs:` section of an experiment (docs/dvfs.md): which governor controls the DVFS domains, with its
// parameters, and the power caps.
//   dvfs:
//     governor: ondemand            # performance | powersave | userspace (default) | ondemand | conservative
//                                   # | schedutil | a registered user governor
//     params: {sampling_rate_s: 0.01, up_threshold: 80}
//     power_caps:
//       - {scope: machine, watts: 50000, window_s: 1, interval_s: 0.1, order: lowest-priority}
//       - {scope: node, index: 3, watts: 400, order: listed, nodes: [3]}
#include <string>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "modules/governors/governor_registry.h"
#include "modules/power_cap.h"
#include "platform/platform_spec.h"

namespace rmsim {

struct DvfsConfig {
    std::string governor = "userspace";
    GovernorMaker make_governor;  ///< empty for userspace: the scheduler's per-task levels
    std::vector<PowerCapSpec> power_caps;
};

/// Reads and validates `dvfs` (a map) of experiment file `file`; InputError at a bad value.
/// `platform`: the indices of capped nodes and clusters are checked against it.
DvfsConfig load_dvfs_config(const YAML::Node& dvfs, const std::string& file, const PlatformSpec& platform,
                            const GovernorRegistry& governors = governor_registry());

}  // namespace rmsim
