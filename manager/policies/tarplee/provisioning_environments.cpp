#include "manager/policies/tarplee/provisioning_environments.h"

#include <cmath>

namespace rmsim {

ProvisioningCase tarplee_e1(double budget) {
    ProvisioningCase c;
    ProvisioningEnvironment& e = c.env;
    e.task_types = 2;
    e.machine_types = 3;
    e.reward = {1.0, 1.0};
    e.buy_price = {1.0, 1.0, 1.0};
    e.sell_price = {0.0, 0.0, 0.0};
    e.current = {0.0, 0.0, 0.0};
    e.budget = budget;
    c.model.mean = {{1.0, 1.0}, {{1.0, 3.0, 100.0}, {100.0, 3.0, 1.1}}, {}};
    // lambda_1 ~ U(0, 2): CoV 1/sqrt3 (the cap); lambda_2 ~ U(1 - 0.547, 1 + 0.547): CoV 0.547/sqrt3.
    c.model.arrival_cov = {1.0 / std::sqrt(3.0), 0.547 / std::sqrt(3.0)};
    return c;
}

const std::vector<std::vector<double>>& tarplee_e3_etc() {
    static const std::vector<std::vector<double>> etc{
        {57, 28, 72, 45, 41, 19, 27, 28, 26},          {98, 50, 120, 77, 70, 37, 49, 49, 45},
        {463, 303, 362, 342, 314, 311, 303, 290, 264}, {165, 113, 113, 120, 111, 122, 114, 108, 98},
        {167, 91, 185, 129, 118, 74, 90, 88, 81},      {162, 87, 185, 125, 114, 68, 85, 84, 77},
        {45, 22, 57, 36, 33, 15, 22, 22, 20},          {57, 28, 74, 45, 41, 18, 27, 27, 25},
        {59, 36, 54, 44, 41, 34, 36, 35, 32},          {39, 22, 41, 30, 27, 19, 21, 21, 19}};
    return etc;
}

}  // namespace rmsim
