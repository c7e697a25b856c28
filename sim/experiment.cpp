#include "sim/experiment.h"

#include <algorithm>
#include <cstdlib>
#include <sstream>

#include "manager/policy_registry.h"
#include "platform/platform_loader.h"
#include "platform/yaml_util.h"
#include "sim/variants.h"
#include "sim/workload_config.h"

namespace rmsim {

namespace {

/// manager.estimate: a model name, or {model: NAME, at_limit: kill | run} (docs/experiments.md).
EstimateConfig load_estimate(const YAML::Node& n, const std::string& file) {
    EstimateConfig c;
    auto model_of = [&](const YAML::Node& v) {
        if (!v.IsScalar()) throw_at(v, file, "estimate model: expected exact, requested or distribution");
        const std::string name = v.Scalar();
        if (name == "exact") return EstimateModel::Exact;
        if (name == "requested") return EstimateModel::Requested;
        if (name == "distribution") return EstimateModel::Distribution;
        throw_at(v, file, "unknown estimate model '" + name + "' (exact, requested, distribution)");
    };
    if (n.IsScalar()) {
        c.model = model_of(n);
        return c;
    }
    if (!n.IsMap()) throw_at(n, file, "estimate: expected a model name or a map {model, at_limit}");
    check_allowed_keys(n, file, "estimate", {"model", "at_limit"});
    c.model = model_of(get_node(n, "model", file));
    if (has_key(n, "at_limit")) {
        if (c.model != EstimateModel::Requested) throw_at(n["at_limit"], file, "at_limit applies to the requested model only");
        const std::string a = get_string(n, "at_limit", file);
        if (a == "kill") c.kill_at_limit = true;
        else if (a == "run") c.kill_at_limit = false;
        else throw_at(n["at_limit"], file, "at_limit must be kill or run, got '" + a + "'");
    }
    return c;
}

std::string dir_of(const std::string& path) {
    const auto slash = path.find_last_of('/');
    return slash == std::string::npos ? "." : path.substr(0, slash);
}

}  // namespace

Override parse_override(const std::string& spec) {
    const auto eq = spec.find('=');
    if (eq == std::string::npos || eq == 0)
        throw InputError(SourceLocation{"--set", 0, 0}, "expected key=value, got '" + spec + "'");
    Override o;
    o.path = spec.substr(0, eq);
    o.origin = "--set";
    try {
        o.value = YAML::Load(spec.substr(eq + 1));
    } catch (const YAML::Exception& ex) {
        throw InputError(SourceLocation{"--set", 0, 0}, "bad value in '" + spec + "': " + ex.msg);
    }
    return o;
}

void apply_override(YAML::Node& root, const Override& o) {
    std::vector<std::string> keys;
    std::stringstream ss(o.path);
    for (std::string k; std::getline(ss, k, '.');) {
        if (k.empty()) throw InputError(SourceLocation{o.origin, 0, 0}, "empty key in '" + o.path + "'");
        keys.push_back(k);
    }
    if (keys.empty()) throw InputError(SourceLocation{o.origin, 0, 0}, "empty key path");
    // Walk with fresh handles: assigning to a yaml-cpp node handle rebinds it, so never reuse one.
    // A numeric key indexes a sequence (platform.clusters.0.nodes).
    auto index_of = [&](const YAML::Node& seq, const std::string& k) -> std::size_t {
        char* end = nullptr;
        const unsigned long i = std::strtoul(k.c_str(), &end, 10);
        if (k.empty() || *end || i >= seq.size())
            throw InputError(SourceLocation{o.origin, 0, 0}, "'" + k + "' in '" + o.path + "' is not an index of a " +
                                                                 std::to_string(seq.size()) + "-entry list");
        return i;
    };
    std::vector<YAML::Node> chain{root};
    for (std::size_t i = 0; i + 1 < keys.size(); ++i) {
        const YAML::Node cur = chain.back();
        YAML::Node next;
        if (cur.IsSequence()) {
            next = cur[index_of(cur, keys[i])];
        } else {
            next = chain.back()[keys[i]];
            if (!next.IsDefined() || next.IsNull()) {
                chain.back()[keys[i]] = YAML::Node(YAML::NodeType::Map);
                next = chain.back()[keys[i]];
            }
        }
        if (!next.IsMap() && !next.IsSequence())
            throw InputError(SourceLocation{o.origin, 0, 0}, "'" + keys[i] + "' in '" + o.path + "' is not a map");
        chain.push_back(next);
    }
    // The node is shared, not copied, so values taken from the config file keep their positions.
    if (chain.back().IsSequence()) chain.back()[index_of(chain.back(), keys.back())] = o.value;
    else chain.back()[keys.back()] = o.value;
}

std::uint64_t stream_seed(std::uint64_t seed, std::uint32_t trial, const std::string& name) {
    // FNV-1a over the name, mixed with seed and trial by splitmix64: independent, reproducible streams.
    std::uint64_t h = 1469598103934665603ull;
    for (char c : name) h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ull;
    std::uint64_t z = seed * 0x9E3779B97F4A7C15ull + trial * 0xBF58476D1CE4E5B9ull + h;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

Experiment load_experiment(const std::string& path, const std::vector<Override>& overrides, const Variant* variant) {
    Experiment e;
    e.file = path;
    e.base_dir = dir_of(path);
    e.root = load_yaml_file(path);
    // A platform given as a file is read in place when a change reaches inside it (platform.clusters.0.nodes):
    // its values keep their positions, reported against the platform file.
    std::string platform_file = path;
    auto platform_path = [&](const YAML::Node& p) {
        return p.Scalar()[0] == '/' ? p.Scalar() : e.base_dir + "/" + p.Scalar();
    };
    auto inline_platform = [&](const std::vector<Override>& changes) {
        for (const Override& o : changes) {
            if (o.path.rfind("platform.", 0) != 0) continue;
            const YAML::Node p = e.root["platform"];
            if (!p || !p.IsScalar()) return;
            platform_file = platform_path(p);
            YAML::Node loaded = load_yaml_file(platform_file);
            if (loaded.IsMap() && has_key(loaded, "platform")) {
                check_allowed_keys(loaded, platform_file, "platform file", {"platform"});
                loaded = loaded["platform"];
            }
            e.root["platform"] = loaded;
            return;
        }
    };
    std::vector<Override> changes;
    if (variant) {
        changes = variant_overrides(e.root, *variant, path);
        e.variant = variant->name;
    }
    changes.insert(changes.end(), overrides.begin(), overrides.end());
    inline_platform(changes);
    for (const auto& o : changes) apply_override(e.root, o);
    const YAML::Node& root = e.root;
    check_allowed_keys(root, path, "experiment", {"name", "platform", "workload", "manager", "run", "variants", "sweep", "compare"});
    // Platform: a path (relative to this file) or the platform map itself.
    const YAML::Node p = get_node(root, "platform", path);
    if (p.IsScalar()) e.platform = load_platform_file(platform_path(p));
    else e.platform = load_platform(p, platform_file);
    // Machovec Ch.3 §3.4.3: a trace workload simulates a fraction of the traced machine (after the variant's
    // and --set changes, so workload.machovec_trace.system_fraction in either scales the platform).
    if (has_key(root, "workload")) e.platform = workload_platform(root["workload"], path, e.platform);
    const YAML::Node m = get_node(root, "manager", path);
    check_allowed_keys(m, path, "manager", {"policy", "params", "estimate"});
    e.policy_name = get_string(m, "policy", path);
    if (has_key(m, "estimate")) e.manager.estimate = load_estimate(m["estimate"], path);
    e.policy_params = has_key(m, "params") ? m["params"] : YAML::Node();
    if (has_key(root, "run")) {
        const YAML::Node r = root["run"];
        check_allowed_keys(r, path, "run", {"seed", "trials", "end_s", "energy_budget_j", "budget_period_s",
                                            "warmup_s", "measure_end_s", "sample_interval_s", "budget_start_s"});
        e.seed = get_uint64_or(r, "seed", path, 1);
        e.trials = get_count_or(r, "trials", path, 1);
        if (has_key(r, "end_s")) e.manager.end = SimTime::from_seconds(get_positive(r, "end_s", path));
        e.manager.budget.budget_j = get_non_negative_or(r, "energy_budget_j", path, 0);
        e.manager.budget.period = SimTime::from_seconds(get_positive_or(r, "budget_period_s", path, 86400));
        // When the first budget period starts (e.g. at the end of a warm-up, so that budget days and
        // measured days coincide); before it the budget does not constrain.
        e.manager.budget.start = SimTime::from_seconds(get_non_negative_or(r, "budget_start_s", path, 0));
        e.sample_interval_s = get_positive_or(r, "sample_interval_s", path, 3600);
        if (e.sample_interval_s < 1e-9)
            throw_at(r["sample_interval_s"], path, "sample_interval_s must be at least 1e-9 (the 1 ns time resolution)");
        // Machovec Ch.3 §3.4.4.2: metrics over a measurement window, the warm-up excluded.
        if (has_key(r, "warmup_s") || has_key(r, "measure_end_s")) {
            e.window.enabled = true;
            e.window.start = SimTime::from_seconds(get_non_negative_or(r, "warmup_s", path, 0));
            if (has_key(r, "measure_end_s")) e.window.end = SimTime::from_seconds(get_positive(r, "measure_end_s", path));
            if (e.window.end <= e.window.start)
                throw_at(r["measure_end_s"], path, "measure_end_s must be after warmup_s");
        }
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

Workload make_workload(const Experiment& e, std::uint32_t trial) {
    return load_workload(e.root["workload"], e.file, e.base_dir, e.platform, stream_seed(e.seed, trial, "workload"),
                         trial, e.trials);
}

std::vector<Task> make_tasks(const Experiment& e, std::uint32_t trial) { return make_workload(e, trial).tasks; }

void check_policy_fits(const Experiment& e, const Workload& w) {
    const YAML::Node m = e.root["manager"];
    const EstimateModel model = e.manager.estimate.model;
    if (model != EstimateModel::Exact) {
        const YAML::Node at = m["estimate"].IsMap() ? m["estimate"]["model"] : m["estimate"];
        if (!w.jobs.empty())
            throw InputError(yaml_location(at, e.file), std::string("estimate model '") + to_string(model) +
                                                            "': DAG jobs are planned with exact times (use exact)");
        const bool any = std::any_of(w.tasks.begin(), w.tasks.end(), [&](const Task& t) {
            return model == EstimateModel::Requested ? t.requested_time_s >= 0 : t.work.stochastic();
        });
        if (!any)
            throw InputError(yaml_location(at, e.file),
                             model == EstimateModel::Requested
                                 ? "estimate model 'requested': no task of the workload has a requested time (SWF "
                                   "field 9, or a requested_s column in a task CSV)"
                                 : "estimate model 'distribution': no task of the workload has an execution-time "
                                   "distribution");
    }
    const bool dag = make_policy(e)->traits().dag_jobs;
    if (dag == !w.jobs.empty()) return;
    throw InputError(yaml_location(m["policy"], e.file),
                     dag ? "policy '" + e.policy_name + "' schedules DAG jobs, but the workload has independent tasks "
                               "(use a singh workload)"
                         : "policy '" + e.policy_name + "' schedules independent tasks, but the workload is made of "
                               "DAG jobs (use pba, nba-ftps, nba-fcps or valopt)");
}

}  // namespace rmsim
