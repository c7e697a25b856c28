#pragma once
// Max Value-per-Total-Resource (Machovec Ch.2 §2.4.2, Algorithm 1): at each mapping event, after all
// place-holders are removed, a two-phase greedy over the mappable tasks: each task's best VM configuration
// by VPTR = V / TotalResources at its earliest start (cores and memory), then the task of highest VPTR; it
// starts now or gets a place-holder. A task none of whose configurations can earn value is dropped.
#include <cstdint>

#include "manager/policy.h"

namespace rmsim {

/// How the best option over all tasks is found after each assignment (the same decisions either way, tested).
enum class VptrSelection {
    LazyHeap,  ///< a max-heap of VPTRs; stale entries re-valued when they reach the top (fast)
    Rescan,    ///< every configuration of every task recomputed (Algorithm 1 as written: the reference)
};

struct MaxVptrConfig {
    SimTime period = SimTime::from_whole_seconds(60);  ///< §2.4.2: a mapping event every minute
    VptrSelection selection = VptrSelection::LazyHeap;
};

class MaxVptrPolicy : public Policy {
public:
    explicit MaxVptrPolicy(const MaxVptrConfig& config);
    PolicyTraits traits() const override;
    void schedule(const PolicyView& view, Decisions& decide) override;
    void report(PolicyReport& r) const override;

private:
    MaxVptrConfig config_;
    std::uint64_t dropped_ = 0;
    std::uint64_t started_ = 0;
    std::uint64_t placeholders_ = 0;
};

}  // namespace rmsim
