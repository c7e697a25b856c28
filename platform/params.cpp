#include "platform/params.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "platform/model_limits.h"
#include "platform/short_number.h"
#include "platform/yaml_util.h"

namespace rmsim {

namespace {

/// A copy of `p` with `change` applied: the chainable schema methods.
template <class Change>
ParamInfo changed(ParamInfo p, Change change) {
    change(p);
    return p;
}

}  // namespace

ParamInfo ParamInfo::in(double lo, double hi) const { return at_least(lo).at_most(hi); }

ParamInfo ParamInfo::at_least(double lo) const {
    return changed(*this, [lo](ParamInfo& p) { p.min = lo, p.min_exclusive = false; });
}

ParamInfo ParamInfo::above(double lo) const {
    return changed(*this, [lo](ParamInfo& p) { p.min = lo, p.min_exclusive = true; });
}

ParamInfo ParamInfo::at_most(double hi) const {
    return changed(*this, [hi](ParamInfo& p) { p.max = hi, p.max_exclusive = false; });
}

ParamInfo ParamInfo::below(double hi) const {
    return changed(*this, [hi](ParamInfo& p) { p.max = hi, p.max_exclusive = true; });
}

ParamInfo ParamInfo::pstate() const {
    return changed(*this, [](ParamInfo& p) { p.domain = Domain::PState; });
}

ParamInfo ParamInfo::core_type() const {
    return changed(*this, [](ParamInfo& p) { p.domain = Domain::CoreType; });
}

ParamInfo ParamInfo::period(bool zero_means_off) const {
    return changed(*this,
                   [zero_means_off](ParamInfo& p) { p.domain = Domain::Period, p.zero_means_off = zero_means_off; });
}

std::string ParamInfo::range() const {
    switch (domain) {
        case Domain::PState: return "a P-state index";
        case Domain::CoreType: return "a core type's name";
        case Domain::Period:
            return "a period >= " + short_number(kMinEventPeriodSeconds) + " s" + (zero_means_off ? " or 0" : "");
        case Domain::None: break;
    }
    const bool low = min > -kUnbounded, high = max < kUnbounded;
    if (low && high)
        return std::string("in ") + (min_exclusive ? "(" : "[") + short_number(min) + ", " + short_number(max) +
               (max_exclusive ? ")" : "]");
    if (low) return (min_exclusive ? "> " : ">= ") + short_number(min);
    if (high) return (max_exclusive ? "< " : "<= ") + short_number(max);
    return "";
}

std::vector<std::string> param_keys(const std::vector<ParamInfo>& params, const std::string& map) {
    const std::string prefix = map.empty() ? "" : map + ".";
    std::vector<std::string> keys;
    for (const ParamInfo& p : params)
        if (p.name.compare(0, prefix.size(), prefix) == 0 && p.name.find('.', prefix.size()) == std::string::npos)
            keys.push_back(p.name.substr(prefix.size()));
    return keys;
}

double Params::number(const char* key, double fallback) const {
    return map_.IsMap() ? get_double_or(map_, key, file_, fallback) : fallback;
}

std::uint32_t Params::integer(const char* key, std::uint32_t fallback) const {
    if (!map_.IsMap() || !has_key(map_, key)) return fallback;
    const double v = get_non_negative(map_, key, file_);
    // Checked before the conversion, which is undefined for values beyond 2^32 - 1.
    require(v == std::floor(v) && v <= std::numeric_limits<std::uint32_t>::max(), key,
            "must be a whole number from 0 to 4294967295");
    return static_cast<std::uint32_t>(v);
}

bool Params::flag(const char* key, bool fallback) const {
    return map_.IsMap() ? get_bool_or(map_, key, file_, fallback) : fallback;
}

std::string Params::text(const char* key, const std::string& fallback) const {
    return map_.IsMap() ? get_string_or(map_, key, file_, fallback) : fallback;
}

void Params::require(bool ok, const char* key, const std::string& message) const {
    if (ok) return;
    const YAML::Node at = map_.IsMap() && has_key(map_, key) ? map_[key] : map_;
    throw InputError(yaml_location(at, file_), std::string("parameter '") + key + "': " + message);
}

void Params::check_known(const std::vector<ParamInfo>& known, const std::string& what) const {
    if (!map_ || map_.IsNull()) return;
    expect_map(map_, file_, "parameters of " + what);
    for (const auto& kv : map_) {
        const std::string key = kv.first.Scalar();
        if (std::any_of(known.begin(), known.end(), [&](const ParamInfo& p) { return p.name == key; })) continue;
        std::string list;
        for (const auto& p : known) list += (list.empty() ? "" : ", ") + p.name;
        throw InputError(yaml_location(kv.first, file_),
                         "unknown parameter '" + key + "' of " + what + " (allowed: " + list + ")");
    }
}

}  // namespace rmsim
