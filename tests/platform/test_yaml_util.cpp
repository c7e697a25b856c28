// The shared YAML helpers: locations, typed getters with defaults and range checks, key checks.
#include <catch2/catch.hpp>

#include "platform/input_error.h"
#include "platform/yaml_util.h"

namespace {
const std::string kFile = "cfg.yaml";

YAML::Node doc(const std::string& text) { return rmsim::load_yaml_string(text, kFile); }
}  // namespace

TEST_CASE("yaml_util: locations are 1-based line and column of the node", "[platform]") {
    YAML::Node d = doc("a:\n  b: [1, 2]\n");
    rmsim::SourceLocation l = rmsim::yaml_location(d["a"]["b"][1], kFile);
    CHECK(l.file == kFile);
    CHECK(l.line == 2);
    CHECK(l.column == 10);  // "  b: [1, 2]": the 2 is the 10th character
    CHECK(rmsim::yaml_location(YAML::Node(), kFile).line == 0);
}

TEST_CASE("yaml_util: typed getters with defaults and range checks", "[platform]") {
    YAML::Node m = doc("x: 2.5\nn: 1e5\nb: yes\ns: hello\nneg: -1\nzero: 0\n");
    CHECK(rmsim::get_double(m, "x", kFile) == 2.5);
    CHECK(rmsim::get_double_or(m, "missing", kFile, 7.0) == 7.0);
    CHECK(rmsim::get_count(m, "n", kFile) == 100000u);  // a whole number written in exponent form
    CHECK(rmsim::get_count_or(m, "missing", kFile, 3u) == 3u);
    CHECK(rmsim::get_bool(m, "b", kFile));
    CHECK(rmsim::get_bool_or(m, "missing", kFile, false) == false);
    CHECK(rmsim::get_string(m, "s", kFile) == "hello");
    CHECK(rmsim::get_string_or(m, "missing", kFile, "dflt") == "dflt");
    CHECK(rmsim::get_non_negative(m, "zero", kFile) == 0.0);
    CHECK(rmsim::has_key(m, "neg"));
    CHECK_FALSE(rmsim::has_key(m, "missing"));
    CHECK_THROWS_WITH(rmsim::get_positive(m, "zero", kFile), "cfg.yaml:6:7: 'zero' must be > 0, got '0'");
    CHECK_THROWS_WITH(rmsim::get_non_negative_or(m, "neg", kFile, 1.0), "cfg.yaml:5:6: 'neg' must be >= 0, got '-1'");
    CHECK_THROWS_WITH(rmsim::get_count(m, "x", kFile), "cfg.yaml:1:4: 'x' must be a whole number >= 1, got '2.5'");
    CHECK_THROWS_WITH(rmsim::get_double(m, "s", kFile), "cfg.yaml:4:4: 's' must be a number, got 'hello'");
    CHECK_THROWS_WITH(rmsim::get_bool(m, "x", kFile), "cfg.yaml:1:4: 'x' must be true or false, got '2.5'");
    CHECK_THROWS_WITH(rmsim::get_double(m, "missing", kFile), "cfg.yaml:1:1: missing required key 'missing'");
    CHECK_THROWS_WITH(rmsim::as_count(doc("5000000000"), kFile, "'n'"),
                      "cfg.yaml:1:1: 'n' is too large (at most 4294967295), got '5000000000'");
}

TEST_CASE("yaml_util: 64-bit whole numbers (seeds) are checked before they are converted", "[platform]") {
    YAML::Node m = doc("max: 18446744073709551615\nexp: 1e6\nhalf: 1.5\nhuge: 1.0e30\nneg: -1\n");
    CHECK(rmsim::get_uint64_or(m, "max", kFile, 1) == 18446744073709551615ull);
    CHECK(rmsim::get_uint64_or(m, "exp", kFile, 1) == 1000000u);
    CHECK(rmsim::get_uint64_or(m, "missing", kFile, 7) == 7u);
    const std::string range = "must be a whole number from 0 to 18446744073709551615, got ";
    CHECK_THROWS_WITH(rmsim::get_uint64_or(m, "half", kFile, 1), "cfg.yaml:3:7: 'half' " + range + "'1.5'");
    CHECK_THROWS_WITH(rmsim::get_uint64_or(m, "huge", kFile, 1), "cfg.yaml:4:7: 'huge' " + range + "'1.0e30'");
    CHECK_THROWS_WITH(rmsim::get_uint64_or(m, "neg", kFile, 1), "cfg.yaml:5:6: 'neg' " + range + "'-1'");
    CHECK_THROWS_WITH(rmsim::get_uint64_or(doc("over: 18446744073709551616\n"), "over", kFile, 1),
                      "cfg.yaml:1:7: 'over' " + range + "'18446744073709551616'");
}

TEST_CASE("yaml_util: a key without a value is an error even where the key is optional", "[platform]") {
    YAML::Node m = doc("a: 1\nb:\n");
    CHECK_THROWS_WITH(rmsim::get_double_or(m, "b", kFile, 0.0), "cfg.yaml:2:1: 'b' has no value");
    CHECK_THROWS_WITH(rmsim::get_string(doc("[1]"), "b", kFile), "cfg.yaml:1:1: expected a map, got a sequence");
}

TEST_CASE("yaml_util: check_allowed_keys lists the allowed keys and catches duplicates", "[platform]") {
    CHECK_NOTHROW(rmsim::check_allowed_keys(doc("a: 1\nb: 2\n"), kFile, "thing", {"a", "b", "c"}));
    CHECK_THROWS_WITH(rmsim::check_allowed_keys(doc("a: 1\nxyz: 2\n"), kFile, "thing", {"a", "b", "c"}),
                      "cfg.yaml:2:1: unknown key 'xyz' in thing (allowed: a, b, c)");
    // A map built in memory can hold a key twice; a parsed one cannot (the next test case).
    YAML::Node twice(YAML::NodeType::Map);
    twice.force_insert("a", 1);
    twice.force_insert("a", 2);
    CHECK_THROWS_WITH(rmsim::check_allowed_keys(twice, kFile, "thing", {"a"}), "cfg.yaml: duplicate key 'a' in thing");
    CHECK_THROWS_WITH(rmsim::check_allowed_keys(doc("7"), kFile, "thing", {"a"}),
                      "cfg.yaml:1:1: expected a map for thing, got '7'");
}

TEST_CASE("yaml_util: syntax errors carry the parser's position", "[platform]") {
    CHECK_THROWS_WITH(doc("a: [1, 2\nb: 3\n"), "cfg.yaml:2:2: YAML syntax error: end of sequence flow not found");
    CHECK_THROWS_WITH(rmsim::load_yaml_file("/nonexistent/dir/x.yaml"),
                      "/nonexistent/dir/x.yaml: cannot open file (No such file or directory)");
}
