#pragma once
// What the built-in workloads' YAML parsing shares (workloads/config/<family>.cpp): the errors of a
// generator are located at its section `n` of the config `file`, as `<kind> workload: ...`.
#include <cstdint>
#include <random>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "platform/platform_spec.h"
#include "platform/units.h"
#include "platform/work_model.h"
#include "platform/yaml_util.h"
#include "workloads/task.h"
#include "workloads/workload.h"
#include "workloads/workload_registry.h"

namespace rmsim {

/// A workload of independent tasks.
inline Workload task_workload(std::vector<Task> tasks) {
    Workload w;
    w.tasks = std::move(tasks);
    return w;
}

/// The load function of a kind of independent tasks: `make(section, context)` gives them.
template <class Make>
WorkloadLoader tasks_of(Make make) {
    return [make](const YAML::Node& n, const WorkloadContext& c) { return task_workload(make(n, c)); };
}

/// Frequency (Hz) of P0 of the reference core type: work given in seconds "at P0" becomes cycles there.
Hertz reference_hz(const PlatformSpec& p);

/// Analytic work taking `seconds` at P0 of the reference core, `memory_fraction` of it frequency-independent.
WorkModel work_of(Seconds seconds, double memory_fraction, Hertz f0);

/// A generated workload whose task cannot be simulated is blamed on its generator's section `n`.
void check_generated(const std::vector<Task>& tasks, const PlatformSpec& platform, const YAML::Node& n,
                     const std::string& file, const std::string& kind);

/// A generator's view of the platform, `clusters(platform)`: a platform it cannot use (std::invalid_argument)
/// is blamed on its section `n`, after `needs`.
template <typename Clusters>
auto generator_clusters(const YAML::Node& n, const std::string& file, const PlatformSpec& platform,
                        const std::string& needs, Clusters clusters) -> decltype(clusters(platform)) {
    try {
        return clusters(platform);
    } catch (const std::invalid_argument& ex) {
        throw_at(n, file, needs + ": " + ex.what());
    }
}

/// The tasks of a generator, `generate(rng)` with the trial's seed: a bad parameter it finds
/// (std::invalid_argument) and a task that cannot be simulated are blamed on its section `n`.
template <typename Generate>
std::vector<Task> generated_tasks(const YAML::Node& n, const std::string& file, const PlatformSpec& platform,
                                  std::uint64_t seed, const std::string& kind, Generate generate) {
    std::mt19937_64 rng(seed);
    try {
        std::vector<Task> tasks = generate(rng);
        check_generated(tasks, platform, n, file, kind);
        return tasks;
    } catch (const std::invalid_argument& ex) {
        throw_at(n, file, kind + " workload: " + ex.what());
    }
}

/// `count` tasks must fit in memory (before they are made); `at` is blamed.
void check_task_memory(double count, const YAML::Node& at, const std::string& file, const std::string& what);

/// `memory_fraction` of a workload: in [0, 1), default 0; memory_fraction_param() documents it.
double memory_fraction(const YAML::Node& n, const std::string& file);
ParamInfo memory_fraction_param();

/// `max_bytes` of a workload that reads a file: the largest decompressed size it may have, a whole number of
/// bytes >= 1, default kDefaultMaxTraceBytes (workloads/input_file.h); max_bytes_param() documents it.
std::uint64_t max_bytes(const YAML::Node& n, const std::string& file);
ParamInfo max_bytes_param();

/// A probability or fraction: in [0, 1].
double fraction_or(const YAML::Node& n, const char* key, const std::string& file, double fallback);

/// `hours` of a generator (fallback_s when absent): the span its arrivals cover, in seconds.
Seconds hours_key(const YAML::Node& n, const std::string& file, Seconds fallback_s);

/// `key` if the section has it, else the section: where a value that may be a default is blamed.
YAML::Node key_or_section(const YAML::Node& n, const char* key);

/// A default as ParamInfo::default_value writes it (6 significant digits: 0.5, 1650, 1e+06).
std::string default_text(double v);

}  // namespace rmsim
