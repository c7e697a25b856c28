#pragma once
// First-come, first-served without backfilling: the oldest waiting task starts as soon as enough units are
// idle, on the lowest-numbered cluster that can run it, on the units its node choice picks (by default on as
// few nodes as possible); nothing overtakes it.
#include "manager/policies/baseline/backfill_common.h"
#include "manager/policy.h"

namespace rmsim {

class FcfsPolicy : public Policy {
public:
    FcfsPolicy(std::uint32_t pstate, Granularity granularity, NodeChoice choice = NodeChoice::Pack)
        : pstate_(pstate), granularity_(granularity), choice_(choice) {}
    PolicyTraits traits() const override;
    void schedule(const PolicyView& view, Decisions& decide) override;

private:
    std::uint32_t pstate_;
    Granularity granularity_;
    NodeChoice choice_;
};

}  // namespace rmsim
