#pragma once
// The non-profiling approaches (Singh 2015 §IV-B, Algorithm 2, and the baselines of §V-A). At each mapping
// event (singh_policy.h), on the maxBid node, every queued job is allocated on k = min(maxBid, |T|) cores
// by the load-balanced allocation (load_balanced_allocation.h) and valued at its completion with every task
// at the highest V/F level; the most valuable job (ties: the lower job id; GAP: the levels used for this
// value are not stated, the highest is the natural reading before V/F identification) gets its levels by
//   nba-ftps: Algorithm 3, per task (ftps_levels.h);
//   nba-fcps: per core, greedily core by core for value per energy (fcps_levels.h);
//   valopt:   every core at the highest level (valopt_levels.h);
// and runs on the maxBid node. A job whose V/F identification finds no positive value is rejected.
#include "manager/policies/singh/singh_policy.h"

namespace rmsim::singh {

enum class LevelRule { Ftps, Fcps, ValOpt };

class NbaPolicy : public SinghPolicy {
public:
    NbaPolicy(LevelRule rule, double balance_tolerance) : rule_(rule), tolerance_(balance_tolerance) {}

protected:
    std::optional<Choice> choose(const PolicyView& view, const std::vector<JobId>& queue, ClusterId c,
                                 std::uint32_t bid_cores) override;
    Seconds fastest_response(const PolicyView& view, JobId j, ClusterId c) override;

private:
    LevelRule rule_;
    double tolerance_;
};

}  // namespace rmsim::singh
