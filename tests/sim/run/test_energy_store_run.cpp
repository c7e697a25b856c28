// A run through the command line on a platform with energy stores (NodeType::energy_store_j): the edge nodes'
// stores run out during the run, their tasks go back to waiting and finish on the mains cluster, summary.json
// says which nodes were depleted and when, and the end-of-run invariants pass (exit 0). A negative store is
// refused before anything runs (exit 2, file:line:col).
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

#include "tests/support/rmsim_cli.h"
#include "tests/support/scratch_dir.h"

namespace fs = std::filesystem;
using namespace rmsim::test;

namespace {

/// Two edge nodes of 2 cores with stores of `store` J (10 W base power, 1 W per idle core: at least 12 W, so
/// empty within 2000 / 12 = 167 s), and one mains node of 4 cores without a store.
std::string config(const std::string& store) {
    return "platform:\n"
           "  name: edge\n"
           "  core_types:\n"
           "    - name: c\n"
           "      pstates: [{frequency_ghz: 1.0, busy_power_w: 4.0, idle_power_w: 1.0}]\n"
           "  processor_types: [{name: p2, core_type: c, cores: 2}, {name: p4, core_type: c, cores: 4}]\n"
           "  node_types:\n"
           "    - {name: edge, processors: [{type: p2}], base_power_w: 10, energy_store_j: " +
           store +
           "}\n"
           "    - {name: mains, processors: [{type: p4}], base_power_w: 10}\n"
           "  clusters: [{name: e, node_type: edge, nodes: 2}, {name: m, node_type: mains, nodes: 1}]\n"
           "workload:\n"
           "  synthetic: {tasks: 40, arrival_rate_per_s: 0.2, work_s_mean: 30, cores_min: 1, cores_max: 2}\n"
           "manager: {policy: fcfs}\n"
           "run: {seed: 3}\n";
}

}  // namespace

TEST_CASE("energy stores: a run whose edge nodes run out completes on the mains node", "[sim][energy_store]") {
    const ScratchDir d("energy_store_run");
    const std::string path = d.write("c.yaml", config("2000"));
    const Outcome o = run_cli("run " + path + " --quiet --out " + (d / "out").string(), d);
    INFO(o.err);
    REQUIRE(o.code == 0);
    const auto s = nlohmann::json::parse(slurp(d / "out" / "summary.json"));
    INFO(s.dump(2));
    CHECK(s["tasks"]["completed"] == 40);
    CHECK(s["tasks"]["unfinished"] == 0);
    REQUIRE(s.contains("energy_stores"));
    CHECK(s["energy_stores"]["nodes"] == 2);
    CHECK(s["energy_stores"]["depleted"] == 2);
    for (const char* n : {"node0", "node1"}) {
        REQUIRE(s["energy_stores"]["depleted_at_s"].contains(n));
        const double at = s["energy_stores"]["depleted_at_s"][n];
        CHECK(at > 0);
        CHECK(at <= 2000.0 / 12.0 + 1e-9);  // the idle draw alone empties it by then
    }
    CHECK_FALSE(s["energy_stores"]["depleted_at_s"].contains("node2"));
}

TEST_CASE("energy stores: a platform without stores has no energy_stores section", "[sim][energy_store]") {
    const ScratchDir d("energy_store_none");
    const std::string path = d.write("c.yaml", config("0"));
    const Outcome o = run_cli("run " + path + " --quiet --out " + (d / "out").string(), d);
    INFO(o.err);
    REQUIRE(o.code == 0);
    const auto s = nlohmann::json::parse(slurp(d / "out" / "summary.json"));
    CHECK_FALSE(s.contains("energy_stores"));
    CHECK(s["tasks"]["completed"] == 40);
}

TEST_CASE("energy stores: a negative store is refused at its location with exit 2", "[sim][energy_store][bad_inputs]") {
    const ScratchDir d("energy_store_bad");
    const std::string text = config("-5");
    const std::string path = d.write("c.yaml", text);
    const Outcome o = run_cli("run " + path + " --out " + (d / "out").string(), d);
    INFO(o.err);
    CHECK(o.code == 2);
    // line 8, at the value
    const std::string line = "    - {name: edge, processors: [{type: p2}], base_power_w: 10, energy_store_j: -5}";
    const std::string where = path + ":8:" + std::to_string(line.find("-5") + 1) + ": ";
    CHECK(o.err.rfind(where, 0) == 0);
    CHECK(o.err.find("'energy_store_j' must be >= 0, got '-5'") != std::string::npos);
    CHECK_FALSE(fs::exists(d / "out"));
}

TEST_CASE("energy stores: a workload of DAG jobs on a platform with stores is refused",
          "[sim][energy_store][bad_inputs]") {
    // The tasks of DAG jobs cannot be stopped, and a depleted node stops its tasks.
    const ScratchDir d("energy_store_dag");
    const std::string path = d.write("c.yaml",
                                     "platform:\n"
                                     "  name: b\n"
                                     "  core_types: [{name: c, pstates: [{frequency_ghz: 1, busy_power_w: 2}]}]\n"
                                     "  processor_types: [{name: p, core_type: c, cores: 8}]\n"
                                     "  node_types: [{name: n, processors: [{type: p}], energy_store_j: 10}]\n"
                                     "  clusters: [{name: k, node_type: n, nodes: 3}]\n"
                                     "workload:\n"
                                     "  singh: {jobs: 4, rate: high}\n"
                                     "manager: {policy: valopt}\n");
    const Outcome o = run_cli("run " + path + " --out " + (d / "out").string(), d);
    INFO(o.err);
    CHECK(o.code == 2);
    CHECK(o.err.rfind(path + ":8:3: ", 0) == 0);
    CHECK(o.err.find("energy stores (energy_store_j)") != std::string::npos);
    CHECK_FALSE(fs::exists(d / "out"));
}
