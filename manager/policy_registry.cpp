#include "manager/policy_registry.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "platform/yaml_util.h"

namespace rmsim {

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
    params.check_known(info->params, "policy '" + name + "'");
    return info->make(params);
}

const PolicyRegistry& builtin_policies() {
    static const PolicyRegistry registry = [] {
        PolicyRegistry r;
        register_baseline_policies(r);
        register_singh_policies(r);
        register_machovec_policies(r);
        register_preemptive_policies(r);
        register_vos_policies(r);
        register_parallel_preemptive_policies(r);
        register_tarplee_policies(r);
        register_siegel_policies(r);
        return r;
    }();
    return registry;
}

}  // namespace rmsim
