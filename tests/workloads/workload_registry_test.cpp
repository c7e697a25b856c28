// The workload registry (workloads/workload_registry.h): the built-in kinds, a kind added the way a plug-in
// adds one, the keys each kind allows (its documented params), and the SWF records a workload skips.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "platform/input_error.h"
#include "platform/platform_loader.h"
#include "tests/support/scratch_dir.h"
#include "workloads/workload_registry.h"

using namespace rmsim;

namespace {

const char* const kBuiltinNames =
    "synthetic, swf, csv, batsim, singh, machovec_ch2, machovec_ch3, machovec_ch4, machovec_testbed, "
    "machovec_trace, tarplee, siegel_dynamic, siegel_static, uav_mission";

PlatformSpec kth() { return load_platform_file(std::string(RMSIM_SOURCE_DIR) + "/configs/platforms/kth-sp2.yaml"); }

std::string joined(const std::vector<std::string>& names) {
    std::string s;
    for (const std::string& n : names) s += (s.empty() ? "" : ", ") + n;
    return s;
}

/// A kind of its own, as a plug-in adds one: `count` tasks of `seconds` each at t = 0, one core; its platform
/// function renames the platform; `path` names an input file (not read).
WorkloadInfo ramp() {
    return {"ramp",
            "count tasks of one length at t = 0 (a test kind)",
            {{"count", "integer", "1", "tasks"},
             {"seconds", "number", "10", "work of each"},
             {"path", "string", "(none)", "an input file"}},
            [](const YAML::Node& n, const WorkloadContext& c) {
                Workload w;
                const std::uint32_t count = n["count"] ? n["count"].as<std::uint32_t>() : 1;
                for (std::uint32_t i = 0; i < count; ++i) {
                    Task t;
                    t.arrival_s = 0;
                    t.work.set_memory_s(n["seconds"] ? n["seconds"].as<double>() : 10.0);
                    w.tasks.push_back(t);
                }
                number_by_arrival(w.tasks);
                CHECK(c.trial == 2);
                CHECK(c.resolve("t.swf") == "dir/t.swf");
                return w;
            },
            [](const YAML::Node&, const std::string&, const PlatformSpec& p) {
                PlatformSpec scaled = p;
                scaled.name = "ramped";
                return scaled;
            },
            {"path"},
            {},
            {}};
}

}  // namespace

TEST_CASE("workload registry: the built-ins, in the order of messages", "[workloads][registry]") {
    CHECK(builtin_workloads().names() == kBuiltinNames);
    CHECK(workload_registry().names().rfind(kBuiltinNames, 0) == 0);  // plug-ins come after
    for (const WorkloadInfo& w : builtin_workloads().all()) {
        INFO(w.name);
        CHECK_FALSE(w.description.empty());
        CHECK(w.description.find('\n') == std::string::npos);
        CHECK(w.load);
        CHECK_FALSE(w.params.empty());
    }
}

TEST_CASE("workload registry: a kind added to a copy of the built-ins loads, scales and names its files",
          "[workloads][registry]") {
    WorkloadRegistry r = builtin_workloads();
    r.add(ramp());
    const PlatformSpec p = kth();
    const WorkloadContext c{"exp.yaml", "dir", p, 1, 2, 3};
    const YAML::Node w = YAML::Load("{ramp: {count: 4, seconds: 5, path: t.swf}}");
    const Workload loaded = r.load(w, c);
    REQUIRE(loaded.tasks.size() == 4);
    CHECK(loaded.tasks[3].id == 3);
    CHECK(loaded.tasks[3].work.memory_s() == 5);
    CHECK(r.platform(w, "exp.yaml", p).name == "ramped");
    CHECK(r.platform(YAML::Load("{synthetic: {tasks: 1}}"), "exp.yaml", p).name == p.name);
    const std::vector<InputFile> files = r.files(w, "dir");
    REQUIRE(files.size() == 1);
    CHECK(files[0].key == "workload.ramp.path");
    CHECK(files[0].written == "t.swf");
    CHECK(files[0].opened == "dir/t.swf");
    CHECK(r.files(YAML::Load("{ramp: {count: 1}}"), "dir").empty());
    // The kind's keys are its params; the names in messages end with it; the built-ins are left as they were.
    CHECK_THROWS_WITH(r.load(YAML::Load("{ramp: {count: 1, cuont: 2}}"), c),
                      "exp.yaml:1:19: unknown key 'cuont' in ramp workload (allowed: count, seconds, path)");
    CHECK_THROWS_WITH(r.load(YAML::Load("{rmap: {}}"), c), "exp.yaml:1:2: unknown key 'rmap' in workload (allowed: " +
                                                               std::string(kBuiltinNames) + ", ramp)");
    CHECK_THROWS_WITH(r.load(YAML::Load("{ramp: {}, synthetic: {}}"), c),
                      "exp.yaml:1:1: a workload has exactly one of: " + std::string(kBuiltinNames) + ", ramp");
    CHECK_THROWS_WITH(r.platform(YAML::Load("{ramp: {nope: 1}}"), "exp.yaml", p),
                      Catch::Contains("unknown key 'nope'"));
    CHECK(builtin_workloads().find("ramp") == nullptr);
    CHECK_THROWS_AS(r.add(ramp()), std::invalid_argument);  // a name is taken once
}

TEST_CASE("workload registry: every built-in kind allows exactly its documented keys", "[workloads][registry]") {
    // The allowed keys are the params (param_keys), so the list `rmsim list-workloads` prints and the keys a
    // config may write cannot drift apart; a nested map's keys are documented as "map.key".
    const PlatformSpec p = kth();
    const WorkloadContext c{"exp.yaml", ".", p, 1, 0, 0};
    for (const WorkloadInfo& w : builtin_workloads().all()) {
        INFO(w.name);
        const std::vector<std::string> keys = param_keys(w.params);
        CHECK_THROWS_WITH(
            builtin_workloads().load(YAML::Load("{" + w.name + ": {no_such_key: 1}}"), c),
            Catch::EndsWith("unknown key 'no_such_key' in " + w.name + " workload (allowed: " + joined(keys) + ")"));
        for (const ParamInfo& q : w.params) {
            INFO(q.name);
            CHECK_FALSE(q.type.empty());
            CHECK_FALSE(q.default_value.empty());
            CHECK_FALSE(q.description.empty());
            const auto dot = q.name.find('.');
            if (dot != std::string::npos) {
                const std::string map = q.name.substr(0, dot);
                CHECK(std::any_of(w.params.begin(), w.params.end(),
                                  [&](const ParamInfo& m) { return m.name == map && m.type == "map"; }));
            }
        }
    }
    // Today's lists, as the messages have always given them.
    const auto allowed = [&](const std::string& kind, const std::string& map = "") {
        return joined(param_keys(builtin_workloads().find(kind)->params, map));
    };
    CHECK(allowed("swf") ==
          "path, max_jobs, skip_jobs, memory_fraction, max_bytes, first_day, days, warmup_s, utility, "
          "preempt_probability");
    CHECK(allowed("csv") == "path, max_bytes");
    CHECK(allowed("tarplee") ==
          "tasks, etc, etc_generator, apc, apc_generator, type_weights, arrival_rates, horizon_s, rewards");
    CHECK(allowed("tarplee", "apc_generator") == "mean_w, v_task, v_mach");
    CHECK(allowed("tarplee", "etc_generator") ==
          "method, task_types, min_s, max_s, r_task, r_mach, mean_s, v_task, v_mach");
    CHECK(allowed("machovec_trace") ==
          "path, first_day, system_fraction, machine_cores, max_task_cores, apc, max_bytes");
}

TEST_CASE("workload registry: an SWF workload counts the jobs that never ran and keeps their first lines",
          "[workloads][registry][swf]") {
    // Lines 3, 4, 5, 7, 8 and 10 are jobs that never ran: unknown run time, zero run time, unknown processors
    // (allocated and requested), zero allocated processors, unknown submit time, everything unknown.
    const test::ScratchDir dir("workload_registry_swf");
    dir.write("t.swf",
              "; MaxProcs: 100\n"
              "1 0 0 60 2 -1 -1 2 600 -1 1 1 1 -1 -1 -1 -1 -1\n"
              "2 10 0 -1 2 -1 -1 2 600 -1 0 1 1 -1 -1 -1 -1 -1\n"
              "3 20 0 0 2 -1 -1 2 600 -1 5 1 1 -1 -1 -1 -1 -1\n"
              "4 30 0 60 -1 -1 -1 -1 600 -1 1 1 1 -1 -1 -1 -1 -1\n"
              "; a comment between jobs\n"
              "5 40 0 60 0 -1 -1 4 600 -1 1 1 1 -1 -1 -1 -1 -1\n"
              "6 -1 0 60 2 -1 -1 2 600 -1 1 1 1 -1 -1 -1 -1 -1\n"
              "7 60 0 60 1 -1 -1 1 600 -1 1 1 1 -1 -1 -1 -1 -1\n"
              "8 70 0 -1 -1 -1 -1 -1 -1 -1 5 1 1 -1 -1 -1 -1 -1\n"
              "9 80 0 30 4 -1 -1 4 600 -1 1 1 1 -1 -1 -1 -1 -1\n");
    const PlatformSpec p = kth();
    const WorkloadContext c{"exp.yaml", dir.string(), p, 1, 0, 0};
    const std::string path = dir.string() + "/t.swf";
    const std::string never = " (never ran: unknown or zero runtime or processors, or no submit time)";

    const Workload all = workload_registry().load(YAML::Load("{swf: {path: t.swf}}"), c);
    CHECK(all.tasks.size() == 3);
    REQUIRE(all.skipped.size() == 1);
    CHECK(all.skipped[0].file == path);
    CHECK(all.skipped[0].count == 6);
    CHECK(all.skipped[0].first_lines == std::vector<std::int32_t>{3, 4, 5, 7, 8});
    CHECK(skipped_note(all.skipped[0]) == path + ": 6 jobs skipped" + never + ", first at lines 3, 4, 5, 7, 8");

    // Jobs left out by skip_jobs are the user's choice, not counted; five skipped are all shown.
    const Workload later = workload_registry().load(YAML::Load("{swf: {path: t.swf, skip_jobs: 2}}"), c);
    REQUIRE(later.skipped.size() == 1);
    CHECK(skipped_note(later.skipped[0]) == path + ": 5 jobs skipped" + never + ", at lines 4, 5, 7, 8, 10");
    const Workload last = workload_registry().load(YAML::Load("{swf: {path: t.swf, skip_jobs: 7}}"), c);
    REQUIRE(last.skipped.size() == 1);
    CHECK(skipped_note(last.skipped[0]) == path + ": 1 job skipped" + never + ", at line 10");
    // Nothing past max_jobs is looked at; a trace whose jobs all ran says nothing.
    CHECK(workload_registry().load(YAML::Load("{swf: {path: t.swf, max_jobs: 1}}"), c).skipped.empty());
    CHECK(workload_registry().load(YAML::Load("{swf: {path: t.swf, skip_jobs: 8}}"), c).skipped.empty());
}
