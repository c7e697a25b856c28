#include "workloads/swf_reader.h"

#include <catch2/catch.hpp>
#include <chrono>
#include <string>

#include "platform/input_error.h"

using namespace rmsim;

namespace {
#ifdef RMSIM_SOURCE_DIR
const std::string kRoot = RMSIM_SOURCE_DIR;
#else
const std::string kRoot = ".";
#endif
std::string trace(const std::string& name) { return kRoot + "/configs/traces/" + name + ".gz"; }

std::string error_of(const std::string& text) {
    try {
        parse_swf(text, "t.swf");
    } catch (const InputError& e) {
        return e.what();
    }
    return "no error";
}
}  // namespace

TEST_CASE("swf: NASA iPSC slice", "[workloads][swf]") {
    SwfTrace t = read_swf(trace("NASA-iPSC-1993-3.swf"));
    REQUIRE(t.jobs.size() == 228);
    CHECK(t.header.integer("MaxNodes") == 128);
    CHECK(t.header.integer("UnixStartTime") == 749458803);
    CHECK(*t.header.text("Computer") == "Intel iPSC/860");
    // Two "Queue:" lines are joined; the Information line has a continuation line.
    CHECK(*t.header.text("Queue") == "0 interactive\n1 batch");
    CHECK(*t.header.text("Information") ==
          "http://www.nas.nasa.gov/\nhttp://www.cs.huji.ac.il/labs/parallel/workload/");
    // First: "1 10000 -1 200 120 -1 -1 -1 -1 -1 -1 1 1 -1 1 -1 -1 -1"
    const SwfJob& a = t.jobs.front();
    CHECK(a.job_number == 1);
    CHECK(a.submit_s == 10000);
    CHECK_FALSE(a.wait_time().has_value());
    CHECK(*a.run_time() == 200);
    CHECK(a.allocated_procs == 120);
    CHECK(a.requested_procs == -1);
    CHECK(*a.requested_processors() == 120);  // falls back to allocated
    CHECK(a.status == -1);
    CHECK(a.queue == 1);
    // Last: "228 44469 -1 21 1 -1 -1 -1 -1 -1 -1 3 2 1 0 -1 -1 -1"
    const SwfJob& z = t.jobs.back();
    CHECK(z.job_number == 228);
    CHECK(z.submit_s == 44469);
    CHECK(z.run_s == 21);
    CHECK(*z.processors() == 1);
    CHECK(*z.user_id() == 3);
    CHECK(*z.group_id() == 2);
    CHECK(z.executable == 1);
    CHECK(z.queue == 0);
}

TEST_CASE("swf: KTH SP2 log parses fully and fast", "[workloads][swf]") {
    auto start = std::chrono::steady_clock::now();
    SwfTrace t = read_swf(trace("KTH-SP2-1996-2.swf"));
    double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    CHECK(seconds < 0.5);
    REQUIRE(t.jobs.size() == 28476);
    CHECK(t.header.integer("MaxNodes") == 100);
    CHECK(t.header.integer("MaxProcs") == 100);
    CHECK(t.header.integer("UnixStartTime") == 843480031);
    CHECK(*t.header.text("Note") ==
          "uses the EASY scheduler\nTHIS IS A CLEANED VERSION OF THE LOG!\nThe filter used to produce it was\n"
          "job<=14 (14 jobs removed)");
    // First: "15 599850 192180 3477 4 -1 -1 4 53940 -1 1 12 12 -1 -1 -1 -1 -1"
    const SwfJob& a = t.jobs.front();
    CHECK(a.job_number == 15);
    CHECK(a.submit_s == 599850);
    CHECK(*a.wait_time() == 192180);
    CHECK(a.run_s == 3477);
    CHECK(a.allocated_procs == 4);
    CHECK(*a.requested_time() == 53940);
    CHECK(a.status == 1);
    CHECK(a.user == 12);
    CHECK(a.line == 25);
    // Last: "28490 29363618 720 8 1 -1 -1 1 30000 -1 1 98 198 -1 -1 -1 -1 -1"
    const SwfJob& z = t.jobs.back();
    CHECK(z.job_number == 28490);
    CHECK(z.submit_s == 29363618);
    CHECK(z.wait_s == 720);
    CHECK(z.run_s == 8);
    CHECK(z.requested_time_s == 30000);
    CHECK(z.group == 198);
    CHECK_FALSE(z.preceding_job >= 0);
}

TEST_CASE("swf: Lublin model trace", "[workloads][swf]") {
    SwfTrace t = read_swf(trace("lublin_256.swf"));
    REQUIRE(t.jobs.size() == 10000);
    CHECK(t.header.integer("MaxNodes") == 256);
    CHECK(t.header.integer("MaxRuntime") == 162754);
    // First: "1 5094 -1 12072 16 ..." ; last: "10000 7711701 -1 13929 3 ..."
    CHECK(t.jobs.front().submit_s == 5094);
    CHECK(t.jobs.front().run_s == 12072);
    CHECK(t.jobs.front().allocated_procs == 16);
    CHECK_FALSE(t.jobs.front().user_id().has_value());
    CHECK(t.jobs.back().job_number == 10000);
    CHECK(t.jobs.back().submit_s == 7711701);
    CHECK(t.jobs.back().run_s == 13929);
    CHECK(*t.jobs.back().processors() == 3);
}

TEST_CASE("swf: malformed lines report file:line:col of the bad field", "[workloads][swf]") {
    const std::string good = "1 0 -1 10 4 -1 -1 4 60 -1 1 1 1 -1 -1 -1 -1 -1\n";
    CHECK(error_of("; Version: 2\n" + good + "2 5 x 10 4 -1 -1 4 60 -1 1 1 1 -1 -1 -1 -1 -1\n") ==
          "t.swf:3:5: SWF: field 3 (wait time) is not a number: 'x'");
    CHECK(error_of("1 0 -1 10 4.5 -1 -1 4 60 -1 1 1 1 -1 -1 -1 -1 -1\n") ==
          "t.swf:1:11: SWF: field 5 (allocated processors) must be an integer: '4.5'");
    CHECK(error_of("1 0 -1 10 4 -1 -1 4 60\n") ==
          "t.swf:1:23: SWF: job line has 9 fields, expected 18 (missing requested memory)");
    CHECK(error_of("1 0 -1 10 4 -1 -1 4 60 -1 1 1 1 -1 -1 -1 -1 -1 7\n") ==
          "t.swf:1:48: SWF: more than 18 fields in a job line");
    CHECK_THROWS_AS(read_swf("/nonexistent/x.swf"), InputError);
}

TEST_CASE("swf: allocated/requested fallback and fractional fields", "[workloads][swf]") {
    SwfTrace t = parse_swf("\n1 0.5 -1 10.25 -1 3.5 -1 8 -1 -1 1 1 1 -1 -1 -1 -1 -1\n\n", "x.swf");
    REQUIRE(t.jobs.size() == 1);
    CHECK(t.jobs[0].submit_s == 0.5);
    CHECK(t.jobs[0].run_s == 10.25);
    CHECK(*t.jobs[0].processors() == 8);  // allocated unknown -> requested
    CHECK(t.jobs[0].line == 2);
}
