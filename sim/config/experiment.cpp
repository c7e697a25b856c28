#include "sim/config/experiment.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <sstream>

#include "manager/policy.h"
#include "manager/policy_registry.h"
#include "platform/input_limits.h"
#include "platform/platform_loader.h"
#include "platform/yaml_quantities.h"
#include "platform/yaml_util.h"
#include "sim/config/figure_config.h"
#include "sim/config/override_positions.h"
#include "sim/config/plugins.h"
#include "sim/config/variants.h"
#include "sim/config/workload_config.h"
#include "workloads/workload_registry.h"

namespace rmsim {

namespace {

/// manager.estimate: a model name, or {model: NAME, at_limit: kill | run} (docs/experiments.md).
EstimateConfig load_estimate(const YAML::Node& n, const std::string& file) {
    EstimateConfig c;
    auto model_of = [&](const YAML::Node& v) {
        if (!v.IsScalar()) throw_at(v, file, "estimate model: expected " + kEstimateModelNames.alternatives());
        const std::string name = v.Scalar();
        if (const auto model = kEstimateModelNames.parse(name)) return *model;
        throw_at(v, file, "unknown estimate model '" + name + "' (" + kEstimateModelNames.list() + ")");
    };
    if (n.IsScalar()) {
        c.model = model_of(n);
        return c;
    }
    if (!n.IsMap()) throw_at(n, file, "estimate: expected a model name or a map {model, at_limit}");
    check_allowed_keys(n, file, "estimate", {"model", "at_limit"});
    c.model = model_of(get_node(n, "model", file));
    if (has_key(n, "at_limit")) {
        if (c.model != EstimateModel::Requested)
            throw_at(n["at_limit"], file, "at_limit applies to the requested model only");
        const std::string a = get_string(n, "at_limit", file);
        if (a == "kill")
            c.kill_at_limit = true;
        else if (a == "run")
            c.kill_at_limit = false;
        else
            throw_at(n["at_limit"], file, "at_limit must be kill or run, got '" + a + "'");
    }
    return c;
}

std::string dir_of(const std::string& path) {
    const auto slash = path.find_last_of('/');
    return slash == std::string::npos ? "." : path.substr(0, slash);
}

/// Runs `f`; an InputError located on a --set option's lines is reported at the option.
template <class F>
auto at_options(const Experiment& e, F&& f) -> decltype(f()) {
    try {
        return f();
    } catch (const InputError& err) {
        throw e.options.located(err);
    }
}

/// Reads and validates the settings of `e.root` once every change is applied.
void read_settings(Experiment& e, const std::string& platform_file);

/// A file named in the config (the platform, a plug-in), opened relative to the config's folder.
std::string config_relative(const Experiment& e, const YAML::Node& p) {
    return p.Scalar()[0] == '/' ? p.Scalar() : e.base_dir + "/" + p.Scalar();
}

/// The `plugins:` list (docs/plugins.md): shared libraries, relative to the config's folder.
std::vector<InputFile> plugin_files(const Experiment& e) {
    std::vector<InputFile> files;
    if (!has_key(e.root, "plugins")) return files;
    const YAML::Node list = e.root["plugins"];
    expect_sequence(list, e.file, "'plugins'");
    for (std::size_t i = 0; i < list.size(); ++i) {
        if (!list[i].IsScalar() || list[i].Scalar().empty())
            throw_at(list[i], e.file, "a 'plugins' entry is the path of a shared library");
        files.push_back({"plugins." + std::to_string(i), list[i].Scalar(), config_relative(e, list[i])});
    }
    return files;
}

/// run.energy_goal (docs/experiments.md, "Energy goals over the time of day"): `linear` (the papers' straight
/// line, the default), {shape: [w...]}, the budget's share per equal slice of its period, or {price: [p...]}, a
/// price per slice, the share then 1 / p (more energy where it is cheap). Each entry > 0; at most kMaxGoalSlices.
std::vector<double> read_goal_shape(const YAML::Node& goal, const std::string& path) {
    constexpr std::size_t kMaxGoalSlices = 100000;
    if (goal.IsScalar()) {
        if (goal.Scalar() != "linear")
            throw_at(goal, path, "energy_goal: expected linear, {shape: [...]} or {price: [...]}");
        return {};
    }
    expect_map(goal, path, "'energy_goal'");
    check_allowed_keys(goal, path, "energy_goal", {"shape", "price"});
    const bool price = has_key(goal, "price");
    if (price == has_key(goal, "shape"))
        throw_at(goal, path, "energy_goal needs one of 'shape' (a share per slice) or 'price' (a price per slice)");
    const YAML::Node list = goal[price ? "price" : "shape"];
    expect_sequence(list, path, price ? "'price'" : "'shape'");
    if (list.size() == 0 || list.size() > kMaxGoalSlices)
        throw_at(list, path,
                 std::string("energy_goal ") + (price ? "price" : "shape") + " needs 1 to " +
                     std::to_string(kMaxGoalSlices) + " entries, one per equal slice of the period");
    std::vector<double> shape;
    shape.reserve(list.size());
    for (const YAML::Node& v : list) {
        const double x = as_positive(v, path, price ? "an energy_goal price" : "an energy_goal share");
        if (!std::isfinite(x)) throw_at(v, path, "energy_goal entries must be finite");
        shape.push_back(price ? 1.0 / x : x);
    }
    return shape;
}

}  // namespace

Override parse_override(const std::string& spec) {
    const auto eq = spec.find('=');
    if (eq == std::string::npos || eq == 0)
        throw InputError(SourceLocation{"--set", 0, 0}, "expected key=value, got '" + spec + "'");
    Override o;
    o.path = spec.substr(0, eq);
    o.origin = "--set " + spec;
    o.text = spec.substr(eq + 1);
    o.from_option = true;
    try {
        o.value = load_yaml_string(o.text, "--set");
    } catch (const InputError& ex) {
        throw InputError(SourceLocation{"--set", 0, 0}, "bad value in " + quote_short(spec) + ": " + ex.message());
    }
    return o;
}

void apply_override(YAML::Node& root, const Override& o) {
    // Errors in the key path itself: at the change (the option, or its key in the config).
    const bool placed = !o.from_option && !o.at.is_null();
    const SourceLocation here{o.origin, placed ? o.at.line + 1 : 0, placed ? o.at.column + 1 : 0};
    std::vector<std::string> keys;
    std::stringstream ss(o.path);
    for (std::string k; std::getline(ss, k, '.');) {
        if (k.empty()) throw InputError(here, "empty key in '" + o.path + "'");
        keys.push_back(k);
    }
    if (keys.empty()) throw InputError(here, "empty key path");
    // Walk with fresh handles: assigning to a yaml-cpp node handle rebinds it, so never reuse one.
    // A numeric key indexes a sequence (platform.clusters.0.nodes).
    auto index_of = [&](const YAML::Node& seq, const std::string& k) -> std::size_t {
        char* end = nullptr;
        const unsigned long i = std::strtoul(k.c_str(), &end, 10);
        if (k.empty() || *end || i >= seq.size())
            throw InputError(here, "'" + k + "' in '" + o.path + "' is not an index of a " +
                                       std::to_string(seq.size()) + "-entry list");
        return i;
    };
    // A key or map the change creates is placed where the change is written, so that an error found in it
    // later (an unknown key, a missing one) points there. A key is looked up without creating it (const).
    auto new_key = [&](const std::string& k) { return o.at.is_null() ? YAML::Node(k) : scalar_at(o.at, k); };
    auto new_map = [&] { return o.at.is_null() ? YAML::Node(YAML::NodeType::Map) : map_at(o.at); };
    auto lookup = [](const YAML::Node& map, const std::string& k) { return map[k]; };
    std::vector<YAML::Node> chain{root};
    for (std::size_t i = 0; i + 1 < keys.size(); ++i) {
        const YAML::Node cur = chain.back();
        if (cur.IsSequence()) {
            chain.push_back(cur[index_of(cur, keys[i])]);
        } else if (cur.IsScalar()) {
            throw InputError(
                here, "'" + (i ? keys[i - 1] : std::string("the config")) + "' in '" + o.path + "' is not a map");
        } else if (!lookup(cur, keys[i]).IsDefined()) {
            const YAML::Node created = new_map();
            chain.back().force_insert(new_key(keys[i]), created);
            chain.push_back(created);
        } else if (lookup(cur, keys[i]).IsNull()) {
            chain.back()[keys[i]] = new_map();
            chain.push_back(lookup(chain.back(), keys[i]));
        } else {
            chain.push_back(lookup(cur, keys[i]));
        }
        if (!chain.back().IsMap() && !chain.back().IsSequence())
            throw InputError(here, "'" + keys[i] + "' in '" + o.path + "' is not a map");
    }
    // The node is shared, not copied, so values taken from the config file keep their positions.
    YAML::Node& last = chain.back();
    if (last.IsSequence())
        last[index_of(last, keys.back())] = o.value;
    else if (last.IsScalar())
        throw InputError(here, "'" + o.path + "' does not lead to a map");
    else if (lookup(last, keys.back()).IsDefined())
        last[keys.back()] = o.value;
    else
        last.force_insert(new_key(keys.back()), o.value);
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
    auto inline_platform = [&](const std::vector<Override>& changes) {
        for (const Override& o : changes) {
            if (o.path.rfind("platform.", 0) != 0) continue;
            const YAML::Node p = e.root["platform"];
            if (!p || !p.IsScalar()) return;
            platform_file = config_relative(e, p);
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
    std::vector<Override> all = changes;
    all.insert(all.end(), overrides.begin(), overrides.end());
    inline_platform(all);
    // The --set values stand after the last line of every file in the tree (sim/config/override_positions.h).
    e.options = OptionPositions(e.root, {path, platform_file});
    for (const Override& o : overrides) changes.push_back(e.options.place(o));
    at_options(e, [&] {
        for (const auto& o : changes) apply_override(e.root, o);
        read_settings(e, platform_file);
    });
    return e;
}

namespace {

/// run.stream: InputError at the key that keeps the run from streaming.
void check_streamable(const Experiment& e, const Policy& policy) {
    const YAML::Node r = e.root["run"];
    const YAML::Node at = r["stream"];
    const WorkloadInfo* kind = workload_registry().kind_of(e.root["workload"]);
    std::string able;
    for (const WorkloadInfo& w : workload_registry().all())
        if (w.stream) able += (able.empty() ? "" : ", ") + w.name;
    if (!kind || !kind->stream)
        throw_at(at, e.file,
                 "run.stream: the " + quote_short(kind ? kind->name : std::string()) + " workload " +
                     (kind && !kind->whole_because.empty() ? kind->whole_because
                                                           : std::string("needs its whole workload at once")) +
                     " (" + able + " can stream)");
    if (!policy.traits().streams)
        throw_at(at, e.file,
                 "run.stream: policy " + quote_short(e.policy_name) +
                     " reads tasks after they have finished or needs every task at once (fcfs, easy and "
                     "conservative can stream)");
    if (e.batsim_jobs || e.swf_schedule)
        throw_at(r["formats"], e.file, "run.formats: the batsim and swf schedules are not written by a streamed run");
    if (e.window.enabled && e.window.end.is_infinite())
        throw_at(at, e.file, "run.stream: a measurement window needs run.measure_end_s (its end is not the run's)");
}

void read_settings(Experiment& e, const std::string& platform_file) {
    const std::string& path = e.file;
    const YAML::Node& root = e.root;
    check_allowed_keys(root, path, "experiment",
                       {"name", "plugins", "platform", "workload", "manager", "run", "dvfs", "variants", "sweep",
                        "compare", "figure"});
    // The experiment's name titles the results (summary, provenance.json): a string, never a map or a list.
    if (has_key(root, "name")) get_string(root, "name", path);
    // The figure `rmsim plot` draws (sim/config/figure_config.h): presentation only, checked like compare.
    check_figure(root, path);
    // Plug-ins first: their policies, governors and workloads are validated as the built-ins are.
    const std::vector<InputFile> plugins = plugin_files(e);
    for (std::size_t i = 0; i < plugins.size(); ++i)
        load_plugin(plugins[i].opened, yaml_location(root["plugins"][i], path));
    // Platform: a path (relative to this file) or the platform map itself.
    // A workload that draws its hardware per trial (uav_mission) brings the platform: then `platform:` is
    // left out, and the experiment checks against the platform its workload describes without a seed.
    const bool own_platform = !has_key(root, "platform") && has_key(root, "workload") && root["workload"].IsMap() &&
                              has_key(root["workload"], "uav_mission");
    if (!own_platform) {
        const YAML::Node p = get_node(root, "platform", path);
        if (p.IsScalar())
            e.platform = load_platform_file(config_relative(e, p));
        else
            e.platform = load_platform(p, platform_file);
    }
    // Machovec Ch.3 §3.4.3: a trace workload simulates a fraction of the traced machine (after the variant's
    // and --set changes, so workload.machovec_trace.system_fraction in either scales the platform).
    if (has_key(root, "workload")) e.platform = workload_platform(root["workload"], path, e.platform);
    const YAML::Node m = get_node(root, "manager", path);
    check_allowed_keys(m, path, "manager", {"policy", "params", "estimate", "hold_job_cores"});
    e.policy_name = get_string(m, "policy", path);
    e.manager.hold_job_cores = get_bool_or(m, "hold_job_cores", path, e.manager.hold_job_cores);
    if (has_key(m, "estimate")) e.manager.estimate = load_estimate(m["estimate"], path);
    e.policy_params = has_key(m, "params") ? m["params"] : YAML::Node();
    if (has_key(root, "run")) {
        const YAML::Node r = root["run"];
        check_allowed_keys(
            r, path, "run",
            {"seed", "trials", "end_s", "energy_budget_j", "budget_period_s", "warmup_s", "measure_end_s",
             "sample_interval_s", "budget_start_s", "energy_goal", "waveforms", "formats", "stream"});
        e.stream = get_bool_or(r, "stream", path, false);
        e.seed = get_uint64_or(r, "seed", path, 1);
        e.trials = get_count_or(r, "trials", path, 1);
        if (has_key(r, "end_s")) e.manager.end = SimTime::from_seconds(get_seconds(r, "end_s", path, true));
        e.manager.budget.budget_j = get_amount_or(r, "energy_budget_j", path, 0);
        e.manager.budget.period = SimTime::from_seconds(get_period_or(r, "budget_period_s", path, 86400));
        // When the first budget period starts (e.g. at the end of a warm-up, so that budget days and
        // measured days coincide); before it the budget does not constrain.
        e.manager.budget.start = SimTime::from_seconds(get_seconds_or(r, "budget_start_s", path, 0));
        if (auto goal = optional_value(r, "energy_goal", path)) e.manager.budget.shape = read_goal_shape(*goal, path);
        e.sample_interval_s = get_period_or(r, "sample_interval_s", path, 3600);
        e.waveforms = read_waveform_config(r, path, e.platform);
        if (auto formats = optional_value(r, "formats", path)) {
            expect_sequence(*formats, path, "'formats'");
            for (const YAML::Node& f : *formats) {
                const std::string name = as_string(f, path, "a 'formats' entry");
                if (name == "batsim")
                    e.batsim_jobs = true;
                else if (name == "swf")
                    e.swf_schedule = true;
                else
                    throw_at(f, path, "unknown format " + quote_short(name) + " in 'formats' (valid: batsim, swf)");
            }
        }
        // Machovec Ch.3 §3.4.4.2: metrics over a measurement window, the warm-up excluded.
        if (has_key(r, "warmup_s") || has_key(r, "measure_end_s")) {
            e.window.enabled = true;
            e.window.start = SimTime::from_seconds(get_seconds_or(r, "warmup_s", path, 0));
            if (has_key(r, "measure_end_s"))
                e.window.end = SimTime::from_seconds(get_seconds(r, "measure_end_s", path, true));
            if (e.window.end <= e.window.start)
                throw_at(r["measure_end_s"], path, "measure_end_s must be after warmup_s");
        }
    }
    if (has_key(root, "dvfs")) e.dvfs = load_dvfs_config(root["dvfs"], path, e.platform);
    const std::unique_ptr<Policy> policy = make_policy(e);  // validates the policy name and parameters now
    get_node(root, "workload", path);
    if (e.stream) check_streamable(e, *policy);
}

}  // namespace

std::vector<InputFile> input_files(const Experiment& e) {
    std::vector<InputFile> files = plugin_files(e);
    const YAML::Node p = has_key(e.root, "platform") ? e.root["platform"] : YAML::Node();
    if (p.IsScalar()) files.push_back({"platform", p.Scalar(), config_relative(e, p)});
    for (InputFile& f : workload_files(e.root["workload"], e.base_dir)) files.push_back(std::move(f));
    return files;
}

std::unique_ptr<Policy> make_policy(const Experiment& e) {
    const YAML::Node m = e.root["manager"];
    return at_options(e, [&] {
        return policy_registry().create(e.policy_name, PolicyParams(e.policy_params, e.file),
                                        yaml_location(m["policy"], e.file), &e.platform);
    });
}

Workload make_workload(const Experiment& e, std::uint32_t trial) {
    return at_options(e, [&] {
        return load_workload(e.root["workload"], e.file, e.base_dir, e.platform, stream_seed(e.seed, trial, "workload"),
                             trial, e.trials);
    });
}

std::vector<Task> make_tasks(const Experiment& e, std::uint32_t trial) { return make_workload(e, trial).tasks; }

std::unique_ptr<TaskStream> make_task_stream(const Experiment& e, std::uint32_t trial) {
    return at_options(e, [&] {
        return workload_registry().stream(
            e.root["workload"],
            WorkloadContext{e.file, e.base_dir, e.platform, stream_seed(e.seed, trial, "workload"), trial, e.trials});
    });
}

namespace {

/// Where the estimate model is written: manager.estimate or manager.estimate.model.
YAML::Node estimate_key(const Experiment& e) {
    const YAML::Node m = e.root["manager"];
    return m["estimate"].IsMap() ? m["estimate"]["model"] : m["estimate"];
}

/// The task gives the estimate model what it reads (not exact): a requested time, a distribution.
bool estimated_by(EstimateModel model, const Task& t) {
    return model == EstimateModel::Requested ? t.requested_time_s >= 0 : t.work.stochastic();
}

/// A model that no task of the workload gives what it reads would plan every task exactly.
[[noreturn]] void refuse_estimate(const Experiment& e, EstimateModel model) {
    throw InputError(yaml_location(estimate_key(e), e.file),
                     model == EstimateModel::Requested
                         ? "estimate model 'requested': no task of the workload has a requested time (SWF field 9, "
                           "or a requested_s column in a task CSV)"
                         : "estimate model 'distribution': no task of the workload has an execution-time "
                           "distribution");
}

/// check_policy_fits, its errors located in the config.
void check_fit(const Experiment& e, const Workload& w) {
    const YAML::Node m = e.root["manager"];
    const EstimateModel model = e.manager.estimate.model;
    if (model != EstimateModel::Exact) {
        if (!w.jobs.empty())
            throw InputError(yaml_location(estimate_key(e), e.file),
                             std::string("estimate model '") + to_string(model) +
                                 "': DAG jobs are planned with exact times (use exact)");
        if (std::none_of(w.tasks.begin(), w.tasks.end(), [&](const Task& t) { return estimated_by(model, t); }))
            refuse_estimate(e, model);
    }
    const std::unique_ptr<Policy> policy = make_policy(e);
    const PolicyTraits traits = policy->traits();
    if (policy->needs_uav_mission() != (w.mission != nullptr))
        throw InputError(yaml_location(m["policy"], e.file),
                         w.mission
                             ? "the uav_mission workload needs a uav policy (uav-max-value, uav-metaheuristic, ...), "
                               "not '" +
                                   e.policy_name + "'"
                             : "policy '" + e.policy_name + "' schedules a UAV mission (use a uav_mission workload)");
    if (traits.serial_tasks) {
        const auto wide = std::find_if(w.tasks.begin(), w.tasks.end(), [](const Task& t) {
            return t.nodes > 0 || t.nodes_per_cluster || t.cores != 1;
        });
        if (wide != w.tasks.end())
            throw InputError(yaml_location(m["policy"], e.file),
                             "policy '" + e.policy_name + "' schedules serial tasks (one core each), but task " +
                                 std::to_string(wide->id) + " of the workload needs " +
                                 (wide->nodes > 0 || wide->nodes_per_cluster ? std::string("whole nodes")
                                                                             : std::to_string(wide->cores) + " cores"));
    }
    if (traits.vm_options) {
        const auto bare = std::find_if(w.tasks.begin(), w.tasks.end(), [](const Task& t) {
            return !t.work.table() || !t.work.table()->has_vos_terms();
        });
        if (bare != w.tasks.end())
            throw InputError(yaml_location(m["policy"], e.file),
                             "policy '" + e.policy_name +
                                 "' places tasks on VM configurations with value-of-service terms, but task " +
                                 std::to_string(bare->id) + " of the workload has none (use a machovec_ch2 workload)");
    }
    const bool dag = traits.dag_jobs;
    // A depleted node stops its tasks as a preemption would, and tasks of DAG jobs are not preemptible.
    const bool stores = std::any_of(e.platform.node_types.begin(), e.platform.node_types.end(),
                                    [](const NodeType& t) { return t.energy_store_j > 0; });
    if (stores && !w.jobs.empty())
        throw InputError(yaml_location(e.root["workload"], e.file),
                         "the workload is made of DAG jobs, whose tasks cannot be stopped, but the platform has "
                         "energy stores (energy_store_j): they are not supported together");
    if (dag == !w.jobs.empty()) return;
    throw InputError(yaml_location(m["policy"], e.file),
                     dag ? "policy '" + e.policy_name +
                               "' schedules DAG jobs, but the workload has independent tasks "
                               "(use a singh workload)"
                         : "policy '" + e.policy_name +
                               "' schedules independent tasks, but the workload is made of "
                               "DAG jobs (use pba, nba-ftps, nba-fcps or valopt)");
}

}  // namespace

void check_policy_fits(const Experiment& e, const Workload& w) {
    at_options(e, [&] { check_fit(e, w); });
}

void check_stream_fits(const Experiment& e) {
    const EstimateModel model = e.manager.estimate.model;
    std::unique_ptr<TaskStream> stream = make_task_stream(e, 0);
    if (model == EstimateModel::Exact) return;
    // Read until a task gives the model what it reads: usually the first; all of them only to refuse.
    Task t;
    while (stream->next(t)) {
        if (estimated_by(model, t)) return;
        t = Task{};
    }
    at_options(e, [&] { refuse_estimate(e, model); });
}

}  // namespace rmsim
