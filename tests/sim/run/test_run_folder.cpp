// `rmsim run` into an --out folder that already holds results (sim/run/run_folder.h): refused unless --resume or
// --force; a resumed run keeps the finished trials whose inputs match, redoes the unfinished ones from
// scratch, and ends byte-identical to a run never interrupted; --force deletes only what rmsim wrote.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "tests/support/result_tree.h"
#include "tests/support/rmsim_cli.h"
#include "tests/support/scratch_dir.h"
#include "tests/support/tiny_config.h"

namespace fs = std::filesystem;
using namespace rmsim::test;

namespace {

void write(const fs::path& p, const std::string& text) { std::ofstream(p, std::ios::binary) << text; }

bool any_partial(const fs::path& root) {
    for (const auto& e : fs::recursive_directory_iterator(root))
        if (e.path().extension() == ".partial") return true;
    return false;
}

/// A trial's timing.json (wall-clock figures: rewritten whenever the trial runs) before a resumed run.
struct KeptTrial {
    fs::path timing;
    std::string bytes;
    explicit KeptTrial(const fs::path& trial) : timing(trial / "timing.json"), bytes(slurp(timing)) {}
};

/// Runs `resume` and checks that `out` then holds what the uninterrupted run wrote in `whole`, byte for byte
/// (timing.json aside), no temporary file, and `kept` as it was (kept, not run again).
void check_resumed(const std::string& resume, const fs::path& dir, const fs::path& out, const fs::path& whole,
                   const KeptTrial& kept) {
    const Outcome o = run_cli(resume, dir);
    INFO(o.err);
    REQUIRE(o.code == 0);
    const auto want = tree(whole), got = tree(out);
    INFO(differences(want, got));
    CHECK(got == want);
    CHECK_FALSE(any_partial(out));
    CHECK(slurp(kept.timing) == kept.bytes);
}

std::string refusal(const fs::path& out) {
    return "rmsim: --out " + out.string() +
           " holds the results of a previous run: --resume keeps its finished trials and runs the rest, "
           "--force "
           "deletes them and runs everything\n";
}

/// A tiny config in `d` whose platform is a file of its own (p.yaml), so that a test can change it.
std::string tiny_config(const ScratchDir& d) {
    write(d / "p.yaml", kPlatform);
    write(d / "c.yaml", std::string("platform: p.yaml\n") + kSynthetic + "manager: {policy: fcfs}\n");
    return (d / "c.yaml").string();
}

}  // namespace

TEST_CASE(
    "run folder: a 4-trial run killed after its second trial and resumed is byte-identical to an "
    "uninterrupted one",
    "[sim][run_folder][kill]") {
    const ScratchDir d("run_folder_kill");
    // Trials of about half a second (30,000 tasks), so that the kill lands while trial 2 runs.
    const std::vector<std::string> run{
        "run",      std::string(RMSIM_SOURCE_DIR) + "/tests/sim/configs/single-policy.yaml",
        "--set",    "workload.synthetic.tasks=30000",
        "--trials", "4",
        "--quiet",  "--out"};
    std::string line;
    for (const std::string& a : run) line += a + " ";
    const fs::path whole = d / "whole", killed = d / "killed";
    REQUIRE(run_cli(line + whole.string() + " --jobs 2", d).code == 0);

    {
        std::vector<std::string> args = run;
        args.insert(args.end(), {killed.string(), "--jobs", "1"});
        RmsimProcess rmsim(args);
        REQUIRE(eventually([&] { return fs::exists(killed / "trial-1" / "provenance.json"); }, 60));
        const std::vector<pid_t> trials = children_of(rmsim.pid());
        rmsim.kill_and_reap();  // SIGKILL to rmsim alone: its trial must die with it
        for (pid_t t : trials) CHECK(eventually([&] { return !is_running(t); }, 5));
    }
    INFO("the kill landed mid-run: trials 0 and 1 finished, 2 and 3 not, no aggregate");
    REQUIRE(fs::exists(killed / "trial-0" / "provenance.json"));
    REQUIRE_FALSE(fs::exists(killed / "trial-2" / "provenance.json"));
    REQUIRE_FALSE(fs::exists(killed / "trial-3"));
    REQUIRE_FALSE(fs::exists(killed / "aggregate.json"));
    const KeptTrial kept(killed / "trial-0");

    // Without --resume or --force the rerun is refused and changes nothing.
    const auto before = tree(killed, true);
    const Outcome refused = run_cli(line + killed.string(), d);
    CHECK(refused.code == 2);
    CHECK(refused.err == refusal(killed));
    CHECK(tree(killed, true) == before);

    check_resumed(line + killed.string() + " --resume", d, killed, whole, kept);
}

TEST_CASE("run folder: --resume redoes an unfinished trial from scratch and leaves no temporary file",
          "[sim][run_folder]") {
    const ScratchDir d("run_folder_unfinished");
    const std::string run = "run " + tiny_config(d) + " --trials 3 --trace --quiet --out ";
    REQUIRE(run_cli(run + (d / "whole").string(), d).code == 0);
    const fs::path out = d / "out";
    REQUIRE(run_cli(run + out.string(), d).code == 0);
    // As a kill leaves it: trial 1 without its provenance, with a stale file and a half-written trace; trial
    // 2 never started; the aggregate half-written.
    fs::remove(out / "trial-1" / "provenance.json");
    write(out / "trial-1" / "summary.json", "{\"stale\": true}\n");
    write(out / "trial-1" / ".trace.json.partial", "{\"traceEvents\":[");
    fs::remove_all(out / "trial-2");
    fs::remove(out / "aggregate.json");
    write(out / ".aggregate.json.partial", "{");
    check_resumed(run + out.string() + " --resume", d, out, d / "whole", KeptTrial(out / "trial-0"));
}

TEST_CASE("run folder: --resume keeps what ran and adds trials and variants", "[sim][run_folder]") {
    const ScratchDir d("run_folder_extend");
    write(d / "c.yaml", config(kSynthetic) +
                            "variants:\n"
                            "  - {name: first-come, set: {manager.policy: fcfs}}\n"
                            "  - {name: backfill, set: {manager.policy: easy}}\n");
    const std::string run = "run " + (d / "c.yaml").string() + " --quiet --out ";
    REQUIRE(run_cli(run + (d / "whole").string() + " --trials 3", d).code == 0);
    const fs::path out = d / "out";
    REQUIRE(run_cli(run + out.string() + " --trials 2 --only backfill", d).code == 0);
    check_resumed(run + out.string() + " --trials 3 --resume --jobs 2", d, out, d / "whole",
                  KeptTrial(out / "backfill" / "trial-1"));

    // Fewer trials or fewer variants would leave results beside the new tables that they do not cover.
    const auto before = tree(out, true);
    const Outcome fewer = run_cli(run + out.string() + " --trials 2 --resume", d);
    INFO(fewer.err);
    CHECK(fewer.code == 2);
    CHECK(fewer.err.rfind("rmsim: --resume: " + out.string() +
                              " holds results this run would not write: " + (out / "first-come" / "trial-2").string() +
                              ", " + (out / "backfill" / "trial-2").string() + ". --force deletes",
                          0) == 0);
    const Outcome other = run_cli(run + out.string() + " --trials 3 --only first-come --resume", d);
    CHECK(other.code == 2);
    CHECK(other.err.find("would not write: " + (out / "backfill").string() + ".") != std::string::npos);
    CHECK(tree(out, true) == before);
}

TEST_CASE("run folder: --resume refuses a finished trial computed from other inputs, saying what differs",
          "[sim][run_folder]") {
    const ScratchDir d("run_folder_mismatch");
    const std::string run = "run " + tiny_config(d) + " --trials 2 --quiet --out ";
    const fs::path out = d / "out";
    REQUIRE(run_cli(run + out.string(), d).code == 0);
    const auto before = tree(out, true);
    const std::string trial0 = "rmsim: --resume: " + (out / "trial-0").string() + " was computed from other inputs: ";
    const std::string advice = ". --force deletes the previous results and runs everything; or choose another --out\n";
    const std::vector<std::pair<std::string, std::string>> cases{
        {" --seed 9", "its seed is 1, this run's is 9 (and 1 more trial)"},
        {" --set manager.policy=easy",
         "its config differs: manager.policy is 'fcfs' there, 'easy' now (and 1 more trial)"},
        {" --set manager.params.pstate=1",
         "its config differs: manager.params is not set there, {\"pstate\":\"1\"} now "
         "(and 1 more trial)"},
        {" --trace", "it was run without --trace (and 1 more trial)"},
    };
    for (const auto& [option, why] : cases) {
        INFO(option);
        const Outcome o = run_cli(run + out.string() + " --resume" + option, d);
        CHECK(o.code == 2);
        CHECK(o.err == trial0 + why + advice);
    }
    // A changed platform file: the results were computed from its old bytes.
    std::ofstream(d / "p.yaml", std::ios::app) << "# retuned\n";
    const Outcome changed = run_cli(run + out.string() + " --resume", d);
    CHECK(changed.code == 2);
    CHECK(changed.err.rfind(trial0 + "the file p.yaml (platform) has changed since (SHA-256 ", 0) == 0);
    CHECK(tree(out, true) == before);
    // --force runs it again; then --resume keeps everything.
    REQUIRE(run_cli(run + out.string() + " --force", d).code == 0);
    const auto forced = tree(out, true);
    CHECK(run_cli(run + out.string() + " --resume", d).code == 0);
    CHECK(tree(out, true) == forced);
}

TEST_CASE("run folder: a rerun is refused before anything runs; a new or empty folder is used as it is",
          "[sim][run_folder]") {
    const ScratchDir d("run_folder_refuse");
    const std::string cfg = tiny_config(d);
    // One trial: the results are in --out itself.
    const fs::path single = d / "single";
    REQUIRE(run_cli("run " + cfg + " --quiet --out " + single.string(), d).code == 0);
    CHECK(fs::exists(single / "provenance.json"));
    const auto before = tree(single, true);
    const Outcome o = run_cli("run " + cfg + " --out " + single.string(), d);
    CHECK(o.code == 2);
    CHECK(o.err == refusal(single));  // no progress or summary line: nothing ran
    CHECK(o.out.empty());
    CHECK(tree(single, true) == before);
    // --resume of a finished single run keeps it.
    const Outcome kept = run_cli("run " + cfg + " --resume --out " + single.string(), d);
    CHECK(kept.code == 0);
    CHECK(tree(single, true) == before);

    // An empty folder, or one holding only files rmsim does not write, is used as it is.
    fs::create_directories(d / "empty");
    CHECK(run_cli("run " + cfg + " --trials 2 --quiet --out " + (d / "empty").string(), d).code == 0);
    fs::create_directories(d / "mine");
    write(d / "mine" / "notes.txt", "my notes\n");
    CHECK(run_cli("run " + cfg + " --trials 2 --quiet --out " + (d / "mine").string(), d).code == 0);
    CHECK(slurp(d / "mine" / "notes.txt") == "my notes\n");
    CHECK(fs::exists(d / "mine" / "aggregate.json"));
}

TEST_CASE("run folder: --out naming a file or a place that cannot be created is refused before running",
          "[sim][run_folder]") {
    const ScratchDir d("run_folder_bad_out");
    const std::string run = "run " + tiny_config(d) + " --trials 2 --out ";
    write(d / "file", "mine\n");
    const Outcome file = run_cli(run + (d / "file").string(), d);
    CHECK(file.code == 2);
    CHECK(file.err == "rmsim: --out " + (d / "file").string() + " is a file, not a folder\n");
    CHECK(slurp(d / "file") == "mine\n");
    const Outcome under = run_cli(run + (d / "file" / "out").string() + " --force", d);
    CHECK(under.code == 2);
    CHECK(under.err == "rmsim: --out " + (d / "file" / "out").string() + ": cannot create it (" +
                           (d / "file").string() + " is a file, not a folder)\n");
}

TEST_CASE("run folder: --force deletes the previous results, every file rmsim writes, and nothing else",
          "[sim][run_folder]") {
    const ScratchDir d("run_folder_force");
    const fs::path out = d / "out";
    // A sweep of DAG jobs with --trace writes every kind of file a trial can write (jobs.csv, trace.json).
    const std::string singh = std::string(RMSIM_SOURCE_DIR) + "/configs/experiments/singh-arrival-rate.yaml";
    REQUIRE(run_cli("run " + singh +
                        " --only 'valopt rate=high,pba rate=low' --trials 2 --set workload.singh.jobs=5"
                        " --trace --quiet --out " +
                        out.string(),
                    d)
                .code == 0);
    REQUIRE(fs::exists(out / "valopt_rate=high" / "trial-1" / "jobs.csv"));
    REQUIRE(fs::exists(out / "valopt_rate=high" / "trial-1" / "trace.json"));
    write(out / "notes.txt", "mine\n");
    write(out / "pba_rate=low" / "trial-0" / "plot.py", "mine\n");
    write(out / "valopt_rate=high" / ".aggregate.json.partial", "{");

    const std::string run = "run " + tiny_config(d) + " --trials 2 --quiet --out ";
    REQUIRE(run_cli(run + out.string() + " --force", d).code == 0);
    REQUIRE(run_cli(run + (d / "fresh").string(), d).code == 0);
    auto got = tree(out);
    CHECK(got["notes.txt"] == "mine\n");
    CHECK(got["pba_rate=low/trial-0/plot.py"] == "mine\n");
    for (const char* mine : {"notes.txt", "pba_rate=low/trial-0/plot.py", "pba_rate=low/trial-0", "pba_rate=low"})
        got.erase(mine);
    const auto want = tree(d / "fresh");
    INFO(differences(want, got));
    CHECK(got == want);
}
