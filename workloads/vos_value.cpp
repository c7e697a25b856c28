#include "workloads/vos_value.h"

#include <cmath>

namespace rmsim {

const char* to_string(VosCategory c) {
    switch (c) {
        case VosCategory::Regular: return "regular";
        case VosCategory::HighPerformance: return "high-performance";
        case VosCategory::EnergyConservative: return "energy-conservative";
    }
    return "?";
}

const char* to_string(UsagePeriod p) {
    switch (p) {
        case UsagePeriod::Low: return "low";
        case UsagePeriod::Medium: return "medium";
        case UsagePeriod::High: return "high";
    }
    return "?";
}

UsagePeriod usage_period(Seconds time_s) {
    constexpr Seconds kDay = 86400, kHour = 3600;
    const Seconds hour = std::fmod(std::fmod(time_s, kDay) + kDay, kDay) / kHour;  // [0, 24)
    if (hour < 4) return UsagePeriod::Low;
    if (hour >= 10 && hour < 18) return UsagePeriod::High;
    return UsagePeriod::Medium;
}

// Machovec Ch.2 Table 3. AMBIG: §2.4.2's prose calls the energy-conservative weighting <10, 1>; the table
// (used here) gives <1, 10>.
VosWeights table3_weights(VosCategory c, UsagePeriod p) {
    switch (c) {
        case VosCategory::HighPerformance: return {10, 1};
        case VosCategory::EnergyConservative: return {1, 10};
        case VosCategory::Regular: break;
    }
    switch (p) {
        case UsagePeriod::Low: return {1, 1};
        case UsagePeriod::Medium: return {1, 2};
        case UsagePeriod::High: return {1, 4};
    }
    return {1, 1};
}

// Machovec Ch.2 §2.3 Eq. 2: "if either the performance or energy value is 0, the VoS is 0".
TaskValue task_value(const VosTerms& terms, Seconds arrival_s, Seconds elapsed_s, Joules energy_j) {
    TaskValue v;
    v.performance = terms.performance.value_at(elapsed_s);
    v.energy = terms.energy.value_at(energy_j);
    if (v.performance == 0 || v.energy == 0) return v;
    const VosWeights w = table3_weights(terms.category, usage_period(arrival_s));
    v.value = terms.importance * (w.performance * v.performance + w.energy * v.energy);
    return v;
}

}  // namespace rmsim
