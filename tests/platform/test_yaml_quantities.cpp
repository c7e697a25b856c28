// Quantities with the model's ranges (platform/model_limits.h): times within 9.2e9 s, periods of at least
// 1 ns, frequencies in [1/9.2e9, 1e15] Hz, amounts up to 1e250; seeds as whole numbers in 64 bits.
#include <catch2/catch.hpp>

#include <cmath>
#include <functional>
#include <string>

#include "platform/input_error.h"
#include "platform/model_limits.h"
#include "platform/time.h"
#include "platform/yaml_quantities.h"
#include "platform/yaml_util.h"

using namespace rmsim;

namespace {
const std::string kFile = "q.yaml";
YAML::Node doc(const std::string& text) { return load_yaml_string(text, kFile); }

std::string error_of(const std::function<void()>& f) {
    try {
        f();
    } catch (const InputError& e) {
        return e.what();
    }
    return "no error";
}
}  // namespace

TEST_CASE("yaml quantities: times lie within simulated time", "[platform][limits]") {
    const YAML::Node m = doc("a: 9.2e9\nb: 9.21e9\nc: 0\n");
    CHECK(get_seconds(m, "a", kFile) == 9.2e9);
    CHECK(get_seconds(m, "c", kFile) == 0.0);
    CHECK(error_of([&] { get_seconds(m, "b", kFile); }) ==
          "q.yaml:2:4: 'b' is 9.21e+09 s, past the end of simulated time (9.2e+09 s, 292 years)");
    CHECK(error_of([&] { get_seconds(m, "c", kFile, true); }) == "q.yaml:3:4: 'c' must be > 0, got '0'");
    CHECK(get_seconds_or(m, "missing", kFile, 5.0) == 5.0);
    // 2^63 ns is 9.223e9 s: every accepted time is a finite SimTime.
    CHECK(SimTime::from_seconds(kMaxSeconds).is_finite());
}

TEST_CASE("yaml quantities: a period is at least the time resolution", "[platform][limits]") {
    const YAML::Node m = doc("a: 1.0e-9\nb: 0.9e-9\n");
    CHECK(get_period_or(m, "a", kFile, 1.0) == 1e-9);
    CHECK(error_of([&] { get_period_or(m, "b", kFile, 1.0); }) ==
          "q.yaml:2:4: 'b' is 9e-10 s, shorter than the time resolution (1e-09 s)");
}

TEST_CASE("yaml quantities: frequencies between one period per simulated time and 1 fs", "[platform][limits]") {
    const YAML::Node m = doc("ok: 2.5\nfast: 1.0e6\nslow: 1.0e-10\nlow: 1.1e-10\n");
    CHECK(as_frequency(m["ok"], kFile, "'ok'", 1e9) == 2.5e9);
    // 1e6 GHz = 1e15 Hz: a period of exactly 1 fs is allowed; 1e6 GHz x 1.0000001 is not.
    CHECK(as_frequency(m["fast"], kFile, "'fast'", 1e9) == 1e15);
    CHECK(error_of([&] { as_frequency(m["fast"], kFile, "'fast'", 1.0000001e9); }).find("shorter than 1 fs") !=
          std::string::npos);
    // 1 / 9.2e9 s = 1.087e-10 Hz.
    CHECK(error_of([&] { as_frequency(m["slow"], kFile, "'slow'"); }) ==
          "q.yaml:3:7: 'slow' is 1.0e-10: a clock period longer than simulated time (at least 1.08696e-10 Hz)");
    CHECK(as_frequency(m["low"], kFile, "'low'") == 1.1e-10);
}

TEST_CASE("yaml quantities: amounts up to 1e250", "[platform][limits]") {
    const YAML::Node m = doc("a: 1.0e250\nb: 1.0e251\nz: 0\n");
    CHECK(get_amount(m, "a", kFile) == 1e250);
    CHECK(get_amount(m, "z", kFile) == 0.0);
    CHECK(error_of([&] { get_amount(m, "z", kFile, true); }) == "q.yaml:3:4: 'z' must be > 0, got '0'");
    CHECK(error_of([&] { get_amount(m, "b", kFile); }).rfind("q.yaml:2:4: 'b' is 1e+251, above 1e+250", 0) == 0);
    // 1e250 W over 9.2e9 s on 2^64 components stays finite.
    CHECK(std::isfinite(kMaxMagnitude * kMaxSeconds * 18446744073709551616.0));
}
