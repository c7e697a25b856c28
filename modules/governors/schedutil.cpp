#include "modules/governors/schedutil.h"

#include "modules/governors/frequency_table.h"

namespace rmsim {

std::uint32_t SchedutilGovernor::decide(const DomainSample& s) {
    return level_at_or_above(*s.core_type, p_.headroom * s.f_max() * s.load);
}

}  // namespace rmsim
