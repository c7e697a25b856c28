#pragma once
// Registration of the Machovec Ch.3 utility-aware heuristics (max-util, max-upt, max-upr, max-upe).
namespace rmsim {

class PolicyRegistry;

void register_machovec_policies(PolicyRegistry& r);

}  // namespace rmsim
