#pragma once
// EASY backfilling in two readings, chosen by its registry name:
//  - `easy`: Lifka's EASY as Mu'alem & Feitelson (2001, §2) define it. FCFS order; the first task that
//    cannot start now is the head: its SHADOW TIME is when enough units are free for it (the running tasks
//    ending as estimated) and the EXTRA units are those free then beyond its need. A later task starts now
//    if it fits now and either ends by the shadow time or needs no more than the extra units (which it then
//    takes). No units are set aside for the head: any idle unit may be used under these two rules.
//  - `easy-reservation`: Machovec Ch.3 §3.3.4.4, "at most one permanent reservation": the head is booked on
//    the units that node choice (§3.3.7) picks at its earliest start, and a later task starts now only if
//    it does not touch that booking. It admits fewer backfills than Lifka's rule where the units free now
//    are the ones the booking pinned (tests/manager/policies/baseline/test_easy.cpp shows a case).
#include <cstdint>
#include <optional>

#include "manager/policies/baseline/backfill_common.h"
#include "manager/policies/baseline/backfill_index.h"
#include "manager/policy.h"

namespace rmsim {

class EasyPolicy : public Policy {
public:
    enum class Rule {
        ShadowTime,         ///< `easy`: Lifka's shadow time and extra units
        PinnedReservation,  ///< `easy-reservation`: Machovec §3.3.4.4's one reservation on chosen units
    };
    EasyPolicy(Rule rule, std::uint32_t pstate, Granularity granularity, NodeChoice choice)
        : rule_(rule), pstate_(pstate), granularity_(granularity), choice_(choice), candidates_(pstate) {}
    PolicyTraits traits() const override;
    void schedule(const PolicyView& view, Decisions& decide) override;

private:
    /// `easy`: the head from the front of the queue, the backfills from the index (no walk of the queue).
    void schedule_lifka(const PolicyView& view, Decisions& decide);
    /// `easy-reservation`: one pass over the queue.
    void schedule_pinned(const PolicyView& view, Decisions& decide);

    Rule rule_;
    std::uint32_t pstate_;
    Granularity granularity_;
    NodeChoice choice_;
    BackfillIndex candidates_;  ///< `easy`: the waiting tasks by cluster and units needed
    StartNowIndex start_now_;   ///< `easy`: this event's, its buffers kept from event to event
};

/// The head's shadow time on one cluster (Mu'alem & Feitelson 2001, §2).
struct ShadowTime {
    ClusterId cluster = 0;
    SimTime time;             ///< when `units` units are free from then on
    std::uint32_t extra = 0;  ///< units free at `time` beyond the head's need
};

/// The shadow time of a task needing k units on cluster c: the k-th earliest time at which a unit is free
/// from then on (now for an idle unit, the end of its last booking otherwise); nullopt if k > its units.
std::optional<ShadowTime> shadow_time(const PolicyView& view, ClusterId c, std::uint32_t k);

}  // namespace rmsim
