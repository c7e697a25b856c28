#include "workloads/csv_tasks.h"

#include <catch2/catch.hpp>
#include <limits>
#include <string>
#include <vector>

#include "platform/input_error.h"
#include "tests/support/gzip_file.h"
#include "tests/support/scratch_dir.h"

using namespace rmsim;

namespace {

/// Two core types: "big" at 2 GHz / 1 GHz, "little" at 1 GHz / 0.5 GHz; a cluster of each, 2 nodes of 4 cores.
PlatformSpec two_core_types() {
    PlatformSpec p;
    CoreType big;
    big.name = "big";
    big.pstates = {{2e9, 1.0, 4.0, 1.0}, {1e9, 0.8, 2.0, 0.5}};
    CoreType little;
    little.name = "little";
    little.pstates = {{1e9, 0.9, 1.0, 0.2}, {0.5e9, 0.7, 0.5, 0.1}};
    p.core_types = {big, little};
    for (CoreTypeId t = 0; t < 2; ++t) {
        ProcessorType pt;
        pt.name = p.core_types[t].name + ".cpu";
        pt.core_type = t;
        pt.cores = 4;
        p.processor_types.push_back(pt);
        NodeType nt;
        nt.name = p.core_types[t].name + ".node";
        nt.processors.push_back(NodeType::Processors{t, 1});
        p.node_types.push_back(nt);
        ClusterSpec c;
        c.name = p.core_types[t].name;
        c.node_type = t;
        c.nodes = 2;
        p.clusters.push_back(c);
    }
    return p;
}

std::string error_of(const std::string& text) {
    try {
        parse_csv_tasks(text, "t.csv", two_core_types());
    } catch (const InputError& e) {
        return e.what();
    }
    return "no error";
}

}  // namespace

TEST_CASE("csv tasks: work_s gives an analytic model at the reference core's P0", "[workloads][csv]") {
    const PlatformSpec p = two_core_types();
    auto tasks = parse_csv_tasks(
        "# a comment\n"
        "id, arrival_s, work_s, cores, deadline_s, value\n"
        "7, 20, 10, 4, 50, 3\n"
        "\n"
        "3, 5, 2.5, 1, , 2\n",
        "t.csv", p);
    REQUIRE(tasks.size() == 2);
    const Task& a = tasks[0];  // sorted by arrival: id 3 first
    CHECK(a.id == 3);
    CHECK(a.arrival_s == 5);
    CHECK(a.work.cycles() == Approx(2.5 * 2e9).epsilon(1e-12));
    CHECK(a.work.duration(p.core_types[0], 0, 0) == Approx(2.5).epsilon(1e-12));
    CHECK(a.work.duration(p.core_types[1], 1, 0) == Approx(5.0).epsilon(1e-12));  // half the frequency
    CHECK(a.utility.value_at(1e9) == 2.0);                                        // no deadline: constant value
    const Task& b = tasks[1];
    CHECK(b.id == 7);
    CHECK(b.cores == 4);
    CHECK(b.utility.value_at(30) == 3.0);  // deadline 50 - arrival 20 = 30 s after arrival
    CHECK(b.utility.value_at(30.5) == 0.0);
}

TEST_CASE("csv tasks: per-core-type times give a tabular model", "[workloads][csv]") {
    const PlatformSpec p = two_core_types();
    auto tasks = parse_csv_tasks("id,arrival_s,time_s.little,time_s.big,nodes\n1,0,8,3,2\n2,1,,4,1\n", "t.csv", p);
    REQUIRE(tasks.size() == 2);
    const Task& a = tasks[0];
    REQUIRE(a.work.tabular());
    CHECK(a.nodes == 2);
    CHECK(a.work.duration(p.core_types[0], 0, 0) == Approx(3).epsilon(1e-12));
    CHECK(a.work.duration(p.core_types[0], 0, 1) == Approx(6).epsilon(1e-12));   // 3·2 GHz/1 GHz
    CHECK(a.work.duration(p.core_types[1], 1, 1) == Approx(16).epsilon(1e-12));  // 8·1/0.5
    CHECK(tasks[1].work.duration(p.core_types[1], 1, 0) < 0);                    // empty cell: cannot run on little
}

TEST_CASE("csv tasks: requested time and preemption flags", "[workloads][csv]") {
    const auto tasks = parse_csv_tasks(
        "id,arrival_s,work_s,requested_s,preemptible,can_preempt,memory_bytes\n1,0,10,60,1,0,2048\n2,5,10,,0,1,0\n",
        "t.csv", two_core_types());
    REQUIRE(tasks.size() == 2);
    CHECK(tasks[0].requested_time_s == 60);
    CHECK(tasks[0].memory_bytes == 2048);
    CHECK(tasks[0].preemptible);
    CHECK_FALSE(tasks[0].can_preempt);
    CHECK_FALSE(tasks[1].requested_time().has_value());  // empty: unknown
    CHECK_FALSE(tasks[1].preemptible);
    CHECK(tasks[1].can_preempt);
    CHECK(error_of("id,arrival_s,work_s,preemptible\n1,0,1,2\n") == "t.csv:2:7: task CSV: value 2 out of range [0, 1]");
}

TEST_CASE("csv tasks: errors carry file:line:col", "[workloads][csv]") {
    CHECK(error_of("id,arrival_s,work_s\n1,0,abc\n") == "t.csv:2:5: task CSV: 'abc' is not a number");
    CHECK(error_of("id,arrival_s,work_s\n1, -3,1\n") == "t.csv:2:4: task CSV: value -3 must be >= 0");
    CHECK(error_of("id,arrival_s,work_s,colour\n") ==
          "t.csv:1:21: task CSV: unknown column 'colour' (valid: id, arrival_s, work_s, time_s.<core type>, "
          "type, "
          "cores, nodes, deadline_s, value, requested_s, preemptible, can_preempt, memory_bytes)");
    CHECK(error_of("id,arrival_s,time_s.medium\n") ==
          "t.csv:1:14: task CSV: unknown core type 'medium' (platform core types: big, little)");
    CHECK(error_of("id,arrival_s\n") ==
          "t.csv:1:1: task CSV: give either a work_s column or time_s.<core type> columns (exactly one of "
          "the two)");
    CHECK(error_of("id,arrival_s,work_s\n1,0,1,9\n") == "t.csv:2:7: task CSV: more cells than header columns");
    CHECK(error_of("id,arrival_s,work_s\n1,0\n") == "t.csv:2:4: task CSV: row has 2 cells, header has 3");
    CHECK(error_of("id,arrival_s,work_s\n1,0,1\n1,2,1\n") == "t.csv:3:1: task CSV: duplicate task id 1");
    CHECK(error_of("id,arrival_s,work_s,deadline_s\n1,10,1,5\n") ==
          "t.csv:2:8: task CSV: deadline_s precedes arrival_s");
    CHECK(error_of("id,arrival_s,work_s,cores\n1,0,1,0\n") ==
          "t.csv:2:7: task CSV: value 0 out of range [1, 4294967295]");
    CHECK(error_of("id,arrival_s,time_s.big\n1,0,\n") ==
          "t.csv:2:1: task CSV: no time_s.<core type> value: the task cannot run anywhere");
    CHECK(error_of("") == "t.csv: task CSV: no header row");
    CHECK_THROWS_AS(read_csv_tasks("/nonexistent/tasks.csv", two_core_types()), InputError);
}

TEST_CASE("csv tasks: a task that cannot be simulated is refused at its cell", "[workloads][csv]") {
    // Each cluster has 2 nodes of 4 cores: 8 cores, 2 nodes at most.
    CHECK(error_of("id,arrival_s,work_s,cores\n1,0,1,9\n") ==
          "t.csv:2:7: task CSV: task 1 asks for 9 cores, but the largest cluster has 8");
    CHECK(error_of("id,arrival_s,work_s,nodes\n1,0,1,3\n") ==
          "t.csv:2:7: task CSV: task 1 asks for 3 nodes, but the largest cluster has 2");
    // 9.2e9 s is the end of simulated time (2^63 ns, rounded down).
    CHECK(error_of("id,arrival_s,work_s\n1,9.3e9,1\n") ==
          "t.csv:2:3: task CSV: 9.3e9 s is past the end of simulated time (9.2e+09 s, 292 years)");
    // 5e9 s at P0 of big is 1e10 s at P1 (2 GHz / 1 GHz): too long for simulated time.
    CHECK(error_of("id,arrival_s,work_s\n1,0,5e9\n") ==
          "t.csv:2:5: task CSV: task 1 runs 1e+10 s on core type 'big' at P1 (cluster 'big'), ending past the end "
          "of simulated time (9.2e+09 s, 292 years)");
    // Starting at 4e9 s, 3e9 s at P0 ends at 7e9 s, but 6e9 s at P1 ends at 1e10 s.
    CHECK(error_of("id,arrival_s,work_s\n1,4e9,3e9\n").find("task 1 runs 6e+09 s on core type 'big' at P1") !=
          std::string::npos);
    CHECK(error_of("id,arrival_s,work_s,value\n1,0,1,1e300\n") == "t.csv:2:7: task CSV: value 1e300 must be <= 1e+250");
}

TEST_CASE("csv tasks: the docs/workloads.md example parses", "[workloads][csv]") {
    const PlatformSpec p = two_core_types();
    auto tasks = parse_csv_tasks(
        "# id, arrival, per-core-type times at P0\n"
        "id,arrival_s,time_s.big,time_s.little,cores,deadline_s,value\n"
        "1,0,120,300,2,600,5\n"
        "2,30,60,,1,,1\n",
        "example.csv", p);
    REQUIRE(tasks.size() == 2);
    CHECK(tasks[0].cores == 2);
    CHECK(tasks[0].work.duration(p.core_types[1], 1, 0) == Approx(300).epsilon(1e-12));
    CHECK(tasks[0].utility.value_at(600) == 5.0);
    CHECK(tasks[0].utility.zero_after() == 600.0);
    CHECK(tasks[1].work.duration(p.core_types[0], 0, 1) == Approx(120).epsilon(1e-12));  // 60·2 GHz/1 GHz
    CHECK(tasks[1].utility.zero_after() == std::numeric_limits<double>::infinity());
}

namespace {

/// The message of the InputError that streaming every row of `text` throws (ordered: as a streamed run reads).
std::string stream_error_of(const std::string& text, bool ordered = true) {
    const rmsim::test::ScratchDir d("csv_stream_error");
    const std::string path = d.write("t.csv", text);
    try {
        CsvTaskStream s(path, two_core_types(), 0, kDefaultMaxTraceBytes, ordered);
        count_rest(s);
    } catch (const InputError& e) {
        const std::string m = e.what();
        return "t.csv" + m.substr(path.size());
    }
    return "no error";
}

}  // namespace

TEST_CASE("csv tasks: the stream gives the rows in file order, plain or gzip", "[workloads][csv][streaming]") {
    const rmsim::test::ScratchDir d("csv_stream");
    const std::string text =
        "# a comment\n"
        "id,arrival_s,work_s,cores,requested_s\n"
        "1,0,10,2,60\n"
        "\n"
        "4,5,2.5,1,\n"
        "9,5,7,4,20\n";
    const std::string plain = d.write("t.csv", text);
    rmsim::test::write_gzip(d.string() + "/t.csv.gz", text);
    const std::vector<Task> whole = parse_csv_tasks(text, plain, two_core_types());
    for (const std::string& path : {plain, d.string() + "/t.csv.gz"}) {
        INFO(path);
        CsvTaskStream s(path, two_core_types(), 0, kDefaultMaxTraceBytes, true);
        std::vector<Task> rows;
        Task t;
        while (s.next(t)) rows.push_back(t);
        REQUIRE(rows.size() == whole.size());
        for (std::size_t i = 0; i < rows.size(); ++i) {
            CHECK(rows[i].id == whole[i].id);  // the ids of the rows
            CHECK(rows[i].arrival_s == whole[i].arrival_s);
            CHECK(rows[i].cores == whole[i].cores);
            CHECK(rows[i].requested_time_s == whole[i].requested_time_s);
            CHECK(rows[i].work.cycles() == whole[i].work.cycles());
        }
        CHECK(read_csv_tasks(path, two_core_types()).size() == 3);
    }
    // The header is read first: a file without one is refused before any row is asked for.
    const std::string none = d.write("none.csv", "# only a comment\n\n");
    CHECK_THROWS_WITH(CsvTaskStream(none, two_core_types(), 0, kDefaultMaxTraceBytes, true),
                      none + ": task CSV: no header row");
}

TEST_CASE("csv tasks: a streamed task list ascends by arrival and by id", "[workloads][csv][streaming]") {
    const std::string late = "id,arrival_s,work_s\n1,0,1\n2,10,1\n3, 5,1\n";
    CHECK(stream_error_of(late) ==
          "t.csv:4:4: task CSV: task 3 arrives at 5 s, before the row above it (10 s at line 3): a streamed run "
          "reads a task list in arrival order (sort its rows by arrival_s, or load it whole)");
    const std::string down = "id,arrival_s,work_s\n5,0,1\n\n# a comment\n2,0,1\n";
    CHECK(stream_error_of(down) ==
          "t.csv:5:1: task CSV: task id 2 is below the row above it (5 at line 2): a streamed run reads a task "
          "list whose ids ascend, so that no id can repeat (number its rows in order, or load it whole)");
    CHECK(stream_error_of("id,arrival_s,work_s\n5,0,1\n5,1,1\n") == "t.csv:3:1: task CSV: duplicate task id 5");
    // Read whole, the same files are fine (sorted by the reader); a duplicate anywhere is refused.
    CHECK(stream_error_of(late, false) == "no error");
    CHECK(stream_error_of(down, false) == "no error");
    CHECK(stream_error_of("id,arrival_s,work_s\n5,0,1\n6,0,1\n5,1,1\n", false) ==
          "t.csv:4:1: task CSV: duplicate task id 5");
    // The other errors are the whole-file reader's.
    CHECK(stream_error_of("id,arrival_s,work_s\n1,0,abc\n") == "t.csv:2:5: task CSV: 'abc' is not a number");
}
