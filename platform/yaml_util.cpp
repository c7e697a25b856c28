#include "platform/yaml_util.h"

#include <cerrno>
#include <cmath>
#include <cstring>
#include <fstream>
#include <limits>
#include <optional>
#include <vector>

#include "platform/input_limits.h"
#include "platform/yaml_scan.h"

namespace rmsim {
namespace {

/// How a value looks, for "got ..." in messages.
std::string describe(const YAML::Node& node) {
    if (!node.IsDefined() || node.IsNull()) return "nothing";
    if (node.IsMap()) return "a map";
    if (node.IsSequence()) return "a sequence";
    return quote_short(node.Scalar());
}

struct Entry {
    YAML::Node key;
    YAML::Node value;
};

/// Finds `key` by iterating (not map[key]) so that the key node, and with it its position, is at hand.
/// (Nodes are copy-constructed, never assigned: assigning to a yaml-cpp node writes through to the document.)
std::optional<Entry> find_entry(const YAML::Node& map, const char* key) {
    if (!map.IsMap()) return std::nullopt;
    for (const auto& kv : map)
        if (kv.first.IsScalar() && kv.first.Scalar() == key) return Entry{kv.first, kv.second};
    return std::nullopt;
}

void require_map_for_lookup(const YAML::Node& map, const std::string& file) {
    if (!map.IsMap()) throw_at(map, file, "expected a map, got " + describe(map));
}

}  // namespace

std::string quoted(const char* key) { return std::string("'") + key + "'"; }

std::optional<YAML::Node> optional_value(const YAML::Node& map, const char* key, const std::string& file) {
    require_map_for_lookup(map, file);
    auto e = find_entry(map, key);
    if (!e) return std::nullopt;
    if (e->value.IsNull()) throw_at(e->key, file, quoted(key) + " has no value");
    return e->value;
}

SourceLocation yaml_location(const YAML::Node& node, const std::string& file) {
    SourceLocation where{file, 0, 0};
    if (!node.IsDefined()) return where;  // Mark() throws on a zombie node
    const YAML::Mark m = node.Mark();
    if (m.line >= 0) {
        where.line = m.line + 1;
        where.column = m.column + 1;
    }
    return where;
}

void throw_at(const YAML::Node& node, const std::string& file, const std::string& message) {
    throw InputError(yaml_location(node, file), message);
}

YAML::Node load_yaml_string(const std::string& text, const std::string& file) {
    check_yaml_shape(text, file);
    try {
        return YAML::Load(text);
    } catch (const YAML::Exception& e) {
        SourceLocation where{file, 0, 0};
        if (e.mark.line >= 0) {
            where.line = e.mark.line + 1;
            where.column = e.mark.column + 1;
        }
        throw InputError(where, "YAML syntax error: " + e.msg);
    }
}

YAML::Node load_yaml_file(const std::string& path) {
    const std::uint64_t size = regular_file_size(path, "file");
    if (size > kMaxConfigBytes)
        throw InputError(SourceLocation{path, 0, 0}, "the file is " + std::to_string(size) + " bytes, more than the " +
                                                         format_binary_bytes(kMaxConfigBytes) +
                                                         " a config or platform file may have");
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw InputError(SourceLocation{path, 0, 0}, std::string("cannot open file (") + std::strerror(errno) + ")");
    std::string text(static_cast<std::size_t>(size), '\0');
    in.read(text.data(), static_cast<std::streamsize>(size));
    if (in.bad() || static_cast<std::uint64_t>(in.gcount()) != size)
        throw InputError(SourceLocation{path, 0, 0}, "cannot read file (it changed while being read)");
    return load_yaml_string(text, path);
}

void expect_map(const YAML::Node& node, const std::string& file, const std::string& what) {
    if (!node.IsMap()) throw_at(node, file, "expected a map for " + what + ", got " + describe(node));
}

void expect_sequence(const YAML::Node& node, const std::string& file, const std::string& what) {
    if (!node.IsSequence()) throw_at(node, file, "expected a sequence for " + what + ", got " + describe(node));
}

void check_allowed_keys(const YAML::Node& map, const std::string& file, const std::string& what,
                        std::initializer_list<const char*> allowed) {
    check_allowed_keys(map, file, what, std::vector<std::string>(allowed.begin(), allowed.end()));
}

void check_allowed_keys(const YAML::Node& map, const std::string& file, const std::string& what,
                        const std::vector<std::string>& allowed) {
    expect_map(map, file, what);
    std::vector<std::string> seen;
    for (const auto& kv : map) {
        if (!kv.first.IsScalar()) throw_at(kv.first, file, "a key in " + what + " must be a plain name");
        const std::string& key = kv.first.Scalar();
        bool ok = false;
        for (const std::string& a : allowed) ok = ok || key == a;
        if (!ok) {
            std::string list;
            for (const std::string& a : allowed) list += (list.empty() ? "" : ", ") + a;
            throw_at(kv.first, file, "unknown key '" + key + "' in " + what + " (allowed: " + list + ")");
        }
        for (const auto& s : seen)
            if (s == key) throw_at(kv.first, file, "duplicate key '" + key + "' in " + what);
        seen.push_back(key);
    }
}

bool has_key(const YAML::Node& map, const char* key) { return find_entry(map, key).has_value(); }

YAML::Node get_node(const YAML::Node& map, const char* key, const std::string& file) {
    require_map_for_lookup(map, file);
    auto e = find_entry(map, key);
    if (!e) throw_at(map, file, "missing required key " + quoted(key));
    if (e->value.IsNull()) throw_at(e->key, file, quoted(key) + " has no value");
    return e->value;
}

// ---- conversions of a value in hand ----

double as_double(const YAML::Node& value, const std::string& file, const std::string& what) {
    double d = 0;
    if (!value.IsScalar() || !YAML::convert<double>::decode(value, d))
        throw_at(value, file, what + " must be a number, got " + describe(value));
    if (!std::isfinite(d)) throw_at(value, file, what + " must be a finite number, got " + describe(value));
    return d;
}

double as_positive(const YAML::Node& value, const std::string& file, const std::string& what) {
    double d = as_double(value, file, what);
    if (!(d > 0)) throw_at(value, file, what + " must be > 0, got " + describe(value));
    return d;
}

double as_non_negative(const YAML::Node& value, const std::string& file, const std::string& what) {
    double d = as_double(value, file, what);
    if (d < 0) throw_at(value, file, what + " must be >= 0, got " + describe(value));
    return d;
}

std::uint32_t as_count(const YAML::Node& value, const std::string& file, const std::string& what) {
    const std::string msg = what + " must be a whole number >= 1, got " + describe(value);
    if (!value.IsScalar()) throw_at(value, file, msg);
    long long n = 0;
    double d = 0;
    if (YAML::convert<long long>::decode(value, n)) {
        d = static_cast<double>(n);
    } else if (!YAML::convert<double>::decode(value, d) || !std::isfinite(d) || d != std::floor(d)) {
        throw_at(value, file, msg);  // "2.5", "many"; 1e5 is accepted as a whole number
    }
    if (d < 1) throw_at(value, file, msg);
    if (d > std::numeric_limits<std::uint32_t>::max())
        throw_at(value, file, what + " is too large (at most 4294967295), got " + describe(value));
    return static_cast<std::uint32_t>(d);
}

std::uint64_t as_uint64(const YAML::Node& value, const std::string& file, const std::string& what) {
    const std::string msg = what + " must be a whole number from 0 to 18446744073709551615, got " + describe(value);
    if (!value.IsScalar()) throw_at(value, file, msg);
    unsigned long long n = 0;
    if (value.Scalar().find('-') == std::string::npos && YAML::convert<unsigned long long>::decode(value, n)) return n;
    // Written as a real (1e6): whole and below 2^64 before the conversion, which is undefined outside the range.
    double d = 0;
    if (!YAML::convert<double>::decode(value, d) || !(d >= 0) || d >= 18446744073709551616.0 || d != std::floor(d))
        throw_at(value, file, msg);
    return static_cast<std::uint64_t>(d);
}

bool as_bool(const YAML::Node& value, const std::string& file, const std::string& what) {
    bool b = false;
    if (!value.IsScalar() || !YAML::convert<bool>::decode(value, b))
        throw_at(value, file, what + " must be true or false, got " + describe(value));
    return b;
}

std::string as_string(const YAML::Node& value, const std::string& file, const std::string& what) {
    if (!value.IsScalar()) throw_at(value, file, what + " must be a string, got " + describe(value));
    return value.Scalar();
}

// ---- getters by key ----

double get_double(const YAML::Node& map, const char* key, const std::string& file) {
    return as_double(get_node(map, key, file), file, quoted(key));
}
double get_double_or(const YAML::Node& map, const char* key, const std::string& file, double fallback) {
    auto v = optional_value(map, key, file);
    return v ? as_double(*v, file, quoted(key)) : fallback;
}
double get_positive(const YAML::Node& map, const char* key, const std::string& file) {
    return as_positive(get_node(map, key, file), file, quoted(key));
}
double get_positive_or(const YAML::Node& map, const char* key, const std::string& file, double fallback) {
    auto v = optional_value(map, key, file);
    return v ? as_positive(*v, file, quoted(key)) : fallback;
}
double get_non_negative(const YAML::Node& map, const char* key, const std::string& file) {
    return as_non_negative(get_node(map, key, file), file, quoted(key));
}
double get_non_negative_or(const YAML::Node& map, const char* key, const std::string& file, double fallback) {
    auto v = optional_value(map, key, file);
    return v ? as_non_negative(*v, file, quoted(key)) : fallback;
}
std::uint32_t get_count(const YAML::Node& map, const char* key, const std::string& file) {
    return as_count(get_node(map, key, file), file, quoted(key));
}
std::uint32_t get_count_or(const YAML::Node& map, const char* key, const std::string& file, std::uint32_t fallback) {
    auto v = optional_value(map, key, file);
    return v ? as_count(*v, file, quoted(key)) : fallback;
}
std::uint64_t get_uint64_or(const YAML::Node& map, const char* key, const std::string& file, std::uint64_t fallback) {
    auto v = optional_value(map, key, file);
    return v ? as_uint64(*v, file, quoted(key)) : fallback;
}
bool get_bool(const YAML::Node& map, const char* key, const std::string& file) {
    return as_bool(get_node(map, key, file), file, quoted(key));
}
bool get_bool_or(const YAML::Node& map, const char* key, const std::string& file, bool fallback) {
    auto v = optional_value(map, key, file);
    return v ? as_bool(*v, file, quoted(key)) : fallback;
}
std::string get_string(const YAML::Node& map, const char* key, const std::string& file) {
    return as_string(get_node(map, key, file), file, quoted(key));
}
std::string get_string_or(const YAML::Node& map, const char* key, const std::string& file,
                          const std::string& fallback) {
    auto v = optional_value(map, key, file);
    return v ? as_string(*v, file, quoted(key)) : fallback;
}

}  // namespace rmsim
