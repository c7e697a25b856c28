#pragma once
// Linux's schedutil governor (kernel/sched/cpufreq_schedutil.c), on P-states:
//   f = 1.25 x f_max x util, the slowest level at or above f (RELATION_L),
// re-evaluated at most once per rate_limit. Linux's util is the scheduler's PELT average; rmsim's is the
// busiest core's busy fraction over the last rate-limit window (exact from the cores' activity), so
// schedutil here is a fast-reacting, utilization-proportional governor (docs/dvfs.md).
#include "modules/governors/governor.h"

namespace rmsim {

struct SchedutilParams {
    Seconds rate_limit_s = 0.01;  ///< Linux rate_limit_us (its default follows the driver's transition delay)
    double headroom = 1.25;       ///< the 1.25 of map_util_freq
};

class SchedutilGovernor : public Governor {
public:
    explicit SchedutilGovernor(SchedutilParams p) : p_(p) {}
    Seconds sampling_period_s() const override { return p_.rate_limit_s; }
    std::uint32_t decide(const DomainSample& s) override;

private:
    SchedutilParams p_;
};

}  // namespace rmsim
