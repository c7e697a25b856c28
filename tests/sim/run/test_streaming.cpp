// run.stream (docs/architecture.md, "Streaming"): a streamed run gives the same bytes as one that loads every
// task first, holds only the tasks waiting, reserved and running, and refuses what it cannot stream.
#include <catch2/catch.hpp>
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

TEST_CASE("streaming: what cannot stream is refused at its key", "[sim][streaming]") {
    const ScratchDir d("streaming_refused");
    rmsim::test::write_file(d / "t.csv", "id,arrival_s,cores,work_s\n0,0,1,10\n");
    struct Case {
        std::string yaml, location, message;
    };
    const Case c =
        GENERATE(Case{config("workload:\n  csv: {file: t.csv}\n") + "run: {stream: true}\n",
                      "bad.yaml:14:", "the 'csv' workload needs its whole workload at once (synthetic can stream)"},
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
