#include "platform/param_schema.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "platform/model_limits.h"
#include "platform/platform_spec.h"
#include "platform/short_number.h"
#include "platform/yaml_util.h"

namespace rmsim {

namespace {

/// A value as a message quotes it: a scalar as written (cut after 40 characters), else its kind.
std::string shown(const YAML::Node& v) {
    if (v.IsMap()) return "a map";
    if (v.IsSequence()) return "a sequence";
    std::string s = v.Scalar();
    if (s.size() > 40) s = s.substr(0, 37) + "...";
    return "'" + s + "'";
}

class Checker {
public:
    Checker(const std::string& file, const std::string& what, const PlatformSpec* platform)
        : file_(file), what_(what), platform_(platform) {}

    /// Every key of `map` that `schema` lists under `prefix` ("" or "map.").
    void check_map(const std::vector<ParamInfo>& schema, const YAML::Node& map, const std::string& prefix) const {
        for (const auto& kv : map) {
            const std::string name = prefix + kv.first.Scalar();
            const auto p =
                std::find_if(schema.begin(), schema.end(), [&](const ParamInfo& q) { return q.name == name; });
            if (p == schema.end()) continue;  // a top-level key was checked by check_known
            if (kv.second.IsNull()) fail(kv.first, *p, "has no value");
            check_value(*p, kv.second);
            if (p->type == "map") check_map(schema, kv.second, name + ".");
        }
    }

private:
    [[noreturn]] void fail(const YAML::Node& at, const ParamInfo& p, const std::string& message) const {
        throw InputError(yaml_location(at, file_), "parameter '" + p.name + "' of " + what_ + ": " + message);
    }

    void check_value(const ParamInfo& p, const YAML::Node& v) const {
        const std::string& t = p.type;
        if (t == "number" || t == "integer") {
            double d = 0;
            if (!v.IsScalar() || !YAML::convert<double>::decode(v, d)) fail(v, p, "must be a number, got " + shown(v));
            if (!std::isfinite(d)) fail(v, p, "must be a finite number, got " + shown(v));
            if (t == "integer") check_integer(p, v, d);
            check_bounds(p, v, d);
            check_number_domain(p, v, d);
        } else if (t == "boolean") {
            bool b = false;
            if (!v.IsScalar() || !YAML::convert<bool>::decode(v, b))
                fail(v, p, "must be true or false, got " + shown(v));
        } else if (t == "string") {
            if (!v.IsScalar()) fail(v, p, "must be a string, got " + shown(v));
            if (p.domain == ParamInfo::Domain::CoreType) check_core_type(p, v);
        } else if (t == "list") {
            if (!v.IsSequence()) fail(v, p, "must be a list, got " + shown(v));
        } else if (t == "matrix") {
            if (!v.IsSequence()) fail(v, p, "must be a list of rows, got " + shown(v));
            for (const auto& row : v)
                if (!row.IsSequence()) fail(row, p, "each row must be a list, got " + shown(row));
        } else if (t == "map") {
            if (!v.IsMap()) fail(v, p, "must be a map, got " + shown(v));
        } else {
            // A component's own mistake, not the user's: its schema names no known type.
            throw std::logic_error("parameter '" + p.name + "' of " + what_ + " has the unknown type '" + t + "'");
        }
    }

    /// A whole number within 0 .. 2^32 - 1 and the bounds, both named by the message.
    void check_integer(const ParamInfo& p, const YAML::Node& v, double d) const {
        constexpr double most = std::numeric_limits<std::uint32_t>::max();
        double lo = std::max(0.0, std::ceil(p.min_exclusive ? std::floor(p.min) + 1 : p.min));
        double hi = std::min(most, std::floor(p.max_exclusive ? std::ceil(p.max) - 1 : p.max));
        if (d != std::floor(d) || d < lo || d > hi)
            fail(v, p,
                 "must be a whole number from " + std::to_string(static_cast<std::uint64_t>(lo)) + " to " +
                     std::to_string(static_cast<std::uint64_t>(hi)) + ", got " + shown(v));
    }

    void check_bounds(const ParamInfo& p, const YAML::Node& v, double d) const {
        const bool low = p.min_exclusive ? d > p.min : d >= p.min;
        const bool high = p.max_exclusive ? d < p.max : d <= p.max;
        if (!low || !high) fail(v, p, "must be " + p.range() + ", got " + shown(v));
    }

    void check_number_domain(const ParamInfo& p, const YAML::Node& v, double d) const {
        if (p.domain == ParamInfo::Domain::Period) {
            if (d == 0 && p.zero_means_off) return;
            const std::string off = p.zero_means_off ? " (or 0: off)" : "";
            if (d < kResolutionSeconds)
                fail(v, p,
                     short_number(d) + " s is " + (d > 0 ? "shorter than the time resolution, 1 ns" : "not a period") +
                         "; a period is at least " + short_number(kMinEventPeriodSeconds) + " s" + off);
            if (d < kMinEventPeriodSeconds)
                fail(v, p,
                     short_number(d) + " s is shorter than " + short_number(kMinEventPeriodSeconds) +
                         " s, the shortest period between events (a shorter one floods the run with events)" + off);
            if (d > kMaxSeconds)
                fail(v, p,
                     short_number(d) + " s is past the end of simulated time (" + short_number(kMaxSeconds) +
                         " s, 292 years)");
        } else if (p.domain == ParamInfo::Domain::PState) {
            if (!platform_ || platform_->core_types.empty()) return;
            std::size_t fewest = std::numeric_limits<std::size_t>::max();
            for (const CoreType& c : platform_->core_types) fewest = std::min(fewest, c.pstates.size());
            if (d >= static_cast<double>(fewest))
                fail(v, p,
                     short_number(d) + " is not a P-state of this platform (" +
                         (platform_->core_types.size() > 1 ? "core types have" : "its core type has") +
                         " P-states 0 to " + std::to_string(fewest - 1) + ")");
        }
    }

    void check_core_type(const ParamInfo& p, const YAML::Node& v) const {
        if (!platform_) return;
        std::string names;
        for (const CoreType& c : platform_->core_types) {
            if (c.name == v.Scalar()) return;
            names += (names.empty() ? "" : ", ") + c.name;
        }
        fail(v, p, shown(v) + " is not a core type of this platform (core types: " + names + ")");
    }

    const std::string& file_;
    const std::string& what_;
    const PlatformSpec* platform_;
};

}  // namespace

void check_params(const std::vector<ParamInfo>& schema, const Params& params, const std::string& what,
                  const PlatformSpec* platform) {
    params.check_known(schema, what);
    const YAML::Node& map = params.node();
    if (!map || map.IsNull()) return;
    Checker(params.file(), what, platform).check_map(schema, map, "");
}

}  // namespace rmsim
