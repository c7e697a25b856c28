// Machovec Ch.5 through the command line: a UAV whose store empties mid-surveil, computed by hand; the
// workload and policy refused with each other's kind.
#include <catch2/catch.hpp>
#include "tests/support/rmsim_cli.h"
#include "tests/support/scratch_dir.h"
#include "tests/support/tiny_config.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <string>

namespace fs = std::filesystem;
using rmsim::test::config;
using rmsim::test::kSynthetic;
using rmsim::test::Outcome;
using rmsim::test::run_cli;
using rmsim::test::ScratchDir;
using rmsim::test::slurp;

namespace {

/// One UAV (VIS, quality 9, 0.1 units per hour, 0.3 units of energy) and one target (priority 8, VIS
/// affinity 9, 1.27 h surveils) open all day.
const std::string kOneUav = R"(name: one-uav
workload:
  uav_mission:
    scenario:
      uavs:
        - {energy: 0.3, sensors: [{type: VIS, quality: 9, rate_per_h: 0.1}]}
      targets:
        - {priority: 8, surveil_h: 1.27, affinity: {VIS: 9}, intervals: [[0, 24]]}
manager:
  policy: uav-max-value
run: {seed: 1}
)";

nlohmann::json run_summary(const ScratchDir& d, const std::string& text) {
    std::ofstream(d / "c.yaml") << text;
    const Outcome o = run_cli("run " + (d / "c.yaml").string() + " --out " + (d / "out").string() + " --quiet", d);
    INFO(o.err);
    REQUIRE(o.code == 0);
    return nlohmann::json::parse(slurp(d / "out" / "summary.json"));
}

}  // namespace

TEST_CASE("uav mission: the UAV's store empties during its third surveil", "[sim][uav]") {
    const ScratchDir d("uav_one");
    const nlohmann::json s = run_summary(d, kOneUav);
    // Value of a complete surveil: 8 · 9 · 9 = 648; it lasts 1.27 h = 4,572 s and takes 0.1 · 1.27 = 0.127
    // units (457.2 J of the store's 0.3 · 3,600 = 1,080 J).
    // Surveil 1: 0 to 4,572 s. The next mapping event (every 300 s) is at 4,800 s: surveil 2 to 9,372 s;
    // surveil 3 from 9,600 s. 1,080 − 2 · 457.2 = 165.6 J are left: at 0.1 W they last 1,656 s, so the store
    // empties at 11,256 s with 1,656 / 4,572 = 0.362205 of the third surveil done.
    const double value = 648.0 * (2.0 + 1656.0 / 4572.0);  // 1,530.71
    const auto& p = s["policy_stats"];
    CHECK(p["surveillance_value"].get<double>() == Approx(value).epsilon(1e-6));
    CHECK(p["surveils_completed"] == 2);
    CHECK(p["surveils_partial"] == 1);
    CHECK(p["surveils_stopped_by_empty_store"] == 1);
    // The node drew exactly its store and nothing after it emptied.
    CHECK(s["energy"]["total_j"].get<double>() == Approx(1080.0).epsilon(1e-9));
}

TEST_CASE("uav mission: a uav policy needs a uav_mission workload, and the other way round", "[sim][uav]") {
    const ScratchDir d("uav_mismatch");
    std::ofstream(d / "a.yaml") << config(kSynthetic, "manager: {policy: uav-max-value}\n");
    Outcome o = run_cli("run " + (d / "a.yaml").string() + " --out " + (d / "out").string(), d);
    CHECK(o.code == 2);
    CHECK(o.err.find("schedules a UAV mission") != std::string::npos);
    std::string other = kOneUav;
    other.replace(other.find("uav-max-value"), 13, "fcfs");
    std::ofstream(d / "b.yaml") << other;
    o = run_cli("run " + (d / "b.yaml").string() + " --out " + (d / "out").string(), d);
    CHECK(o.code == 2);
    CHECK(o.err.find("needs a uav policy") != std::string::npos);
    CHECK_FALSE(fs::exists(d / "out"));
}

TEST_CASE("uav mission: a bad scenario is refused at its place", "[sim][uav]") {
    const ScratchDir d("uav_bad");
    std::string text = kOneUav;
    text.replace(text.find("type: VIS"), 9, "type: UV");
    std::ofstream(d / "c.yaml") << text;
    const Outcome o = run_cli("run " + (d / "c.yaml").string() + " --out " + (d / "out").string(), d);
    CHECK(o.code == 2);
    CHECK(o.err.rfind((d / "c.yaml").string() + ":6:", 0) == 0);
    CHECK(o.err.find("unknown sensor type 'UV'") != std::string::npos);
    CHECK_FALSE(fs::exists(d / "out"));
    // An interval outside the day.
    text = kOneUav;
    text.replace(text.find("[[0, 24]]"), 9, "[[0, 30]]");
    std::ofstream(d / "c.yaml") << text;
    const Outcome o2 = run_cli("run " + (d / "c.yaml").string() + " --out " + (d / "out").string(), d);
    CHECK(o2.code == 2);
    CHECK(o2.err.find("inside the day") != std::string::npos);
}
