#include "sim/outputs/provenance.h"

#include <nlohmann/json.hpp>

#include "platform/version.h"
#include "sim/outputs/sha256.h"

namespace rmsim {

namespace {

using Json = nlohmann::ordered_json;

/// A YAML tree as JSON: scalars stay text, as written (so `1` and `1.0` differ, as they may for a loader).
Json to_json(const YAML::Node& n) {
    if (n.IsScalar()) return n.Scalar();
    if (n.IsSequence()) {
        Json a = Json::array();
        for (const YAML::Node& x : n) a.push_back(to_json(x));
        return a;
    }
    if (n.IsMap()) {
        Json o = Json::object();
        for (auto it = n.begin(); it != n.end(); ++it) {
            YAML::Emitter key;
            key << YAML::Flow << it->first;
            o[it->first.IsScalar() ? it->first.Scalar() : std::string(key.c_str())] = to_json(it->second);
        }
        return o;
    }
    return nullptr;
}

/// The config a trial ran: the experiment after its changes, without what does not change a trial's results.
Json trial_config(const Experiment& e) {
    Json c = to_json(e.root);
    for (const char* k : {"name", "variants", "sweep", "compare", "figure"}) c.erase(k);
    if (c.contains("run") && c["run"].is_object()) {
        c["run"].erase("seed");    // recorded as the seed in force (run.seed or --seed)
        c["run"].erase("trials");  // how many trials run does not change trial t
        if (c["run"].empty()) c.erase("run");
    }
    return c;
}

std::string shown(const nlohmann::json& v) { return v.is_string() ? "'" + v.get<std::string>() + "'" : v.dump(); }

/// "/manager/params/x" -> "manager.params.x".
std::string dotted(std::string pointer) {
    std::string out;
    for (std::size_t i = 1; i <= pointer.size(); ++i) {
        const std::size_t end = std::min(pointer.find('/', i), pointer.size());
        out += (out.empty() ? "" : ".") + pointer.substr(i, end - i);
        i = end;
    }
    return out;
}

/// The first difference between two configs, e.g. "manager.policy is 'easy' there, 'fcfs' now".
std::string config_difference(const nlohmann::json& was, const nlohmann::json& now) {
    const nlohmann::json patch = nlohmann::json::diff(was, now);
    if (patch.empty()) return "";
    const nlohmann::json& op = patch[0];
    const std::string path = op["path"].get<std::string>();
    const std::string key = dotted(path);
    const std::string what = op["op"].get<std::string>();
    if (what == "add") return key + " is not set there, " + shown(op["value"]) + " now";
    if (what == "remove")
        return key + " is " + shown(was.at(nlohmann::json::json_pointer(path))) + " there, not set now";
    return key + " is " + shown(was.at(nlohmann::json::json_pointer(path))) + " there, " + shown(op["value"]) + " now";
}

/// The first file whose digest differs, e.g. "traces/a.swf (workload.swf.path) has changed since".
std::string files_difference(const nlohmann::json& was, const nlohmann::json& now) {
    for (const auto& [key, file] : now.items()) {
        if (!was.contains(key)) return "it read no file for " + key;
        const nlohmann::json& old = was[key];
        if (old.value("path", "") != file.value("path", "")) return key + " was " + shown(old["path"]) + " there";
        if (old.value("sha256", "") != file.value("sha256", ""))
            return "the file " + file["path"].get<std::string>() + " (" + key + ") has changed since (SHA-256 " +
                   old.value("sha256", "?").substr(0, 12) + "... there, " +
                   file["sha256"].get<std::string>().substr(0, 12) + "... now)";
    }
    for (const auto& [key, file] : was.items())
        if (!now.contains(key)) return "it read " + shown(file["path"]) + " for " + key + ", this run reads none";
    return "";
}

}  // namespace

const std::string& FileDigests::of(const std::string& path) {
    auto it = digests_.find(path);
    if (it == digests_.end()) it = digests_.emplace(path, sha256_file(path)).first;
    return it->second;
}

TrialProvenance::TrialProvenance(const Experiment& e, bool trace, FileDigests& digests) {
    fields_["rmsim"] = RMSIM_VERSION_STRING;
    fields_["variant"] = e.variant;
    fields_["trial"] = 0;
    fields_["seed"] = e.seed;
    fields_["trace"] = trace;
    fields_["config"] = trial_config(e);
    Json files = Json::object();
    for (const InputFile& f : input_files(e)) files[f.key] = {{"path", f.written}, {"sha256", digests.of(f.opened)}};
    fields_["files"] = files;
}

std::string TrialProvenance::json(std::uint32_t trial) const {
    Json p = fields_;
    p["trial"] = trial;
    return p.dump(2) + "\n";
}

std::string provenance_difference(const std::string& recorded, const std::string& expected) {
    const nlohmann::json now = nlohmann::json::parse(expected);
    nlohmann::json was;
    try {
        was = nlohmann::json::parse(recorded);
    } catch (const nlohmann::json::exception&) {
        return "its " + std::string(kProvenanceFile) + " cannot be read";
    }
    if (!was.is_object()) return "its " + std::string(kProvenanceFile) + " cannot be read";
    if (was.value("rmsim", nlohmann::json()) != now["rmsim"])
        return "it was run by rmsim " + was.value("rmsim", std::string("?")) + ", this is rmsim " +
               now["rmsim"].get<std::string>();
    if (was.value("variant", nlohmann::json()) != now["variant"])
        return "it is variant " + shown(was.value("variant", nlohmann::json())) + ", this run's is " +
               shown(now["variant"]);
    if (was.value("trial", nlohmann::json()) != now["trial"])
        return "it holds trial " + was.value("trial", nlohmann::json()).dump();
    if (was.value("seed", nlohmann::json()) != now["seed"])
        return "its seed is " + was.value("seed", nlohmann::json()).dump() + ", this run's is " + now["seed"].dump();
    if (was.value("trace", nlohmann::json()) != now["trace"])
        return now["trace"].get<bool>() ? "it was run without --trace" : "it was run with --trace";
    if (const std::string d = config_difference(was.value("config", nlohmann::json()), now["config"]); !d.empty())
        return "its config differs: " + d;
    return files_difference(was.value("files", nlohmann::json::object()), now["files"]);
}

}  // namespace rmsim
