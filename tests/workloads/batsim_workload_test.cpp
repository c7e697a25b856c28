#include "workloads/batsim_workload.h"

#include <catch2/catch.hpp>
#include <string>

#include "platform/input_error.h"

using namespace rmsim;

namespace {
std::string error_of(const std::string& text) {
    try {
        parse_batsim_workload(text, "w.json");
    } catch (const InputError& e) {
        return e.what();
    }
    return "no error";
}

/// A workload of one job with profile `p`.
std::string one_job(const std::string& p, int res = 2) {
    return R"({"nb_res": 4, "jobs": [{"id": "a", "subtime": 0, "res": )" + std::to_string(res) +
           R"(, "profile": "p"}], "profiles": {"p": )" + p + "}}";
}
}  // namespace

TEST_CASE("batsim: both spellings of the profile types", "[workloads][batsim]") {
    const BatsimWorkload w = parse_batsim_workload(R"({
      "nb_res": 8,
      "jobs": [
        {"id": 7, "subtime": 10.5, "res": 2, "profile": "d4", "walltime": 100},
        {"id": "w0!x", "subtime": 3, "res": 4, "profile": "d5"},
        {"id": 1.5, "subtime": 0, "res": 2, "profile": "ph"},
        {"id": "t", "subtime": 0, "res": 4, "profile": "total"},
        {"id": "s", "subtime": 0, "res": 4, "profile": "spread"},
        {"id": "p", "subtime": 0, "res": 3, "profile": "par", "walltime": -1}
      ],
      "profiles": {
        "d4": {"type": "delay", "delay": 20.25},
        "d5": {"type": "DelayProfile", "delay": 3},
        "ph": {"type": "parallel_homogeneous", "cpu": 1e9, "com": 0},
        "total": {"type": "parallel_homogeneous_total", "cpu": 8e9, "com": 0},
        "spread": {"type": "ParallelTaskHomogeneousProfile", "cpu": 4e9, "com": 0,
                   "generation_strategy": "DefinedAmountsSpreadUniformly"},
        "par": {"type": "ParallelTaskProfile", "cpu": [1e9, 3e9, 2e9], "com": [0,0,0, 0,0,0, 0,0,0]}
      }})",
                                                   "w.json");
    REQUIRE(w.nb_res == 8);
    REQUIRE(w.jobs.size() == 6);
    CHECK(w.jobs[0].id == "7");
    CHECK(w.jobs[0].subtime_s == 10.5);
    CHECK(w.jobs[0].walltime_s == 100);
    CHECK(w.jobs[0].delay);
    CHECK(w.jobs[0].amount == 20.25);
    CHECK(w.jobs[1].id == "w0!x");
    CHECK(w.jobs[1].walltime_s < 0);
    CHECK(w.jobs[2].id == "1.5");
    CHECK(!w.jobs[2].delay);
    CHECK(w.jobs[2].amount == 1e9);  // flops on each host
    CHECK(w.jobs[3].amount == 2e9);  // 8e9 in all over 4 hosts
    CHECK(w.jobs[4].amount == 1e9);  // 4e9 spread over 4 hosts
    CHECK(w.jobs[5].amount == 3e9);  // the slowest host's
    CHECK(w.jobs[5].walltime_s == -1);
}

TEST_CASE("batsim: a JSON syntax error is located at line and column", "[workloads][batsim]") {
    const std::string e = error_of("{\"nb_res\": 4,\n  \"jobs\": [}\n");
    CHECK_THAT(e, Catch::StartsWith("w.json:2:12: Batsim workload: JSON syntax error"));
    CHECK(line_column("ab\ncd", 4) == std::pair<int, int>{2, 2});
}

TEST_CASE("batsim: semantic errors name the job and the field", "[workloads][batsim]") {
    CHECK(error_of(one_job(R"({"type": "delay", "delay": 1})", 0)) ==
          "w.json: Batsim job 0 (id a): 'res' must be a positive integer, not 0");
    CHECK(error_of(one_job(R"({"type": "delay"})")) == "w.json: Batsim job 0 (id a): profile 'p': no 'delay'");
    CHECK_THAT(error_of(one_job(R"({"type": "parallel_homogeneous", "cpu": 1, "com": 5})")),
               Catch::Contains("profile 'p': 'com' is not zero: rmsim does not model"));
    CHECK_THAT(error_of(one_job(R"({"type": "ParallelTaskProfile", "cpu": [1, 2], "com": [0, 1, 0, 0]})")),
               Catch::Contains("'com' is not zero"));
    CHECK_THAT(error_of(one_job(R"({"type": "parallel", "cpu": [1, 2, 3]})")),
               Catch::Contains("'cpu' has 3 amounts for 'res' 2 hosts"));
    CHECK_THAT(error_of(one_job(R"({"type": "composed", "seq": ["q"]})")),
               Catch::Contains("profile type 'composed' cannot be modelled by rmsim"));
    CHECK_THAT(error_of(one_job(R"({"type": "SequentialCompositionProfile", "profiles": ["q"]})")),
               Catch::Contains("profile type 'SequentialCompositionProfile' cannot be modelled"));
    CHECK(
        error_of(R"({"nb_res": 4, "jobs": [{"id": 3, "subtime": 0, "res": 1, "profile": "nope"}], "profiles": {}})") ==
        "w.json: Batsim job 0 (id 3): profile 'nope' is not in 'profiles'");
    CHECK(error_of(R"({"jobs": [], "profiles": {}})") == "w.json: no 'nb_res'");
    CHECK(error_of(R"({"nb_res": 1, "jobs": [{"id": "x", "res": 1, "profile": "p"}], "profiles": {}})") ==
          "w.json: Batsim job 0 (id x): no 'subtime'");
}
