#pragma once
// The provisioning environments of Tarplee Ch.5 §5.9 as printed (docs/fidelity.md, "Tarplee Ch.5").
#include "manager/policies/tarplee/provisioning.h"
#include "manager/policies/tarplee/provisioning_study.h"
#include "manager/policies/tarplee/provisioning_uncertainty.h"

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

/// E2's ETC (Table 5.3, 10 task types x 5 machine types).
const std::vector<std::vector<double>>& tarplee_e2_etc();

/// An environment whose scenarios come from the uncertainty model of §5.4 (provisioning_uncertainty.h).
struct ModelCase {
    ProvisioningEnvironment env;
    UncertaintyModel model;
    std::vector<double> arrival;      ///< the mean arrival rates
    std::vector<double> arrival_cov;  ///< their CoVs
    ProvisioningScenario mean() const { return mean_model_scenario(model, arrival); }
    std::vector<ProvisioningScenario> draw(std::size_t K, std::uint64_t seed) const {
        return draw_model_scenarios(model, arrival, arrival_cov, K, seed);
    }
};

/// E2 (§5.9.3, Table 5.3): 10 task types, 5 machine types, L = 2 operations (the NNMF of Table 5.3 from
/// `seed`); the arrival rates, eta and tau all uniform with CoV 100 % (capped at 1/sqrt3 to stay >= 0); 10
/// machines of type 5 owned, which can be kept or sold but not bought. GAP choices (docs/fidelity.md,
/// "Tarplee Ch. 5"): reward 1 per task, mean arrival rate 0.1 per second per type, budget $100,000, the cost
/// weighted 1e-6 beside the reward; M1 $100,000 / 31.8 and M2 $100,000 / 67.3 (the prices Table 5.4's H1 and
/// H2 rows imply when each spends the budget); M3-M5 priced at M1's price per unit of speed (the geometric
/// mean of 1/ETC over the task types), M5 sold back at half that; no power (psi is not drawn).
ModelCase tarplee_e2(std::uint64_t seed);

/// E3 (§5.9.4, Table 5.5): 10 task types, 9 machine types, L = 3, ETC CoV 25 % (the variances of tau fitted by
/// Eq. 46), arrival CoV 25 %, budget $400,000, nothing owned. GAP choices: reward 1 per task, mean arrival rate
/// 0.2 per second per type, the cost weighted 1e-6 beside the reward; prices M2 $2,370, M6 $3,300, M8 $2,910
/// (implied by Table 5.6: H2 and H3 buy 168.8 M2 and H1 121.2 M6 for $400,000, MVP 100 M8 for $291,000), the
/// other six types $3,000; power as configs/platforms/tarplee-9types.yaml models the machine types (idle 10 %
/// of busy, APC^d the other 90 % whatever the task type, psi fitted by Eq. 40 and not drawn), in the objective
/// only when a study weights it (the front of §5.8), no power constraint.
ModelCase tarplee_e3(std::uint64_t seed);

}  // namespace rmsim
