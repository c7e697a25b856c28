// Trials run in child processes that die with rmsim: a child left running after rmsim is killed would go on
// writing into a results folder that a rerun may be wiping or resuming.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>
#include <vector>

#include "tests/support/rmsim_cli.h"
#include "tests/support/scratch_dir.h"

namespace fs = std::filesystem;
using namespace rmsim::test;

TEST_CASE("trial pool: killing rmsim kills its running trials", "[sim][trial_pool][kill]") {
    const ScratchDir d("trial_pool_kill");
    const fs::path out = d / "out";
    // Two trials at once, each long enough (a few seconds) to be caught running.
    RmsimProcess rmsim({"run", std::string(RMSIM_SOURCE_DIR) + "/configs/quickstart.yaml", "--set",
                        "workload.synthetic.tasks=100000", "--trials", "2", "--jobs", "2", "--quiet", "--out",
                        out.string()});
    std::vector<pid_t> trials;
    REQUIRE(eventually([&] { return (trials = children_of(rmsim.pid())).size() == 2; }, 20));
    rmsim.kill_and_reap();
    for (pid_t t : trials) {
        INFO("trial process " << t);
        CHECK(eventually([&] { return !is_running(t); }, 5));
    }
    // They died before writing anything.
    CHECK_FALSE(fs::exists(out / "trial-0" / "summary.json"));
    CHECK_FALSE(fs::exists(out / "trial-1" / "summary.json"));
}
