#include "workloads/workload_registry.h"

#include "platform/param_schema.h"
#include "platform/yaml_util.h"

namespace rmsim {

void WorkloadRegistry::check_keys(const WorkloadInfo& info, const YAML::Node& section, const std::string& file,
                                  const PlatformSpec& platform) const {
    check_allowed_keys(section, file, info.name + " workload", param_keys(info.params));
    check_params(info.params, Params(section, file), info.name + " workload", &platform);
}

namespace {
/// The kind `workload` names, its section's keys checked.
std::pair<const WorkloadInfo*, YAML::Node> checked_kind(const WorkloadRegistry& r, const YAML::Node& workload,
                                                        const WorkloadContext& context) {
    std::vector<std::string> kinds;
    for (const WorkloadInfo& i : r.all()) kinds.push_back(i.name);
    check_allowed_keys(workload, context.file, "workload", kinds);
    if (workload.size() != 1) throw_at(workload, context.file, "a workload has exactly one of: " + r.names());
    const auto entry = workload.begin();
    const WorkloadInfo* info = r.find(entry->first.Scalar());
    r.check_keys(*info, entry->second, context.file, context.platform);
    return {info, entry->second};
}
}  // namespace

Workload WorkloadRegistry::load(const YAML::Node& workload, const WorkloadContext& context) const {
    const auto [info, section] = checked_kind(*this, workload, context);
    return info->load(section, context);
}

std::unique_ptr<TaskStream> WorkloadRegistry::stream(const YAML::Node& workload, const WorkloadContext& context) const {
    const auto [info, section] = checked_kind(*this, workload, context);
    return info->stream ? info->stream(section, context) : nullptr;
}

const WorkloadInfo* WorkloadRegistry::kind_of(const YAML::Node& workload) const {
    if (workload && workload.IsMap() && workload.size() == 1) return find(workload.begin()->first.Scalar());
    return nullptr;
}

PlatformSpec WorkloadRegistry::platform(const YAML::Node& workload, const std::string& file,
                                        const PlatformSpec& platform) const {
    if (!workload || !workload.IsMap()) return platform;
    for (const WorkloadInfo& info : all())
        if (info.platform && has_key(workload, info.name.c_str())) {
            const YAML::Node section = workload[info.name];
            check_keys(info, section, file, platform);
            return info.platform(section, file, platform);
        }
    return platform;
}

std::vector<InputFile> WorkloadRegistry::files(const YAML::Node& workload, const std::string& base_dir) const {
    std::vector<InputFile> files;
    if (!workload || !workload.IsMap()) return files;
    for (const WorkloadInfo& info : all()) {
        const YAML::Node section = workload[info.name];
        if (!section || !section.IsMap()) continue;
        for (const std::string& key : info.file_keys) {
            const YAML::Node path = section[key];
            if (path && path.IsScalar())
                files.push_back(
                    {"workload." + info.name + "." + key, path.Scalar(), resolve_input_path(base_dir, path.Scalar())});
        }
    }
    return files;
}

const WorkloadRegistry& builtin_workloads() {
    static const WorkloadRegistry registry = [] {
        WorkloadRegistry r;
        register_synthetic_workloads(r);
        register_reader_workloads(r);
        register_singh_workloads(r);
        register_machovec_workloads(r);
        register_tarplee_workloads(r);
        register_siegel_workloads(r);
        register_uav_workloads(r);
        return r;
    }();
    return registry;
}

WorkloadRegistry& workload_registry() {
    static WorkloadRegistry registry = builtin_workloads();
    return registry;
}

}  // namespace rmsim
