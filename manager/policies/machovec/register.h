#pragma once
// Registration of the Machovec Ch.3 utility-aware heuristics (max-util, max-upt, max-upr, max-upe).
#include <vector>

#include "manager/policies/machovec/max_m_policy.h"
#include "manager/policy_registry.h"

namespace rmsim {

class PolicyRegistry;
/// The Max-M configuration from a policy's params (shared by the policies built on Max-M).
MaxMConfig max_m_config(Objective m, const PolicyParams& p);
/// The params max_m_config() reads.
std::vector<ParamInfo> max_m_params();

void register_machovec_policies(PolicyRegistry& r);

}  // namespace rmsim
