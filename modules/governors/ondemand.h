#pragma once
// Linux cpufreq's ondemand governor (drivers/cpufreq/cpufreq_ondemand.c, od_update), on P-states.
// Every sampling_rate: load = the busiest core's busy percentage over the window;
//   load > up_threshold: the fastest level; sampling_down_factor: on a raise from below, the next sample
//                        comes that many periods later;
//   otherwise:           f = f_min + load x (f_max - f_min) / 100, lowered by powersave_bias per mille, and the
//                        level closest to f (RELATION_C).
// rmsim's powersave_bias picks the closest level to the lowered frequency, where Linux alternates two levels
// within the period to average it (docs/dvfs.md).
#include "modules/governors/governor.h"

namespace rmsim {

struct OndemandParams {
    Seconds sampling_rate_s = 0.01;  ///< Linux derives it from the transition latency; 10 ms typical
    double up_threshold = 80;        ///< percent (Linux DEF_FREQUENCY_UP_THRESHOLD)
    std::uint32_t sampling_down_factor = 1;
    double powersave_bias = 0;  ///< per mille, 0..1000
};

class OndemandGovernor : public Governor {
public:
    explicit OndemandGovernor(OndemandParams p) : p_(p) {}
    Seconds sampling_period_s() const override { return p_.sampling_rate_s; }
    std::uint32_t decide(const DomainSample& s) override;
    std::uint32_t periods_to_next() const override { return rate_mult_; }
    const OndemandParams& params() const { return p_; }

private:
    OndemandParams p_;
    std::uint32_t rate_mult_ = 1;
};

}  // namespace rmsim
