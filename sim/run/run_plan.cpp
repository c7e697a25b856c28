#include "sim/run/run_plan.h"

#include <algorithm>
#include <iostream>
#include <set>

#include "platform/input_error.h"
#include "platform/input_limits.h"
#include "platform/yaml_util.h"

namespace rmsim {

namespace {

/// The node at the dotted key path `rest` inside `v` (a map with a map at "a" holding "b" for "a.b"), or an
/// invalid node if `v` does not hold it.
YAML::Node node_at(const YAML::Node& v, const std::string& rest) {
    YAML::Node at = v;
    for (std::size_t from = 0; from <= rest.size();) {
        const std::size_t dot = std::min(rest.find('.', from), rest.size());
        if (!at.IsMap()) return YAML::Node(YAML::NodeType::Undefined);
        const YAML::Node next = at[rest.substr(from, dot - from)];
        if (!next) return YAML::Node(YAML::NodeType::Undefined);
        at.reset(next);
        from = dot + 1;
    }
    return at;
}

/// A --set that changes what tells the variants apart would give every variant the same value under names
/// that still say otherwise: refused, naming the config's key. That is a --set on (or above) a key that
/// variants or the sweep give two different values, or inside a map they set where two of them hold different
/// values; a --set of a value they all share, or add to a map they set, is a change like any other (a
/// variant's `manager.params: {heuristic: ga, generations: 1000}` and `--set manager.params.generations=10`).
void check_not_varied(const Override& o, const YAML::Node& raw, const std::string& file) {
    std::vector<std::pair<YAML::Node, std::vector<YAML::Node>>> varied;  // key, the values it takes
    if (raw["variants"] && raw["variants"].IsSequence())
        for (const YAML::Node& v : raw["variants"])
            if (v.IsMap() && v["set"] && v["set"].IsMap())
                for (const auto& kv : v["set"]) varied.push_back({kv.first, {kv.second}});
    if (raw["sweep"] && raw["sweep"].IsMap())
        for (const auto& kv : raw["sweep"]) {
            std::vector<YAML::Node> values;
            if (kv.second.IsSequence())
                for (const YAML::Node& x : kv.second) values.push_back(x);
            varied.push_back({kv.first, values});
        }
    // Per varied key, as written: the distinct values the change would overwrite.
    std::vector<std::pair<YAML::Node, std::set<std::string>>> overwritten;
    for (const auto& [key, values] : varied) {
        if (!key.IsScalar()) continue;
        const std::string& k = key.Scalar();
        const bool covers = o.path == k || (k.size() > o.path.size() && k.compare(0, o.path.size(), o.path) == 0 &&
                                            k[o.path.size()] == '.');
        const bool inside = o.path.size() > k.size() && o.path.compare(0, k.size(), k) == 0 && o.path[k.size()] == '.';
        if (!covers && !inside) continue;
        auto it =
            std::find_if(overwritten.begin(), overwritten.end(), [&](const auto& w) { return w.first.Scalar() == k; });
        if (it == overwritten.end()) it = overwritten.insert(overwritten.end(), {key, {}});
        for (const YAML::Node& v : values) {
            const YAML::Node at = covers ? v : node_at(v, o.path.substr(k.size() + 1));
            if (at) it->second.insert(YAML::Dump(at));
        }
    }
    for (const auto& [key, values] : overwritten) {
        if (values.size() < 2) continue;
        const SourceLocation at = yaml_location(key, file);
        usage_error("--set " + shorten(o.path) + ": the config's variants differ in it ('" + key.Scalar() + "', " +
                    at.file + ":" + std::to_string(at.line) + ":" + std::to_string(at.column) +
                    "), so every variant would run the same value under a name that says otherwise; change the "
                    "variants or the sweep, or select some with --only");
    }
}

}  // namespace

ConfigVariants load_variants(const RunArgs& a) {
    ConfigVariants cv;
    for (const auto& s : a.sets) {
        cv.cli.push_back(parse_override(s));
        // Variants and sweeps are expanded from the file before --set applies to each of them, so a change
        // to them would be silently lost: refuse it and point at the option that selects variants.
        const std::string& path = cv.cli.back().path;
        const std::string top = path.substr(0, path.find('.'));
        if (top == "variants" || top == "sweep" || top == "compare")
            usage_error("--set cannot change '" + top +
                        "' (variants and sweeps come from the config file); "
                        "select some with --only NAME,...");
    }
    cv.raw = load_yaml_file(a.config);
    cv.multi = has_variants(cv.raw);
    cv.variants = cv.multi ? expand_variants(cv.raw, a.config) : std::vector<Variant>{Variant{}};
    if (cv.multi)
        for (const Override& o : cv.cli) check_not_varied(o, cv.raw, a.config);
    if (cv.multi) cv.compare = load_compare(cv.raw, a.config, cv.variants);
    if (a.only.empty()) return cv;
    if (!cv.multi) usage_error("--only selects variants, and " + a.config + " has none");
    for (const std::string& name : a.only)
        if (std::none_of(cv.variants.begin(), cv.variants.end(), [&](const Variant& v) { return v.name == name; }))
            usage_error("--only: " + a.config + " has no variant '" + name + "'");
    // The comparison keeps the config's order; a normalize_to variant that was not selected is dropped.
    std::vector<Variant> ordered;
    for (const Variant& v : cv.variants)
        if (std::count(a.only.begin(), a.only.end(), v.name)) ordered.push_back(v);
    if (!std::count(a.only.begin(), a.only.end(), cv.compare.normalize_to)) cv.compare.normalize_to.clear();
    cv.variants = std::move(ordered);
    return cv;
}

RunPlan plan_run(const RunArgs& a) {
    RunPlan plan;
    plan.config = load_variants(a);
    const ConfigVariants& cv = plan.config;
    std::vector<Experiment>& exps = plan.experiments;
    WorkloadNotes notes(a.quiet);
    for (const Variant& v : cv.variants) {
        Experiment e = load_experiment(a.config, cv.cli, cv.multi ? &v : nullptr);
        if (a.seed) e.seed = *a.seed;
        if (a.trials) e.trials = *a.trials;
        if (!exps.empty() && e.trials != exps[0].trials)
            throw InputError(yaml_location(cv.raw, a.config),
                             "variant '" + v.name + "' runs " + std::to_string(e.trials) + " trials, variant '" +
                                 exps[0].variant + "' " + std::to_string(exps[0].trials) +
                                 ": every variant must run the same trials (common random numbers)");
        if (e.stream) {
            // A streamed workload is drawn as the trial runs: now its section is checked, its input opened (a
            // task list's header read), and the estimate model's input found (rmsim validate reads it whole).
            check_stream_fits(e);
            plan.cost.push_back(1);
        } else {
            const Workload w = make_workload(e, 0);  // after --trials: a trace workload checks every trial's day
            check_policy_fits(e, w);
            notes.say(w);
            plan.cost.push_back(w.tasks.size());
        }
        exps.push_back(std::move(e));
        plan.dirs.push_back(cv.multi ? a.out + "/" + v.dir : a.out);
    }
    plan.trials = exps[0].trials;
    plan.out = a.out;
    plan.single = !cv.multi && plan.trials == 1;
    if (a.shard) plan.shard = *a.shard;
    FileDigests digests;
    for (const Experiment& e : exps) plan.provenance.emplace_back(e, a.trace, digests);
    plan.title = cv.raw["name"] && cv.raw["name"].IsScalar() ? cv.raw["name"].Scalar() : a.config;
    return plan;
}

void WorkloadNotes::say(const Workload& w) {
    if (quiet_) return;
    for (const SkippedRecords& s : w.skipped) {
        const std::string note = skipped_note(s);
        if (said_.insert(note).second) std::cerr << "rmsim: " << note << "\n";
    }
}

TrialRun RunPlan::run(std::size_t i) const {
    TrialRun r;
    r.experiment = i / trials;
    r.trial = static_cast<std::uint32_t>(i % trials);
    r.dir = single ? out : dirs[r.experiment] + "/trial-" + std::to_string(r.trial);
    r.provenance = provenance[r.experiment].json(r.trial);
    return r;
}

std::vector<std::uint32_t> RunPlan::split(std::uint32_t shards) const {
    std::vector<std::uint64_t> costs;
    for (std::size_t i = 0; i < run_count(); ++i) costs.push_back(cost[i / trials]);
    return assign_shards(costs, shards);
}

std::vector<std::size_t> RunPlan::selected_runs() const {
    const std::vector<std::uint32_t> of = split(shard.count);
    std::vector<std::size_t> runs;
    for (std::size_t i = 0; i < of.size(); ++i)
        if (of[i] == shard.index) runs.push_back(i);
    return runs;
}

}  // namespace rmsim
