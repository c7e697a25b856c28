// The parameter schema (ParamInfo's bounds and domains, platform/params.h) and its one checker
// (check_params, platform/param_schema.h): every type, bounds inclusive and exclusive, the P-state, core type
// and period domains, unknown keys; errors located at the value.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "platform/input_error.h"
#include "platform/param_schema.h"
#include "platform/params.h"
#include "platform/platform_spec.h"
#include "platform/yaml_util.h"

using namespace rmsim;

namespace {

const std::string kFile = "p.yaml";

const std::vector<ParamInfo>& schema() {
    static const std::vector<ParamInfo> s{
        ParamInfo{"rho", "number", "0.3", "a probability"}.in(0, 1),
        ParamInfo{"count", "integer", "1", "at least one"}.at_least(1),
        ParamInfo{"step", "number", "5", "a percentage above 0"}.above(0).at_most(100),
        ParamInfo{"bias", "number", "0", "below 10"}.below(10),
        {"free", "number", "0", "any finite number"},
        {"flag", "boolean", "false", "true or false"},
        {"label", "string", "x", "a scalar"},
        {"weights", "list", "(none)", "a sequence"},
        {"table", "matrix", "(none)", "rows"},
        {"nested", "map", "(none)", "a map"},
        ParamInfo{"nested.rate", "number", "1", "a nested key"}.above(0),
        ParamInfo{"pstate", "integer", "0", "a P-state"}.pstate(),
        ParamInfo{"core", "string", "big", "a core type"}.core_type(),
        ParamInfo{"period_s", "number", "60", "a period"}.period(),
        ParamInfo{"every_s", "number", "0", "a period; 0: event-driven"}.period(true),
    };
    return s;
}

/// Two core types, of 3 and 2 P-states: P-states 0 and 1 are valid on both.
PlatformSpec platform() {
    PlatformSpec p;
    p.core_types.push_back({"big", std::vector<PState>(3), 0, 0, 0, 0, 0, false});
    p.core_types.push_back({"little", std::vector<PState>(2), 0, 0, 0, 0, 0, false});
    return p;
}

/// The error of checking `yaml` ("" if accepted).
std::string error_of(const std::string& yaml, const PlatformSpec* on = nullptr) {
    try {
        check_params(schema(), Params(load_yaml_string(yaml, kFile), kFile), "policy 'test'", on);
    } catch (const InputError& e) {
        return e.what();
    }
    return "";
}

}  // namespace

TEST_CASE("param schema: values of the right type within their bounds pass", "[platform][params]") {
    const PlatformSpec p = platform();
    CHECK(error_of("{}") == "");
    CHECK(error_of("") == "");
    CHECK(error_of("{rho: 0, count: 1, step: 100, bias: -5, free: -1e300, flag: true, label: 12, weights: [1, 2], "
                   "table: [[1], [2, 3]], nested: {rate: 2}, pstate: 1, core: little, period_s: 0.0001, every_s: 0}",
                   &p) == "");
    CHECK(error_of("{rho: 1, count: 4294967295, step: 0.001, bias: 9.99, period_s: 9.2e9, every_s: 60}", &p) == "");
    CHECK(error_of("{count: 1e5}") == "");  // a whole number written as a real
}

TEST_CASE("param schema: each type refuses what it is not, at the value", "[platform][params][errors]") {
    CHECK(error_of("{rho: yes}") == "p.yaml:1:7: parameter 'rho' of policy 'test': must be a number, got 'yes'");
    CHECK(error_of("{rho: [1]}").find("rho' of policy 'test': must be a number, got a sequence") != std::string::npos);
    CHECK(error_of("{free: .inf}").find("must be a finite number, got '.inf'") != std::string::npos);
    CHECK(error_of("{free: .nan}").find("must be a finite number") != std::string::npos);
    for (const char* v : {"1.5", "-1", "4294967296", "1.0e30"})
        CHECK(error_of(std::string("{count: ") + v + "}").find("must be a whole number from 1 to 4294967295") !=
              std::string::npos);
    CHECK(error_of("{flag: 2}") == "p.yaml:1:8: parameter 'flag' of policy 'test': must be true or false, got '2'");
    CHECK(error_of("{label: {a: 1}}").find("'label' of policy 'test': must be a string, got a map") !=
          std::string::npos);
    CHECK(error_of("{weights: 1}").find("must be a list, got '1'") != std::string::npos);
    CHECK(
        error_of("{table: [1, 2]}").find("p.yaml:1:10: parameter 'table' of policy 'test': each row must be a list") ==
        0);
    CHECK(error_of("{nested: [1]}").find("must be a map, got a sequence") != std::string::npos);
    CHECK(error_of("{rho: }").find("p.yaml:1:2: parameter 'rho' of policy 'test': has no value") == 0);
    // A long value is quoted short.
    CHECK(error_of("{label: x, rho: " + std::string(100, 'a') + "}").find("got 'aaaaaaaaa") != std::string::npos);
    CHECK(error_of("{rho: " + std::string(100, 'a') + "}").find("...'") != std::string::npos);
}

TEST_CASE("param schema: bounds are inclusive or exclusive as declared", "[platform][params][errors]") {
    CHECK(error_of("{rho: 1.5}") == "p.yaml:1:7: parameter 'rho' of policy 'test': must be in [0, 1], got '1.5'");
    CHECK(error_of("{rho: -0.1}").find("must be in [0, 1], got '-0.1'") != std::string::npos);
    CHECK(error_of("{count: 0}")
              .find("'count' of policy 'test': must be a whole number from 1 to 4294967295, got "
                    "'0'") != std::string::npos);
    // An integer's bounds narrow its range of whole numbers; no bounds: 0 to 2^32 - 1.
    const std::vector<ParamInfo> ints{ParamInfo{"n", "integer", "2", ""}.above(1.5).below(10),
                                      {"m", "integer", "0", ""}};
    const auto int_error = [&](const std::string& yaml) {
        try {
            check_params(ints, Params(load_yaml_string(yaml, kFile), kFile), "governor 'g'");
        } catch (const InputError& e) {
            return std::string(e.what());
        }
        return std::string();
    };
    CHECK(int_error("{n: 2, m: 4294967295}") == "");
    CHECK(int_error("{n: 10}").find("must be a whole number from 2 to 9, got '10'") != std::string::npos);
    CHECK(int_error("{m: -1}").find("must be a whole number from 0 to 4294967295, got '-1'") != std::string::npos);
    CHECK(error_of("{step: 0}").find("must be in (0, 100], got '0'") != std::string::npos);
    CHECK(error_of("{step: 100.5}").find("must be in (0, 100]") != std::string::npos);
    CHECK(error_of("{bias: 10}").find("must be < 10, got '10'") != std::string::npos);
    CHECK(error_of("{nested: {rate: 0}}") ==
          "p.yaml:1:17: parameter 'nested.rate' of policy 'test': must be > 0, got '0'");
}

TEST_CASE("param schema: ranges in words, for the listings", "[platform][params]") {
    CHECK(ParamInfo{"a", "number", "0", ""}.range().empty());
    CHECK(ParamInfo{"a", "number", "0", ""}.in(0, 1).range() == "in [0, 1]");
    CHECK(ParamInfo{"a", "number", "0", ""}.above(0).at_most(100).range() == "in (0, 100]");
    CHECK(ParamInfo{"a", "number", "0", ""}.at_least(1).range() == ">= 1");
    CHECK(ParamInfo{"a", "number", "0", ""}.above(0).range() == "> 0");
    CHECK(ParamInfo{"a", "number", "0", ""}.at_most(2).range() == "<= 2");
    CHECK(ParamInfo{"a", "number", "0", ""}.below(2).range() == "< 2");
    CHECK(ParamInfo{"a", "integer", "0", ""}.pstate().range() == "a P-state index");
    CHECK(ParamInfo{"a", "string", "x", ""}.core_type().range() == "a core type's name");
    CHECK(ParamInfo{"a", "number", "60", ""}.period().range() == "a period >= 0.0001 s");
    CHECK(ParamInfo{"a", "number", "0", ""}.period(true).range() == "a period >= 0.0001 s or 0");
    // The chain returns copies: the original is unchanged.
    const ParamInfo plain{"a", "number", "0", ""};
    CHECK(plain.in(0, 1).range() != plain.range());
    CHECK(param_types() == std::vector<std::string>{"number", "integer", "boolean", "string", "list", "matrix", "map"});
}

TEST_CASE("param schema: a P-state must be valid on every core type of the platform", "[platform][params][errors]") {
    const PlatformSpec p = platform();
    CHECK(error_of("{pstate: 99}", &p) ==
          "p.yaml:1:10: parameter 'pstate' of policy 'test': 99 is not a P-state of this platform (core types have "
          "P-states 0 to 1)");
    CHECK(error_of("{pstate: 2}", &p).find("2 is not a P-state of this platform") != std::string::npos);
    CHECK(error_of("{pstate: 1}", &p) == "");
    // Without a platform only the type is checked.
    CHECK(error_of("{pstate: 99}") == "");
    CHECK(error_of("{pstate: -1}", &p).find("must be a whole number") != std::string::npos);
}

TEST_CASE("param schema: a core type must be one of the platform's", "[platform][params][errors]") {
    const PlatformSpec p = platform();
    CHECK(error_of("{core: big}", &p) == "");
    CHECK(error_of("{core: medium}", &p) ==
          "p.yaml:1:8: parameter 'core' of policy 'test': 'medium' is not a core type of this platform (core "
          "types: big, little)");
    CHECK(error_of("{core: medium}") == "");
}

TEST_CASE("param schema: a period lies between the event floor and the end of simulated time",
          "[platform][params][errors]") {
    CHECK(error_of("{period_s: 1.0e-12}") ==
          "p.yaml:1:12: parameter 'period_s' of policy 'test': 1e-12 s is shorter than the time resolution, 1 ns; "
          "a period is at least 0.0001 s");
    CHECK(error_of("{period_s: 0.00005}")
              .find("5e-05 s is shorter than 0.0001 s, the shortest period between "
                    "events") != std::string::npos);
    CHECK(error_of("{period_s: 1e10}").find("1e+10 s is past the end of simulated time") != std::string::npos);
    CHECK(error_of("{period_s: 0}").find("0 s is not a period; a period is at least 0.0001 s") != std::string::npos);
    CHECK(error_of("{period_s: -1}").find("is not a period") != std::string::npos);
    // 0 only where the parameter documents it as off.
    CHECK(error_of("{every_s: 0}") == "");
    CHECK(error_of("{every_s: 1e-9}").find("(or 0: off)") != std::string::npos);
}

TEST_CASE("param schema: an unknown key is refused with the allowed ones", "[platform][params][errors]") {
    CHECK(error_of("{rho: 0.5, rhoo: 1}") ==
          "p.yaml:1:12: unknown parameter 'rhoo' of policy 'test' (allowed: rho, count, step, bias, free, flag, "
          "label, weights, table, nested, nested.rate, pstate, core, period_s, every_s)");
    CHECK(error_of("[1, 2]").find("parameters of policy 'test'") != std::string::npos);
}

TEST_CASE("param schema: a type outside the documented set is the component's mistake", "[platform][params]") {
    const std::vector<ParamInfo> bad{{"on", "bool", "false", "not a documented type"}};
    CHECK_THROWS_AS(check_params(bad, Params(load_yaml_string("{on: true}", kFile), kFile), "policy 't'"),
                    std::logic_error);
}
