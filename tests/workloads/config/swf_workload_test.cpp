// The swf workload's stream (workloads/config/swf_workload.h): the tasks a streamed run draws are those the
// loader gives, plain or gzip, with skip_jobs and max_jobs; a trace out of submit order is refused by the
// stream at the job's submit time, and sorted by the loader.
#include "workloads/config/swf_workload.h"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "platform/input_error.h"
#include "platform/platform_loader.h"
#include "tests/support/gzip_file.h"
#include "tests/support/scratch_dir.h"
#include "workloads/task_stream.h"

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
