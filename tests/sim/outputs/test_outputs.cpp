// The time-series results: energy.csv, pstates.csv and trace.json, on hand-computed scenarios (hardware
// driven directly) and end to end through the rmsim binary.
#include <catch2/catch.hpp>
#include "tests/support/scratch_dir.h"

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "modules/activity_log.h"
#include "modules/energy_sampler.h"
#include "platform/number_format.h"
#include "sim/outputs/time_series.h"
#include "sim/outputs/trace_json.h"
#include "tests/modules/hw_fixture.h"

using namespace rmsim;
using namespace rmsim::test;
namespace fs = std::filesystem;
using rmsim::test::ScratchDir;

namespace {

/// Core: P0 = 1 GHz, busy 2 W, idle 0.5 W; P1 = 0.5 GHz, busy 1 W, idle 0.25 W.
std::vector<PState> two_levels() { return {{1e9, 1.0, 2.0, 0.5}, {0.5e9, 0.8, 1.0, 0.25}}; }

std::vector<std::string> lines(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string l; std::getline(in, l);) out.push_back(l);
    return out;
}

std::string slurp(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

}  // namespace

TEST_CASE("outputs: simulated times are written as exact decimals", "[sim][outputs]") {
    CHECK(ns_as_seconds(0) == "0");
    CHECK(ns_as_seconds(1500000000ull) == "1.5");
    CHECK(ns_as_seconds(3) == "0.000000003");
    CHECK(ns_as_seconds(86400000000001ull) == "86400.000000001");  // 15 digits: beyond a %.12g
    CHECK(ns_as_micros(0) == "0");
    CHECK(ns_as_micros(1500) == "1.5");
    CHECK(ns_as_micros(2000) == "2");
    CHECK(ns_as_micros(1) == "0.001");
    CHECK(number12(0.1 + 0.2) == "0.3");
    CHECK(number12(-0.0) == "0");
    CHECK(number12(2900) == "2900");
    CHECK(number12(1e20) == "1e+20");
    CHECK(watts12(1.76e-12) == "0");
    CHECK(watts12(-3e-13) == "0");
    CHECK(watts12(2e-9) == "2e-09");
}

TEST_CASE("outputs: energy.csv rows of a task between samples", "[sim][outputs]") {
    // Node base 10 W, uncore 3 W, one core (static 0.5 W, dynamic 1.5 W while busy); the task is busy
    // over [0.5, 2.5) s; samples every 0.75 s, the run ends at 3 s.
    PlatformSpec spec = simple_platform(two_levels(), 1, 1);
    spec.node_types[0].base_power_w = {10.0};
    spec.processor_types[0].uncore_power_w = {3.0};
    Machine m(at_ns(spec));
    EnergySampler sampler(from_seconds_ceil(0.75), false);
    m.observe_energy(&sampler);
    Script s("script", m.manager_port());
    s.at(0.5, start(0, 0, 1, cycles(2e9), 0));
    run_until(3.0);
    sampler.finish(m.energy_account(), sc_core::sc_time_stamp());

    const std::vector<std::string> rows = lines(energy_csv(sampler));
    REQUIRE(rows.size() == 1 + 5);  // header, 0, 0.75, 1.5, 2.25, 3 (a sample falls on the end: no extra row)
    CHECK(rows[0] ==
          "time_s,core_dynamic_w,core_static_w,uncore_w,node_base_w,total_w,"
          "core_dynamic_j,core_static_j,uncore_j,node_base_j,transition_j,total_j");
    // t = 0: idle draw 0.5 + 3 + 10 = 13.5 W, nothing consumed yet.
    CHECK(rows[1] == "0,0,0.5,3,10,13.5,0,0,0,0,0,0");
    // t = 0.75: busy (1.5 + 0.5 + 3 + 10 = 15 W); dynamic 1.5 x 0.25 = 0.375 J, static 0.5 x 0.75 = 0.375 J,
    // uncore 3 x 0.75 = 2.25 J, node 10 x 0.75 = 7.5 J, total 10.5 J.
    CHECK(rows[2] == "0.75,1.5,0.5,3,10,15,0.375,0.375,2.25,7.5,0,10.5");
    // t = 2.25: dynamic 1.5 x 1.75 = 2.625 J; static 1.125, uncore 6.75, node 22.5: total 33 J.
    CHECK(rows[4] == "2.25,1.5,0.5,3,10,15,2.625,1.125,6.75,22.5,0,33");
    // t = 3 (the end): idle again; dynamic 1.5 x 2 = 3 J, 13.5 W x 3 s = 40.5 J of the rest: 43.5 J.
    CHECK(rows[5] == "3,0,0.5,3,10,13.5,3,1.5,9,30,0,43.5");
}

TEST_CASE("outputs: pstates.csv has one row per switch request", "[sim][outputs]") {
    PlatformSpec spec = simple_platform(two_levels(), 4, 2);
    spec.core_types[0].transition_latency_s = 0.25;
    spec.dvfs_domain = DvfsScope::Node;
    Machine m(at_ns(spec));
    ActivityLog log(false);
    m.attach_log(&log);
    Script s("script", m.manager_port());
    s.at(1.0, command(Op::SetPState, 1, 2, 0, 1));  // node-wide domain: all 4 cores of node 1
    s.at(2.5, command(Op::SetPState, 0, 0, 0, 1));  // node 0
    run_until(4.0);

    CHECK(pstates_csv(log) ==
          "time_s,node,core_first,core_last,pstate,effective_s\n"
          "1,1,0,3,1,1.25\n"
          "2.5,0,0,3,1,2.75\n");
}

TEST_CASE("outputs: trace.json slices and counters of a small run", "[sim][outputs][trace]") {
    // Two cores with their own DVFS domains, 0.1 s transitions. Task 7 on core 0 from 0 s; core 0 is
    // asked for P1 at 1 s (in force at 1.1 s): 1 s at P0 does half of 2e9 cycles, the other 1e9 take 2 s
    // at 0.5 GHz, so it completes at 3.1 s. Task 8 runs on core 1 from 0.5 s until preempted at 1.5 s.
    PlatformSpec spec = simple_platform(two_levels(), 2, 1);
    spec.core_types[0].transition_latency_s = 0.1;
    Machine m(at_ns(spec));
    ActivityLog log(true);
    EnergySampler sampler(from_seconds_ceil(3600), true);
    m.attach_log(&log);
    m.observe_energy(&sampler);
    Script s("script", m.manager_port());
    s.at(0.0, start(0, 0, 7, cycles(2e9), 0));
    s.at(0.5, start(0, 1, 8, cycles(1e12), 0));
    s.at(1.0, command(Op::SetPState, 0, 0, 0, 1));
    s.at(1.5, command(Op::Preempt, 0, 1, 8));
    run_until(4.0);
    sampler.finish(m.energy_account(), sc_core::sc_time_stamp());
    log.close_open(sc_core::sc_time_stamp());

    const std::string text = trace_json(m, log, sampler);
    const nlohmann::json j = nlohmann::json::parse(text);
    const nlohmann::json& ev = j.at("traceEvents");
    auto find = [&](const std::string& ph, const std::string& name) {
        std::vector<nlohmann::json> out;
        for (const auto& e : ev)
            if (e.at("ph") == ph && e.at("name") == name) out.push_back(e);
        return out;
    };

    // Processes and threads: pids and tids start at 1 (machine) and 2 (node 0, its core 0).
    const auto procs = find("M", "process_name");
    REQUIRE(procs.size() == 2);
    CHECK(procs[0].at("pid") == 1);
    CHECK(procs[0].at("args").at("name") == "machine");
    CHECK(procs[1].at("pid") == 2);
    CHECK(procs[1].at("args").at("name") == "node 0 (cluster c0)");
    const auto threads = find("M", "thread_name");
    REQUIRE(threads.size() == 2);
    CHECK(threads[0].at("tid") == 2);
    CHECK(threads[0].at("args").at("name") == "core 0");
    CHECK(threads[1].at("tid") == 3);
    CHECK(threads[1].at("args").at("name") == "core 1");

    // Slices, in microseconds.
    const auto t7 = find("X", "task 7");
    REQUIRE(t7.size() == 1);
    CHECK(t7[0].at("pid") == 2);
    CHECK(t7[0].at("tid") == 2);
    CHECK(t7[0].at("ts").get<double>() == 0.0);
    CHECK(t7[0].at("dur").get<double>() == Approx(3.1e6).epsilon(1e-15));
    CHECK(t7[0].at("args").at("task") == 7);
    CHECK(t7[0].at("args").at("end") == "completed");
    const auto t8 = find("X", "task 8");
    REQUIRE(t8.size() == 1);
    CHECK(t8[0].at("tid") == 3);
    CHECK(t8[0].at("ts").get<double>() == Approx(0.5e6).epsilon(1e-15));
    CHECK(t8[0].at("dur").get<double>() == Approx(1.0e6).epsilon(1e-15));
    CHECK(t8[0].at("args").at("end") == "preempted");

    // Core 0's P-state: P0 from 0, P1 from 1.1 s. Core 1 never switched: no counter.
    const auto p0 = find("C", "core 0");
    REQUIRE(p0.size() == 2);
    CHECK(p0[0].at("ts").get<double>() == 0.0);
    CHECK(p0[0].at("args").at("pstate") == 0);
    CHECK(p0[1].at("ts").get<double>() == Approx(1.1e6).epsilon(1e-15));
    CHECK(p0[1].at("args").at("pstate") == 1);
    CHECK(find("C", "core 1").empty());

    // Machine power: 2 + 0.5 = 2.5 W; both busy 4 W; core 0 stalled in its switch draws idle(P0):
    // 0.5 + 2 = 2.5 W; core 0 at P1 busy 1 + 2 = 3 W; core 1 idle 1 + 0.5 = 1.5 W; core 0 idle at P1
    // 0.25 + 0.5 = 0.75 W.
    const auto power = find("C", "machine");
    const double ts[] = {0, 0.5e6, 1.0e6, 1.1e6, 1.5e6, 3.1e6};
    const double w[] = {2.5, 4.0, 2.5, 3.0, 1.5, 0.75};
    REQUIRE(power.size() == 6);
    for (std::size_t k = 0; k < 6; ++k) {
        CHECK(power[k].at("ts").get<double>() == Approx(ts[k]).epsilon(1e-15));
        CHECK(power[k].at("args").at("power_w").get<double>() == Approx(w[k]).epsilon(1e-12));
    }
    CHECK(text == trace_json(m, log, sampler));
}

namespace {

const char* kEndToEnd =
    "platform:\n"
    "  name: one-node\n"
    "  core_types:\n"
    "    - name: c\n"
    "      pstates:\n"
    "        - {frequency_ghz: 2.0, busy_power_w: 4.0, idle_power_w: 1.0}\n"
    "        - {frequency_ghz: 1.0, busy_power_w: 1.5, idle_power_w: 0.5}\n"
    "  processor_types: [{name: p, core_type: c, cores: 4}]\n"
    "  node_types: [{name: n, processors: [{type: p}], base_power_w: 10}]\n"
    "  clusters: [{name: k, node_type: n, nodes: 1}]\n"
    "workload:\n"
    "  csv: {path: tasks.csv}\n"
    "manager: {policy: fcfs, params: {pstate: 1}}\n"
    "run: {sample_interval_s: 75}\n";

ScratchDir scratch(const std::string& name) {
    ScratchDir d("outputs_" + name);
    std::ofstream(d / "c.yaml") << kEndToEnd;
    // 100 s at P0 (2 GHz) = 2e11 cycles: 200 s at P1.
    std::ofstream(d / "tasks.csv") << "id,arrival_s,work_s,cores\n0,0,100,1\n";
    return d;
}

int run_rmsim(const fs::path& d, const std::string& out, const std::string& extra) {
    const std::string cmd = std::string(RMSIM_BINARY) + " run " + (d / "c.yaml").string() + " --quiet --out " +
                            (d / out).string() + " " + extra + " >/dev/null 2>" + (d / "stderr.txt").string();
    const int status = std::system(cmd.c_str());
    return WEXITSTATUS(status);
}

}  // namespace

TEST_CASE("outputs: rmsim run writes energy.csv and pstates.csv that match the summary", "[sim][outputs][cli]") {
    const ScratchDir d = scratch("e2e");
    REQUIRE(run_rmsim(d, "out", "") == 0);
    INFO(slurp(d / "stderr.txt"));
    // Core 0 runs the task at P1 over [0, 200) s: 1.5 W (static 0.5, dynamic 1); the 3 other cores idle at
    // P0 (1 W each); node 10 W. Draw 14.5 W while busy, 13.5 W after.
    const std::vector<std::string> rows = lines(slurp(d / "out" / "energy.csv"));
    REQUIRE(rows.size() == 1 + 4);  // 0, 75, 150 and the end at 200 s
    CHECK(rows[1] == "0,1,3.5,0,10,14.5,0,0,0,0,0,0");
    // 75 s: dynamic 75 J, static 3.5 x 75 = 262.5 J, node 750 J: 1087.5 J.
    CHECK(rows[2] == "75,1,3.5,0,10,14.5,75,262.5,0,750,0,1087.5");
    CHECK(rows[3] == "150,1,3.5,0,10,14.5,150,525,0,1500,0,2175");
    // 200 s: 14.5 W x 200 s = 2900 J.
    CHECK(rows[4] == "200,0,3.5,0,10,13.5,200,700,0,2000,0,2900");
    const nlohmann::json summary = nlohmann::json::parse(slurp(d / "out" / "summary.json"));
    CHECK(summary.at("energy").at("total_j").get<double>() == Approx(2900).epsilon(1e-15));
    // Sampling does not move the end of the run.
    CHECK(summary.at("time").at("simulated_s").get<double>() == 200.0);
    // The START at P1 switches core 0 at once (no transition latency).
    CHECK(slurp(d / "out" / "pstates.csv") == "time_s,node,core_first,core_last,pstate,effective_s\n0,0,0,0,1,0\n");
    CHECK_FALSE(fs::exists(d / "out" / "trace.json"));
}

TEST_CASE("outputs: rmsim run --trace writes a trace and the same seed gives identical files", "[sim][outputs][cli]") {
    const ScratchDir d = scratch("trace");
    REQUIRE(run_rmsim(d, "a", "--trace --seed 3") == 0);
    REQUIRE(run_rmsim(d, "b", "--trace --seed 3") == 0);
    for (const char* f : {"energy.csv", "pstates.csv", "trace.json"}) {
        INFO(f);
        REQUIRE(fs::exists(d / "a" / f));
        CHECK(slurp(d / "a" / f) == slurp(d / "b" / f));
    }
    const nlohmann::json j = nlohmann::json::parse(slurp(d / "a" / "trace.json"));
    int slices = 0;
    for (const auto& e : j.at("traceEvents")) {
        if (e.at("ph") != "X") continue;
        ++slices;
        CHECK(e.at("name") == "task 0");
        CHECK(e.at("ts").get<double>() == 0.0);
        CHECK(e.at("dur").get<double>() == 200e6);  // 200 s in microseconds
    }
    CHECK(slices == 1);
}

TEST_CASE("outputs: a sampling interval below the time resolution is a located input error", "[sim][outputs][cli]") {
    const ScratchDir d = scratch("interval");
    std::string text = kEndToEnd;
    text.replace(text.find("sample_interval_s: 75"), std::string("sample_interval_s: 75").size(),
                 "sample_interval_s: 1.0e-10");
    std::ofstream(d / "c.yaml") << text;
    CHECK(run_rmsim(d, "out", "") == 2);
    const std::string err = slurp(d / "stderr.txt");
    INFO(err);
    // Line 14 of the config (the run map).
    CHECK(err.rfind((d / "c.yaml").string() + ":14:", 0) == 0);
    CHECK(err.find("'sample_interval_s' is 1e-10 s, shorter than the time resolution (1e-09 s)") != std::string::npos);
    CHECK_FALSE(fs::exists(d / "out"));
}
