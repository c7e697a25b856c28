#pragma once
// EASY backfilling (Lifka 1995; Machovec Ch.3 §3.3.4.4): FCFS order; the first task that cannot start now
// gets the only reservation, at its earliest start; every later task starts now if it can do so without
// delaying that reservation, and otherwise waits (no further reservations).
#include <cstdint>

#include "manager/policies/baseline/backfill_common.h"
#include "manager/policy.h"

namespace rmsim {

class EasyPolicy : public Policy {
public:
    EasyPolicy(std::uint32_t pstate, Granularity granularity, NodeChoice choice)
        : pstate_(pstate), granularity_(granularity), choice_(choice) {}
    PolicyTraits traits() const override;
    void schedule(const PolicyView& view, Decisions& decide) override;

private:
    std::uint32_t pstate_;
    Granularity granularity_;
    NodeChoice choice_;
};

}  // namespace rmsim
