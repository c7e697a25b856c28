#include "tests/fuzz/input_guards.h"

#include "workloads/machovec_ch3_generator.h"
#include "workloads/machovec_ch4_generator.h"
#include "workloads/singh_dag_generator.h"

namespace rmsim::fuzz {

namespace {

namespace fs = std::filesystem;

constexpr std::uintmax_t kMaxFileBytes = 1 << 20;
constexpr int kMaxNodes = 10000;

bool plain_path(const std::string& s, const fs::path& base) {
    if (s.empty() || s.size() > 4096 || s.find('\0') != std::string::npos) return true;
    std::error_code ec;
    const fs::path p = s[0] == '/' ? fs::path(s) : base / s;
    const fs::file_status st = fs::status(p, ec);
    if (ec || !fs::exists(st) || fs::is_directory(st)) return true;
    return fs::is_regular_file(st) && fs::file_size(p, ec) <= kMaxFileBytes;
}

bool walk(const YAML::Node& n, const fs::path& base, int& budget) {
    if (--budget < 0) return false;
    if (n.IsScalar()) return plain_path(n.Scalar(), base);
    if (n.IsSequence())
        for (const YAML::Node& e : n)
            if (!walk(e, base, budget)) return false;
    if (n.IsMap())
        for (const auto& kv : n)
            if (!walk(kv.first, base, budget) || !walk(kv.second, base, budget)) return false;
    return true;
}

/// IsMap() throws for the invalid node a lookup of a missing key returns.
bool is_map(const YAML::Node& n) { return n.IsDefined() && n.IsMap(); }

/// The number at `map[key]` read as the loaders read it (an integer first: yaml-cpp takes 0x10 and 0o20 as
/// integers, not as reals), or `fallback` if there is none.
double number_or(const YAML::Node& map, const char* key, double fallback) {
    if (!is_map(map)) return fallback;
    const YAML::Node v = map[key];
    if (!v.IsDefined() || !v.IsScalar()) return fallback;
    long long n = 0;
    double d = 0;
    if (YAML::convert<long long>::decode(v, n)) return static_cast<double>(n);
    return YAML::convert<double>::decode(v, d) ? d : fallback;
}

}  // namespace

bool names_only_plain_files(const YAML::Node& doc, const fs::path& base) {
    int budget = kMaxNodes;
    return walk(doc, base, budget);
}

double generated_tasks(const YAML::Node& workload) {
    if (!is_map(workload)) return 0;
    const YAML::Node synthetic = workload["synthetic"];
    const YAML::Node singh = workload["singh"];
    const YAML::Node ch3 = workload["machovec_ch3"];
    const YAML::Node ch4 = workload["machovec_ch4"];
    const SinghWorkloadParams s;
    const MachovecCh3Params m;
    const MachovecCh4Params m4;
    double tasks = number_or(synthetic, "tasks", 0);
    tasks += number_or(singh, "jobs", is_map(singh) ? s.job_count : 0) * number_or(singh, "max_tasks", s.max_tasks);
    tasks += number_or(ch3, "tasks_per_day", is_map(ch3) ? m.tasks_per_day : 0) *
             number_or(ch3, "hours", m.horizon_s / 3600) / 24;
    tasks += number_or(ch4, "tasks_per_day", is_map(ch4) ? m4.tasks_per_day : 0) *
             number_or(ch4, "hours", m4.horizon_s / 3600) / 24;
    return tasks;
}

}  // namespace rmsim::fuzz
