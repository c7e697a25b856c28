#include "manager/policy_registry.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "platform/yaml_util.h"

namespace rmsim {

double PolicyParams::number(const char* key, double fallback) const {
    return map_.IsMap() ? get_double_or(map_, key, file_, fallback) : fallback;
}

std::uint32_t PolicyParams::integer(const char* key, std::uint32_t fallback) const {
    if (!map_.IsMap() || !has_key(map_, key)) return fallback;
    const double v = get_non_negative(map_, key, file_);
    // Checked before the conversion, which is undefined for values beyond 2^32 - 1.
    require(v == std::floor(v) && v <= std::numeric_limits<std::uint32_t>::max(), key,
            "must be a whole number from 0 to 4294967295");
    return static_cast<std::uint32_t>(v);
}

bool PolicyParams::flag(const char* key, bool fallback) const {
    return map_.IsMap() ? get_bool_or(map_, key, file_, fallback) : fallback;
}

std::string PolicyParams::text(const char* key, const std::string& fallback) const {
    return map_.IsMap() ? get_string_or(map_, key, file_, fallback) : fallback;
}

void PolicyParams::require(bool ok, const char* key, const std::string& message) const {
    if (ok) return;
    const YAML::Node at = map_.IsMap() && has_key(map_, key) ? map_[key] : map_;
    throw InputError(yaml_location(at, file_), std::string("parameter '") + key + "': " + message);
}

void PolicyRegistry::add(PolicyInfo info) {
    if (find(info.name)) throw std::logic_error("policy registered twice: " + info.name);
    policies_.push_back(std::move(info));
}

const PolicyInfo* PolicyRegistry::find(const std::string& name) const {
    for (const auto& p : policies_)
        if (p.name == name) return &p;
    return nullptr;
}

std::unique_ptr<Policy> PolicyRegistry::create(const std::string& name, const PolicyParams& params,
                                               const SourceLocation& where) const {
    const PolicyInfo* info = find(name);
    if (!info) {
        std::string valid;
        for (const auto& p : policies_) valid += (valid.empty() ? "" : ", ") + p.name;
        throw InputError(where, "unknown policy '" + name + "' (valid: " + valid + ")");
    }
    if (params.node() && !params.node().IsNull()) {
        expect_map(params.node(), params.file(), "parameters of policy '" + name + "'");
        for (const auto& kv : params.node()) {
            const std::string key = kv.first.Scalar();
            const bool known = std::any_of(info->params.begin(), info->params.end(),
                                           [&](const ParamInfo& p) { return p.name == key; });
            if (known) continue;
            std::string list;
            for (const auto& p : info->params) list += (list.empty() ? "" : ", ") + p.name;
            throw InputError(yaml_location(kv.first, params.file()),
                             "unknown parameter '" + key + "' of policy '" + name + "' (allowed: " + list + ")");
        }
    }
    return info->make(params);
}

const PolicyRegistry& builtin_policies() {
    static const PolicyRegistry registry = [] {
        PolicyRegistry r;
        register_baseline_policies(r);
        register_singh_policies(r);
        register_machovec_policies(r);
        return r;
    }();
    return registry;
}

}  // namespace rmsim
