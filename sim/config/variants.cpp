#include "sim/config/variants.h"

#include <set>

#include "platform/yaml_util.h"
#include "sim/config/experiment.h"
#include "sim/config/summary_fields.h"

namespace rmsim {

namespace {

std::string last_key(const std::string& path) {
    const auto dot = path.find_last_of('.');
    return dot == std::string::npos ? path : path.substr(dot + 1);
}

/// Folder name: letters, digits and . _ = - kept; spaces become '_', anything else '-'.
std::string safe_dir(const std::string& name) {
    std::string d;
    for (char c : name) {
        const bool keep = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
                          c == '_' || c == '=' || c == '-';
        d += keep ? c : (c == ' ' ? '_' : '-');
    }
    return d;
}

/// A dotted key path written as a map key (manager.policy, run.energy_budget_j).
std::string key_path(const YAML::Node& key, const std::string& file) {
    const std::string k = key.Scalar();
    if (k.empty() || k.front() == '.' || k.back() == '.' || k.find("..") != std::string::npos)
        throw_at(key, file, "bad key path '" + k + "' (expected dotted keys, e.g. manager.policy)");
    return k;
}

std::string value_text(const YAML::Node& v) {
    if (v.IsScalar()) return v.Scalar();
    YAML::Emitter out;
    out << YAML::Flow << v;
    return out.c_str();
}

}  // namespace

bool has_variants(const YAML::Node& root) { return has_key(root, "variants") || has_key(root, "sweep"); }

std::vector<Variant> expand_variants(const YAML::Node& root, const std::string& file) {
    // The entries: each a label and its `set` map (validated here, applied by apply_variant).
    std::vector<std::string> labels;
    if (has_key(root, "variants")) {
        const YAML::Node vs = get_node(root, "variants", file);
        expect_sequence(vs, file, "'variants'");
        if (vs.size() == 0) throw_at(vs, file, "'variants' is empty");
        std::set<std::string> seen;
        for (const YAML::Node& v : vs) {
            check_allowed_keys(v, file, "variant", {"name", "set"});
            const std::string name = get_string(v, "name", file);
            if (name.empty()) throw_at(v["name"], file, "a variant name must not be empty");
            if (!seen.insert(name).second) throw_at(v["name"], file, "duplicate variant name '" + name + "'");
            if (has_key(v, "set")) {
                const YAML::Node set = get_node(v, "set", file);
                expect_map(set, file, "'set' of variant '" + name + "'");
                for (auto it = set.begin(); it != set.end(); ++it) {
                    const std::string key = key_path(it->first, file);
                    if (key == "variants" || key == "sweep" || key.rfind("variants.", 0) == 0 ||
                        key.rfind("sweep.", 0) == 0)
                        throw_at(it->first, file, "a variant cannot change '" + key + "'");
                }
            }
            labels.push_back(name);
        }
    }
    std::vector<std::string> keys;
    std::vector<std::vector<std::string>> values;
    if (has_key(root, "sweep")) {
        const YAML::Node sw = get_node(root, "sweep", file);
        expect_map(sw, file, "'sweep'");
        if (sw.size() == 0) throw_at(sw, file, "'sweep' is empty");
        std::set<std::string> short_keys;
        for (auto it = sw.begin(); it != sw.end(); ++it) {
            const std::string key = key_path(it->first, file);
            if (!short_keys.insert(last_key(key)).second)
                throw_at(it->first, file, "swept keys must differ in their last part ('" + last_key(key) + "' twice)");
            // A copy: it->second belongs to the iterator's temporary proxy, which a range-for over it would
            // outlive (yaml-cpp).
            const YAML::Node list = it->second;
            expect_sequence(list, file, "sweep values of '" + key + "'");
            if (list.size() == 0) throw_at(list, file, "no values to sweep for '" + key + "'");
            keys.push_back(key);
            std::vector<std::string> vals;
            std::set<std::string> distinct;
            for (const YAML::Node& x : list) {
                vals.push_back(value_text(x));
                if (!distinct.insert(vals.back()).second)
                    throw_at(x, file, "value '" + vals.back() + "' listed twice for '" + key + "'");
            }
            values.push_back(vals);
        }
    }
    std::vector<Variant> out;
    const int entries = labels.empty() ? 1 : static_cast<int>(labels.size());
    for (int e = 0; e < entries; ++e) {
        std::vector<std::size_t> choice(keys.size(), 0);
        while (true) {
            Variant v;
            v.entry = labels.empty() ? -1 : e;
            v.label = labels.empty() ? "" : labels[static_cast<std::size_t>(e)];
            v.name = v.label;
            v.sweep_choice = choice;
            for (std::size_t k = 0; k < keys.size(); ++k) {
                v.sweep.emplace_back(keys[k], values[k][choice[k]]);
                if (!v.name.empty()) v.name += ' ';
                v.name += last_key(keys[k]) + "=" + values[k][choice[k]];
            }
            v.dir = safe_dir(v.name);
            out.push_back(v);
            // Next combination, the last swept key fastest.
            std::size_t k = keys.size();
            while (k > 0 && ++choice[k - 1] == values[k - 1].size()) choice[--k] = 0;
            if (k == 0) break;
        }
    }
    std::set<std::string> dirs;
    for (const Variant& v : out)
        if (!dirs.insert(v.dir).second)
            throw_at(root, file, "two variants would write to the same folder '" + v.dir + "': rename one");
    return out;
}

std::vector<Override> variant_overrides(const YAML::Node& root, const Variant& v, const std::string& file) {
    std::vector<Override> out;
    if (v.entry >= 0) {
        const YAML::Node entry = root["variants"][static_cast<std::size_t>(v.entry)];
        if (has_key(entry, "set")) {
            const YAML::Node set = entry["set"];
            for (auto it = set.begin(); it != set.end(); ++it)
                out.push_back(Override{it->first.Scalar(), it->second, file, it->first.Mark(), "", false});
        }
    }
    if (!v.sweep.empty()) {
        const YAML::Node sw = root["sweep"];
        std::size_t k = 0;
        for (auto it = sw.begin(); it != sw.end(); ++it, ++k)
            out.push_back(
                Override{it->first.Scalar(), it->second[v.sweep_choice.at(k)], file, it->first.Mark(), "", false});
    }
    return out;
}

void apply_variant(YAML::Node& root, const Variant& v, const std::string& file) {
    for (const Override& o : variant_overrides(root, v, file)) apply_override(root, o);
}

CompareSpec load_compare(const YAML::Node& root, const std::string& file, const std::vector<Variant>& variants) {
    CompareSpec c;
    if (!has_key(root, "compare")) {
        c.metrics = {"tasks.completed",
                     "tasks.dropped",
                     "tasks.rejected",
                     "utility.earned",
                     "utility.percent_of_maximum",
                     "energy.total_j",
                     "time.mean_wait_s",
                     "time.mean_bounded_slowdown"};
        return c;
    }
    const YAML::Node cmp = get_node(root, "compare", file);
    check_allowed_keys(cmp, file, "compare", {"metrics", "normalize_to"});
    if (has_key(cmp, "metrics")) {
        const YAML::Node ms = get_node(cmp, "metrics", file);
        expect_sequence(ms, file, "'metrics'");
        for (const YAML::Node& m : ms) {
            const std::string s = as_string(m, file, "'metrics' entry");
            if (const std::string why = summary_metric_problem(s); !why.empty()) throw_at(m, file, why);
            c.metrics.push_back(s);
        }
    }
    if (has_key(cmp, "normalize_to")) {
        c.normalize_to = get_string(cmp, "normalize_to", file);
        bool found = false;
        for (const Variant& v : variants) found = found || v.name == c.normalize_to;
        if (!found) {
            std::string names;
            for (const Variant& v : variants) names += (names.empty() ? "'" : ", '") + v.name + "'";
            throw_at(cmp["normalize_to"], file, "normalize_to names no variant (variants: " + names + ")");
        }
    }
    return c;
}

}  // namespace rmsim
