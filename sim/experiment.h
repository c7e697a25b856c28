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
#include "workloads/task.h"

namespace rmsim {

struct Experiment {
    std::string file;          ///< the config path as given
    std::string base_dir;      ///< its folder: relative paths inside resolve from here
    YAML::Node root;           ///< after --set overrides
    PlatformSpec platform;
    std::string policy_name;
    YAML::Node policy_params;
    ManagerConfig manager;
    std::uint64_t seed = 1;
    std::uint32_t trials = 1;
};

/// Parses and validates (platform, policy name and parameters, workload keys). `overrides`: "a.b.c=value".
Experiment load_experiment(const std::string& path, const std::vector<std::string>& overrides);

/// Builds the policy of the experiment (validates its parameters).
std::unique_ptr<Policy> make_policy(const Experiment& e);

/// The tasks of trial `trial` (seed derived from the experiment seed and the trial number).
std::vector<Task> make_tasks(const Experiment& e, std::uint32_t trial);

/// Seed of a named random stream of one trial: every stream is derived from (seed, trial, name).
std::uint64_t stream_seed(std::uint64_t seed, std::uint32_t trial, const std::string& name);

}  // namespace rmsim
