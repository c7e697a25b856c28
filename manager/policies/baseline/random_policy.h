#pragma once
// Random (Machovec Ch.3 §3.3.4.2): tasks in arrival order, each assigned to a random cluster at a random
// P-state, at its earliest start there (now, or a permanent reservation). Deterministic: the generator is
// seeded once from the `seed` parameter and drawn with explicit distributions, so the same seed and
// inputs give the same schedule.
#include <cstdint>
#include <random>

#include "manager/policies/baseline/backfill_common.h"
#include "manager/policy.h"

namespace rmsim {

class RandomPolicy : public Policy {
public:
    RandomPolicy(std::uint64_t seed, Granularity granularity, NodeChoice choice)
        : rng_(seed), granularity_(granularity), choice_(choice) {}
    PolicyTraits traits() const override;
    void schedule(const PolicyView& view, Decisions& decide) override;

private:
    std::mt19937_64 rng_;
    Granularity granularity_;
    NodeChoice choice_;
};

}  // namespace rmsim
