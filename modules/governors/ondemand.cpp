#include "modules/governors/ondemand.h"

#include "modules/governors/frequency_table.h"

namespace rmsim {

std::uint32_t OndemandGovernor::decide(const DomainSample& s) {
    const double load = 100.0 * s.load;
    if (load > p_.up_threshold) {
        // od_update: rate_mult is set on a raise from below the maximum only.
        if (s.level != 0) rate_mult_ = p_.sampling_down_factor;
        return 0;
    }
    rate_mult_ = 1;
    Hertz f = s.f_min() + load * (s.f_max() - s.f_min()) / 100.0;
    if (p_.powersave_bias > 0) f -= f * p_.powersave_bias / 1000.0;
    return level_closest(*s.core_type, f);
}

}  // namespace rmsim
