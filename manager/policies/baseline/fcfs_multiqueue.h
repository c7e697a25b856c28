#pragma once
// FCFS with multiple queues (Machovec Ch.3 §3.3.4.5, modelled on CSU's ISTeC Cray): the waiting tasks are
// split by their resources (Eq. 1, averaged over the clusters) into small, medium and large FCFS queues,
// then pulled round robin — per cycle at most 1 large, then at most 4 medium, then at most 8 small — and
// assigned as in Conservative backfilling (start now, else a permanent reservation).
#include <cstdint>
#include <vector>

#include "manager/policies/baseline/backfill_common.h"
#include "manager/policy.h"

namespace rmsim {

enum class SizeQueue : std::uint8_t { Small, Medium, Large };

class FcfsMultiQueuePolicy : public Policy {
public:
    FcfsMultiQueuePolicy(std::uint32_t pstate, Granularity granularity, NodeChoice choice)
        : pstate_(pstate), granularity_(granularity), choice_(choice) {}
    PolicyTraits traits() const override;
    void schedule(const PolicyView& view, Decisions& decide) override;

    /// Eq. 1 resources (execution time x cores allocated, core-seconds) of the task averaged over the
    /// clusters that can run it; 0 if none can. Cores allocated: units x cores per node for whole nodes
    /// (§3.3.2: "even if only a subset of the cores in a node are used"), units for core allocation.
    static double average_resources(const PolicyView& view, TaskId t, std::uint32_t pstate);
    /// The queue of each task of `tasks` (same order), thresholds 30 % / 60 % of the largest average.
    static std::vector<SizeQueue> classify(const PolicyView& view, const std::vector<TaskId>& tasks,
                                           std::uint32_t pstate);
    /// The order in which the round robin pulls the tasks (each queue in arrival order).
    static std::vector<TaskId> round_robin_order(const std::vector<TaskId>& tasks,
                                                 const std::vector<SizeQueue>& queues);

    static constexpr double kLowerFraction = 0.30;  ///< §3.3.4.5 lower threshold
    static constexpr double kUpperFraction = 0.60;  ///< §3.3.4.5 upper threshold
    static constexpr std::size_t kLargePerCycle = 1;
    static constexpr std::size_t kMediumPerCycle = 4;
    static constexpr std::size_t kSmallPerCycle = 8;

private:
    std::uint32_t pstate_;
    Granularity granularity_;
    NodeChoice choice_;
};

}  // namespace rmsim
