#include "workloads/config/workload_yaml.h"

#include "platform/input_limits.h"
#include "platform/model_limits.h"
#include "platform/resource_limits.h"
#include "platform/short_number.h"
#include "platform/yaml_quantities.h"
#include "workloads/runnable.h"

namespace rmsim {

Hertz reference_hz(const PlatformSpec& p) { return p.core_types.at(0).pstates.at(0).frequency_hz; }

WorkModel work_of(Seconds seconds, double memory_fraction, Hertz f0) {
    WorkModel w;
    w.set_cycles((1.0 - memory_fraction) * seconds * f0);
    w.set_memory_s(memory_fraction * seconds);
    return w;
}

void check_generated(const std::vector<Task>& tasks, const PlatformSpec& platform, const YAML::Node& n,
                     const std::string& file, const std::string& kind) {
    const RunnableCheck check(platform);
    for (std::size_t i = 0; i < tasks.size(); ++i)
        if (const TaskProblem p = check.problem(tasks[i]))
            throw_at(n, file, kind + " workload: its task " + std::to_string(i) + " " + p.message);
}

void check_task_memory(double count, const YAML::Node& at, const std::string& file, const std::string& what) {
    check_fits_in_memory(count * kBytesPerTask, yaml_location(at, file), what,
                         "about " + format_bytes(kBytesPerTask) + " a task");
}

double memory_fraction(const YAML::Node& n, const std::string& file) {
    const double mem = get_non_negative_or(n, "memory_fraction", file, 0.0);
    if (mem >= 1) throw_at(n["memory_fraction"], file, "memory_fraction must be < 1");
    return mem;
}

std::uint64_t max_bytes(const YAML::Node& n, const std::string& file) {
    const std::uint64_t bytes = get_uint64_or(n, "max_bytes", file, kDefaultMaxTraceBytes);
    if (bytes == 0) throw_at(n["max_bytes"], file, "max_bytes must be >= 1");
    return bytes;
}

ParamInfo max_bytes_param() {
    return ParamInfo{"max_bytes", "number", "1073741824",
                     "largest size of the file, decompressed, in bytes (1 GiB; raise it for a larger trace)"}
        .at_least(1);
}

ParamInfo memory_fraction_param() {
    return ParamInfo{"memory_fraction", "number", "0", "frequency-independent share of each task's work"}
        .at_least(0)
        .below(1);
}

double fraction_or(const YAML::Node& n, const char* key, const std::string& file, double fallback) {
    const double x = get_non_negative_or(n, key, file, fallback);
    if (x > 1) throw_at(n[key], file, quoted(key) + " must be in [0, 1], got " + n[key].Scalar());
    return x;
}

Seconds hours_key(const YAML::Node& n, const std::string& file, Seconds fallback_s) {
    const Seconds s = 3600.0 * get_amount_or(n, "hours", file, fallback_s / 3600.0, true);
    if (s > kMaxSeconds)
        throw_at(n["hours"], file, "'hours' reaches past the end of simulated time (9.2e+09 s, 292 years)");
    return s;
}

YAML::Node key_or_section(const YAML::Node& n, const char* key) { return has_key(n, key) ? n[key] : n; }

std::string default_text(double v) { return short_number(v); }

}  // namespace rmsim
