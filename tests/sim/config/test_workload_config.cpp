// The `workload:` section of an experiment (sim/config/workload_config.h): what it refuses in the files it reads.
#include <catch2/catch.hpp>

#include "platform/input_error.h"
#include "platform/platform_loader.h"
#include "sim/config/workload_config.h"
#include "tests/support/scratch_dir.h"
#include "workloads/machovec_ch4_generator.h"

using namespace rmsim;

namespace {

/// What loading the workload `yaml` (from exp.yaml) on `p` says: its InputError, or "accepted".
std::string refusal(const std::string& yaml, const PlatformSpec& p) {
    try {
        load_workload(YAML::Load(yaml), "exp.yaml", ".", p, 1, 0);
    } catch (const InputError& e) {
        return std::string(e.what());
    }
    return std::string("accepted");
}

}  // namespace

TEST_CASE("workload config: an SWF job whose memory exceeds 2^64 bytes is refused at its line", "[sim]") {
    // Found by tests/fuzz (fuzz_swf): 1e300 KB (now refused by the reader; 1e20 still is too much) per processor reached an undefined double -> uint64 conversion.
    const test::ScratchDir dir("workload_config");
    dir.write("t.swf", "; MaxProcs: 4\n1 100 0 60 2 -1 1e20 2 600 -1 1 1 1 -1 -1 -1 -1 -1\n");
    const PlatformSpec p = load_platform_file(std::string(RMSIM_SOURCE_DIR) + "/configs/platforms/kth-sp2.yaml");
    const YAML::Node w = YAML::Load("{swf: {path: t.swf}}");
    CHECK_THROWS_WITH(load_workload(w, "exp.yaml", dir.string(), p, 1, 0),
                      dir.string() +
                          "/t.swf:2:1: SWF job 1: its memory (1e+20 KB per processor x 2 processors) "
                          "exceeds 2^64 bytes");
    dir.write("t.swf", "; MaxProcs: 4\n1 100 0 60 2 -1 1024 2 600 -1 1 1 1 -1 -1 -1 -1 -1\n");
    REQUIRE(load_workload(w, "exp.yaml", dir.string(), p, 1, 0).tasks.size() == 1);
    CHECK(load_workload(w, "exp.yaml", dir.string(), p, 1, 0).tasks[0].memory_bytes == 2u * 1024 * 1024);
}

TEST_CASE("workload config: the Singh DAG shape mix and sizes are set from the config", "[sim][singh]") {
    // Every GAP of the Singh generator can be set (issue: calibration). Fork-join only, 6 tasks per job: a
    // source, 4 parallel tasks and a sink, 2 x 4 = 8 edges. Chain only, 7 tasks: 6 edges.
    const PlatformSpec p = load_platform_file(std::string(RMSIM_SOURCE_DIR) + "/configs/platforms/singh2015.yaml");
    const YAML::Node fj = YAML::Load(
        "{singh: {jobs: 20, min_tasks: 6, max_tasks: 6, fork_join_probability: 1, "
        "chain_probability: 0, layered_probability: 0, importance_min: 2, importance_max: 2, "
        "memory_fraction_min: 0.1, memory_fraction_max: 0.1}}");
    const Workload w = load_workload(fj, "exp.yaml", ".", p, 1, 0);
    REQUIRE(w.jobs.size() == 20);
    for (const DagJob& j : w.jobs) {
        REQUIRE(j.task_count == 6);
        REQUIRE(j.edges.size() == 8);
        for (std::uint32_t m = 1; m <= 4; ++m) {
            CHECK(j.out_edges[0].size() == 4);
            CHECK(j.in_edges[m].size() == 1);
            CHECK(j.out_edges[m].size() == 1);
        }
        CHECK(j.in_edges[5].size() == 4);
    }
    // Importance 2 and a 10 % memory share: the job's maximum value is 2 / 60 per second of task time, and
    // every task's memory time is a tenth of its time at the top level (cycles / 2.6 GHz + memory).
    for (const DagJob& j : w.jobs) {
        double work = 0;
        for (std::uint32_t t = 0; t < j.task_count; ++t) {
            const Task& task = w.tasks[j.first_task + t];
            const double time = task.work.cycles() / 2.6e9 + task.work.memory_s();
            CHECK(task.work.memory_s() == Approx(0.1 * time).epsilon(1e-9));
            work += time;
        }
        CHECK(j.value.max_value() == Approx(2.0 / 60 * work).epsilon(1e-9));
    }
    const YAML::Node chain = YAML::Load(
        "{singh: {jobs: 10, min_tasks: 7, max_tasks: 7, fork_join_probability: 0, "
        "chain_probability: 1, layered_probability: 0}}");
    for (const DagJob& j : load_workload(chain, "exp.yaml", ".", p, 1, 0).jobs) CHECK(j.edges.size() == 6);
    // A shape mix that weighs nothing is refused, located at the workload.
    const YAML::Node none = YAML::Load(
        "{singh: {jobs: 10, fork_join_probability: 0, chain_probability: 0, "
        "layered_probability: 0}}");
    CHECK_THROWS_WITH(load_workload(none, "exp.yaml", ".", p, 1, 0),
                      Catch::Contains("exp.yaml:1:") && Catch::Contains("probabilit"));
}

TEST_CASE("workload config: the Machovec Ch.3 arrival GAPs are set from the config", "[sim][machovec]") {
    // Both reach the generator: each moves the arrivals (the same seed otherwise gives the same ones), the
    // defaults (0.5, 20:00) are what an unset key means, and a value outside [0, 1] is refused at the workload.
    const PlatformSpec p = load_platform_file(std::string(RMSIM_SOURCE_DIR) + "/configs/platforms/machovec-ch3.yaml");
    auto arrivals = [&](const std::string& yaml) {
        std::vector<double> a;
        for (const Task& t : load_workload(YAML::Load(yaml), "exp.yaml", ".", p, 3, 0).tasks) a.push_back(t.arrival_s);
        return a;
    };
    const std::string base = "{machovec_ch3: {tasks_per_day: 2000, hours: 6";
    CHECK(arrivals(base + "}}") == arrivals(base + ", sinusoid_amplitude: 0.5, start_clock_s: 72000}}"));
    CHECK(arrivals(base + "}}") != arrivals(base + ", start_clock_s: 36000}}"));  // 10:00: peak hours
    CHECK(arrivals(base + "}}") != arrivals(base + ", sinusoid_amplitude: 1}}"));
    CHECK_THROWS_WITH(arrivals(base + ", sinusoid_amplitude: 1.5}}"),
                      Catch::Contains("exp.yaml:1:") && Catch::Contains("sinusoid_amplitude"));
}

TEST_CASE("workload config: every machovec_ch4 key reaches the generator", "[sim][machovec_ch4]") {
    // The config with every key set away from its default gives the tasks the generator gives for the same
    // parameters and seed; the defaults are what unset keys mean.
    const PlatformSpec platform =
        load_platform_file(std::string(RMSIM_SOURCE_DIR) + "/configs/platforms/machovec-ch4.yaml");
    const YAML::Node all = YAML::Load(
        "{machovec_ch4: {tasks_per_day: 3000, hours: 10, task_types: 12, critical_fraction: 0.25, "
        "critical_mean_min: 30, noncritical_mean_min: 40, critical_utility: 6, noncritical_utility: 2, "
        "burst_size: 16, utility_family: decaying, average_time: class-mean, critical_urgency: 0.2, "
        "noncritical_urgency: 0.01, preempt_probability: 0.6, sinusoid_amplitude: 0.9, sinusoid_period_s: 43200}}");
    MachovecCh4Params p;
    p.clusters = machovec_ch4_clusters(platform);
    p.tasks_per_day = 3000;
    p.horizon_s = 36000;
    p.task_types = 12;
    p.critical_fraction = 0.25;
    p.critical_mean_s = 1800;
    p.noncritical_mean_s = 2400;
    p.critical_utility = 6;
    p.noncritical_utility = 2;
    p.burst_size = 16;
    p.utility_family = MachovecCh4UtilityFamily::Decaying;
    p.average_time = MachovecCh4AverageTime::ClassMean;
    p.critical_urgency = 0.2;
    p.noncritical_urgency = 0.01;
    p.preempt_probability = 0.6;
    p.sinusoid_amplitude = 0.9;
    p.sinusoid_period_s = 43200;
    auto same = [&](const std::vector<Task>& got, const MachovecCh4Params& params) {
        std::mt19937_64 rng(5);
        const std::vector<Task> want = generate_machovec_ch4(params, rng).tasks;
        REQUIRE(got.size() == want.size());
        REQUIRE(!got.empty());
        for (std::size_t i = 0; i < got.size(); ++i) {
            INFO("task " << i);
            CHECK(got[i].arrival_s == want[i].arrival_s);
            CHECK(got[i].type == want[i].type);
            CHECK(got[i].preemptible == want[i].preemptible);
            CHECK(got[i].can_preempt == want[i].can_preempt);
            CHECK(got[i].work.table()->at(2, 0) == want[i].work.table()->at(2, 0));
            for (double e : {0.0, 1800.0, 2400.0, 9000.0})
                CHECK(got[i].utility.value_at(e) == want[i].utility.value_at(e));
        }
    };
    same(load_workload(all, "exp.yaml", ".", platform, 5, 0).tasks, p);
    same(load_workload(YAML::Load("{machovec_ch4: {tasks_per_day: 3000, hours: 10}}"), "exp.yaml", ".", platform, 5, 0)
             .tasks,
         [&] {
             MachovecCh4Params d;
             d.clusters = p.clusters;
             d.tasks_per_day = 3000;
             d.horizon_s = 36000;
             return d;
         }());
    CHECK_THROWS_WITH(
        load_workload(YAML::Load("{machovec_ch4: {average_time: median}}"), "exp.yaml", ".", platform, 5, 0),
        Catch::Contains("exp.yaml:1:31:") && Catch::Contains("average_time must be etc-mean or class-mean"));
    CHECK_THROWS_WITH(
        load_workload(YAML::Load("{machovec_ch4: {burst_size: 2000000}}"), "exp.yaml", ".", platform, 5, 0),
        Catch::Contains("exp.yaml:1:29:") &&
            Catch::Contains(
                "parameter 'burst_size' of machovec_ch4 workload: must be a whole number from 1 to 1000000"));
}

TEST_CASE("workload config: tarplee bags from the config, and what they refuse", "[sim][tarplee]") {
    const PlatformSpec p = load_platform_file(std::string(RMSIM_SOURCE_DIR) + "/configs/platforms/tarplee-2types.yaml");
    // 9 core types (m1..m9), so 9 ETC columns; two task types, type 1 three times as likely.
    const YAML::Node ok = YAML::Load(
        "{tarplee: {tasks: 40, type_weights: [1, 3], etc: [[57, 28, 72, 45, 41, 19, 27, 28, 26], "
        "[98, 50, 120, 77, 70, 37, 49, 49, 45]]}}");
    const Workload w = load_workload(ok, "exp.yaml", ".", p, 1, 0);
    REQUIRE(w.tasks.size() == 40);
    for (const Task& t : w.tasks) {
        CHECK(t.arrival_s == 0);
        CHECK(t.work.table()->at(1, 0) == (t.type == 0 ? 28.0 : 50.0));  // m2 at P0
    }
    const auto refused = [&](const std::string& yaml) { return refusal(yaml, p); };
    // Column 28: the row [1, 2].
    CHECK(refused("{tarplee: {tasks: 5, etc: [[1, 2]]}}") ==
          "exp.yaml:1:28: 'etc' row has 2 entries, the platform has 9 core types (one column each, in platform order)");
    CHECK(refused("{tarplee: {tasks: 5}}") ==
          "exp.yaml:1:11: tarplee workload: give exactly one of 'etc' (a table) and 'etc_generator'");
    CHECK(refused("{tarplee: {tasks: 5, etc_generator: {method: gauss}}}") ==
          "exp.yaml:1:46: etc_generator method must be 'uniform', 'range' or 'cvb', got 'gauss'");
    CHECK(refused("{tarplee: {tasks: 5, etc_generator: {method: uniform, task_types: 2}, type_weights: [1]}}") ==
          "exp.yaml:1:11: tarplee workload: Tarplee bag: type_weights has 1 entries for 2 task types");
    CHECK(refused("{tarplee: {tasks: 5, etc: [[1, 1, 1, 1, 1, 1, 1, 1, 1]], apc: [[1, 100, 100, 100, 100, 100, 100, "
                  "100, 100]]}}")
              .find("'apc' entry below the idle power of core type 'm1.core'") != std::string::npos);
}

TEST_CASE("workload config: tarplee arrivals from the config, and what they refuse", "[sim][tarplee]") {
    const PlatformSpec p = load_platform_file(std::string(RMSIM_SOURCE_DIR) + "/configs/platforms/tarplee-2types.yaml");
    const std::string etc = "etc: [[57, 28, 72, 45, 41, 19, 27, 28, 26], [98, 50, 120, 77, 70, 37, 49, 49, 45]]";
    const Workload w = load_workload(
        YAML::Load("{tarplee: {arrival_rates: [0.1, 0.2], horizon_s: 1000, rewards: [2, 1], " + etc + "}}"), "exp.yaml",
        ".", p, 1, 0);
    // 100 + 200 tasks expected (sd 17.3).
    CHECK(w.tasks.size() > 230);
    CHECK(w.tasks.size() < 370);
    for (const Task& t : w.tasks) {
        CHECK(t.arrival_s < 1000);
        CHECK(t.utility.max_value() == (t.type == 0 ? 2.0 : 1.0));
    }
    // The keys before the ETC, and the start of what is said (the exact place and message where known).
    const std::pair<const char*, const char*> cases[] = {
        {"arrival_rates: [1, 1]", "exp.yaml:1:11: tarplee workload: 'arrival_rates' needs 'horizon_s'"},
        {"tasks: 5, arrival_rates: [1, 1], horizon_s: 10",
         "exp.yaml:1:19: tarplee workload: give 'tasks' (a bag) or 'arrival_rates', not both"},
        {"arrival_rates: [1], horizon_s: 10", "exp.yaml:1:27: 'arrival_rates' has 1 entries for 2 task types"},
        {"arrival_rates: [1, -1], horizon_s: 10", "exp.yaml:1:31: "},
        {"arrival_rates: [1, 1], horizon_s: 0", "exp.yaml:1:"},
        {"arrival_rates: [1, 1], horizon_s: 10, type_weights: [1, 2]",
         "exp.yaml:1:64: tarplee workload: 'type_weights' is for a bag; with 'arrival_rates' the rates set the mix"},
        {"tasks: 5, horizon_s: 10", "exp.yaml:1:33: tarplee workload: 'horizon_s' goes with 'arrival_rates'"},
        {"tasks: 5, rewards: [1, 2, 3]", "exp.yaml:1:31: 'rewards' has 3 entries for 2 task types"},
    };
    for (const auto& [keys, said] : cases)
        CHECK_THAT(refusal("{tarplee: {" + std::string(keys) + ", " + etc + "}}", p), Catch::StartsWith(said));
}
