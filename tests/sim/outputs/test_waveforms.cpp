// waves.vcd (run.waveforms): read back by a small VCD parser and checked against what the run reports
// elsewhere: the nodes' energy from their meters, pstates.csv, the task slices of trace.json, summary.json.
#include <catch2/catch.hpp>
#include "tests/support/rmsim_cli.h"
#include "tests/support/scratch_dir.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "modules/activity_log.h"
#include "sim/outputs/vcd_writer.h"
#include "sim/outputs/waveforms.h"
#include "tests/modules/hw_fixture.h"

using namespace rmsim;
using namespace rmsim::test;

namespace {

// ---- a small VCD reader ----

struct Signal {
    std::string type;  ///< wire or real
    unsigned width = 0;
    double initial = 0;                                     ///< from $dumpvars
    std::vector<std::pair<std::uint64_t, double>> changes;  ///< after the dump, in file order
};

struct Vcd {
    std::string timescale;
    std::map<std::string, Signal> signals;  ///< by "scope.name"
    std::vector<std::uint64_t> times;       ///< every #t, in file order
};

Vcd parse_vcd(const std::string& text) {
    Vcd v;
    std::istringstream in(text);
    std::vector<std::string> scopes;
    std::map<std::string, std::string> name_of;  // identifier code -> "scope.name"
    auto until_end = [&](std::vector<std::string>* words) {
        for (std::string w; in >> w && w != "$end";)
            if (words) words->push_back(w);
    };
    std::string tok;
    while (in >> tok && tok != "$enddefinitions") {
        std::vector<std::string> w;
        if (tok == "$scope") {
            until_end(&w);
            REQUIRE(w.size() == 2);
            CHECK(w[0] == "module");
            scopes.push_back(w[1]);
        } else if (tok == "$upscope") {
            until_end(nullptr);
            REQUIRE_FALSE(scopes.empty());
            scopes.pop_back();
        } else if (tok == "$var") {
            until_end(&w);
            REQUIRE(w.size() >= 4);
            REQUIRE(scopes.size() == 1);
            const std::string name = scopes.back() + "." + w[3];
            REQUIRE(v.signals.count(name) == 0);
            REQUIRE(name_of.count(w[2]) == 0);
            name_of[w[2]] = name;
            v.signals[name].type = w[0];
            v.signals[name].width = static_cast<unsigned>(std::stoul(w[1]));
        } else if (tok == "$timescale") {
            until_end(&w);
            for (const auto& s : w) v.timescale += s;
        } else {
            REQUIRE(tok[0] == '$');
            until_end(nullptr);
        }
    }
    until_end(nullptr);
    bool dumping = false;
    auto set = [&](const std::string& id, double value) {
        REQUIRE(name_of.count(id) == 1);
        REQUIRE_FALSE(v.times.empty());
        Signal& s = v.signals[name_of[id]];
        if (dumping)
            s.initial = value;
        else
            s.changes.emplace_back(v.times.back(), value);
    };
    while (in >> tok) {
        if (tok == "$dumpvars")
            dumping = true;
        else if (tok == "$end")
            dumping = false;
        else if (tok[0] == '#')
            v.times.push_back(std::stoull(tok.substr(1)));
        else if (tok[0] == '0' || tok[0] == '1')
            set(tok.substr(1), tok[0] == '1');
        else if (tok[0] == 'b') {
            std::string id;
            in >> id;
            set(id, static_cast<double>(std::stoull(tok.substr(1), nullptr, 2)));
        } else if (tok[0] == 'r') {
            std::string id;
            in >> id;
            set(id, std::stod(tok.substr(1)));
        } else {
            FAIL("unexpected VCD token " << tok);
        }
    }
    return v;
}

/// The integral of a signal over [from, to] (from = the dump's time), as a step function.
double integral(const Signal& s, std::uint64_t from, std::uint64_t to) {
    double sum = 0, value = s.initial;
    std::uint64_t t = from;
    for (const auto& [at, x] : s.changes) {
        sum += value * static_cast<double>(at - t) * 1e-9;
        t = at;
        value = x;
    }
    return sum + value * static_cast<double>(to - t) * 1e-9;
}

/// The value in force at t (after every change at t).
double value_at(const Signal& s, std::uint64_t t) {
    double value = s.initial;
    for (const auto& [at, x] : s.changes)
        if (at <= t) value = x;
    return value;
}

using Steps = std::vector<std::pair<std::uint64_t, double>>;

/// Folds changes given in chronological order into one value per instant, without repeats of the value
/// in force (starting from `initial`).
Steps fold(const Steps& in, double initial) {
    Steps out;
    double current = initial;
    for (std::size_t i = 0; i < in.size(); ++i) {
        if (i + 1 < in.size() && in[i + 1].first == in[i].first) continue;  // the last at an instant wins
        if (in[i].second == current) continue;
        current = in[i].second;
        out.push_back(in[i]);
    }
    return out;
}

/// Every #t of the body strictly increases (one per instant).
void check_times(const Vcd& v) {
    REQUIRE_FALSE(v.times.empty());
    for (std::size_t i = 1; i < v.times.size(); ++i) CHECK(v.times[i - 1] < v.times[i]);
}

/// Exact decimal seconds ("1.25") in ns.
std::uint64_t ns_of(const std::string& seconds) {
    const auto dot = seconds.find('.');
    std::uint64_t ns = std::stoull(seconds.substr(0, dot)) * 1000000000ull;
    if (dot != std::string::npos) {
        std::string frac = seconds.substr(dot + 1);
        frac.resize(9, '0');
        ns += std::stoull(frac);
    }
    return ns;
}

std::vector<PState> two_levels() { return {{1e9, 1.0, 2.0, 0.5}, {0.5e9, 0.8, 1.0, 0.25}}; }

/// Two nodes of two cores sharing a node-wide DVFS domain (0.1 s transitions, 0.01 J each), node base
/// 10 W, uncore 3 W, and a script: task 1 on node 0 core 0 from 0 s (P0); task 2 on node 1 core 1 at P1 from
/// 0.5 s (both cores of node 1 switch, in force at 0.6 s); node 0 asked for P1 at 1 s (in force at 1.1 s);
/// task 3 on node 0 core 1 from 1.5 s, preempted at 2 s.
struct SmallMachine {
    PlatformSpec spec;
    Machine machine;
    ActivityLog log{true};
    Script script;
    static PlatformSpec platform() {
        PlatformSpec s = simple_platform(two_levels(), 2, 2);
        s.dvfs_domain = DvfsScope::Node;
        s.core_types[0].transition_latency_s = 0.1;
        s.core_types[0].transition_energy_j = 0.01;
        s.node_types[0].base_power_w = {10.0};
        s.processor_types[0].uncore_power_w = {3.0};
        return s;
    }
    SmallMachine() : spec(at_ns(platform())), machine(spec), script("script", machine.manager_port()) {
        machine.attach_log(&log);
        script.at(0.0, start(0, 0, 1, cycles(2e9), 0));
        script.at(0.5, start(1, 1, 2, cycles(1e9), 1));
        script.at(1.0, command(Op::SetPState, 0, 0, 0, 1));
        script.at(1.5, start(0, 1, 3, cycles(1e12), 1));
        script.at(2.0, command(Op::Preempt, 0, 1, 3));
    }
    ~SmallMachine() { machine.attach_log(nullptr); }
    Joules node_energy(NodeId n) const {  // without the transition lumps, which have no draw
        const EnergyBreakdown b = machine.node(n).energy_breakdown();
        return b[0] + b[1] + b[2] + b[3];
    }
};

constexpr std::uint64_t kS = 1000000000ull;

}  // namespace

TEST_CASE("waveforms: VCD identifier codes and widths", "[sim][waveforms]") {
    CHECK(VcdWriter::identifier(0) == "!");
    CHECK(VcdWriter::identifier(93) == "~");
    CHECK(VcdWriter::identifier(94) == "!\"");
    CHECK(VcdWriter::identifier(95) == "\"\"");
    CHECK(VcdWriter::identifier(94 * 94) == "!!\"");
    CHECK(VcdWriter::width_for(0) == 1);
    CHECK(VcdWriter::width_for(1) == 1);
    CHECK(VcdWriter::width_for(2) == 2);
    CHECK(VcdWriter::width_for(7) == 3);
    CHECK(VcdWriter::width_for(8) == 4);
}

TEST_CASE("waveforms: the VCD writer orders changes and folds each instant", "[sim][waveforms]") {
    VcdWriter w;
    w.scope("node3");
    const auto busy = w.wire("core0_busy", 1, 0);
    const auto ps = w.wire("core0_pstate", 2, 0);
    const auto power = w.real("power_w", 13.5);
    w.change(50, busy, 1);  // before the span: folded into the dump
    w.change(300, ps, 2);
    w.change(200, busy, 0);  // at 200: 0 then 1 again, so no change
    w.change(200, busy, 1);
    w.change(200, power, 15);
    w.change(250, power, 15);  // unchanged: nothing at 250
    w.change(400, busy, 0);
    w.change(600, ps, 1);  // after the span: left out
    std::ostringstream o;
    w.write(o, 100, 500);
    CHECK(o.str() ==
          "$version rmsim $end\n$timescale 1 ns $end\n"
          "$scope module node3 $end\n"
          "$var wire 1 ! core0_busy $end\n"
          "$var wire 2 \" core0_pstate [1:0] $end\n"
          "$var real 64 # power_w $end\n"
          "$upscope $end\n$enddefinitions $end\n"
          "#100\n$dumpvars\n1!\nb0 \"\nr13.5 #\n$end\n"
          "#200\nr15 #\n"
          "#300\nb10 \"\n"
          "#400\n0!\n"
          "#500\n");
}

TEST_CASE("waveforms: a small machine's node power, P-states and busy cores", "[sim][waveforms]") {
    SmallMachine m;
    WaveformConfig c;
    c.enabled = true;
    c.nodes = {0, 1};
    WaveformRecorder rec(m.machine, c);
    run_until(4.0);
    const std::uint64_t end = to_ns(sc_core::sc_time_stamp());
    REQUIRE(end == 4 * kS);
    m.log.close_open(sc_core::sc_time_stamp());
    std::ostringstream o;
    rec.write(o, m.log, end);
    const Vcd v = parse_vcd(o.str());
    check_times(v);
    CHECK(v.timescale == "1ns");
    CHECK(v.times.front() == 0);
    CHECK(v.times.back() == end);
    CHECK(v.signals.size() == 2 * (2 * 2 + 1));
    CHECK(v.signals.at("node0.core1_pstate").type == "wire");
    CHECK(v.signals.at("node0.core1_pstate").width == 1);  // levels 0 and 1
    CHECK(v.signals.at("node0.power_w").type == "real");

    // At 0 (after task 1 starts): node 0 draws 10 + 3 + 2 (core 0 busy at P0) + 0.5 = 15.5 W, node 1
    // 10 + 3 + 2 x 0.5 = 14 W.
    CHECK(v.signals.at("node0.power_w").initial == 15.5);
    CHECK(v.signals.at("node1.power_w").initial == 14);
    // The draw integrated over the run is each node's metered energy (its transition lumps have no draw).
    for (NodeId n : {0u, 1u}) {
        INFO("node " << n);
        CHECK(integral(v.signals.at("node" + std::to_string(n) + ".power_w"), 0, end) ==
              Approx(m.node_energy(n)).epsilon(1e-9));
    }
    // P-states: node-wide domains, so both cores of a node switch together.
    for (std::uint32_t k : {0u, 1u}) {
        const std::string core = ".core" + std::to_string(k);
        CHECK(v.signals.at("node0" + core + "_pstate").changes == Steps{{1100000000, 1}});
        CHECK(v.signals.at("node1" + core + "_pstate").changes == Steps{{600000000, 1}});
        CHECK(v.signals.at("node0" + core + "_pstate").initial == 0);
    }
    // Busy: task 1 on node 0 core 0 over [0, 3.1 s] (1 s at P0 does half its work, 0.1 s stalled, 2 s at
    // P1); task 3 on node 0 core 1 over [1.5, 2]; task 2 on node 1 core 1 over [0.5, 2.6] (0.1 s stalled, 2 s
    // at P1); node 1 core 0 idle.
    CHECK(v.signals.at("node0.core0_busy").initial == 1);
    CHECK(v.signals.at("node0.core0_busy").changes == Steps{{3100000000, 0}});
    CHECK(v.signals.at("node0.core1_busy").changes == Steps{{1500000000, 1}, {2000000000, 0}});
    CHECK(v.signals.at("node1.core1_busy").changes == Steps{{500000000, 1}, {2600000000, 0}});
    CHECK(v.signals.at("node1.core0_busy").changes.empty());
}

TEST_CASE("waveforms: start_s and end_s cut the changes outside the span", "[sim][waveforms]") {
    // The same machine, shown over [1, 2.5] s only; the nodes' energy over the span is read at its edges.
    SmallMachine m;
    WaveformConfig c;
    c.enabled = true;
    c.nodes = {0, 1};
    c.start = SimTime::from_seconds(1.0);
    c.end = SimTime::from_seconds(2.5);
    WaveformRecorder rec(m.machine, c);
    run_until(1.0);
    const Joules at1[] = {m.node_energy(0), m.node_energy(1)};
    sc_core::sc_start(from_seconds_ceil(1.5));
    const Joules at25[] = {m.node_energy(0), m.node_energy(1)};
    sc_core::sc_start(from_seconds_ceil(1.5));
    m.log.close_open(sc_core::sc_time_stamp());
    std::ostringstream o;
    rec.write(o, m.log, to_ns(sc_core::sc_time_stamp()));
    const Vcd v = parse_vcd(o.str());
    check_times(v);
    CHECK(v.times.front() == 1 * kS);
    CHECK(v.times.back() == 2500000000);
    for (const auto& [name, s] : v.signals)
        for (const auto& ch : s.changes) {
            INFO(name);
            CHECK(ch.first > 1 * kS);
            CHECK(ch.first <= 2500000000);
        }
    // Values in force at 1 s: node 1 at P1 since 0.6 s, node 0 still at P0 (its switch ends at 1.1 s);
    // task 1 busy on node 0 core 0, task 2 on node 1 core 1.
    CHECK(v.signals.at("node1.core0_pstate").initial == 1);
    CHECK(v.signals.at("node0.core0_pstate").initial == 0);
    CHECK(v.signals.at("node0.core0_pstate").changes == Steps{{1100000000, 1}});
    CHECK(v.signals.at("node0.core0_busy").initial == 1);
    CHECK(v.signals.at("node0.core0_busy").changes.empty());  // ends at 3.1 s, after the span
    CHECK(v.signals.at("node1.core1_busy").initial == 1);
    CHECK(v.signals.at("node1.core1_busy").changes.empty());  // ends at 2.6 s
    CHECK(v.signals.at("node0.core1_busy").changes == Steps{{1500000000, 1}, {2000000000, 0}});
    for (NodeId n : {0u, 1u}) {
        INFO("node " << n);
        CHECK(integral(v.signals.at("node" + std::to_string(n) + ".power_w"), 1 * kS, 2500000000) ==
              Approx(at25[n] - at1[n]).epsilon(1e-9));
    }
}

namespace {

const char* kConfig =
    "platform:\n"
    "  name: waves\n"
    "  dvfs_domain: node\n"
    "  core_types:\n"
    "    - name: big\n"
    "      pstates:\n"
    "        - {frequency_ghz: 2.4, busy_power_w: 6.0, idle_power_w: 1.0}\n"
    "        - {frequency_ghz: 1.8, busy_power_w: 3.6, idle_power_w: 0.7}\n"
    "        - {frequency_ghz: 1.2, busy_power_w: 2.0, idle_power_w: 0.5}\n"
    "      transition_latency_s: 0.05\n"
    "      transition_energy_j: 0.01\n"
    "  processor_types:\n"
    "    - {name: p, core_type: big, cores: 4, uncore_power_w: 4.0, gate_when_idle: true}\n"
    "  node_types:\n"
    "    - {name: n, processors: [{type: p, count: 2}], base_power_w: 40, switch_off: {after_s: 600},\n"
    "       wake_latency_s: 30}\n"
    "  clusters: [{name: k, node_type: n, nodes: 4}]\n"
    "workload:\n"
    "  synthetic: {tasks: 150, arrival_rate_per_s: 0.02, work_s_mean: 300, cores_min: 1, cores_max: 8}\n"
    "manager: {policy: random}\n";
constexpr std::uint32_t kNodes = 4, kCores = 8;

struct Run {
    Vcd vcd;
    nlohmann::json summary;
    std::string summary_text, pstates, trace;
};

Run run(const ScratchDir& d, const std::string& name, const std::string& waveforms, const std::string& extra) {
    const std::string cfg =
        d.write(name + ".yaml", std::string(kConfig) + "run: {seed: 3, waveforms: " + waveforms + "}\n");
    const Outcome o = run_cli("run " + cfg + " --quiet --out " + (d / name).string() + " " + extra, d);
    INFO(o.err);
    REQUIRE(o.code == 0);
    Run r;
    r.vcd = parse_vcd(slurp(d / name / "waves.vcd"));
    r.summary_text = slurp(d / name / "summary.json");
    r.summary = nlohmann::json::parse(r.summary_text);
    r.pstates = slurp(d / name / "pstates.csv");
    if (extra.find("--trace") != std::string::npos) r.trace = slurp(d / name / "trace.json");
    return r;
}

std::string var(std::uint32_t node, std::uint32_t core, const char* what) {
    return "node" + std::to_string(node) + ".core" + std::to_string(core) + "_" + what;
}

}  // namespace

TEST_CASE("waveforms: rmsim run writes waves.vcd that agrees with pstates.csv, trace.json and summary.json",
          "[sim][waveforms][cli]") {
    const ScratchDir d("waveforms");
    const Run full = run(d, "full", "{nodes: \"0-3\"}", "--trace");
    const Vcd& v = full.vcd;
    check_times(v);
    const std::uint64_t end = v.times.back();  // the end of the run
    CHECK(static_cast<double>(end) * 1e-9 == Approx(full.summary["time"]["simulated_s"].get<double>()).epsilon(1e-15));
    CHECK(v.times.front() == 0);
    CHECK(v.signals.size() == kNodes * (2 * kCores + 1));

    // P-states: pstates.csv's rows of each core in request order; at each effective time the last.
    std::map<std::string, Steps> requested;
    std::istringstream rows(full.pstates);
    std::string row;
    std::getline(rows, row);
    std::size_t switches = 0;
    while (std::getline(rows, row)) {
        std::vector<std::string> f;
        std::istringstream fs(row);
        for (std::string x; std::getline(fs, x, ',');) f.push_back(x);
        REQUIRE(f.size() == 6);
        for (std::uint32_t c = std::stoul(f[2]); c <= std::stoul(f[3]); ++c)
            requested[var(std::stoul(f[1]), c, "pstate")].emplace_back(ns_of(f[5]), std::stod(f[4]));
        ++switches;
    }
    REQUIRE(switches > 10);  // the random policy picks a P-state per task
    for (std::uint32_t n = 0; n < kNodes; ++n)
        for (std::uint32_t c = 0; c < kCores; ++c) {
            INFO(var(n, c, "pstate"));
            const Signal& s = v.signals.at(var(n, c, "pstate"));
            CHECK(s.width == 2);
            CHECK(s.initial == 0);
            CHECK(s.changes == fold(requested[var(n, c, "pstate")], 0));
        }

    // Busy: the task slices of trace.json (one per core per segment, in microseconds).
    std::map<std::string, Steps> slices;
    std::map<std::string, std::size_t> segments, segments_after_idle;
    const nlohmann::json trace = nlohmann::json::parse(full.trace);
    for (const auto& e : trace.at("traceEvents")) {
        if (e.at("ph") != "X") continue;
        const std::uint64_t global = e.at("tid").get<std::uint64_t>() - 2, node = e.at("pid").get<std::uint64_t>() - 2;
        const auto begin = static_cast<std::uint64_t>(std::llround(e.at("ts").get<double>() * 1000));
        const auto finish = begin + static_cast<std::uint64_t>(std::llround(e.at("dur").get<double>() * 1000));
        const std::string name = var(node, global - node * kCores, "busy");
        Steps& s = slices[name];
        if (s.empty() || s.back().first != begin) ++segments_after_idle[name];
        ++segments[name];
        s.emplace_back(begin, 1);
        s.emplace_back(finish, 0);
    }
    REQUIRE(slices.size() > 4);
    std::size_t all_segments = 0;
    for (std::uint32_t n = 0; n < kNodes; ++n)
        for (std::uint32_t c = 0; c < kCores; ++c) {
            const std::string name = var(n, c, "busy");
            INFO(name);
            const Signal& s = v.signals.at(name);
            CHECK(s.initial == 0);
            CHECK(s.changes == fold(slices[name], 0));
            // Rising edges: the segments begun, but for one that begins as the previous one ends.
            const auto rising =
                std::count_if(s.changes.begin(), s.changes.end(), [](const auto& x) { return x.second == 1; });
            CHECK(static_cast<std::size_t>(rising) == segments_after_idle[name]);
            all_segments += segments[name];
        }
    CHECK(all_segments >= 150);

    // Power: the nodes' draw over the run is the machine's energy without the transition lumps.
    const auto& energy = full.summary["energy"];
    double joules = 0;
    for (std::uint32_t n = 0; n < kNodes; ++n)
        joules += integral(v.signals.at("node" + std::to_string(n) + ".power_w"), 0, end);
    CHECK(joules == Approx(energy["total_j"].get<double>() - energy["transition_j"].get<double>()).epsilon(1e-6));

    // summary.dvfs: node-wide domains of one core type; residency and transitions as the VCD shows them.
    const auto& dvfs = full.summary["dvfs"];
    CHECK(dvfs["domain"] == "node");
    REQUIRE(dvfs["by_core_type"].size() == 1);
    const auto& big = dvfs["by_core_type"]["big"];
    double residency[3] = {0, 0, 0};
    std::size_t node_switches = 0;
    for (std::uint32_t n = 0; n < kNodes; ++n) {
        node_switches += v.signals.at(var(n, 0, "pstate")).changes.size();
        for (std::uint32_t c = 0; c < kCores; ++c) {
            const Signal& s = v.signals.at(var(n, c, "pstate"));
            double level = s.initial;
            std::uint64_t t = 0;
            for (const auto& [at, x] : s.changes) {
                residency[static_cast<int>(level)] += static_cast<double>(at - t) * 1e-9;
                t = at;
                level = x;
            }
            residency[static_cast<int>(level)] += static_cast<double>(end - t) * 1e-9;
        }
    }
    CHECK(big["transitions"].get<std::size_t>() == node_switches);
    const double total = kNodes * kCores * static_cast<double>(end) * 1e-9;
    for (int p = 0; p < 3; ++p) {
        const std::string key = "p" + std::to_string(p);
        INFO(key);
        CHECK(big["residency_s"][key].get<double>() == Approx(residency[p]).epsilon(1e-12).margin(1e-9));
        CHECK(big["residency_fraction"][key].get<double>() ==
              Approx(residency[p] / total).epsilon(1e-12).margin(1e-12));
    }

    // A span and a subset of the nodes: the same run (same summary), its changes inside the span only, its
    // initial values those in force at the span's start.
    const std::uint64_t from = end / 3 / kS * kS, to = 2 * end / 3 / kS * kS;
    const Run part =
        run(d, "part",
            "{nodes: [1, \"2-3\"], start_s: " + std::to_string(from / kS) + ", end_s: " + std::to_string(to / kS) + "}",
            "");
    CHECK(part.summary_text == full.summary_text);
    const Vcd& w = part.vcd;
    check_times(w);
    CHECK(w.times.front() == from);
    CHECK(w.times.back() == to);
    CHECK(w.signals.size() == 3 * (2 * kCores + 1));
    CHECK(w.signals.count("node0.power_w") == 0);
    std::size_t changes_inside = 0;
    for (const auto& [name, s] : w.signals) {
        INFO(name);
        const Signal& f = v.signals.at(name);
        CHECK(s.initial == value_at(f, from));
        Steps inside;
        for (const auto& ch : f.changes)
            if (ch.first > from && ch.first <= to) inside.push_back(ch);
        CHECK(s.changes == inside);
        changes_inside += inside.size();
    }
    CHECK(changes_inside > 0);
    CHECK(changes_inside < [&] {
        std::size_t all = 0;
        for (const auto& [name, s] : w.signals) all += v.signals.at(name).changes.size();
        return all;
    }());
}
