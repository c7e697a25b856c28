#pragma once
// The workload kinds by their config name, the key under `workload:` (platform/registry.h): each generator or
// reader owns the YAML parsing of its section and documents its keys (WorkloadInfo::params). The built-ins
// live in workloads/config/, one file per family, each adding its kinds in register_<family>_workloads();
// a plug-in adds its own through workload_registry() (docs/workloads.md, "Experiment workloads").
//
// An experiment's `workload:` map names exactly one kind. The registry checks the kind's keys against its
// params, then calls its `load` once per trial; its `platform` function, if any, changes the platform before
// it is built, and its `file_keys` name the input files that provenance.json records.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "platform/params.h"
#include "platform/platform_spec.h"
#include "platform/registry.h"
#include "workloads/input_file.h"
#include "workloads/task_stream.h"
#include "workloads/workload.h"

namespace rmsim {

/// What a workload's load function knows besides its own section.
struct WorkloadContext {
    std::string file;              ///< the config file, for messages (file:line:col)
    std::string base_dir;          ///< where relative input paths are resolved (the config file's folder)
    const PlatformSpec& platform;  ///< as WorkloadRegistry::platform returned it
    std::uint64_t seed = 0;        ///< drives every random choice: same seed, same tasks
    std::uint32_t trial = 0;       ///< the trial index (machovec_trace simulates trace day first_day + trial)
    /// The experiment's trial count, 0 if unknown. A workload whose later trials could fail on their input
    /// (machovec_trace: a day beyond the trace) checks them too, so trial 0's load finds what they would.
    std::uint32_t trials = 0;

    /// `path` as written in the config, resolved from base_dir.
    std::string resolve(const std::string& path) const { return resolve_input_path(base_dir, path); }
};

/// The tasks (and DAG jobs) of one trial from the kind's section, whose keys are already checked against
/// its params. Tasks sorted by arrival with ids 0..n-1 (number_by_arrival, flatten_jobs). Bad input throws
/// InputError at file:line:col.
using WorkloadLoader = std::function<Workload(const YAML::Node& section, const WorkloadContext& context)>;

/// The platform the workload runs on, from the one the config describes (machovec_trace scales it to a
/// fraction of the traced machine). `file` is the config file, for messages.
using WorkloadPlatform =
    std::function<PlatformSpec(const YAML::Node& section, const std::string& file, const PlatformSpec& platform)>;

/// The kind's tasks as a stream, read or drawn as a streamed run reaches them (workloads/task_stream.h).
using WorkloadStreamer =
    std::function<std::unique_ptr<TaskStream>(const YAML::Node& section, const WorkloadContext& context)>;

struct WorkloadInfo {
    std::string name;         ///< the key under `workload:`
    std::string description;  ///< one line, with the paper section where there is one
    /// Every key of the section (type, default, description). They are also the keys the section allows: a
    /// key of a nested map is written "map.key" (tarplee's "etc_generator.method"), and the map itself has a
    /// ParamInfo of type "map".
    std::vector<ParamInfo> params;
    WorkloadLoader load;
    WorkloadPlatform platform;           ///< empty: the platform is left as it is
    std::vector<std::string> file_keys;  ///< keys of the section whose value is an input file's path
    /// Empty: the kind needs its whole workload at once (run.stream refuses it). Otherwise a stream of the
    /// same tasks as `load` gives, for independent tasks only.
    WorkloadStreamer stream;
    /// Without a stream: why, in a few words, for run.stream's refusal ("the 'x' workload <why>"); empty:
    /// "needs its whole workload at once".
    std::string whole_because;
};

class WorkloadRegistry : public Registry<WorkloadInfo> {
public:
    WorkloadRegistry() : Registry("workload") {}

    /// One trial's workload from the experiment's `workload:` map: InputError unless it names exactly one
    /// registered kind ("a workload has exactly one of: ...", in registration order) whose keys are all in
    /// its params; then the kind's load.
    Workload load(const YAML::Node& workload, const WorkloadContext& context) const;
    /// The same trial's tasks as a stream (the keys checked as load() does); nullptr if the kind cannot
    /// stream (WorkloadInfo::stream empty).
    std::unique_ptr<TaskStream> stream(const YAML::Node& workload, const WorkloadContext& context) const;
    /// The kind `workload` names (nothing is checked but its presence); nullptr if none.
    const WorkloadInfo* kind_of(const YAML::Node& workload) const;

    /// The platform the workload runs on: the kind's platform function, if it has one (its keys checked
    /// first); otherwise `platform` as it is.
    PlatformSpec platform(const YAML::Node& workload, const std::string& file, const PlatformSpec& platform) const;

    /// The input files that the kind's load reads (its file_keys that hold a path), keyed
    /// "workload.<kind>.<key>".
    std::vector<InputFile> files(const YAML::Node& workload, const std::string& base_dir) const;

    /// InputError at the first key of `section` that the kind's params do not list:
    /// "unknown key 'x' in <kind> workload (allowed: ...)"; then at the first value its schema refuses
    /// (check_params, platform/param_schema.h; on `platform`).
    void check_keys(const WorkloadInfo& info, const YAML::Node& section, const std::string& file,
                    const PlatformSpec& platform) const;
};

/// Every built-in workload kind, in the order of their names in messages: synthetic, swf, csv, batsim, singh,
/// machovec_ch2, machovec_ch3, machovec_ch4, machovec_testbed, machovec_trace, tarplee, siegel_dynamic,
/// siegel_static, uav_mission. A user's program may copy it and add its own.
const WorkloadRegistry& builtin_workloads();
/// The workload kinds of this process: the built-ins, then what plug-ins added. Experiments resolve their
/// `workload:` section here.
WorkloadRegistry& workload_registry();

// One per family (workloads/config/<family>.cpp).
void register_synthetic_workloads(WorkloadRegistry& r);  ///< synthetic
void register_reader_workloads(WorkloadRegistry& r);     ///< swf, csv, batsim
void register_singh_workloads(WorkloadRegistry& r);      ///< singh
void register_machovec_workloads(WorkloadRegistry& r);   ///< machovec_ch2, _ch3, _ch4, machovec_trace
void register_tarplee_workloads(WorkloadRegistry& r);    ///< tarplee
void register_siegel_workloads(WorkloadRegistry& r);     ///< siegel_dynamic, siegel_static
void register_uav_workloads(WorkloadRegistry& r);        ///< uav_mission

}  // namespace rmsim
