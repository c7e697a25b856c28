#include "modules/governors/conservative.h"

#include "modules/governors/frequency_table.h"

namespace rmsim {

std::uint32_t ConservativeGovernor::decide(const DomainSample& s) {
    const Hertz before = requested_;
    const std::uint32_t skip_before = down_skip_;
    const Hertz f_max = s.f_max(), f_min = s.f_min();
    // cs_dbs_update: a requested frequency outside the limits (the first sample) starts from the current one.
    if (!started_ || requested_ > f_max || requested_ < f_min) requested_ = s.frequency(s.level);
    started_ = true;
    std::uint32_t level = s.level;
    const Hertz step = p_.freq_step * f_max / 100.0;
    const double load = 100.0 * s.load;
    if (step <= 0) {
        // freq_step 0: the governor never changes the frequency
    } else if (load > p_.up_threshold) {
        down_skip_ = 0;
        if (requested_ < f_max) {
            requested_ = std::min(f_max, requested_ + step);
            level = level_at_or_below(*s.core_type, requested_);
        }
    } else if (++down_skip_ >= p_.sampling_down_factor) {
        down_skip_ = 0;
        if (load < p_.down_threshold && requested_ > f_min) {
            requested_ = requested_ > step ? std::max(f_min, requested_ - step) : f_min;
            level = level_at_or_above(*s.core_type, requested_);
        }
    }
    changed_ = requested_ != before || (down_skip_ != skip_before && p_.sampling_down_factor > 1);
    return level;
}

bool ConservativeGovernor::steady(const DomainSample& s, std::uint32_t decided) const {
    return decided == s.level && !changed_;
}

}  // namespace rmsim
