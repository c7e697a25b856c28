#pragma once
// First-come, first-served without backfilling: the oldest waiting task starts as soon as enough units are
// idle, on the lowest-numbered cluster that can run it, on the lowest-index units; nothing overtakes it.
#include "manager/policy.h"

namespace rmsim {

class FcfsPolicy : public Policy {
public:
    FcfsPolicy(std::uint32_t pstate, Granularity granularity) : pstate_(pstate), granularity_(granularity) {}
    PolicyTraits traits() const override;
    void schedule(const PolicyView& view, Decisions& decide) override;

private:
    std::uint32_t pstate_;
    Granularity granularity_;
};

}  // namespace rmsim
