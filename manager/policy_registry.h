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
#include "platform/params.h"

namespace rmsim {

/// The parameters of one policy instance (platform/params.h).
using PolicyParams = Params;

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
void register_preemptive_policies(PolicyRegistry& r);
void register_vos_policies(PolicyRegistry& r);
void register_parallel_preemptive_policies(PolicyRegistry& r);
void register_tarplee_policies(PolicyRegistry& r);
void register_siegel_policies(PolicyRegistry& r);

}  // namespace rmsim
