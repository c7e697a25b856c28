#pragma once
// Typed quantities from YAML, with the ranges where the model keeps their meaning (platform/model_limits.h).
// Like the getters of platform/yaml_util.h, a bad value is an InputError located at the value:
//   `file:line:col: 'end_s' is 1e+300 s, past the end of simulated time (9.2e+09 s, 292 years)`.
#include <yaml-cpp/yaml.h>

#include <string>

#include "platform/units.h"

namespace rmsim {

/// A time or duration in seconds: 0 <= s <= kMaxSeconds (positive: > 0).
Seconds as_seconds(const YAML::Node& value, const std::string& file, const std::string& what, bool positive = false);
/// A period: kResolutionSeconds <= s <= kMaxSeconds.
Seconds as_period(const YAML::Node& value, const std::string& file, const std::string& what);
/// A frequency written in `unit_hz` (1e9 for GHz): kMinFrequencyHz <= f <= kMaxFrequencyHz, in Hz.
Hertz as_frequency(const YAML::Node& value, const std::string& file, const std::string& what, double unit_hz = 1.0);
/// A power, energy, utility, byte count or rate: 0 <= x <= kMaxMagnitude (positive: > 0).
double as_amount(const YAML::Node& value, const std::string& file, const std::string& what, bool positive = false);

// By key; the `_or` forms return `fallback` when the key is absent (see platform/yaml_util.h).
Seconds get_seconds(const YAML::Node& map, const char* key, const std::string& file, bool positive = false);
Seconds get_seconds_or(const YAML::Node& map, const char* key, const std::string& file, Seconds fallback,
                       bool positive = false);
Seconds get_period_or(const YAML::Node& map, const char* key, const std::string& file, Seconds fallback);
double get_amount(const YAML::Node& map, const char* key, const std::string& file, bool positive = false);
double get_amount_or(const YAML::Node& map, const char* key, const std::string& file, double fallback,
                     bool positive = false);

}  // namespace rmsim
