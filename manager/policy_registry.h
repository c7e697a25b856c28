#pragma once
// Explicit registry of scheduling policies keyed by their config name (no static-init singletons):
// every family adds its policies in register_<family>_policies(). An unknown name or parameter is the
// user's mistake: InputError naming the valid ones.
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "manager/policy.h"
#include "platform/input_error.h"

namespace rmsim {

struct ParamInfo {
    std::string name;
    std::string type;          ///< "number", "integer", "bool", "string"
    std::string default_value;
    std::string description;
};

/// The parameters of one policy instance, as written in the config (a YAML map, possibly empty).
class PolicyParams {
public:
    PolicyParams() = default;
    PolicyParams(YAML::Node map, std::string file) : map_(std::move(map)), file_(std::move(file)) {}
    double number(const char* key, double fallback) const;
    std::uint32_t integer(const char* key, std::uint32_t fallback) const;
    bool flag(const char* key, bool fallback) const;
    std::string text(const char* key, const std::string& fallback) const;
    /// Throws InputError at the parameter if `ok` is false.
    void require(bool ok, const char* key, const std::string& message) const;
    const YAML::Node& node() const { return map_; }
    const std::string& file() const { return file_; }

private:
    YAML::Node map_;
    std::string file_;
};

struct PolicyInfo {
    std::string name;
    std::string family;
    std::string paper;         ///< the section it implements, e.g. "Machovec Ch.3 §3.3.4"
    std::string description;
    std::vector<ParamInfo> params;
    std::function<std::unique_ptr<Policy>(const PolicyParams&)> make;
};

class PolicyRegistry {
public:
    void add(PolicyInfo info);
    /// Validates the parameter names against the policy's list, then builds it.
    std::unique_ptr<Policy> create(const std::string& name, const PolicyParams& params,
                                   const SourceLocation& where) const;
    const PolicyInfo* find(const std::string& name) const;
    const std::vector<PolicyInfo>& all() const { return policies_; }

private:
    std::vector<PolicyInfo> policies_;
};

/// Every built-in policy.
const PolicyRegistry& builtin_policies();

// One per family (manager/policies/<family>/register.cpp).
void register_baseline_policies(PolicyRegistry& r);
void register_singh_policies(PolicyRegistry& r);
void register_machovec_policies(PolicyRegistry& r);

}  // namespace rmsim
