#include "platform/work_model.h"

#include <cmath>
#include <stdexcept>
#include <string>

namespace rmsim {

Seconds TimeTable::quantile_at(CoreTypeId t, std::size_t p, double u) const {
    if (!has_distribution(t, p)) return -1;
    const std::vector<TimePulse>& d = distribution[t][p];
    double cumulative = 0;
    for (const TimePulse& x : d) {
        cumulative += x.probability;
        if (u < cumulative) return x.seconds;
    }
    return d.back().seconds;  // u within rounding of 1
}

void TimeTable::set_distribution(CoreTypeId t, std::size_t p, std::vector<TimePulse> pulses) {
    if (pulses.empty()) throw std::invalid_argument("TimeTable: an execution-time distribution needs pulses");
    double total = 0, mean = 0;
    for (std::size_t i = 0; i < pulses.size(); ++i) {
        const TimePulse& x = pulses[i];
        if (!(x.seconds >= 0) || !std::isfinite(x.seconds) || !(x.probability > 0) || !std::isfinite(x.probability))
            throw std::invalid_argument("TimeTable: a pulse needs seconds >= 0 and a probability > 0");
        if (i > 0 && !(pulses[i - 1].seconds < x.seconds))
            throw std::invalid_argument("TimeTable: pulses must ascend by seconds");
        total += x.probability;
        mean += x.seconds * x.probability;
    }
    if (std::fabs(total - 1.0) > 1e-9)
        throw std::invalid_argument("TimeTable: probabilities sum to " + std::to_string(total) + ", not 1");
    if (distribution.size() <= t) distribution.resize(t + 1);
    if (distribution[t].size() <= p) distribution[t].resize(p + 1);
    if (seconds.size() <= t) seconds.resize(t + 1);
    if (seconds[t].size() <= p) seconds[t].resize(p + 1, -1);
    seconds[t][p] = mean / total;
    distribution[t][p] = std::move(pulses);
}

}  // namespace rmsim
