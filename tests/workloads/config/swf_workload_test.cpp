// The swf workload's stream (workloads/config/swf_workload.h): the tasks a streamed run draws are those the
// loader gives, plain or gzip, with skip_jobs and max_jobs; a trace out of submit order is refused by the
// stream at the job's submit time, and sorted by the loader.
#include "workloads/config/swf_workload.h"

#include <catch2/catch.hpp>
#include <random>
#include <string>
#include <vector>

#include "platform/input_error.h"
#include "platform/platform_loader.h"
#include "tests/support/gzip_file.h"
#include "tests/support/scratch_dir.h"
#include "workloads/machovec_ch3_generator.h"
#include "workloads/task_stream.h"
#include "workloads/utility_classes.h"

using namespace rmsim;

namespace {

PlatformSpec kth() { return load_platform_file(std::string(RMSIM_SOURCE_DIR) + "/configs/platforms/kth-sp2.yaml"); }

/// Every task of the section's stream, numbered as a streamed run numbers them.
std::vector<Task> streamed(const std::string& section, const WorkloadContext& c) {
    const std::unique_ptr<TaskStream> s = workload_registry().stream(YAML::Load(section), c);
    REQUIRE(s);
    return drain(*s);
}

void check_same(const std::vector<Task>& a, const std::vector<Task>& b) {
    REQUIRE(a.size() == b.size());
    for (std::size_t i = 0; i < a.size(); ++i) {
        INFO("task " << i);
        CHECK(a[i].id == b[i].id);
        CHECK(a[i].arrival_s == b[i].arrival_s);
        CHECK(a[i].cores == b[i].cores);
        CHECK(a[i].requested_time_s == b[i].requested_time_s);
        CHECK(a[i].memory_bytes == b[i].memory_bytes);
        CHECK(a[i].work.duration(kth().core_types[0], 0, 0) == b[i].work.duration(kth().core_types[0], 0, 0));
    }
}

const char* const kTrace =
    "; MaxProcs: 100\n"
    "1 100 0 60 2 -1 -1 2 600 -1 1 1 1 -1 -1 -1 -1 -1\n"
    "2 110 0 -1 2 -1 -1 2 600 -1 0 1 1 -1 -1 -1 -1 -1\n"
    "3 120 0 30 4 -1 20 4 -1 -1 1 1 1 -1 -1 -1 -1 -1\n"
    "4 120 0 45 1 -1 -1 1 50 -1 1 1 1 -1 -1 -1 -1 -1\n"
    "5 300 0 10 8 -1 -1 8 20 -1 1 1 1 -1 -1 -1 -1 -1\n";

}  // namespace

TEST_CASE("swf workload: the stream gives the loader's tasks, plain or gzip", "[workloads][swf][streaming]") {
    const test::ScratchDir dir("swf_workload_same");
    dir.write("t.swf", kTrace);
    test::write_gzip(dir.string() + "/t.swf.gz", kTrace);
    const PlatformSpec p = kth();
    const WorkloadContext c{"exp.yaml", dir.string(), p, 1, 0, 0};
    const std::string keys = GENERATE(std::string(""), std::string(", skip_jobs: 2"), std::string(", max_jobs: 2"),
                                      std::string(", memory_fraction: 0.5"));
    for (const char* file : {"t.swf", "t.swf.gz"}) {
        const std::string section = std::string("{swf: {path: ") + file + keys + "}}";
        INFO(section);
        const Workload loaded = workload_registry().load(YAML::Load(section), c);
        check_same(streamed(section, c), loaded.tasks);
        const std::unique_ptr<TaskStream> s = workload_registry().stream(YAML::Load(section), c);
        count_rest(*s);
        REQUIRE(s->skipped().size() == loaded.skipped.size());
        if (!loaded.skipped.empty()) CHECK(skipped_note(s->skipped()[0]) == skipped_note(loaded.skipped[0]));
    }
    const Workload all = workload_registry().load(YAML::Load("{swf: {path: t.swf}}"), c);
    REQUIRE(all.tasks.size() == 4);
    CHECK(all.tasks[3].arrival_s == 200);  // shifted to the first job's submit time
}

TEST_CASE("swf workload: a streamed trace must come in submit order", "[workloads][swf][streaming]") {
    const test::ScratchDir dir("swf_workload_order");
    // Job 4 (line 5) was submitted before job 3: the loader sorts, the stream refuses at job 4's submit time.
    dir.write("t.swf",
              "; UnixStartTime: 0\n"
              "1 100 0 60 2 -1 -1 2 600 -1 1 1 1 -1 -1 -1 -1 -1\n"
              "2 140 0 0 2 -1 -1 2 600 -1 5 1 1 -1 -1 -1 -1 -1\n"
              "3 130 0 30 4 -1 -1 4 -1 -1 1 1 1 -1 -1 -1 -1 -1\n"
              "4  120 0 45 1 -1 -1 1 50 -1 1 1 1 -1 -1 -1 -1 -1\n");
    const PlatformSpec p = kth();
    const WorkloadContext c{"exp.yaml", dir.string(), p, 1, 0, 0};
    const Workload loaded = workload_registry().load(YAML::Load("{swf: {path: t.swf}}"), c);
    REQUIRE(loaded.tasks.size() == 3);
    CHECK(loaded.tasks[1].arrival_s == 20);
    CHECK(loaded.tasks[2].arrival_s == 30);
    const std::unique_ptr<TaskStream> s = workload_registry().stream(YAML::Load("{swf: {path: t.swf}}"), c);
    Task t;
    REQUIRE(s->next(t));
    REQUIRE(s->next(t));  // job 2 never ran: job 3 is compared with job 1
    try {
        s->next(t);
        FAIL("job 4 was not refused");
    } catch (const InputError& e) {
        CHECK(std::string(e.what()) == dir.string() +
                                           "/t.swf:5:4: SWF job 4: submit time 120 s (field 2) is before that of the "
                                           "job replayed before it, 130 s at line 4: a streamed run replays a trace "
                                           "in submit order (sort its job lines by field 2, or load it whole)");
    }
    // Jobs submitted together are in order.
    dir.write("tie.swf",
              "1 100 0 60 2 -1 -1 2 600 -1 1 1 1 -1 -1 -1 -1 -1\n"
              "2 100 0 60 2 -1 -1 2 600 -1 1 1 1 -1 -1 -1 -1 -1\n");
    CHECK(streamed("{swf: {path: tie.swf}}", c).size() == 2);
}

namespace {

// Jobs on days 1, 2 and 4 of the trace (days from its time 0): 86,000 s is day 0, 4 h before day 1.
const char* const kDays =
    "1  86000 0 60 2 -1 -1 2 600 -1 1 1 1 -1 -1 -1 -1 -1\n"
    "2  90000 0 30 1 -1 -1 1 100 -1 1 1 1 -1 -1 -1 -1 -1\n"
    "3 100000 0 -1 1 -1 -1 1 100 -1 0 1 1 -1 -1 -1 -1 -1\n"
    "4 180000 0 45 4 -1 -1 4 100 -1 1 1 1 -1 -1 -1 -1 -1\n"
    "5 350000 0 10 8 -1 -1 8 20 -1 1 1 1 -1 -1 -1 -1 -1\n";

std::vector<Task> loaded_tasks(const std::string& section, const WorkloadContext& c) {
    return workload_registry().load(YAML::Load(section), c).tasks;
}

}  // namespace

TEST_CASE("swf workload: a trial replays its days, each job with a Ch.3 utility and flags", "[workloads][swf]") {
    const test::ScratchDir dir("swf_workload_days");
    dir.write("t.swf", kDays);
    const PlatformSpec p = kth();
    const std::string section = "{swf: {path: t.swf, first_day: 1, warmup_s: 3600, utility: machovec_ch3}}";
    // Trial 0: day 1 and the hour before it, [82,800, 172,800): jobs 1 and 2 (job 3 never ran), shifted by 82,800.
    const WorkloadContext c0{"exp.yaml", dir.string(), p, 7, 0, 0};
    const std::vector<Task> day1 = loaded_tasks(section, c0);
    REQUIRE(day1.size() == 2);
    CHECK(day1[0].arrival_s == 86000 - 82800);
    CHECK(day1[1].arrival_s == 90000 - 82800);
    // Trial 1: day 2, [169,200, 259,200): job 4 at 180,000 - 169,200.
    const WorkloadContext c1{"exp.yaml", dir.string(), p, 7, 1, 0};
    const std::vector<Task> day2 = loaded_tasks(section, c1);
    REQUIRE(day2.size() == 1);
    CHECK(day2[0].arrival_s == 10800);
    CHECK(day2[0].cores == 4);
    // Two days a trial: trial 1 replays days 3 and 4 from 255,600: job 5.
    const std::vector<Task> days34 = loaded_tasks("{swf: {path: t.swf, first_day: 1, days: 2, warmup_s: 3600}}", c1);
    REQUIRE(days34.size() == 1);
    CHECK(days34[0].arrival_s == 350000 - 255600);

    // The utilities: per job in file order from the trial's seed, Table 3's priority and urgency, then the class.
    std::mt19937_64 rng(7);
    for (const Task& t : day1) {
        const MachovecPriorityUrgency pu = sample_machovec_ch3_priority_urgency(rng);
        const std::size_t cls = std::uniform_int_distribution<std::size_t>(0, kMachovecUtilityClasses - 1)(rng);
        CHECK(t.utility == make_machovec_utility(pu.priority, pu.urgency, cls));
        CHECK_FALSE(t.preemptible);
        CHECK_FALSE(t.can_preempt);
    }
    // The flags come from a stream of their own: drawing them moves no utility. p = 1 sets both, p = 0 neither.
    for (const double prob : {0.0, 1.0}) {
        const std::vector<Task> flagged = loaded_tasks(
            "{swf: {path: t.swf, first_day: 1, warmup_s: 3600, utility: machovec_ch3, preempt_probability: " +
                std::to_string(prob) + "}}",
            c0);
        REQUIRE(flagged.size() == 2);
        for (std::size_t i = 0; i < 2; ++i) {
            CHECK(flagged[i].utility == day1[i].utility);
            CHECK(flagged[i].preemptible == (prob == 1.0));
            CHECK(flagged[i].can_preempt == (prob == 1.0));
        }
    }
    // Without utility: machovec_ch3 every job is worth 1, as before.
    CHECK(loaded_tasks("{swf: {path: t.swf, first_day: 1}}", c0)[0].utility == UtilityFunction::constant(1));
    // A streamed run draws the same, in the same order.
    const std::string flagged =
        "{swf: {path: t.swf, first_day: 1, warmup_s: 3600, utility: machovec_ch3, "
        "preempt_probability: 0.5}}";
    const std::vector<Task> s = streamed(flagged, c0), l = loaded_tasks(flagged, c0);
    check_same(s, l);
    for (std::size_t i = 0; i < s.size(); ++i) {
        CHECK(s[i].utility == l[i].utility);
        CHECK(s[i].preemptible == l[i].preemptible);
        CHECK(s[i].can_preempt == l[i].can_preempt);
    }
}

TEST_CASE("swf workload: bad day windows and utilities are refused at their key", "[workloads][swf]") {
    const test::ScratchDir dir("swf_workload_days_bad");
    dir.write("t.swf", kDays);
    const PlatformSpec p = kth();
    const WorkloadContext c{"exp.yaml", dir.string(), p, 7, 0, 0};
    CHECK_THROWS_WITH(loaded_tasks("{swf: {path: t.swf, days: 2}}", c),
                      "exp.yaml:1:27: days needs first_day (the first submit day a trial replays)");
    CHECK_THROWS_WITH(loaded_tasks("{swf: {path: t.swf, utility: value}}", c),
                      "exp.yaml:1:30: utility must be constant or machovec_ch3, not 'value'");
    // Trial 0 of three checks the later trials' windows in one pass: day 3 holds no job.
    const WorkloadContext three{"exp.yaml", dir.string(), p, 7, 0, 3};
    CHECK_THROWS_WITH(loaded_tasks("{swf: {path: t.swf, first_day: 1}}", three),
                      "exp.yaml:1:32: trial 2 replays the jobs submitted from 259200 s to 345600 s: the trace has "
                      "none");
    CHECK_THROWS_WITH(streamed("{swf: {path: t.swf, first_day: 1}}", three),
                      "exp.yaml:1:32: trial 2 replays the jobs submitted from 259200 s to 345600 s: the trace has "
                      "none");
    // Two trials (days 1 and 2) have jobs: trial 0 replays job 2 (job 1 is on day 0). With a day of warm-up,
    // trial 2's window [172,800, 345,600) reaches back to job 4, and trial 0 replays jobs 1 and 2.
    const WorkloadContext two{"exp.yaml", dir.string(), p, 7, 0, 2};
    CHECK(loaded_tasks("{swf: {path: t.swf, first_day: 1}}", two).size() == 1);
    CHECK(loaded_tasks("{swf: {path: t.swf, first_day: 1, warmup_s: 86400}}", three).size() == 2);
    // Day 3 holds no job: the trial says which window it replays.
    const WorkloadContext c2{"exp.yaml", dir.string(), p, 7, 2, 0};
    CHECK_THROWS_WITH(loaded_tasks("{swf: {path: t.swf, first_day: 1}}", c2),
                      "exp.yaml:1:32: trial 2 replays the jobs submitted from 259200 s to 345600 s: the trace has "
                      "none");
}
