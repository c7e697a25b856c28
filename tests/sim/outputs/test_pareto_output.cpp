// pareto.csv (docs/outputs.md): written by the Tarplee front policies, deterministic, absent otherwise.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

#include "tests/support/rmsim_cli.h"
#include "tests/support/scratch_dir.h"

using namespace rmsim;

TEST_CASE("pareto.csv: a Tarplee front policy writes pareto.csv, the same for the same seed", "[sim][tarplee]") {
    const test::ScratchDir dir("pareto_csv");
    dir.write(
        "exp.yaml",
        std::string("platform: ") + RMSIM_SOURCE_DIR +
            "/configs/platforms/tarplee-2types.yaml\n"
            "workload:\n"
            "  tarplee: {tasks: 60, etc: [[57, 28, 72, 45, 41, 19, 27, 28, 26], [98, 50, 120, 77, 70, 37, 49, 49, 45],"
            " [463, 303, 362, 342, 314, 311, 303, 290, 264]],\n"
            "            apc: [[47, 109, 45, 66, 75, 155, 112, 114, 132], [47, 109, 45, 66, 75, 155, 112, 114, 132],"
            " [47, 109, 45, 66, 75, 155, 112, 114, 132]]}\n"
            "manager: {policy: lp-energy-front, params: {weights: 50, execute_alpha: 0}}\n"
            "run: {seed: 4, trials: 1}\n");
    for (const char* out : {"a", "b"}) {
        const test::Outcome o =
            test::run_cli("run " + dir.string() + "/exp.yaml --quiet --out " + (dir.path() / out).string(), dir.path());
        REQUIRE(o.code == 0);
    }
    const std::string csv = test::slurp(dir.path() / "a" / "pareto.csv");
    CHECK(csv.rfind("front,point,energy_j,makespan_s\n", 0) == 0);
    CHECK(csv.find("\nlp_lower_bound,0,") != std::string::npos);
    CHECK(csv.find("\nlp_full_allocation,0,") != std::string::npos);
    CHECK(csv.find("\nexecuted,0,") != std::string::npos);
    CHECK(csv == test::slurp(dir.path() / "b" / "pareto.csv"));
    CHECK(test::slurp(dir.path() / "a" / "summary.json") == test::slurp(dir.path() / "b" / "summary.json"));
    // A policy without fronts writes none.
    const test::Outcome o = test::run_cli("run " + dir.string() +
                                              "/exp.yaml --quiet --set manager.policy=lp-makespan "
                                              "--set 'manager.params={}' --out " +
                                              (dir.path() / "c").string(),
                                          dir.path());
    REQUIRE(o.code == 0);
    CHECK(std::filesystem::exists(dir.path() / "c" / "summary.json"));
    CHECK_FALSE(std::filesystem::exists(dir.path() / "c" / "pareto.csv"));
}
