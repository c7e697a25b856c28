#pragma once
// Small helpers shared by every rmsim YAML loader (platform, workloads, manager, experiments).
// Every failure is the user's mistake and becomes an InputError `file:line:col: message`, located at the
// offending node: the value for a wrong type or range, the key for an unknown key or a key without value,
// the enclosing map for a missing key. yaml-cpp marks are 0-based; SourceLocation is 1-based.
//
// Typical use:
//   check_allowed_keys(map, file, "core type", {"name", "pstates", "gate_when_idle"});
//   std::string name = get_string(map, "name", file);
//   double f_hz = get_positive(map, "frequency_hz", file);
//   bool gate = get_bool_or(map, "gate_when_idle", file, false);
#include <yaml-cpp/yaml.h>

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <vector>

#include "platform/input_error.h"

namespace rmsim {

/// Where `node` starts in `file`. Line and column are 0 (unknown) for a node without a position.
SourceLocation yaml_location(const YAML::Node& node, const std::string& file);

/// Throws InputError located at `node`.
[[noreturn]] void throw_at(const YAML::Node& node, const std::string& file, const std::string& message);

/// Parses a whole YAML file. A file that cannot be opened is `path: cannot open file (reason)`, a syntax
/// error is `path:line:col: YAML syntax error: ...`. An empty file gives a Null node.
YAML::Node load_yaml_file(const std::string& path);
/// The same for text in memory (`file` is only used in messages).
YAML::Node load_yaml_string(const std::string& text, const std::string& file);

/// Throws `expected a map for <what>, got a sequence` (etc.) unless `node` is a map / a sequence.
void expect_map(const YAML::Node& node, const std::string& file, const std::string& what);
void expect_sequence(const YAML::Node& node, const std::string& file, const std::string& what);

/// Every key of `map` must be one of `allowed` and appear only once (yaml-cpp keeps duplicate keys silently):
///   `file:line:col: unknown key 'xyz' in <what> (allowed: a, b, c)`. Also checks that `map` is a map.
void check_allowed_keys(const YAML::Node& map, const std::string& file, const std::string& what,
                        std::initializer_list<const char*> allowed);
void check_allowed_keys(const YAML::Node& map, const std::string& file, const std::string& what,
                        const std::vector<std::string>& allowed);

/// True if `map` is a map holding `key` (with any value, null included).
bool has_key(const YAML::Node& map, const char* key);
/// The value of a required key: `missing required key '<key>'` (at the map) if absent,
/// `'<key>' has no value` (at the key) if null.
YAML::Node get_node(const YAML::Node& map, const char* key, const std::string& file);
/// The value of `key` if present (a key without a value is an error at the key): for optional keys.
std::optional<YAML::Node> optional_value(const YAML::Node& map, const char* key, const std::string& file);
/// A key as messages name it: 'key'.
std::string quoted(const char* key);

// Typed getters. The required form throws if the key is missing; the `_or` form returns `fallback` if the key
// is missing (a key present with a null value is still an error: it is almost always an unfinished edit).
// Numbers must be finite: `.inf` and `.nan` are rejected.
double get_double(const YAML::Node& map, const char* key, const std::string& file);
double get_double_or(const YAML::Node& map, const char* key, const std::string& file, double fallback);
double get_positive(const YAML::Node& map, const char* key, const std::string& file);  ///< > 0
double get_positive_or(const YAML::Node& map, const char* key, const std::string& file, double fallback);
double get_non_negative(const YAML::Node& map, const char* key, const std::string& file);  ///< >= 0
double get_non_negative_or(const YAML::Node& map, const char* key, const std::string& file, double fallback);
/// A whole number >= 1 that fits in 32 bits (counts of nodes, cores, tasks...).
std::uint32_t get_count(const YAML::Node& map, const char* key, const std::string& file);
std::uint32_t get_count_or(const YAML::Node& map, const char* key, const std::string& file, std::uint32_t fallback);
/// A whole number >= 0 that fits in 64 bits (seeds); 1.5 and 1e30 are refused, not truncated.
std::uint64_t get_uint64_or(const YAML::Node& map, const char* key, const std::string& file, std::uint64_t fallback);
bool get_bool(const YAML::Node& map, const char* key, const std::string& file);
bool get_bool_or(const YAML::Node& map, const char* key, const std::string& file, bool fallback);
/// Any scalar, as written (numbers too).
std::string get_string(const YAML::Node& map, const char* key, const std::string& file);
std::string get_string_or(const YAML::Node& map, const char* key, const std::string& file, const std::string& fallback);

// The same conversions for a value already in hand (sequence items, scalar-or-list values). `what` names the
// value in messages, e.g. "'uncore_power_w' entry" -> "'uncore_power_w' entry must be a number, got 'x'".
double as_double(const YAML::Node& value, const std::string& file, const std::string& what);
double as_positive(const YAML::Node& value, const std::string& file, const std::string& what);
double as_non_negative(const YAML::Node& value, const std::string& file, const std::string& what);
std::uint32_t as_count(const YAML::Node& value, const std::string& file, const std::string& what);
std::uint64_t as_uint64(const YAML::Node& value, const std::string& file, const std::string& what);
bool as_bool(const YAML::Node& value, const std::string& file, const std::string& what);
std::string as_string(const YAML::Node& value, const std::string& file, const std::string& what);

}  // namespace rmsim
