#pragma once
// Registration of the Machovec Ch.2 value-of-service heuristics (max-vptr, simple).
namespace rmsim {

class PolicyRegistry;

void register_vos_policies(PolicyRegistry& r);

}  // namespace rmsim
