// run.stream (docs/architecture.md, "Streaming"): a streamed run gives the same bytes as one that loads every
// task first (synthetic, SWF plain or gzip, task CSV; exact and requested estimates), holds only the tasks
// waiting, reserved and running, reports a bad line it reads mid-run as bad input, leaving no results, and
// refuses what it cannot stream.
#include <catch2/catch.hpp>
#include "tests/support/gzip_file.h"
#include "tests/support/rmsim_cli.h"
#include "tests/support/scratch_dir.h"
#include "tests/support/tiny_config.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <string>

namespace fs = std::filesystem;
using rmsim::test::config;
using rmsim::test::Outcome;
using rmsim::test::run_cli;
using rmsim::test::ScratchDir;
using rmsim::test::slurp;

namespace {

/// 600 tasks of 1-4 cores on 16 cores, arriving faster than they can run for the first hours: a queue forms
/// and drains, and tasks end in an order far from their arrivals'.
const char* const kDeepQueue =
    "workload:\n"
    "  synthetic: {tasks: 600, arrival_rate_per_s: 0.02, arrival_amplitude: 0.9, arrival_period_s: 40000,\n"
    "              work_s_mean: 400, work_s_cov: 1.5, cores_min: 1, cores_max: 4}\n";

Outcome run(const fs::path& dir, const std::string& yaml, const std::string& name, const std::string& sets) {
    rmsim::test::write_file(dir / (name + ".yaml"), yaml);
    return run_cli("run " + (dir / (name + ".yaml")).string() + " --quiet --out " + (dir / name).string() + " " + sets,
                   dir);
}

nlohmann::json json_of(const fs::path& p) { return nlohmann::json::parse(slurp(p)); }

/// The result files of the loaded and the streamed run in `dir` are the same bytes.
void check_same_files(const fs::path& dir) {
    for (const char* f : {"summary.json", "tasks.csv", "energy.csv", "pstates.csv"}) {
        INFO(f);
        const std::string a = slurp(dir / "loaded" / f);
        CHECK(!a.empty());
        CHECK(a == slurp(dir / "streamed" / f));
    }
    CHECK(json_of(dir / "streamed" / "timing.json")["memory"]["streamed"] == true);
}

/// `yaml` run loaded and streamed in `dir`: both succeed, with the same result files.
void check_streamed_as_loaded(const fs::path& dir, const std::string& yaml) {
    INFO(yaml);
    const Outcome loaded = run(dir, yaml, "loaded", "");
    const Outcome streamed = run(dir, yaml, "streamed", "--set run.stream=true");
    INFO(loaded.err << streamed.err);
    REQUIRE(loaded.code == 0);
    REQUIRE(streamed.code == 0);
    check_same_files(dir);
}

/// `jobs` SWF job lines for the tiny platform (16 cores): 1-4 cores, runs of 10-2,000 s submitted faster than
/// they can run at first, requests from half to three times the run (some jobs run past theirs), and every
/// 37th job one that never ran (zero run time).
std::string swf_trace(int jobs) {
    std::string s = "; Version: 2.2\n; MaxProcs: 16\n; UnixStartTime: 820454400\n";
    std::uint64_t x = 12345;
    const auto draw = [&x](std::uint64_t n) {
        x = x * 6364136223846793005ull + 1442695040888963407ull;
        return (x >> 33) % n;
    };
    double submit = 1000;
    for (int j = 1; j <= jobs; ++j) {
        submit += static_cast<double>(draw(j < jobs / 2 ? 60 : 400));
        const std::uint64_t run = j % 37 == 0 ? 0 : 10 + draw(1990);
        const std::uint64_t procs = 1 + draw(4);
        const std::uint64_t request = run * (1 + draw(6)) / 2;
        s += std::to_string(j) + " " + std::to_string(static_cast<long long>(submit)) + " -1 " + std::to_string(run) +
             " " + std::to_string(procs) + " -1 -1 " + std::to_string(procs) + " " + std::to_string(request) +
             " -1 1 1 1 -1 -1 -1 -1 -1\n";
    }
    return s;
}

}  // namespace

TEST_CASE("streaming: the same result files as a run that loads every task", "[sim][streaming]") {
    const ScratchDir d("streaming_same_bytes");
    const std::string policy = GENERATE(std::string("fcfs"), std::string("easy"), std::string("conservative"));
    // As it is; with a measurement window; cut off at run.end_s with tasks waiting, running and not arrived.
    const std::string run_keys = GENERATE(std::string(""), std::string("run: {warmup_s: 3600, measure_end_s: 20000}\n"),
                                          std::string("run: {end_s: 9000}\n"));
    const std::string yaml = config(kDeepQueue, "manager: {policy: " + policy + "}\n") + run_keys;
    INFO(policy << " " << run_keys);
    const Outcome loaded = run(d, yaml, "loaded", "");
    const Outcome streamed = run(d, yaml, "streamed", "--set run.stream=true");
    INFO(loaded.err << streamed.err);
    REQUIRE(loaded.code == 0);
    REQUIRE(streamed.code == 0);
    for (const char* f : {"summary.json", "tasks.csv", "energy.csv", "pstates.csv"}) {
        INFO(f);
        const std::string a = slurp(d / "loaded" / f);
        CHECK(!a.empty());
        CHECK(a == slurp(d / "streamed" / f));
    }
    // Nothing of the staging left behind.
    for (const auto& e : fs::directory_iterator(d / "streamed")) CHECK(e.path().filename().string()[0] != '.');
    const nlohmann::json s = json_of(d / "loaded" / "summary.json");
    CHECK(s["tasks"]["total"] == 600);
    if (run_keys.find("{end_s") != std::string::npos) CHECK(s["tasks"]["unfinished"].get<int>() > 0);
}

TEST_CASE("streaming: a run of 10^5 tasks holds only those waiting and running", "[sim][streaming]") {
    const ScratchDir d("streaming_held");
    // 10^5 tasks on 16 cores at an offered load of about 1.3: the queue grows to thousands; the run is cut at
    // 2 x 10^5 s with about half the tasks arrived and tasks still waiting and running.
    const std::string yaml = config(
        "workload:\n"
        "  synthetic: {tasks: 100000, arrival_rate_per_s: 0.25, work_s_mean: 40, work_s_cov: 1, cores_min: 1,\n"
        "              cores_max: 3}\n",
        "manager: {policy: fcfs}\nrun: {stream: true, end_s: 200000}\n");
    const Outcome o = run(d, yaml, "held", "");
    INFO(o.err);
    REQUIRE(o.code == 0);
    const nlohmann::json s = json_of(d / "held" / "summary.json");
    const nlohmann::json m = json_of(d / "held" / "timing.json")["memory"];
    const int arrived = s["tasks"]["arrived"], unfinished = s["tasks"]["unfinished"];
    INFO(s.dump() << m.dump());
    CHECK(m["streamed"] == true);
    CHECK(s["tasks"]["total"] == 100000);  // the ones never arrived are listed too, pending
    CHECK(arrived > 30000);                // 0.25 /s x 2 x 10^5 s: about 50,000
    CHECK(unfinished > 1000);              // the queue at the cut
    // At the end the table holds exactly the tasks waiting and running (summary: unfinished) ...
    CHECK(m["tasks_held_at_end"] == unfinished);
    // ... and at no time more than were waiting, reserved or running together, far fewer than arrived.
    CHECK(m["peak_tasks_held"].get<int>() <= m["peak_waiting_and_running"].get<int>());
    CHECK(m["peak_records_held"].get<int>() <= m["peak_waiting_and_running"].get<int>());
    CHECK(m["peak_waiting_and_running"].get<int>() < arrived / 2);
    CHECK(m["peak_waiting_and_running"].get<int>() >= unfinished);
    // A run that loads every task holds them all from the start.
    const Outcome all = run(d, yaml, "all", "--set run.stream=false");
    REQUIRE(all.code == 0);
    CHECK(json_of(d / "all" / "timing.json")["memory"]["peak_tasks_held"] == 100000);
    CHECK(slurp(d / "all" / "tasks.csv") == slurp(d / "held" / "tasks.csv"));
}

TEST_CASE("streaming: an SWF trace, plain or gzip, gives the loaded run's bytes", "[sim][streaming][swf]") {
    const ScratchDir d("streaming_swf");
    const std::string trace = swf_trace(500);
    rmsim::test::write_file(d / "t.swf", trace);
    rmsim::test::write_gzip((d / "t.swf.gz").string(), trace);
    const std::string policy = GENERATE(std::string("fcfs"), std::string("easy"), std::string("conservative"));
    // Planned with exact times; with the users' requests, a job killed at its request or running on.
    const std::string estimate = GENERATE(std::string("exact"), std::string("{model: requested, at_limit: kill}"),
                                          std::string("{model: requested, at_limit: run}"));
    const std::string file = GENERATE(std::string("t.swf"), std::string("t.swf.gz"));
    const std::string yaml = config("workload:\n  swf: {path: " + file + "}\n",
                                    "manager: {policy: " + policy + ", estimate: " + estimate + "}\n");
    check_streamed_as_loaded(d, yaml);
    const nlohmann::json s = json_of(d / "streamed" / "summary.json");
    CHECK(s["tasks"]["total"] == 500 - 500 / 37);  // the jobs that never ran are not replayed
    if (estimate.find("kill") != std::string::npos) CHECK(s["tasks"]["killed"].get<int>() > 0);
}

TEST_CASE("streaming: a task CSV gives the loaded run's bytes", "[sim][streaming][csv]") {
    const ScratchDir d("streaming_csv");
    // The SWF trace's jobs as a task list, through rmsim convert (ids and arrivals ascend).
    rmsim::test::write_file(d / "t.swf", swf_trace(400));
    const Outcome converted = run_cli("convert " + (d / "t.swf").string() + " " + (d / "t.csv").string(), d);
    REQUIRE(converted.code == 0);
    const std::string estimate = GENERATE(std::string("exact"), std::string("requested"));
    const std::string yaml =
        config("workload:\n  csv: {path: t.csv}\n", "manager: {policy: easy, estimate: " + estimate + "}\n");
    check_streamed_as_loaded(d, yaml);
}

TEST_CASE("streaming: the KTH-SP2 replay under EASY runs streamed, to the same bytes", "[sim][streaming][swf]") {
    const ScratchDir d("streaming_kth");
    const std::string config = RMSIM_SOURCE_DIR "/configs/experiments/kth-easy.yaml";
    // As the config has it (a job runs on past its request), and killing a job at its request.
    const std::string sets = GENERATE(std::string(""), std::string("--set manager.estimate.at_limit=kill"));
    INFO(sets);
    const auto out = [&](const char* name) { return " --quiet --out " + (d / name).string() + " " + sets; };
    const Outcome loaded = run_cli("run " + config + out("loaded"), d);
    const Outcome streamed = run_cli("run " + config + out("streamed") + " --set run.stream=true", d);
    INFO(loaded.err << streamed.err);
    REQUIRE(loaded.code == 0);
    REQUIRE(streamed.code == 0);
    check_same_files(d);
    const nlohmann::json m = json_of(d / "streamed" / "timing.json")["memory"];
    CHECK(m["peak_tasks_held"].get<int>() < 1000);  // of 28,467 jobs replayed
    if (!sets.empty()) CHECK(json_of(d / "streamed" / "summary.json")["tasks"]["killed"] == 475);
}

TEST_CASE("streaming: a bad line read mid-run is the user's mistake, and leaves no results", "[sim][streaming]") {
    const ScratchDir d("streaming_bad_line");
    // Line 303 of 503 is damaged: the run has simulated the jobs before it when it reads it.
    std::string trace = swf_trace(500);
    std::size_t at = 0;
    for (int i = 0; i < 302; ++i) at = trace.find('\n', at) + 1;
    trace.insert(at, "301 2x000 -1 10 1 -1 -1 1 10 -1 1 1 1 -1 -1 -1 -1 -1\n");
    rmsim::test::write_file(d / "t.swf", trace);
    rmsim::test::write_gzip((d / "t.swf.gz").string(), trace);
    // A task list out of arrival order in its middle.
    std::string csv = "id,arrival_s,work_s\n";
    for (int i = 0; i < 300; ++i) csv += std::to_string(i) + "," + std::to_string(i == 150 ? 5 : 100 * i) + ",50\n";
    rmsim::test::write_file(d / "t.csv", csv);
    struct Case {
        std::string workload, where, message;
    };
    const Case c =
        GENERATE(Case{"swf: {path: t.swf}", "t.swf:303:5:", "SWF: field 2 (submit time) is not a number"},
                 Case{"swf: {path: t.swf.gz}", "t.swf.gz:303:5:", "SWF: field 2 (submit time) is not a number"},
                 Case{"csv: {path: t.csv}", "t.csv:152:5:", "task 150 arrives at 5 s, before the row above it"});
    const std::string trials = GENERATE(std::string(""), std::string("--trials 2"));
    INFO(c.workload << " " << trials);
    rmsim::test::write_file(d / "c.yaml", config("workload:\n  " + c.workload + "\n", "manager: {policy: easy}\n") +
                                              "run: {stream: true}\n");
    const Outcome o =
        run_cli("run " + (d / "c.yaml").string() + " --quiet --out " + (d / "out").string() + " " + trials, d);
    INFO(o.err);
    CHECK(o.code == 2);
    CHECK(o.err.rfind((d / c.where).string(), 0) == 0);
    CHECK(o.err.find(c.message) != std::string::npos);
    CHECK(o.err.find("internal error") == std::string::npos);
    CHECK_FALSE(fs::exists(d / "out"));
    // rmsim validate reads the stream whole and finds it first.
    const Outcome v = run_cli("validate " + (d / "c.yaml").string(), d);
    CHECK(v.code == 2);
    CHECK(v.err.rfind((d / c.where).string(), 0) == 0);
}

TEST_CASE("streaming: what cannot stream is refused at its key", "[sim][streaming]") {
    const ScratchDir d("streaming_refused");
    rmsim::test::write_file(d / "w.json", "{\"nb_res\": 4, \"jobs\": [], \"profiles\": {}}");
    struct Case {
        std::string yaml, location, message;
    };
    const Case c =
        GENERATE(Case{config("workload:\n  batsim: {path: w.json}\n") + "run: {stream: true}\n", "bad.yaml:14:",
                      "run.stream: the 'batsim' workload is one JSON document whose profiles may come after its jobs: "
                      "it is read whole (synthetic, swf, csv can stream)"},
                 // A model that no task gives what it reads: found by reading the stream, as a loaded run finds it.
                 Case{config(rmsim::test::kSynthetic, "manager: {policy: fcfs, estimate: requested}\n") +
                          "run: {stream: true}\n",
                      "bad.yaml:13:", "estimate model 'requested': no task of the workload has a requested time"},
                 Case{config(rmsim::test::kSynthetic, "manager: {policy: fcfs, estimate: distribution}\n") +
                          "run: {stream: true}\n",
                      "bad.yaml:13:", "estimate model 'distribution': no task of the workload has an execution-time"},
                 Case{config(rmsim::test::kSynthetic, "manager: {policy: random}\n") + "run: {stream: true}\n",
                      "bad.yaml:14:", "policy 'random' reads tasks after they have finished"},
                 Case{config(rmsim::test::kSynthetic) + "run: {stream: true, formats: [swf]}\n",
                      "bad.yaml:14:", "run.formats: the batsim and swf schedules are not written by a streamed run"},
                 Case{config(rmsim::test::kSynthetic) + "run: {stream: true, warmup_s: 10}\n",
                      "bad.yaml:14:", "a measurement window needs run.measure_end_s"});
    INFO(c.yaml);
    rmsim::test::write_file(d / "bad.yaml", c.yaml);
    const Outcome o = run_cli("run " + (d / "bad.yaml").string() + " --out " + (d / "out").string(), d);
    INFO(o.err);
    CHECK(o.code == 2);
    CHECK(o.err.find(c.location) != std::string::npos);
    CHECK(o.err.find(c.message) != std::string::npos);
    CHECK(!fs::exists(d / "out"));
}
