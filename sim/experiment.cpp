#include "sim/experiment.h"

#include <sstream>

#include "manager/policy_registry.h"
#include "platform/platform_loader.h"
#include "platform/yaml_util.h"
#include "sim/workload_config.h"

namespace rmsim {

namespace {

std::string dir_of(const std::string& path) {
    const auto slash = path.find_last_of('/');
    return slash == std::string::npos ? "." : path.substr(0, slash);
}

void apply_override(YAML::Node& root, const std::string& spec, const std::string& file) {
    const auto eq = spec.find('=');
    if (eq == std::string::npos || eq == 0)
        throw InputError(SourceLocation{"--set", 0, 0}, "expected key=value, got '" + spec + "'");
    const std::string path = spec.substr(0, eq);
    YAML::Node value;
    try {
        value = YAML::Load(spec.substr(eq + 1));
    } catch (const YAML::Exception& ex) {
        throw InputError(SourceLocation{"--set", 0, 0}, "bad value in '" + spec + "': " + ex.msg);
    }
    std::vector<std::string> keys;
    std::stringstream ss(path);
    for (std::string k; std::getline(ss, k, '.');) keys.push_back(k);
    // Walk with fresh handles: assigning to a yaml-cpp node handle rebinds it, so never reuse one.
    std::vector<YAML::Node> chain{root};
    for (std::size_t i = 0; i + 1 < keys.size(); ++i) {
        YAML::Node next = chain.back()[keys[i]];
        if (!next.IsDefined() || next.IsNull()) {
            chain.back()[keys[i]] = YAML::Node(YAML::NodeType::Map);
            next = chain.back()[keys[i]];
        }
        if (!next.IsMap())
            throw InputError(SourceLocation{"--set", 0, 0}, "'" + keys[i] + "' in '" + path + "' is not a map");
        chain.push_back(next);
    }
    chain.back()[keys.back()] = value;
    (void)file;
}

}  // namespace

std::uint64_t stream_seed(std::uint64_t seed, std::uint32_t trial, const std::string& name) {
    // FNV-1a over the name, mixed with seed and trial by splitmix64: independent, reproducible streams.
    std::uint64_t h = 1469598103934665603ull;
    for (char c : name) h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ull;
    std::uint64_t z = seed * 0x9E3779B97F4A7C15ull + trial * 0xBF58476D1CE4E5B9ull + h;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

Experiment load_experiment(const std::string& path, const std::vector<std::string>& overrides) {
    Experiment e;
    e.file = path;
    e.base_dir = dir_of(path);
    e.root = load_yaml_file(path);
    for (const auto& o : overrides) apply_override(e.root, o, path);
    const YAML::Node& root = e.root;
    check_allowed_keys(root, path, "experiment", {"name", "platform", "workload", "manager", "run"});
    // Platform: a path (relative to this file) or the platform map itself.
    const YAML::Node p = get_node(root, "platform", path);
    if (p.IsScalar()) {
        const std::string pf = p.Scalar()[0] == '/' ? p.Scalar() : e.base_dir + "/" + p.Scalar();
        e.platform = load_platform_file(pf);
    } else {
        e.platform = load_platform(p, path);
    }
    const YAML::Node m = get_node(root, "manager", path);
    check_allowed_keys(m, path, "manager", {"policy", "params"});
    e.policy_name = get_string(m, "policy", path);
    e.policy_params = has_key(m, "params") ? m["params"] : YAML::Node();
    if (has_key(root, "run")) {
        const YAML::Node r = root["run"];
        check_allowed_keys(r, path, "run", {"seed", "trials", "end_s", "energy_budget_j", "budget_period_s"});
        e.seed = static_cast<std::uint64_t>(get_non_negative_or(r, "seed", path, 1));
        e.trials = get_count_or(r, "trials", path, 1);
        e.manager.end_s = has_key(r, "end_s") ? get_positive(r, "end_s", path) : -1;
        e.manager.budget.budget_j = get_non_negative_or(r, "energy_budget_j", path, 0);
        e.manager.budget.period_s = get_positive_or(r, "budget_period_s", path, 86400);
    }
    make_policy(e);  // validates the policy name and parameters now
    get_node(root, "workload", path);
    return e;
}

std::unique_ptr<Policy> make_policy(const Experiment& e) {
    const YAML::Node m = e.root["manager"];
    return builtin_policies().create(e.policy_name, PolicyParams(e.policy_params, e.file),
                                     yaml_location(m["policy"], e.file));
}

std::vector<Task> make_tasks(const Experiment& e, std::uint32_t trial) {
    return load_workload(e.root["workload"], e.file, e.base_dir, e.platform, stream_seed(e.seed, trial, "workload"));
}

}  // namespace rmsim
