#pragma once
// Conservative backfilling (Mu'alem & Feitelson 2001; Machovec Ch.3 §3.3.4.3): in FCFS order every task
// starts now on a cluster where it can, or gets a permanent reservation at its earliest start on the
// cluster where that is soonest. Later tasks backfill into the voids left before reservations, so no
// reservation is ever delayed. When a task ends before its estimate (planning with requested times), the
// schedule is compressed (Mu'alem & Feitelson 2001, §2): the reservations are taken in arrival order, and
// each is moved to its earliest start given all the others, which is never later than before (its own
// slot is free).
#include <cstdint>
#include <vector>

#include "manager/policies/baseline/backfill_common.h"
#include "manager/policy.h"

namespace rmsim {

class ConservativePolicy : public Policy {
public:
    ConservativePolicy(std::uint32_t pstate, Granularity granularity, NodeChoice choice)
        : pstate_(pstate), granularity_(granularity), choice_(choice) {}
    PolicyTraits traits() const override;
    void schedule(const PolicyView& view, Decisions& decide) override;

    /// Assigns the given waiting tasks in this order (start now, else permanent reservation); tasks that
    /// no cluster can run are rejected. Shared with FCFS with multiple queues (§3.3.4.5).
    static void assign_in_order(const PolicyView& view, Decisions& decide, const std::vector<TaskId>& order,
                                std::uint32_t pstate, NodeChoice choice);

    /// The compression above, at the mapping event after an early end.
    static void compress(const PolicyView& view, Decisions& decide, std::uint32_t pstate, NodeChoice choice);

private:
    std::uint64_t early_ends_seen_ = 0;
    std::uint32_t pstate_;
    Granularity granularity_;
    NodeChoice choice_;
};

}  // namespace rmsim
