#include "sim/config/workload_config.h"

#include "workloads/workload_registry.h"

namespace rmsim {

PlatformSpec workload_platform(const YAML::Node& node, const std::string& file, const PlatformSpec& platform) {
    return workload_registry().platform(node, file, platform);
}

std::vector<InputFile> workload_files(const YAML::Node& node, const std::string& base_dir) {
    return workload_registry().files(node, base_dir);
}

Workload load_workload(const YAML::Node& node, const std::string& file, const std::string& base_dir,
                       const PlatformSpec& platform, std::uint64_t seed, std::uint32_t trial, std::uint32_t trials) {
    return workload_registry().load(node, WorkloadContext{file, base_dir, platform, seed, trial, trials});
}

}  // namespace rmsim
