// The end-of-run invariants (sim/run/invariants.h) through the command line: a clean run passes them, and so
// does one stopped at run.end_s with tasks left; each invariant, corrupted through the test hook
// RMSIM_TEST_CORRUPT, fails the run with exit 1, the invariant named on stderr and no results; so does an
// error that the hardware reports during the simulation (modules/report.h), in a single run and in forked
// trial children.
#include <catch2/catch.hpp>
#include "tests/support/rmsim_cli.h"
#include "tests/support/scratch_dir.h"
#include "tests/support/tiny_config.h"

#include <cstdlib>
#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

#include "sim/run/invariants.h"

namespace fs = std::filesystem;
using namespace rmsim::test;

namespace {

/// The tiny config stopped at 5000 s, tasks still running, waiting and yet to arrive (legitimately).
std::string stopped_at_end() { return config(kSynthetic) + "run: {end_s: 5000}\n"; }

/// Runs `yaml` into `d`/`out` with RMSIM_TEST_CORRUPT set to `corrupt` (unset if empty).
Outcome run_with(const ScratchDir& d, const std::string& out, const std::string& yaml, const std::string& corrupt,
                 const std::string& options = "") {
    const std::string path = d.write(out + ".yaml", yaml);
    if (corrupt.empty())
        unsetenv("RMSIM_TEST_CORRUPT");
    else
        setenv("RMSIM_TEST_CORRUPT", corrupt.c_str(), 1);
    const Outcome o = run_cli("run " + path + " --quiet --out " + (d / out).string() + options, d);
    unsetenv("RMSIM_TEST_CORRUPT");
    return o;
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("invariants: a complete run and one stopped at run.end_s with tasks left pass every check",
          "[sim][invariants]") {
    const ScratchDir d("invariants_clean");
    const Outcome all = run_with(d, "all", config(kSynthetic), "");
    INFO(all.err);
    REQUIRE(all.code == 0);
    CHECK(nlohmann::json::parse(slurp(d / "all" / "summary.json"))["tasks"]["unfinished"] == 0);
    const Outcome stopped = run_with(d, "stopped", stopped_at_end(), "");
    INFO(stopped.err);
    REQUIRE(stopped.code == 0);
    const auto s = nlohmann::json::parse(slurp(d / "stopped" / "summary.json"));
    CHECK(s["tasks"]["arrived"] < 200);
    CHECK(s["tasks"]["unfinished"] > 0);
    CHECK(s["time"]["simulated_s"] == 5000.0);
}

TEST_CASE("invariants: each invariant, corrupted through the test hook, fails the run with exit 1 and its name",
          "[sim][invariants]") {
    const ScratchDir d("invariants_corrupt");
    for (const rmsim::Invariant& i : rmsim::kInvariants) {
        const std::string name = i.name;
        const Outcome o = run_with(d, name, stopped_at_end(), name);
        INFO(name << ": " << o.err);
        CHECK(o.code == 1);
        CHECK(o.err.rfind("rmsim: internal error: invariant: " + name + ": ", 0) == 0);
        CHECK_FALSE(fs::exists(d / name));  // not even the empty folder the run made
    }
    // A folder the user made is left in place with what it holds; an empty one of theirs too.
    fs::create_directories(d / "mine" / "notes");
    write_file(d / "mine" / "notes" / "n.txt", "mine");
    CHECK(run_with(d, "mine", stopped_at_end(), "node-parts").code == 1);
    CHECK(slurp(d / "mine" / "notes" / "n.txt") == "mine");
    fs::create_directories(d / "empty");
    CHECK(run_with(d, "empty", stopped_at_end(), "node-parts").code == 1);
    CHECK(fs::is_directory(d / "empty"));
}

TEST_CASE("invariants: a violation in a forked trial child fails the run with exit 1 and the child's message",
          "[sim][invariants]") {
    const ScratchDir d("invariants_trials");
    const Outcome o = run_with(d, "out", config(kSynthetic), "task-counts", " --trials 2 --jobs 2");
    INFO(o.err);
    CHECK(o.code == 1);
    CHECK(contains(o.err, "rmsim: internal error: invariant: task-counts: completed: ledger "));
    CHECK_FALSE(fs::exists(d / "out"));  // both trials failed: nothing to keep, no empty folders
}

TEST_CASE("invariants: an error the hardware reports in the run exits 1 with its message, in trial children too",
          "[sim][invariants][reports]") {
    const ScratchDir d("invariants_report");
    // A START at a P-state node 0's cores do not have, sent at time 0 (sim/run/invariants.h, "bad-start").
    for (const std::string options : {"", " --trials 2 --jobs 2"}) {
        const std::string out = options.empty() ? "single" : "trials";
        const Outcome o = run_with(d, out, config(kSynthetic), rmsim::kBadStart, options);
        INFO(options << ": " << o.err);
        CHECK(o.code == 1);
        CHECK(o.err.rfind("rmsim: internal error: ", 0) == 0);
        CHECK(contains(o.err, "rmsim/hw/dvfs: "));
        CHECK(contains(o.err, "node0.cpu0.core0: P-state 65535 out of range"));
    }
}

TEST_CASE("invariants: a test hook naming no invariant is an internal error", "[sim][invariants]") {
    const ScratchDir d("invariants_unknown");
    const Outcome o = run_with(d, "out", config(kSynthetic), "task-count");
    INFO(o.err);
    CHECK(o.code == 1);
    CHECK(contains(o.err, "RMSIM_TEST_CORRUPT='task-count' names no invariant (task-counts, node-parts"));
}
