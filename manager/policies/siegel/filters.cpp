#include "manager/policies/siegel/filters.h"

#include <algorithm>

namespace rmsim::siegel {

double en_mul(const EnergyFilterConfig& config, double average_depth) {
    if (average_depth < config.depth_low) return config.en_mul_light;
    if (average_depth < config.depth_high) return config.en_mul_medium;
    return config.en_mul_heavy;
}

Joules energy_threshold(const EnergyFilterConfig& config, const EnergyState& s) {
    const Seconds t_rem = config.window_s - s.now_s;
    if (!(s.remaining_j > 0) || !(t_rem > 0)) return 0;
    // Siegel §4: En_thresh(t) = En_mul(t) × En_rem(t) / [(t_rem(t) / t_avg) × c_tot]
    return en_mul(config, s.average_depth) * s.remaining_j / ((t_rem / s.average_exec_s) * s.cores);
}

void energy_filter(std::vector<Candidate>& c, Joules threshold) {
    c.erase(std::remove_if(c.begin(), c.end(), [&](const Candidate& x) { return x.expected_energy > threshold; }),
            c.end());
}

void robustness_filter(std::vector<Candidate>& c, double rho) {
    c.erase(std::remove_if(c.begin(), c.end(), [&](const Candidate& x) { return x.on_time < rho; }), c.end());
}

}  // namespace rmsim::siegel
