// Platform YAML loading: the presets, the analytic P-state model, the SimGrid host_energy mapping, and a
// catalogue of bad inputs with their exact `file:line:col: message`.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "platform/input_error.h"
#include "platform/platform_loader.h"
#include "platform/yaml_util.h"

#ifndef RMSIM_SOURCE_DIR
#define RMSIM_SOURCE_DIR "."
#endif

namespace fs = std::filesystem;
using rmsim::DvfsScope;
using rmsim::InputError;
using rmsim::PlatformSpec;
using rmsim::SwitchOffPolicy;

namespace {

std::string preset(const std::string& name) { return std::string(RMSIM_SOURCE_DIR) + "/configs/platforms/" + name; }

/// A private temporary directory, removed at the end of the test.
class TempDir {
public:
    TempDir() {
        static int counter = 0;
        path_ = fs::temp_directory_path() /
                ("rmsim_platform_test_" + std::to_string(::getpid()) + "_" + std::to_string(counter++));
        fs::create_directories(path_);
    }
    ~TempDir() {
        std::error_code ec;
        fs::remove_all(path_, ec);
    }
    std::string write(const std::string& name, const std::string& text) const {
        std::string p = (path_ / name).string();
        std::ofstream(p) << text;
        return p;
    }
    std::string path(const std::string& name) const { return (path_ / name).string(); }

private:
    fs::path path_;
};

/// Loads `text` as a platform file and returns the error text, or "" if it loaded.
std::string load_error(const TempDir& dir, const std::string& text, std::string& path) {
    path = dir.write("platform.yaml", text);
    try {
        rmsim::load_platform_file(path);
    } catch (const InputError& e) {
        return e.what();
    }
    return "";
}

/// The message `text` gives, with the temp path replaced by "F" so that expectations read `F:line:col: ...`.
std::string error_of(const std::string& text) {
    TempDir dir;
    std::string path;
    std::string what = load_error(dir, text, path);
    if (what.compare(0, path.size(), path) == 0) what = "F" + what.substr(path.size());
    return what;
}

std::uint32_t total_processors(const PlatformSpec& s) {
    std::uint32_t n = 0;
    for (const auto& c : s.clusters)
        for (const auto& p : s.node_types[c.node_type].processors) n += c.nodes * p.count;
    return n;
}

/// Power of a node of type t with `busy` of its cores busy, every processor on, all at P-state p.
double node_power(const PlatformSpec& s, rmsim::NodeTypeId t, std::uint32_t busy, std::size_t p) {
    const auto& nt = s.node_types[t];
    double w = nt.base_power_w.size() == 1 ? nt.base_power_w[0] : nt.base_power_w.at(p);
    std::uint32_t left = busy;
    for (const auto& pe : nt.processors) {
        const auto& pt = s.processor_types[pe.type];
        const auto& ps = s.core_types[pt.core_type].pstates.at(p);
        for (std::uint32_t i = 0; i < pe.count; ++i) {
            std::uint32_t b = std::min(left, pt.cores);
            left -= b;
            double uncore = pt.uncore_power_w.size() == 1 ? pt.uncore_power_w[0] : pt.uncore_power_w.at(p);
            if (b > 0 || !pt.gate_when_idle) w += uncore;
            w += b * ps.busy_power_w + (pt.cores - b) * ps.idle_power_w;
        }
    }
    return w;
}

}  // namespace

// ---------------------------------------------------------------- presets

TEST_CASE("platform: singh2015 preset is 3 nodes x 8 Core M cores with 6 V/F levels", "[platform]") {
    PlatformSpec s = rmsim::load_platform_file(preset("singh2015.yaml"));
    CHECK(s.name == "singh2015");
    CHECK(s.dvfs_domain == DvfsScope::Core);
    REQUIRE(s.clusters.size() == 1);
    CHECK(s.total_nodes() == 3);
    CHECK(s.cores_per_node(0) == 8);
    CHECK(s.total_cores() == 24);
    REQUIRE(s.core_types.size() == 1);
    const auto& ct = s.core_types[0];
    CHECK(ct.gate_when_idle);
    REQUIRE(ct.pstates.size() == 6);
    CHECK(ct.pstates[0].frequency_hz == Approx(2.6e9));
    CHECK(ct.pstates[5].frequency_hz == Approx(0.6e9));
    // busy = C·V²·f + V·I: 1.1e-9 · 1.10² · 2.6e9 + 1.10 · 0.4 = 3.4606 + 0.44
    CHECK(ct.pstates[0].busy_power_w == Approx(3.9006).epsilon(1e-12));
    CHECK(ct.pstates[0].idle_power_w == Approx(0.44).epsilon(1e-12));
    // 1.1e-9 · 0.70² · 0.6e9 + 0.70 · 0.4 = 0.3234 + 0.28
    CHECK(ct.pstates[5].busy_power_w == Approx(0.6034).epsilon(1e-12));
    CHECK(s.node_types[0].network.latency_s > 0);
    CHECK(std::isfinite(s.node_types[0].network.bandwidth_bytes_per_s));
}

TEST_CASE("platform: siegel preset has 25 nodes, 63 processors, 178 cores, 5 P-states", "[platform]") {
    PlatformSpec s = rmsim::load_platform_file(preset("siegel.yaml"));
    CHECK(s.total_nodes() == 25);
    CHECK(total_processors(s) == 63);
    CHECK(s.total_cores() == 178);
    CHECK(s.dvfs_domain == DvfsScope::Core);
    for (const auto& ct : s.core_types) CHECK(ct.pstates.size() == 5);
    for (const auto& pt : s.processor_types) {
        CHECK(pt.gate_when_idle);
        CHECK(pt.cores >= 1);
        CHECK(pt.cores <= 4);
    }
    for (const auto& c : s.clusters) {
        const auto& nt = s.node_types[c.node_type];
        CHECK(nt.switch_off == SwitchOffPolicy::Immediately);
        REQUIRE(nt.processors.size() == 1);  // homogeneous processors within a node
        CHECK(nt.processors[0].count >= 1);
        CHECK(nt.processors[0].count <= 4);
        // Overhead (base + uncores) between 40 % and 60 % of node power with every core busy at P0.
        double all = node_power(s, c.node_type, s.cores_per_node(c.node_type), 0);
        double cores_only = all - nt.base_power_w[0] -
                            nt.processors[0].count * s.processor_types[nt.processors[0].type].uncore_power_w[0];
        double overhead = (all - cores_only) / all;
        CHECK(overhead >= 0.39);
        CHECK(overhead <= 0.61);
    }
    // n1: 1 processor sa2 (2 sa cores, 11.48 W busy at P0, uncore 2 W), base 17 W: 17 + 2 + 2 · 11.48
    CHECK(node_power(s, 0, 2, 0) == Approx(17 + 2 + 2 * 11.48));
}

TEST_CASE("platform: machovec-ch3 preset has 6 clusters and about 100,000 cores", "[platform]") {
    PlatformSpec s = rmsim::load_platform_file(preset("machovec-ch3.yaml"));
    CHECK(s.dvfs_domain == DvfsScope::Node);
    REQUIRE(s.clusters.size() == 6);
    CHECK(s.total_cores() >= 98000);
    CHECK(s.total_cores() <= 102000);
    CHECK(s.total_cores() == 100000);
    // 4 general-purpose + 2 special-purpose; the special ones are larger than any general one.
    std::uint64_t largest_general = 0;
    for (int c = 0; c < 4; ++c)
        largest_general = std::max<std::uint64_t>(
            largest_general, std::uint64_t(s.clusters[c].nodes) * s.cores_per_node(s.clusters[c].node_type));
    for (int c = 4; c < 6; ++c) {
        CHECK(std::uint64_t(s.clusters[c].nodes) * s.cores_per_node(s.clusters[c].node_type) > largest_general);
        CHECK(s.clusters[c].name.rfind("sp", 0) == 0);
    }
    // Every cluster has more than 4,096 cores (Table 4's largest task class).
    for (const auto& c : s.clusters) CHECK(std::uint64_t(c.nodes) * s.cores_per_node(c.node_type) > 4096);
    // 3 P-states; node power with all cores busy = 133 W × psf (1.0, 0.75, 0.5); f_p = f_0 · sqrt(psf).
    const double psf[3] = {1.0, 0.75, 0.5};
    for (rmsim::NodeTypeId t = 0; t < s.node_types.size(); ++t) {
        REQUIRE(s.pstate_count(t) == 3);
        const auto& ps = s.core_types[s.core_type_of(t, 0)].pstates;
        for (int p = 0; p < 3; ++p) {
            CHECK(node_power(s, t, s.cores_per_node(t), p) == Approx(133.0 * psf[p]));
            CHECK(ps[p].frequency_hz / ps[0].frequency_hz == Approx(std::sqrt(psf[p])).epsilon(1e-6));
        }
        CHECK(s.node_types[t].switch_off == SwitchOffPolicy::Immediately);
    }
}

TEST_CASE("platform: machovec-ch4 preset has 5 clusters averaging 160 cores", "[platform]") {
    PlatformSpec s = rmsim::load_platform_file(preset("machovec-ch4.yaml"));
    REQUIRE(s.clusters.size() == 5);
    CHECK(s.total_cores() == 5 * 160);
    for (const auto& ct : s.core_types) CHECK(ct.pstates.size() == 1);
    CHECK(s.core_types.size() == 5);  // one core type per cluster: heterogeneous clusters
}

TEST_CASE("platform: tarplee-9types preset has 9 machine types x 4 machines", "[platform]") {
    PlatformSpec s = rmsim::load_platform_file(preset("tarplee-9types.yaml"));
    REQUIRE(s.clusters.size() == 9);
    CHECK(s.total_nodes() == 36);
    CHECK(s.total_cores() == 36);  // a machine runs one task at a time
    for (const auto& c : s.clusters) CHECK(c.nodes == 4);
    for (const auto& ct : s.core_types) {
        REQUIRE(ct.pstates.size() == 1);
        CHECK(ct.pstates[0].idle_power_w == Approx(0.1 * ct.pstates[0].busy_power_w));  // Ch. 3: 10 %
    }
}

TEST_CASE("platform: simgrid-example preset matches SimGrid's documented wattages", "[platform]") {
    PlatformSpec s = rmsim::load_platform_file(preset("simgrid-example.yaml"));
    CHECK(s.total_nodes() == 4);
    CHECK(s.total_cores() == 16);
    // SimGrid docs (95:120:200, 4 cores): 0 busy -> 95 W (Idle), 1 -> 120 + 80/4 = 140 W, 4 -> 200 W.
    CHECK(node_power(s, 0, 0, 0) == Approx(95.0));
    CHECK(node_power(s, 0, 1, 0) == Approx(140.0));
    CHECK(node_power(s, 0, 4, 0) == Approx(200.0));
    CHECK(s.node_types[0].off_power_w == 10.0);
}

// ---------------------------------------------------------------- models

TEST_CASE("platform: analytic P-state model computes busy and idle power", "[platform]") {
    TempDir dir;
    std::string path = dir.write("p.yaml", R"(platform:
  name: analytic
  core_types:
    - name: c
      pstates:
        model: analytic
        c_eff_f: 1.0e-9
        activity: 0.5
        i_leak_a: 0.2
        levels:
          - {frequency_ghz: 2, voltage_v: 1.0}
          - {frequency_mhz: 1000, voltage_v: 0.8}
          - {frequency_hz: 5.0e8, voltage_v: 0.7}
  processor_types: [{name: cpu, core_type: c, cores: 2}]
  node_types: [{name: n, processors: [{type: cpu, count: 3}]}]
  clusters: [{name: c0, node_type: n, nodes: 5}]
)");
    PlatformSpec s = rmsim::load_platform_file(path);
    const auto& ps = s.core_types.at(0).pstates;
    REQUIRE(ps.size() == 3);
    CHECK(ps[0].frequency_hz == 2e9);
    CHECK(ps[1].frequency_hz == 1e9);
    CHECK(ps[2].frequency_hz == 5e8);
    // P0: 1e-9 · 1.0² · 2e9 · 0.5 + 1.0 · 0.2 = 1.0 + 0.2
    CHECK(ps[0].busy_power_w == Approx(1.2).epsilon(1e-12));
    CHECK(ps[0].idle_power_w == Approx(0.2).epsilon(1e-12));
    // P1: 1e-9 · 0.64 · 1e9 · 0.5 + 0.8 · 0.2 = 0.32 + 0.16
    CHECK(ps[1].busy_power_w == Approx(0.48).epsilon(1e-12));
    CHECK(ps[1].idle_power_w == Approx(0.16).epsilon(1e-12));
    // P2: 1e-9 · 0.49 · 5e8 · 0.5 + 0.7 · 0.2 = 0.1225 + 0.14
    CHECK(ps[2].busy_power_w == Approx(0.2625).epsilon(1e-12));
    CHECK(ps[2].voltage_v == 0.7);
    CHECK(s.total_cores() == 5 * 3 * 2);
    CHECK(s.dvfs_domain == DvfsScope::Core);  // default
    CHECK(s.node_types[0].switch_off == SwitchOffPolicy::Never);
    CHECK(std::isinf(s.clusters[0].network.bandwidth_bytes_per_s));
}

TEST_CASE("platform: SimGrid host_energy maps exactly onto node base, uncore and core power", "[platform]") {
    TempDir dir;
    // P2 uses SimGrid's two-value form Idle:AllCores (Epsilon = Idle).
    std::string path = dir.write("p.yaml", R"(platform:
  name: sg
  dvfs_domain: node
  node_types:
    - name: h
      simgrid_host:
        cores: 4
        speeds_hz: [1.0e9, 5.0e8, 2.0e8]
        host_energy: "95:120:200, 93:115:170, 90:150"
        host_off_w: 10
      switch_off: {after_s: 300}
  clusters: [{name: c, node_type: h, nodes: 2}]
)");
    PlatformSpec s = rmsim::load_platform_file(path);
    REQUIRE(s.core_types.size() == 1);
    REQUIRE(s.processor_types.size() == 1);
    CHECK(s.core_types[0].name == "h.core");
    CHECK(s.processor_types[0].name == "h.cpu");
    CHECK(s.processor_types[0].gate_when_idle);
    CHECK(s.processor_types[0].cores == 4);
    CHECK(s.core_types[0].pstates[1].frequency_hz == 5e8);
    CHECK(s.node_types[0].off_power_w == 10);
    CHECK(s.node_types[0].switch_off == SwitchOffPolicy::AfterTimeout);
    CHECK(s.node_types[0].switch_off_timeout_s == 300);
    // SimGrid: P(k busy of C) = Idle if k = 0, else Epsilon + k/C · (AllCores − Epsilon).
    struct Level {
        double idle, eps, all;
    } lv[3] = {{95, 120, 200}, {93, 115, 170}, {90, 90, 150}};
    for (std::size_t p = 0; p < 3; ++p) {
        CHECK(node_power(s, 0, 0, p) == Approx(lv[p].idle));
        for (std::uint32_t k = 1; k <= 4; ++k)
            CHECK(node_power(s, 0, k, p) == Approx(lv[p].eps + k / 4.0 * (lv[p].all - lv[p].eps)));
    }
    // Spelled out: P1 with 1 busy core = 115 + (170 − 115)/4 = 128.75 W; P2 with 4 busy = 150 W.
    CHECK(node_power(s, 0, 1, 1) == Approx(128.75));
    CHECK(node_power(s, 0, 4, 2) == Approx(150.0));
    // The pieces: base = Idle, uncore = Epsilon − Idle, core busy = (AllCores − Epsilon)/C, idle 0.
    CHECK(s.node_types[0].base_power_w == std::vector<double>{95, 93, 90});
    CHECK(s.processor_types[0].uncore_power_w == std::vector<double>{25, 22, 0});
    CHECK(s.core_types[0].pstates[0].busy_power_w == Approx(20.0));
    CHECK(s.core_types[0].pstates[0].idle_power_w == 0.0);
}

TEST_CASE("platform: per-P-state power lists under processor and node DVFS domains", "[platform]") {
    TempDir dir;
    std::string path = dir.write("p.yaml", R"(platform:
  name: lists
  dvfs_domain: node
  manager_link: {latency_s: 1.0e-6}
  core_types:
    - name: c
      pstates:
        - {frequency_ghz: 2, voltage_v: 1.0, busy_power_w: 10, idle_power_w: 2}
        - {frequency_ghz: 1, busy_power_w: 4}
  processor_types: [{name: cpu, core_type: c, cores: 2, uncore_power_w: [6, 3]}]
  node_types: [{name: n, processors: [{type: cpu, count: 2}], base_power_w: [40, 30], off_power_w: 5}]
  clusters: [{name: c0, node_type: n, nodes: 1, network: {bandwidth_bytes_per_s: 1.0e9}}]
)");
    PlatformSpec s = rmsim::load_platform_file(path);
    CHECK(s.processor_types[0].uncore_power_w == std::vector<double>{6, 3});
    CHECK(s.node_types[0].base_power_w == std::vector<double>{40, 30});
    CHECK(s.core_types[0].pstates[1].voltage_v == 0);  // not given: unknown
    CHECK(s.core_types[0].pstates[1].idle_power_w == 0);
    CHECK(s.manager_link.latency_s == 1e-6);
    CHECK(std::isinf(s.manager_link.bandwidth_bytes_per_s));
    CHECK(s.clusters[0].network.latency_s == 0);
    // P1, 3 of 4 cores busy: 30 + 2·3 + 3·4 + 1·0 = 48 W
    CHECK(node_power(s, 0, 3, 1) == Approx(48.0));
}

TEST_CASE("platform: preemption cost", "[platform]") {
    TempDir dir;
    const std::string body = R"(
  name: ckpt
  core_types: [{name: c, pstates: [{frequency_ghz: 1, busy_power_w: 1}]}]
  processor_types: [{name: cpu, core_type: c, cores: 1}]
  node_types: [{name: n, processors: [{type: cpu}]}]
  clusters: [{name: c0, node_type: n, nodes: 1}]
)";
    std::string path = dir.write("p.yaml",
                                 "platform:\n  preemption: {checkpoint_s: 2, checkpoint_energy_j: 5, resume_s: 3, "
                                 "bandwidth_bytes_per_s: 1.0e9}" +
                                     body);
    const PlatformSpec s = rmsim::load_platform_file(path);
    CHECK(s.preemption.checkpoint_s == 2);
    CHECK(s.preemption.checkpoint_j == 5);
    CHECK(s.preemption.resume_s == 3);
    CHECK(s.preemption.resume_j == 0);
    CHECK(s.preemption.bandwidth_bytes_per_s == 1e9);
    CHECK_FALSE(s.preemption.free());
    CHECK(rmsim::load_platform_file(dir.write("q.yaml", "platform:" + body)).preemption.free());
    std::string bad;
    CHECK(load_error(dir, "platform:\n  preemption: {checkpoint_s: -1}" + body, bad)
              .find(":2:30: 'checkpoint_s' must be >= 0, got '-1'") != std::string::npos);
}

TEST_CASE("platform: load_platform reads a platform map embedded in a larger file", "[platform]") {
    // Locations stay relative to the whole file.
    YAML::Node root = rmsim::load_yaml_string(R"(experiment: x
platform:
  name: p
  core_types: [{name: c, pstates: [{frequency_ghz: 1, busy_power_w: 1}]}]
  processor_types: [{name: cpu, core_type: c, cores: 1}]
  node_types: [{name: n, processors: [{type: cpu}]}]
  clusters: [{name: c0, node_type: n, nodes: 0}]
)",
                                              "exp.yaml");
    CHECK_THROWS_WITH(rmsim::load_platform(root["platform"], "exp.yaml"),
                      "exp.yaml:7:46: 'nodes' must be a whole number >= 1, got '0'");
}

// ---------------------------------------------------------------- bad inputs

TEST_CASE("platform: unknown keys are reported with their location and the allowed keys", "[platform]") {
    CHECK(error_of(R"(name: p
core_types:
  - name: c
    pstate: [{frequency_ghz: 2, busy_power_w: 5}]
)") == "F:4:5: unknown key 'pstate' in core type (allowed: name, pstates, transition_latency_s, "
       "transition_energy_j, sleep_power_w, wake_latency_s, wake_energy_j, gate_when_idle)");
    CHECK(error_of(R"(name: p
dvfs: node
)") == "F:2:1: unknown key 'dvfs' in platform (allowed: name, dvfs_domain, manager_link, preemption, core_types, "
       "processor_types, node_types, clusters)");
    // Inside a P-state, a link, and the file wrapper.
    CHECK(error_of(R"(name: p
core_types:
  - name: c
    pstates: [{frequency_ghz: 2, busy_power: 5}]
)") == "F:4:34: unknown key 'busy_power' in P-state P0 (allowed: frequency_ghz, frequency_mhz, frequency_hz, "
       "voltage_v, busy_power_w, idle_power_w)");
    CHECK(error_of(R"(name: p
manager_link: {latency: 1}
)") == "F:2:16: unknown key 'latency' in manager_link (allowed: latency_s, bandwidth_bytes_per_s)");
    CHECK(error_of(R"(platform:
  name: p
clusters: []
)") == "F:3:1: unknown key 'clusters' in platform file (allowed: platform)");
    CHECK(error_of(R"(name: p
name: q
)") == "F:2:1: duplicate key 'name' (first at 1:1)");
}

TEST_CASE("platform: wrong types are reported at the value", "[platform]") {
    CHECK(error_of(R"(name: p
core_types:
  - name: c
    pstates: [{frequency_ghz: 2, busy_power_w: fast}]
)") == "F:4:48: 'busy_power_w' must be a number, got 'fast'");
    CHECK(error_of(R"(name: p
core_types:
  - name: c
    pstates: [{frequency_ghz: 2, busy_power_w: 5}]
    gate_when_idle: 3
)") == "F:5:21: 'gate_when_idle' must be true or false, got '3'");
    CHECK(error_of(R"(name: p
core_types: {name: c}
)") == "F:2:13: expected a sequence for 'core_types', got a map");
    CHECK(error_of(R"(name: p
core_types:
  - name: c
    pstates: 5
)") == "F:4:14: 'pstates' must be a table (a sequence, P0 first) or an analytic model (a map)");
    CHECK(error_of(R"(name: p
core_types:
  - name: c
    pstates: [{frequency_ghz: .inf, busy_power_w: 5}]
)") == "F:4:31: 'frequency_ghz' must be a finite number, got '.inf'");
    CHECK(error_of(R"(name:
core_types: []
)") == "F:1:1: 'name' has no value");
    CHECK(error_of("- name: p\n") == "F:1:1: expected a map for platform, got a sequence");
}

TEST_CASE("platform: missing required keys are reported at the enclosing map", "[platform]") {
    CHECK(error_of(R"(name: p
core_types:
  - name: c
    pstates: [{frequency_ghz: 2, busy_power_w: 5}]
processor_types: [{name: cpu, core_type: c, cores: 2}]
node_types: [{name: n, processors: [{type: cpu}]}]
)") == "F:1:1: missing required key 'clusters'");
    CHECK(error_of(R"(name: p
core_types:
  - name: c
    pstates: [{frequency_ghz: 2, idle_power_w: 1}]
)") == "F:4:15: missing required key 'busy_power_w'");
    CHECK(error_of(R"(name: p
core_types:
  - name: c
    pstates: [{voltage_v: 1, busy_power_w: 5}]
)") == "F:4:15: P-state P0 needs one of frequency_ghz, frequency_mhz, frequency_hz");
    CHECK(error_of(R"(name: p
core_types:
  - name: c
    pstates: [{frequency_ghz: 2, frequency_mhz: 2000, busy_power_w: 5}]
)") == "F:4:49: P-state P0 gives more than one of frequency_ghz, frequency_mhz, frequency_hz");
    CHECK(error_of(R"(name: p
node_types: []
)") == "F:2:13: 'node_types' must not be empty");
}

TEST_CASE("platform: P-state frequencies must strictly decrease from P0", "[platform]") {
    CHECK(error_of(R"(name: p
core_types:
  - name: c
    pstates:
      - {frequency_ghz: 2.0, busy_power_w: 5}
      - {frequency_mhz: 2500, busy_power_w: 4}
)") == "F:6:9: P-state frequencies must strictly decrease from P0: P1 (2.5 GHz) is not below P0 (2 GHz)");
    CHECK(error_of(R"(name: p
core_types:
  - name: c
    pstates:
      model: analytic
      c_eff_f: 1.0e-9
      levels:
        - {frequency_ghz: 2.0, voltage_v: 1.0}
        - {frequency_ghz: 1.0, voltage_v: 0.9}
        - {frequency_ghz: 1.0, voltage_v: 0.8}
)") == "F:10:11: P-state frequencies must strictly decrease from P0: P2 (1 GHz) is not below P1 (1 GHz)");
    CHECK(error_of(R"(name: p
core_types:
  - name: c
    pstates: {model: cubic, c_eff_f: 1.0e-9, levels: []}
)") == "F:4:22: unknown P-state model 'cubic' (allowed: analytic)");
}

TEST_CASE("platform: at most 65,535 P-states per core type (the manager keeps a P-state in 16 bits)", "[platform]") {
    // n valid P-states, 1 GHz down in 1 Hz steps: without the limit each of these platforms loads.
    const auto list = [](std::size_t n, const std::string& entry_head, const std::string& entry_tail) {
        std::string s = "[";
        for (std::size_t p = 0; p < n; ++p)
            s += (p ? ", " : "") + entry_head + std::to_string(1000000000 - p) + entry_tail;
        return s + "]";
    };
    const auto table = [&](std::size_t n) { return list(n, "{frequency_hz: ", ", busy_power_w: 1}"); };
    const std::string rest = R"(processor_types: [{name: cpu, core_type: c, cores: 1}]
node_types: [{name: n, processors: [{type: cpu}]}]
clusters: [{name: k, node_type: n, nodes: 1}]
)";
    CHECK(error_of("name: p\ncore_types:\n  - name: c\n    pstates: " + table(65536) + "\n" + rest) ==
          "F:4:14: 'pstates' has 65536 P-states, more than 65535 (the manager keeps a task's P-state in 16 bits)");
    CHECK(error_of("name: p\ncore_types:\n  - name: c\n    pstates: " + table(65535) + "\n" + rest) == "");
    // The analytic model's levels.
    CHECK(error_of("name: p\ncore_types:\n  - name: c\n    pstates:\n      model: analytic\n      c_eff_f: 1.0e-9\n"
                   "      levels: " +
                   list(65536, "{voltage_v: 1, frequency_hz: ", "}") + "\n" + rest) ==
          "F:7:15: 'levels' has 65536 P-states, more than 65535 (the manager keeps a task's P-state in 16 bits)");
    // SimGrid's speeds.
    std::string energy;
    for (std::size_t p = 0; p < 65536; ++p) energy += p ? ", 1:2" : "1:2";
    CHECK(error_of("name: p\ndvfs_domain: node\nnode_types:\n  - name: h\n    simgrid_host: {cores: 1, speeds_hz: " +
                   list(65536, "", "") + ", host_energy: \"" + energy +
                   "\"}\nclusters: [{name: k, node_type: h, "
                   "nodes: 1}]\n") ==
          "F:5:41: 'speeds_hz' has 65536 P-states, more than 65535 (the manager keeps a task's P-state in 16 "
          "bits)");
}

TEST_CASE("platform: zero counts, negative powers and bad ranges are rejected", "[platform]") {
    const std::string types = R"(name: p
core_types:
  - name: c
    pstates: [{frequency_ghz: 2, busy_power_w: 5, idle_power_w: 1}]
)";
    CHECK(error_of(types + R"(processor_types: [{name: cpu, core_type: c, cores: 0}]
)") == "F:5:52: 'cores' must be a whole number >= 1, got '0'");
    CHECK(error_of(types + R"(processor_types: [{name: cpu, core_type: c, cores: 2.5}]
)") == "F:5:52: 'cores' must be a whole number >= 1, got '2.5'");
    CHECK(error_of(types + R"(processor_types: [{name: cpu, core_type: c, cores: 2, uncore_power_w: -1}]
)") == "F:5:71: 'uncore_power_w' must be >= 0, got '-1'");
    CHECK(error_of(R"(name: p
core_types:
  - name: c
    pstates: [{frequency_ghz: 2, busy_power_w: 1, idle_power_w: 2}]
)") == "F:4:15: busy_power_w (1 W) is below idle_power_w (2 W) in P-state P0");
    CHECK(error_of(R"(name: p
core_types:
  - name: c
    pstates: [{frequency_ghz: 0, busy_power_w: 1}]
)") == "F:4:31: 'frequency_ghz' must be > 0, got '0'");
    CHECK(error_of(R"(name: p
core_types:
  - name: c
    pstates: [{frequency_ghz: 2, busy_power_w: 1}]
    wake_latency_s: -0.5
)") == "F:5:21: 'wake_latency_s' must be >= 0, got '-0.5'");
    CHECK(error_of(R"(name: p
manager_link: {bandwidth_bytes_per_s: 0}
)") == "F:2:39: 'bandwidth_bytes_per_s' must be > 0, got '0'");
    CHECK(error_of(types + R"(processor_types: [{name: cpu, core_type: c, cores: 2}]
node_types: [{name: n, processors: [{type: cpu}], switch_off: sometimes}]
)") == "F:6:63: 'switch_off' must be never, immediately or {after_s: <seconds>}, got 'sometimes'");
}

TEST_CASE("platform: duplicate names and undefined references are rejected", "[platform]") {
    CHECK(error_of(R"(name: p
core_types:
  - name: c
    pstates: [{frequency_ghz: 2, busy_power_w: 5}]
  - name: c
    pstates: [{frequency_ghz: 2, busy_power_w: 5}]
)") == "F:5:5: duplicate core type name 'c' (first defined at line 3)");
    CHECK(error_of(R"(name: p
core_types:
  - name: c
    pstates: [{frequency_ghz: 2, busy_power_w: 5}]
processor_types: [{name: cpu, core_type: big, cores: 2}]
)") == "F:5:42: undefined core type 'big' (defined: c)");
    CHECK(error_of(R"(name: p
core_types:
  - name: c
    pstates: [{frequency_ghz: 2, busy_power_w: 5}]
processor_types: [{name: cpu, core_type: c, cores: 2}]
node_types: [{name: n, processors: [{type: cpu}]}]
clusters: [{name: c0, node_type: m, nodes: 1}]
)") == "F:7:34: undefined node type 'm' (defined: n)");
    CHECK(error_of(R"(name: p
core_types:
  - name: c
    pstates: [{frequency_ghz: 2, busy_power_w: 5}]
processor_types: [{name: cpu, core_type: c, cores: 2}]
node_types: [{name: n, processors: [{type: gpu}]}]
)") == "F:6:44: undefined processor type 'gpu' (defined: cpu)");
}

TEST_CASE("platform: per-P-state lists must fit the DVFS domain and the P-state count", "[platform]") {
    const std::string types = R"(core_types:
  - name: c
    pstates:
      - {frequency_ghz: 2, busy_power_w: 5}
      - {frequency_ghz: 1, busy_power_w: 2}
  - name: d
    pstates: [{frequency_ghz: 3, busy_power_w: 9}]
)";
    CHECK(error_of("name: p\n" + types +
                   R"(processor_types: [{name: cpu, core_type: c, cores: 2, uncore_power_w: [3, 1]}]
)") == "F:9:71: a per-P-state 'uncore_power_w' list needs dvfs_domain processor or node");
    CHECK(error_of("name: p\ndvfs_domain: processor\n" + types +
                   R"(processor_types: [{name: cpu, core_type: c, cores: 2, uncore_power_w: [3, 2, 1]}]
)") == "F:10:71: 'uncore_power_w' has 3 entries but core type 'c' has 2 P-states");
    CHECK(error_of("name: p\ndvfs_domain: processor\n" + types +
                   R"(processor_types: [{name: cpu, core_type: c, cores: 2}]
node_types: [{name: n, processors: [{type: cpu}], base_power_w: [10, 5]}]
)") == "F:11:65: a per-P-state 'base_power_w' list needs dvfs_domain node");
    CHECK(error_of("name: p\ndvfs_domain: node\n" + types +
                   R"(processor_types: [{name: cpu, core_type: c, cores: 2}]
node_types: [{name: n, processors: [{type: cpu}], base_power_w: [10]}]
)") == "F:11:65: 'base_power_w' has 1 entries but node type 'n' has 2 P-states");
    CHECK(error_of("name: p\ndvfs_domain: node\n" + types +
                   R"(processor_types: [{name: cpu, core_type: c, cores: 2}, {name: dpu, core_type: d, cores: 1}]
node_types: [{name: n, processors: [{type: cpu}, {type: dpu}]}]
)") == "F:11:36: dvfs_domain node puts all cores of a node at one P-state, but node type 'n' mixes core "
       "types "
       "with different P-state counts: 'c' (2) and 'd' (1)");
    CHECK(error_of("name: p\ndvfs_domain: socket\n") ==
          "F:2:14: unknown dvfs_domain 'socket' (allowed: core, processor, node)");
}

TEST_CASE("platform: simgrid_host shorthand errors", "[platform]") {
    CHECK(error_of(R"(name: p
node_types:
  - name: h
    simgrid_host: {cores: 2, speeds_hz: [1.0e9], host_energy: "100:120:200"}
)") == "F:4:19: simgrid_host needs dvfs_domain node (a SimGrid host has one P-state for all its cores)");
    CHECK(error_of(R"(name: p
dvfs_domain: node
node_types:
  - name: h
    simgrid_host: {cores: 2, speeds_hz: [1.0e9], host_energy: "100:90:200"}
)") == "F:5:63: host_energy P0: Epsilon (90 W) is below Idle (100 W); rmsim maps Epsilon - Idle onto "
       "processor uncore power, which cannot be negative");
    CHECK(error_of(R"(name: p
dvfs_domain: node
node_types:
  - name: h
    simgrid_host: {cores: 2, speeds_hz: [1.0e9, 5.0e8], host_energy: "100:120:200, 90:110:105"}
)") == "F:5:70: host_energy P1: AllCores (105 W) is below Epsilon (110 W)");
    CHECK(error_of(R"(name: p
dvfs_domain: node
node_types:
  - name: h
    simgrid_host: {cores: 2, speeds_hz: [1.0e9, 5.0e8], host_energy: "100:120:200"}
)") == "F:5:70: 'host_energy' has 1 P-states but 'speeds_hz' has 2");
    CHECK(error_of(R"(name: p
dvfs_domain: node
node_types:
  - name: h
    simgrid_host: {cores: 2, speeds_hz: 1.0e9, host_energy: "100:1x0:200"}
)") == "F:5:61: host_energy P0: '1x0' is not a power in W (>= 0)");
    CHECK(error_of(R"(name: p
dvfs_domain: node
node_types:
  - name: h
    simgrid_host: {cores: 2, speeds_hz: 1.0e9, host_energy: "100"}
)") == "F:5:61: host_energy P0: expected Idle:Epsilon:AllCores or Idle:AllCores, got '100'");
    CHECK(error_of(R"(name: p
dvfs_domain: node
node_types:
  - name: h
    simgrid_host: {cores: 2, speeds_hz: 1.0e9, host_energy: "100:120:200"}
    base_power_w: 5
)") == "F:6:19: 'base_power_w' cannot be combined with 'simgrid_host' (the shorthand defines it)");
}

TEST_CASE("platform: YAML syntax errors and missing files become located input errors", "[platform]") {
    CHECK(error_of(R"(name: p
core_types: [{name: c
node_types: []
)") == "F:3:11: YAML syntax error: end of map flow not found");
    TempDir dir;
    std::string missing = dir.path("nope.yaml");
    CHECK_THROWS_WITH(rmsim::load_platform_file(missing), missing + ": cannot open file (No such file or directory)");
    CHECK_THROWS_WITH(rmsim::load_platform_file(dir.write("empty.yaml", "")),
                      dir.path("empty.yaml") + ": the platform file is empty");
    try {
        rmsim::load_platform_file(missing);
        FAIL("no error");
    } catch (const InputError& e) {
        CHECK(e.where().file == missing);
        CHECK(e.where().line == 0);
    }
}

TEST_CASE("platform: energy_store_j gives a node type a finite energy store", "[platform][energy_store]") {
    const std::string base = R"(name: p
core_types:
  - name: c
    pstates: [{frequency_ghz: 2, busy_power_w: 5, idle_power_w: 1}]
processor_types: [{name: cpu, core_type: c, cores: 2}]
)";
    TempDir dir;
    const PlatformSpec s = rmsim::load_platform_file(dir.write("p.yaml", base + R"(node_types:
  - {name: edge, processors: [{type: cpu}], energy_store_j: 3.6e5}
  - {name: mains, processors: [{type: cpu}]}
clusters: [{name: k, node_type: edge, nodes: 2}, {name: m, node_type: mains, nodes: 1}]
)"));
    CHECK(s.node_types[0].energy_store_j == 3.6e5);
    CHECK(s.node_types[1].energy_store_j == 0.0);  // the default: no store, unlimited
    CHECK(error_of(base + R"(node_types: [{name: n, processors: [{type: cpu}], energy_store_j: -10}]
)") == "F:6:67: 'energy_store_j' must be >= 0, got '-10'");
    CHECK(error_of(base + R"(node_types: [{name: n, processors: [{type: cpu}], energy_store_j: .inf}]
)")
              .rfind("F:6:67: ", 0) == 0);
}
