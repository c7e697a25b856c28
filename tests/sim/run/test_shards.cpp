// Shards of a run (sim/run/shards.h, `rmsim run --shard I/N`) and `rmsim merge` (sim/run/merge.h): the split
// computed by hand; N shards merged give the bytes of a run on one machine (timing.json aside), whatever the
// order of the folders; a shard resumes like any run; merge refuses, before writing anything, shards of
// different runs, a missing or repeated shard, an unfinished trial and a trial computed from other inputs.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>
#include <vector>

#include "platform/input_error.h"
#include "sim/run/cli_args.h"
#include "sim/run/shards.h"
#include "tests/support/result_tree.h"
#include "tests/support/rmsim_cli.h"
#include "tests/support/scratch_dir.h"
#include "tests/support/tiny_config.h"

namespace fs = std::filesystem;
using namespace rmsim::test;
using rmsim::assign_shards;
using rmsim::InputError;
using rmsim::parse_shard;

namespace {

/// Two variants of the tiny synthetic config, three trials: six (variant, trial) pairs of equal cost.
std::string two_variants(const ScratchDir& d) {
    return d.write("c.yaml", config(kSynthetic) +
                                 "variants:\n"
                                 "  - {name: first-come, set: {manager.policy: fcfs}}\n"
                                 "  - {name: backfill, set: {manager.policy: easy}}\n"
                                 "run: {trials: 3}\n");
}

/// Runs the N shards of `run` into d/s0 .. d/s(N-1) and returns their folders.
std::vector<std::string> run_shards(const std::string& run, const ScratchDir& d, int n) {
    std::vector<std::string> dirs;
    for (int i = 0; i < n; ++i) {
        dirs.push_back((d / ("s" + std::to_string(i))).string());
        const Outcome o =
            run_cli(run + " --shard " + std::to_string(i) + "/" + std::to_string(n) + " --out " + dirs.back(), d);
        INFO(o.err);
        REQUIRE(o.code == 0);
    }
    return dirs;
}

}  // namespace

TEST_CASE("shards: longest processing time first, computed by hand", "[sim][shards]") {
    // Costs 5 3 3 2 2 1 on 2 shards: 5 -> s0 (5); 3 -> s1 (3); 3 -> s1, the lesser (6); 2 -> s0 (7);
    // 2 -> s1 (8); 1 -> s0 (8). Both end at 8 of 16.
    CHECK(assign_shards({5, 3, 3, 2, 2, 1}, 2) == std::vector<std::uint32_t>{0, 1, 1, 0, 1, 0});
    // Equal costs (0 counts as 1) are dealt out in turn, ties to the lower shard.
    CHECK(assign_shards({1, 1, 0, 1, 1}, 2) == std::vector<std::uint32_t>{0, 1, 0, 1, 0});
    // The costly run first, then the cheap ones fill the other shards: 9 -> s0; 1, 1, 1 -> s1, s2, s1 ...
    CHECK(assign_shards({1, 1, 9, 1, 1}, 3) == std::vector<std::uint32_t>{1, 2, 0, 1, 2});
    CHECK(assign_shards({4, 4}, 5) == std::vector<std::uint32_t>{0, 1});
    CHECK(assign_shards({}, 3).empty());

    CHECK(parse_shard("--shard", "2/4").index == 2);
    CHECK(parse_shard("--shard", "0/1").count == 1);
    for (const char* bad : {"4/4", "1/0", "a/2", "1", "-1/2", "1/2/3", "0/100001", "/2", "1/"}) {
        INFO(bad);
        CHECK_THROWS_AS(parse_shard("--shard", bad), InputError);
    }
}

TEST_CASE("shards: N shards merged are the bytes of one run, in any order", "[sim][shards]") {
    const ScratchDir d("shards_merge");
    const std::string run = "run " + two_variants(d) + " --quiet";
    REQUIRE(run_cli(run + " --jobs 2 --out " + (d / "whole").string(), d).code == 0);
    const std::vector<std::string> s = run_shards(run, d, 4);
    // Six equal pairs on four shards: 2, 2, 1, 1; each shard holds only its own trials, and no aggregate.
    CHECK(fs::exists(fs::path(s[0]) / "first-come" / "trial-0" / "provenance.json"));
    CHECK(fs::exists(fs::path(s[1]) / "first-come" / "trial-1" / "provenance.json"));
    CHECK(fs::exists(fs::path(s[0]) / "backfill" / "trial-1" / "provenance.json"));
    CHECK_FALSE(fs::exists(fs::path(s[0]) / "first-come" / "trial-1"));
    CHECK_FALSE(fs::exists(fs::path(s[0]) / "comparison.md"));
    CHECK_FALSE(fs::exists(fs::path(s[0]) / "first-come" / "aggregate.json"));
    CHECK(slurp(fs::path(s[3]) / "shard.json")
              .find("\"pairs\": [\n    {\n      \"variant\": \"backfill\",\n"
                    "      \"trial\": 0\n") != std::string::npos);
    const Outcome m =
        run_cli("merge " + s[2] + " " + s[0] + " " + s[3] + " " + s[1] + " --out " + (d / "merged").string(), d);
    INFO(m.err);
    REQUIRE(m.code == 0);
    CHECK(m.out.find("| backfill |") != std::string::npos);  // the comparison table, as `rmsim run` prints it
    CHECK(differences(tree(d / "whole"), tree(d / "merged")) == "");

    // A merge into a folder that holds results is refused, as a run is; --force replaces them.
    const Outcome again =
        run_cli("merge " + s[0] + " " + s[1] + " " + s[2] + " " + s[3] + " --out " + (d / "merged").string(), d);
    CHECK(again.code == 2);
    CHECK(again.err.find("holds the results of a previous run") != std::string::npos);
    REQUIRE(run_cli("merge " + s[0] + " " + s[1] + " " + s[2] + " " + s[3] + " --force --quiet --out " +
                        (d / "merged").string(),
                    d)
                .code == 0);
    CHECK(differences(tree(d / "whole"), tree(d / "merged")) == "");
}

TEST_CASE("shards: a single run and a run of trials without variants", "[sim][shards]") {
    const ScratchDir d("shards_single");
    const std::string c = d.write("c.yaml", config(kSynthetic));
    for (const std::string trials : {"1", "3"}) {
        INFO("trials " + trials);
        const std::string run = "run " + c + " --trials " + trials + " --quiet";
        const fs::path whole = d / ("whole" + trials);
        REQUIRE(run_cli(run + " --out " + whole.string(), d).code == 0);
        std::vector<std::string> s = run_shards(run, d, trials == "1" ? 1 : 2);
        if (trials == "1") {
            // One pair and two shards: shard 1 holds nothing, and says so.
            s.push_back((d / "empty").string());
            const Outcome o = run_cli("run " + c + " --trials 1 --shard 1/2 --out " + s.back(), d);
            CHECK(o.code == 0);
            CHECK(o.err.find("shard 1/2: " + s.back() + " holds none of the run's pairs") != std::string::npos);
            REQUIRE(run_cli(run + " --shard 0/2 --out " + s[0] + " --force", d).code == 0);
        }
        const fs::path merged = d / ("merged" + trials);
        const Outcome m = run_cli("merge " + s[0] + " " + s[1] + " --quiet --out " + merged.string(), d);
        INFO(m.err);
        REQUIRE(m.code == 0);
        CHECK(differences(tree(whole), tree(merged)) == "");
        fs::remove_all(d / "s0");
        fs::remove_all(d / "s1");
        fs::remove_all(d / "empty");
    }
}

TEST_CASE("shards: a shard resumes, and keeps only its own pairs", "[sim][shards]") {
    const ScratchDir d("shards_resume");
    const std::string run = "run " + two_variants(d) + " --quiet";
    const std::vector<std::string> s = run_shards(run, d, 2);
    // Shard 0 killed before its last trial finished: the trial has no provenance.json. --resume redoes it.
    const fs::path cut = fs::path(s[0]) / "backfill" / "trial-1";
    REQUIRE(fs::exists(cut / "provenance.json"));
    const auto before = tree(s[0]);
    fs::remove(cut / "provenance.json");
    fs::remove(cut / "summary.json");
    REQUIRE(run_cli(run + " --shard 0/2 --resume --out " + s[0], d).code == 0);
    CHECK(differences(before, tree(s[0])) == "");
    // Shard 1's pairs are not shard 0's: resuming shard 1 in shard 0's folder is refused.
    const Outcome other = run_cli(run + " --shard 1/2 --resume --out " + s[0], d);
    INFO(other.err);
    CHECK(other.code == 2);
    CHECK(other.err.find(s[0] + " holds results this run would not write: " + s[0] + "/first-come/trial-0, ") !=
          std::string::npos);
}

TEST_CASE("merge: refuses what does not make one finished run, before writing", "[sim][shards]") {
    const ScratchDir d("shards_refused");
    const std::string c = two_variants(d);
    const std::string run = "run " + c + " --quiet";
    const std::vector<std::string> s = run_shards(run, d, 3);
    const std::string out = (d / "merged").string();
    auto merge = [&](const std::string& dirs) {
        const Outcome o = run_cli("merge " + dirs + " --out " + out, d);
        CHECK(o.code == 2);
        CHECK_FALSE(fs::exists(out));
        return o.err;
    };
    CHECK(merge(s[0] + " " + s[1]) == "rmsim: shard 2/3 is missing: merge takes the folders of all 3 shards\n");
    CHECK(merge(s[0] + " " + s[1] + " " + s[1] + " " + s[2]) ==
          "rmsim: shard 1/3 is given twice: " + s[1] + " and " + s[1] + "\n");
    CHECK(merge(s[0] + " " + (d / "nowhere").string()) == (d / "nowhere").string() +
                                                              ": not a folder: merge takes the --out folders of a "
                                                              "run's shards\n");
    CHECK(merge(s[0] + " " + d.string()).find("has no shard.json") != std::string::npos);
    // A shard of the same config with another seed is a shard of another run.
    const std::string seeded = (d / "seeded").string();
    REQUIRE(run_cli(run + " --seed 99 --shard 1/3 --out " + seeded, d).code == 0);
    CHECK(merge(s[0] + " " + seeded + " " + s[2]).find(" are shards of different runs") != std::string::npos);
    // An unfinished trial (its provenance.json is written last) names the shard and --resume.
    const fs::path trial = fs::path(s[2]) / "backfill" / "trial-2";
    REQUIRE(fs::exists(trial / "provenance.json"));
    const std::string provenance = slurp(trial / "provenance.json");
    fs::remove(trial / "provenance.json");
    CHECK(merge(s[0] + " " + s[1] + " " + s[2]) ==
          "rmsim: shard 2/3 (" + s[2] + ") has not finished 'backfill' trial 2: run the shard again with --resume\n");
    write_file(trial / "provenance.json", provenance);
    // The config changed after the shards ran: a comment changes no trial's inputs, 201 tasks every trial's.
    const std::string text = slurp(c);
    write_file(c, text + "# a comment changes nothing\n");
    const Outcome ok = run_cli("merge " + s[0] + " " + s[1] + " " + s[2] + " --quiet --out " + out, d);
    CHECK(ok.code == 0);
    fs::remove_all(out);
    REQUIRE(text.find("tasks: 200") != std::string::npos);
    write_file(c, text.substr(0, text.find("tasks: 200")) + "tasks: 201" + text.substr(text.find("tasks: 200") + 10));
    CHECK(merge(s[0] + " " + s[1] + " " + s[2]).find("was computed from other inputs than " + c + " names now") !=
          std::string::npos);
    // A shard written by another rmsim.
    for (const std::string& dir : s) {
        std::string m = slurp(fs::path(dir) / "shard.json");
        m.replace(m.find("\"rmsim_version\": \""), 18, "\"rmsim_version\": \"0.0.0-other");
        write_file(fs::path(dir) / "shard.json", m);
    }
    CHECK(merge(s[0] + " " + s[1] + " " + s[2]).find("the shards were run by rmsim 0.0.0-other") != std::string::npos);
    write_file(fs::path(s[0]) / "shard.json", "{\"run\": 1}");
    CHECK(merge(s[0] + " " + s[1] + " " + s[2]).rfind(s[0] + "/shard.json: not a shard.json rmsim can read", 0) == 0);
}

TEST_CASE("shards: bad usage", "[sim][shards]") {
    const ScratchDir d("shards_usage");
    const Outcome bad =
        run_cli("run " + d.write("c.yaml", config(kSynthetic)) + " --shard 2/2 --out " + (d / "o").string(), d);
    CHECK(bad.code == 2);
    CHECK(bad.err == "rmsim: --shard expects I/N, shard I of N with 0 <= I < N <= 100000, got '2/2'\n");
    const Outcome none = run_cli("merge --out " + (d / "o").string(), d);
    CHECK(none.code == 2);
    CHECK(none.err == "rmsim: missing SHARD_DIR: merge takes the folders of a run's shards\n");
}
