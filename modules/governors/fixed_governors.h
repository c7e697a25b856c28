#pragma once
// The governors that do not sample (Linux cpufreq's performance, powersave and userspace):
//   performance  the fastest level (P0), always;
//   powersave    the slowest level, always;
//   userspace    whatever the user asks: in rmsim the user is the scheduler, whose per-task P-state
//                (START, SET_PSTATE) sets the domain's level. rmsim's behaviour without a governor.
#include "modules/governors/governor.h"

namespace rmsim {

class PerformanceGovernor : public Governor {
public:
    Seconds sampling_period_s() const override { return 0; }
    std::optional<std::uint32_t> initial_level(const CoreType&) const override { return 0; }
    std::uint32_t decide(const DomainSample&) override { return 0; }
};

class PowersaveGovernor : public Governor {
public:
    Seconds sampling_period_s() const override { return 0; }
    std::optional<std::uint32_t> initial_level(const CoreType& t) const override {
        return static_cast<std::uint32_t>(t.pstates.size() - 1);
    }
    std::uint32_t decide(const DomainSample& s) override { return s.levels() - 1; }
};

class UserspaceGovernor : public Governor {
public:
    Seconds sampling_period_s() const override { return 0; }
    std::uint32_t decide(const DomainSample& s) override { return s.level; }
    bool follows_scheduler() const override { return true; }
};

}  // namespace rmsim
