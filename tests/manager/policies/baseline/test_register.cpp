// The baseline family in the built-in registry: names, parameters, and bad parameter values.
#include <yaml-cpp/yaml.h>
#include <catch2/catch.hpp>

#include "manager/policy_registry.h"

using namespace rmsim;

TEST_CASE("baseline register: every baseline policy is built with its parameters", "[manager][policies]") {
    const PolicyRegistry& r = builtin_policies();
    const SourceLocation at{"exp.yaml", 3, 5};
    for (const char* name : {"fcfs", "easy", "conservative", "fcfs-multiqueue", "random"}) {
        const PolicyInfo* info = r.find(name);
        REQUIRE(info != nullptr);
        CHECK(info->family == "baseline");
        // An empty map (PolicyParams() itself trips PolicyParams::text on its null node: reported to the lead).
        CHECK(r.create(name, PolicyParams(YAML::Load("{}"), "exp.yaml"), at) != nullptr);
    }
    const auto easy =
        r.create("easy", PolicyParams(YAML::Load("{granularity: node, node_choice: voids}"), "exp.yaml"), at);
    CHECK(easy->traits().granularity == Granularity::Node);
    CHECK(r.create("random", PolicyParams(YAML::Load("{seed: 7}"), "exp.yaml"), at) != nullptr);
    CHECK_THROWS_AS(r.create("random", PolicyParams(YAML::Load("{pstate: 1}"), "exp.yaml"), at), InputError);
    CHECK_THROWS_AS(r.create("conservative", PolicyParams(YAML::Load("{node_choice: best}"), "exp.yaml"), at),
                    InputError);
}

TEST_CASE("baseline register: period_s makes the mapping events periodic (Machovec Ch.3 §3.3.1)",
          "[manager][policies]") {
    const PolicyRegistry& r = builtin_policies();
    const SourceLocation at{"exp.yaml", 3, 5};
    for (const char* name : {"fcfs", "easy", "conservative", "fcfs-multiqueue", "random"}) {
        const auto immediate = r.create(name, PolicyParams(YAML::Load("{}"), "exp.yaml"), at);
        CHECK(immediate->traits().on_arrival);
        CHECK(immediate->traits().on_completion);
        CHECK(immediate->traits().period == SimTime());
        // With dropping too: both wrappers apply, the traits of the innermost policy otherwise kept.
        const auto periodic = r.create(
            name, PolicyParams(YAML::Load("{period_s: 60, dropping_threshold: 0.5, granularity: node}"), "exp.yaml"),
            at);
        CHECK_FALSE(periodic->traits().on_arrival);
        CHECK_FALSE(periodic->traits().on_completion);
        CHECK(periodic->traits().period == SimTime::from_whole_seconds(60));
        CHECK(periodic->traits().granularity == Granularity::Node);
    }
    CHECK_THROWS_AS(r.create("easy", PolicyParams(YAML::Load("{period_s: -1}"), "exp.yaml"), at), InputError);
}

TEST_CASE("baseline register: an integer parameter beyond 32 bits is refused, not converted", "[manager][policies]") {
    const PolicyRegistry& r = builtin_policies();
    const SourceLocation at{"exp.yaml", 3, 5};
    // 1e30 used to reach a double -> uint32 conversion, undefined beyond 2^32 - 1 (found by tests/fuzz).
    for (const char* params : {"{pstate: 1.0e30}", "{pstate: 4294967296}", "{pstate: 1.5}"})
        CHECK_THROWS_WITH(
            r.create("easy", PolicyParams(YAML::Load(params), "exp.yaml"), at),
            Catch::Contains("parameter 'pstate' of policy 'easy': must be a whole number from 0 to 4294967295"));
    CHECK(r.create("easy", PolicyParams(YAML::Load("{pstate: 4294967295}"), "exp.yaml"), at) != nullptr);
}
