#pragma once
// Linux cpufreq's conservative governor (drivers/cpufreq/cpufreq_conservative.c, cs_dbs_update), on
// P-states: it walks the frequency in steps rather than jumping.
// Every sampling_rate, with load = the busiest core's busy percentage over the window and a requested
// frequency kept between samples (starting at the level in force):
//   load > up_threshold:   requested += freq_step % of f_max (at most f_max); the fastest level at or below it
//                          (RELATION_H);
//   else, every sampling_down_factor-th sample, if load < down_threshold: requested -= the step (at least
//                          f_min); the slowest level at or above it (RELATION_L).
// With a step smaller than the spacing of the P-states a level takes several samples, as on Linux; with a
// step of at least the spacing it moves one level per sample.
#include "modules/governors/governor.h"

namespace rmsim {

struct ConservativeParams {
    Seconds sampling_rate_s = 0.01;
    double up_threshold = 80;    ///< percent
    double down_threshold = 20;  ///< percent
    double freq_step = 5;        ///< percent of f_max (Linux DEF_FREQUENCY_STEP); 0: never changes
    std::uint32_t sampling_down_factor = 1;
};

class ConservativeGovernor : public Governor {
public:
    explicit ConservativeGovernor(ConservativeParams p) : p_(p) {}
    Seconds sampling_period_s() const override { return p_.sampling_rate_s; }
    std::uint32_t decide(const DomainSample& s) override;
    bool steady(const DomainSample& s, std::uint32_t decided) const override;

private:
    ConservativeParams p_;
    bool started_ = false;
    Hertz requested_ = 0;
    std::uint32_t down_skip_ = 0;
    bool changed_ = false;  ///< the last decide() changed the requested frequency or the skip count
};

}  // namespace rmsim
