#include "modules/governors/frequency_table.h"

#include <cmath>

namespace rmsim {

std::uint32_t level_at_or_above(const CoreType& t, Hertz target) {
    // Frequencies decrease with the level: walk from the slowest up.
    for (std::uint32_t l = static_cast<std::uint32_t>(t.pstates.size()); l-- > 0;)
        if (t.pstates[l].frequency_hz >= target) return l;
    return 0;
}

std::uint32_t level_at_or_below(const CoreType& t, Hertz target) {
    for (std::uint32_t l = 0; l < t.pstates.size(); ++l)
        if (t.pstates[l].frequency_hz <= target) return l;
    return static_cast<std::uint32_t>(t.pstates.size() - 1);
}

std::uint32_t level_closest(const CoreType& t, Hertz target) {
    std::uint32_t best = 0;
    for (std::uint32_t l = 1; l < t.pstates.size(); ++l)
        if (std::fabs(t.pstates[l].frequency_hz - target) < std::fabs(t.pstates[best].frequency_hz - target)) best = l;
    return best;
}

}  // namespace rmsim
