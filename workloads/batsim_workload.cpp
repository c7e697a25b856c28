#include "workloads/batsim_workload.h"

#include <algorithm>
#include <cmath>
#include <map>

#include <nlohmann/json.hpp>

#include "platform/input_error.h"
#include "workloads/input_file.h"

namespace rmsim {

namespace {

using json = nlohmann::json;

/// What rmsim models of a profile: a delay in seconds or flops on each core.
struct ProfileWork {
    bool delay = true;
    double amount = 0;
    bool per_core_total = false;  ///< `amount` is spread over the job's cores (parallel_homogeneous_total)
    bool per_host = false;        ///< parallel: `hosts` holds the flops of each host
    std::vector<double> hosts;
};

class Reader {
public:
    Reader(const std::string& file) : file_(file) {}

    [[noreturn]] void fail(const std::string& message) const { throw InputError({file_, 0, 0}, message); }

    static std::string id_text(const json& id) { return id.is_string() ? id.get<std::string>() : id.dump(); }

    /// A number at `key` of `o`; `what` names where it is for messages.
    double number(const json& o, const char* key, const std::string& what) const {
        const auto it = o.find(key);
        if (it == o.end()) fail(what + ": no '" + key + "'");
        if (!it->is_number()) fail(what + ": '" + key + "' must be a number, not " + it->dump());
        const double v = it->get<double>();
        if (!std::isfinite(v)) fail(what + ": '" + key + "' must be finite");
        return v;
    }

    ProfileWork profile(const json& p, const std::string& what) const {
        if (!p.is_object()) fail(what + ": must be an object");
        const auto t = p.find("type");
        if (t == p.end() || !t->is_string()) fail(what + ": 'type' must be a string");
        const std::string type = t->get<std::string>();
        ProfileWork w;
        const auto no_com = [&] {
            const auto c = p.find("com");
            if (c == p.end()) return;
            const auto nonzero = [](const json& v) { return !v.is_number() || v.get<double>() != 0; };
            const bool any = c->is_array() ? std::any_of(c->begin(), c->end(), nonzero) : nonzero(*c);
            if (any)
                fail(what +
                     ": 'com' is not zero: rmsim does not model a parallel task's communication (set it to "
                     "0 to model the computation alone)");
        };
        const auto non_negative = [&](const char* key) {
            const double v = number(p, key, what);
            if (v < 0) fail(what + ": '" + key + "' must be >= 0");
            return v;
        };
        if (type == "delay" || type == "DelayProfile") {
            w.amount = non_negative("delay");
        } else if (type == "parallel_homogeneous" || type == "parallel_homogeneous_total" ||
                   type == "ParallelTaskHomogeneousProfile") {
            w.delay = false;
            w.amount = p.contains("cpu") ? non_negative("cpu") : 0;
            w.per_core_total = type == "parallel_homogeneous_total";
            if (const auto g = p.find("generation_strategy"); g != p.end()) {
                const std::string s = g->is_string() ? g->get<std::string>() : g->dump();
                if (s == "DefinedAmountsSpreadUniformly")
                    w.per_core_total = true;
                else if (s != "DefinedAmountsUsedForEachValue")
                    fail(what +
                         ": 'generation_strategy' must be DefinedAmountsUsedForEachValue or "
                         "DefinedAmountsSpreadUniformly, not " +
                         g->dump());
            }
            no_com();
        } else if (type == "parallel" || type == "ParallelTaskProfile") {
            w.delay = false;
            w.per_host = true;
            if (const auto c = p.find("cpu"); c != p.end()) {
                if (!c->is_array()) fail(what + ": 'cpu' must be an array of flops per host");
                for (const json& v : *c) {
                    if (!v.is_number() || !(v.get<double>() >= 0) || !std::isfinite(v.get<double>()))
                        fail(what + ": 'cpu' must hold numbers >= 0, not " + v.dump());
                    w.hosts.push_back(v.get<double>());
                }
            }
            no_com();
        } else {
            fail(what + ": profile type '" + type +
                 "' cannot be modelled by rmsim (it models delay, parallel_homogeneous, parallel_homogeneous_total "
                 "and parallel, or DelayProfile, ParallelTaskHomogeneousProfile and ParallelTaskProfile, without "
                 "communication)");
        }
        return w;
    }

    BatsimWorkload read(const json& doc) const {
        if (!doc.is_object()) fail("a Batsim workload is a JSON object");
        BatsimWorkload w;
        const auto nb = doc.find("nb_res");
        if (nb == doc.end()) fail("no 'nb_res'");
        if (!nb->is_number_integer() || nb->get<std::int64_t>() < 1)
            fail("'nb_res' must be a positive integer, not " + nb->dump());
        w.nb_res = nb->get<std::uint64_t>();
        const auto jobs = doc.find("jobs");
        if (jobs == doc.end() || !jobs->is_array()) fail("'jobs' must be an array");
        const auto profiles = doc.find("profiles");
        if (profiles == doc.end() || !profiles->is_object()) fail("'profiles' must be an object");
        std::map<std::string, ProfileWork> works;  // the profiles met so far
        w.jobs.reserve(jobs->size());
        for (std::size_t i = 0; i < jobs->size(); ++i) {
            const json& j = (*jobs)[i];
            std::string what = "Batsim job " + std::to_string(i);
            if (!j.is_object()) fail(what + ": must be an object");
            const auto id = j.find("id");
            if (id == j.end()) fail(what + ": no 'id'");
            if (!id->is_string() && !id->is_number()) fail(what + ": 'id' must be a string or a number");
            BatsimJob b;
            b.index = i;
            b.id = id_text(*id);
            what += " (id " + b.id + ")";
            b.subtime_s = number(j, "subtime", what);
            if (b.subtime_s < 0) fail(what + ": 'subtime' must be >= 0");
            const auto res = j.find("res");
            if (res == j.end()) fail(what + ": no 'res'");
            if (!res->is_number_integer() || res->get<std::int64_t>() < 1)
                fail(what + ": 'res' must be a positive integer, not " + res->dump());
            b.res = res->get<std::uint64_t>();
            if (const auto wt = j.find("walltime"); wt != j.end() && !wt->is_null()) {
                b.walltime_s = number(j, "walltime", what);
                if (b.walltime_s <= 0 && b.walltime_s != -1) fail(what + ": 'walltime' must be > 0 (or -1: none)");
            }
            const auto pr = j.find("profile");
            if (pr == j.end() || !pr->is_string()) fail(what + ": 'profile' must be a string");
            b.profile = pr->get<std::string>();
            auto known = works.find(b.profile);
            if (known == works.end()) {
                const auto p = profiles->find(b.profile);
                if (p == profiles->end()) fail(what + ": profile '" + b.profile + "' is not in 'profiles'");
                known = works.emplace(b.profile, profile(*p, what + ": profile '" + b.profile + "'")).first;
            }
            const ProfileWork& pw = known->second;
            b.delay = pw.delay;
            if (pw.per_host) {
                // A parallel task: one amount per host (none: no computation); the job takes its slowest host's
                // time.
                if (!pw.hosts.empty() && pw.hosts.size() != b.res)
                    fail(what + ": profile '" + b.profile + "': 'cpu' has " + std::to_string(pw.hosts.size()) +
                         " amounts for 'res' " + std::to_string(b.res) + " hosts");
                b.amount = pw.hosts.empty() ? 0 : *std::max_element(pw.hosts.begin(), pw.hosts.end());
            } else {
                b.amount = pw.per_core_total ? pw.amount / static_cast<double>(b.res) : pw.amount;
            }
            w.jobs.push_back(std::move(b));
        }
        return w;
    }

private:
    const std::string& file_;
};

}  // namespace

std::pair<int, int> line_column(std::string_view text, std::size_t offset) {
    offset = std::min(offset, text.size());
    int line = 1;
    std::size_t start = 0;
    for (std::size_t i = 0; i < offset; ++i)
        if (text[i] == '\n') {
            ++line;
            start = i + 1;
        }
    return {line, static_cast<int>(offset - start) + 1};
}

BatsimWorkload parse_batsim_workload(std::string_view text, const std::string& file_name) {
    json doc;
    try {
        doc = json::parse(text.begin(), text.end());
    } catch (const json::parse_error& e) {
        // e.byte counts the bytes read, the offending one included.
        const auto [line, col] = line_column(text, e.byte > 0 ? e.byte - 1 : 0);
        std::string m = e.what();
        // "[json.exception.parse_error.101] parse error at line 1, column 2: syntax error ...": keep what follows
        // the location.
        if (const auto k = m.find("syntax error"); k != std::string::npos) m = m.substr(k);
        throw InputError({file_name, line, col}, "Batsim workload: JSON " + m);
    }
    return Reader(file_name).read(doc);
}

BatsimWorkload read_batsim_workload(const std::string& path, std::uint64_t max_bytes) {
    // JSON has no lines to bound: a workload written on one line is as long as the file.
    return parse_batsim_workload(read_input_file(path, "Batsim workload", max_bytes, max_bytes), path);
}

}  // namespace rmsim
