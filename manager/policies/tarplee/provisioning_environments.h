#pragma once
// The provisioning environments of Tarplee Ch.5 §5.9 as printed (docs/fidelity.md, "Tarplee Ch.5").
#include "manager/policies/tarplee/provisioning.h"
#include "manager/policies/tarplee/provisioning_study.h"

namespace rmsim {

struct ProvisioningCase {
    ProvisioningEnvironment env;
    ScenarioModel model;
};

/// E1 (§5.9.1, Table 5.1): 2 task types, 3 machine types, ETC [[1, 3, 100], [100, 3, 1.1]]; every machine
/// costs 1 (nothing back when sold: beta^S = 0), nothing owned, budget 3.5; reward 1 per task; mean arrival
/// rate 1 per type; only the arrivals are uncertain: lambda_1 ~ U(0, 2), lambda_2 ~ U(1 - 0.547, 1 + 0.547).
/// No power or failure constraint; the objective is the reward rate alone.
ProvisioningCase tarplee_e1(double budget = 3.5);

/// E3's ETC (Table 5.5, 10 task types x 9 machine types), the one benchmark-derived ETC the text prints.
const std::vector<std::vector<double>>& tarplee_e3_etc();

}  // namespace rmsim
