#include "manager/policy_registry.h"

namespace rmsim {

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
        register_uav_policies(r);
        return r;
    }();
    return registry;
}

PolicyRegistry& policy_registry() {
    static PolicyRegistry registry = builtin_policies();
    return registry;
}

}  // namespace rmsim
