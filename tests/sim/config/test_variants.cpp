// Variants and sweeps of an experiment config, the statistics over trials, and the comparison tables.
#include <catch2/catch.hpp>

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <string>
#include <vector>

#include "platform/input_error.h"
#include "sim/config/experiment.h"
#include "sim/config/summary_fields.h"
#include "sim/config/variants.h"
#include "sim/outputs/aggregate.h"
#include "sim/outputs/comparison.h"
#include "tests/support/rmsim_cli.h"
#include "tests/support/scratch_dir.h"

using namespace rmsim;

namespace {

YAML::Node parse(const std::string& text) { return YAML::Load(text); }

nlohmann::ordered_json summary(double completed, double energy) {
    nlohmann::ordered_json s;
    s["tasks"] = {{"completed", completed}};
    s["energy"] = {{"total_j", energy}};
    return s;
}

}  // namespace

TEST_CASE("variants: entries times sweep values in file order", "[sim][variants]") {
    const YAML::Node root = parse(
        "variants:\n"
        "  - {name: easy, set: {manager.policy: easy}}\n"
        "  - {name: cons, set: {manager.policy: conservative}}\n"
        "sweep:\n"
        "  run.energy_budget_j: [8, 12]\n"
        "  workload.synthetic.arrival_rate_per_s: [0.5, 1, 2]\n");
    const auto v = expand_variants(root, "c.yaml");
    REQUIRE(v.size() == 2u * 2u * 3u);
    // Entries outermost, then the first swept key, the last swept key fastest.
    CHECK(v[0].name == "easy energy_budget_j=8 arrival_rate_per_s=0.5");
    CHECK(v[1].name == "easy energy_budget_j=8 arrival_rate_per_s=1");
    CHECK(v[3].name == "easy energy_budget_j=12 arrival_rate_per_s=0.5");
    CHECK(v[6].name == "cons energy_budget_j=8 arrival_rate_per_s=0.5");
    CHECK(v[11].name == "cons energy_budget_j=12 arrival_rate_per_s=2");
    CHECK(v[11].dir == "cons_energy_budget_j=12_arrival_rate_per_s=2");
    CHECK(v[11].sweep_choice == std::vector<std::size_t>{1, 2});
}

TEST_CASE("variants: a variant changes the config at its key paths", "[sim][variants]") {
    YAML::Node root = parse(
        "manager: {policy: fcfs, params: {a: 1}}\n"
        "variants:\n"
        "  - {name: x, set: {manager.policy: easy, manager.params.a: 7}}\n"
        "sweep:\n"
        "  run.seed: [4, 5]\n");
    const auto v = expand_variants(root, "c.yaml");
    REQUIRE(v.size() == 2);
    apply_variant(root, v[1], "c.yaml");
    CHECK(root["manager"]["policy"].as<std::string>() == "easy");
    CHECK(root["manager"]["params"]["a"].as<int>() == 7);
    CHECK(root["run"]["seed"].as<int>() == 5);
    // The value keeps its position in the file for error messages (line 3, 0-based 2).
    CHECK(root["manager"]["policy"].Mark().line == 2);
}

TEST_CASE("variants: bad sections are located input errors", "[sim][variants]") {
    auto error_of = [](const std::string& text) {
        try {
            expand_variants(parse(text), "c.yaml");
        } catch (const InputError& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    CHECK(error_of("variants: []\n") == "c.yaml:1:11: 'variants' is empty");
    CHECK(error_of("variants:\n  - {name: a}\n  - {name: a}\n").find("c.yaml:3:12: duplicate variant name 'a'") == 0);
    CHECK(error_of("variants:\n  - {name: a, sets: {}}\n").find("unknown key 'sets'") != std::string::npos);
    CHECK(error_of("sweep:\n  run.seed: []\n") == "c.yaml:2:13: no values to sweep for 'run.seed'");
    CHECK(error_of("sweep:\n  run.seed: [1, 1]\n").find("value '1' listed twice") != std::string::npos);
    CHECK(error_of("sweep:\n  a.seed: [1]\n  b.seed: [2]\n").find("last part ('seed' twice)") != std::string::npos);
    CHECK(error_of("variants:\n  - {name: a, set: {sweep.x: 1}}\n").find("cannot change 'sweep.x'") !=
          std::string::npos);
}

TEST_CASE("aggregate: mean and Student t 95 % interval", "[sim][aggregate]") {
    // x = 1 2 3 4: mean 2.5, s = sqrt(((1.5)^2 + (0.5)^2 + (0.5)^2 + (1.5)^2) / 3) = sqrt(5/3) = 1.2909944,
    // t(0.975, 3 df) = 3.1824463, half-width = 3.1824463 x 1.2909944 / sqrt(4) = 2.0542...
    const MeanCi m = mean_ci({1, 2, 3, 4});
    CHECK(m.mean == Approx(2.5));
    CHECK(m.ci95 == Approx(3.1824463 * std::sqrt(5.0 / 3.0) / 2.0).epsilon(1e-7));
    CHECK(mean_ci({7}).ci95 == 0);
}

TEST_CASE("comparison: paired ratios to the reference variant", "[sim][comparison]") {
    Variant a, b;
    a.name = "ref";
    b.name = "new";
    std::vector<VariantResults> r{{a, "fcfs", {summary(10, 2), summary(10, 4)}},
                                  {b, "easy", {summary(12, 3), summary(11, 8)}}};
    CompareSpec spec;
    spec.metrics = {"energy.total_j", "tasks.completed"};
    spec.normalize_to = "ref";
    const std::string csv = comparison_csv(r, spec);
    // energy of "new" relative to "ref", trial by trial: 3/2 = 1.5 and 8/4 = 2 -> mean 1.75,
    // half-width t(0.975, 1) x sd / sqrt(2) = 12.7062047 x 0.35355339 / 1.41421356 = 3.1765512.
    CHECK(csv.find("new,easy,energy.total_j,5.5,") != std::string::npos);
    CHECK(csv.find(",2,1.75,3.17655") != std::string::npos);
    // The reference relative to itself is exactly 1.
    CHECK(csv.find("ref,fcfs,tasks.completed,10,0,2,1,0\n") != std::string::npos);
    const std::string md = comparison_md(r, spec, "t");
    // energy 3 and 8: s = 3.5355339, half-width 12.7062047 x 3.5355339 / sqrt(2) = 31.8, shown as "32".
    CHECK(md.find("| new | easy | 5.5 ± 32 | 11.5 ± 6.4 |") != std::string::npos);
    CHECK(md.find("| new | easy | 1.75 ± 3.2 | 1.15 ± 0.64 |") != std::string::npos);
}

TEST_CASE("variants: the metrics a comparison accepts are exactly the fields summary.json has",
          "[sim][variants][cli]") {
    // A run that writes every section but two: DAG jobs (jobs), a measurement window (window), a policy with
    // figures, a governor and a power cap; a value-of-service run for the `vos` section, and a run on a
    // platform with energy stores for the `energy_stores` section.
    const test::ScratchDir dir("summary_fields");
    const std::string cfg = dir.write("e.yaml", "platform: " + std::string(RMSIM_SOURCE_DIR) +
                                                    "/configs/platforms/singh2015.yaml\n"
                                                    "workload:\n  singh: {jobs: 4, rate: high}\n"
                                                    "manager: {policy: valopt}\n"
                                                    "run: {warmup_s: 10}\n"
                                                    "dvfs: {governor: ondemand,\n"
                                                    "       power_caps: [{scope: machine, watts: 1.0e6}]}\n");
    const test::Outcome o = test::run_cli("run " + cfg + " --quiet --out " + (dir / "out").string(), dir);
    REQUIRE(o.code == 0);
    auto s = nlohmann::ordered_json::parse(test::slurp(dir / "out" / "summary.json"));
    // The value-of-service section needs a workload of its own (Machovec Ch.2 tasks with VM configurations).
    const std::string vos_cfg = dir.write("v.yaml", "platform: " + std::string(RMSIM_SOURCE_DIR) +
                                                        "/configs/platforms/machovec-ch2.yaml\n"
                                                        "workload:\n  machovec_ch2: {tasks_min: 20, tasks_max: 20, "
                                                        "types_min: 3, types_max: 3, hours: 2}\n"
                                                        "manager: {policy: max-vptr}\n"
                                                        "run: {warmup_s: 600}\n");
    const test::Outcome ov = test::run_cli("run " + vos_cfg + " --quiet --out " + (dir / "vos").string(), dir);
    REQUIRE(ov.code == 0);
    s["vos"] = nlohmann::ordered_json::parse(test::slurp(dir / "vos" / "summary.json"))["vos"];
    // The energy stores' section needs a platform with stores (and no DAG jobs).
    const std::string store_cfg =
        dir.write("b.yaml",
                  "platform:\n  name: b\n  core_types: [{name: c, pstates: [{frequency_ghz: 1, busy_power_w: 2}]}]\n"
                  "  processor_types: [{name: p, core_type: c, cores: 1}]\n"
                  "  node_types: [{name: n, processors: [{type: p}], energy_store_j: 10}]\n"
                  "  clusters: [{name: k, node_type: n, nodes: 2}]\n"
                  "workload:\n  synthetic: {tasks: 4, arrival_rate_per_s: 1, work_s_mean: 1}\n"
                  "manager: {policy: fcfs}\n");
    const test::Outcome ob = test::run_cli("run " + store_cfg + " --quiet --out " + (dir / "stores").string(), dir);
    INFO(ob.err);
    REQUIRE(ob.code == 0);
    s["energy_stores"] = nlohmann::ordered_json::parse(test::slurp(dir / "stores" / "summary.json"))["energy_stores"];
    std::vector<std::string> sections_written;
    for (const auto& [name, value] : s.items())
        if (value.is_object()) sections_written.push_back(name);
    std::vector<std::string> sections_listed;
    for (const auto& [name, fields] : summary_fields()) sections_listed.push_back(name);
    std::sort(sections_written.begin(), sections_written.end());
    CHECK(sections_written == sections_listed);
    for (const auto& [name, fields] : summary_fields()) {
        if (fields.empty() || !s.contains(name)) continue;  // the policy's own figures, the caps': any name
        std::vector<std::string> written;
        for (const auto& [field, value] : s[name].items()) written.push_back(field);
        INFO("section " << name);
        CHECK(written == fields);
        for (const std::string& f : fields) CHECK(summary_metric_problem(name + "." + f).empty());
    }
    CHECK_FALSE(summary_metric_problem("tasks.bogus").empty());
    CHECK(summary_metric_problem("policy_stats.anything").empty());
}
