#pragma once
// The scheduling policies by their config name (platform/registry.h): every family adds its policies in
// register_<family>_policies(), explicitly (no static-init singletons); a plug-in adds its own through
// policy_registry() (docs/plugins.md). An unknown name or parameter is the user's mistake: InputError naming
// the valid ones.
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "manager/policy.h"
#include "platform/input_error.h"
#include "platform/params.h"
#include "platform/registry.h"

namespace rmsim {

/// The parameters of one policy instance (platform/params.h).
using PolicyParams = Params;

struct PolicyInfo {
    std::string name;
    std::string family;
    std::string paper;  ///< the section it implements, e.g. "Machovec Ch.3 §3.3.4"
    std::string description;
    std::vector<ParamInfo> params;
    std::function<std::unique_ptr<Policy>(const PolicyParams&)> make;
};

class PolicyRegistry : public Registry<PolicyInfo> {
public:
    PolicyRegistry() : Registry("policy") {}
    /// Checks the parameters against the policy's schema (on `platform`, if given: P-state indices), then
    /// builds it.
    std::unique_ptr<Policy> create(const std::string& name, const PolicyParams& params, const SourceLocation& where,
                                   const PlatformSpec* platform = nullptr) const {
        return checked(name, params, where, platform).make(params);
    }
};

/// Every built-in policy.
const PolicyRegistry& builtin_policies();
/// The policies of this process: the built-ins, then what plug-ins added (docs/plugins.md). Experiments
/// resolve their policy names here.
PolicyRegistry& policy_registry();

// One per family (manager/policies/<family>/register.cpp).
void register_baseline_policies(PolicyRegistry& r);
void register_singh_policies(PolicyRegistry& r);
void register_machovec_policies(PolicyRegistry& r);
void register_preemptive_policies(PolicyRegistry& r);
void register_vos_policies(PolicyRegistry& r);
void register_parallel_preemptive_policies(PolicyRegistry& r);
void register_tarplee_policies(PolicyRegistry& r);
void register_siegel_policies(PolicyRegistry& r);
void register_uav_policies(PolicyRegistry& r);

}  // namespace rmsim
