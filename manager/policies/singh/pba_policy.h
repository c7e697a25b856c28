#pragma once
// PBA, the profiling based approach (Singh 2015 §IV-A, Algorithm 1). Design time (prepare()): every job is
// profiled by the genetic algorithm (ga_profiler.h) for k = 1 .. min(|T|, cores per node) cores, minimizing
// response time x energy; the profiles are stored. Run time, at each mapping event (singh_policy.h): on the
// maxBid node, every queued job is estimated on min(maxBid, k*) cores, k* its profiled core count of maximum
// value per energy, value at now + profiled response (pba_estimate.h, `core_count` parameter); the job with the
// maximum value per energy runs with its profiled allocation and V/F levels (ties: the lower job id).
#include <chrono>
#include <map>

#include "manager/policies/singh/ga_profiler.h"
#include "manager/policies/singh/pba_estimate.h"
#include "manager/policies/singh/profile_store.h"
#include "manager/policies/singh/singh_policy.h"

namespace rmsim::singh {

class PbaPolicy : public SinghPolicy {
public:
    explicit PbaPolicy(const GaParams& ga, PbaCoreCount core_count = PbaCoreCount::MaxValuePerEnergy)
        : ga_(ga), core_count_(core_count) {}
    void prepare(const PolicyView& view) override;
    void report(PolicyReport& r) const override;

protected:
    std::optional<Choice> choose(const PolicyView& view, const std::vector<JobId>& queue, ClusterId c,
                                 std::uint32_t bid_cores) override;
    Seconds fastest_response(const PolicyView& view, JobId j, ClusterId c) override;

private:
    const JobProfile& profile_of(JobId j, ClusterId c) const;

    GaParams ga_;
    PbaCoreCount core_count_;
    std::map<NodeTypeId, ProfileStore> stores_;  ///< per node type of the platform's clusters
    std::vector<NodeTypeId> node_type_of_cluster_;
    double profiling_wall_s_ = 0;
};

}  // namespace rmsim::singh
