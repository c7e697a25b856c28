#include "manager/event_timing.h"

#include <algorithm>
#include <cmath>

namespace rmsim {

std::size_t WallHistogram::bin_of(double seconds) {
    // Bin i holds [10^(i/32 - 9), 10^((i+1)/32 - 9)) seconds; below 1 ns goes to bin 0.
    const double x = seconds > 1e-9 ? (std::log10(seconds) + 9.0) * kBinsPerDecade : 0.0;
    return static_cast<std::size_t>(std::clamp(x, 0.0, double(kBins - 1)));
}

void WallHistogram::add(double seconds, std::size_t bin) {
    ++count_;
    sum_ += seconds;
    max_ = std::max(max_, seconds);
    bins_[bin] += 1;
}

double WallHistogram::median() const {
    if (count_ == 0) return 0;
    const std::uint64_t middle = count_ / 2;  // the event with index count/2 in sorted order
    std::uint64_t seen = 0;
    for (int i = 0; i < kBins; ++i) {
        seen += bins_[static_cast<std::size_t>(i)];
        if (seen > middle) return std::pow(10.0, (i + 0.5) / kBinsPerDecade - 9.0);
    }
    return max_;
}

void EventTiming::add(double wall_s, std::size_t queue_length) {
    const std::size_t bin = WallHistogram::bin_of(wall_s);  // one logarithm for both histograms
    all_.add(wall_s, bin);
    std::size_t d = 0;
    for (std::size_t q = queue_length; q > 0 && d + 1 < kQueueDecades; q /= 10) ++d;
    by_queue_[d].add(wall_s, bin);
}

std::string EventTiming::decade_label(std::size_t d) {
    if (d == 0) return "0";
    std::uint64_t lo = 1;
    for (std::size_t i = 1; i < d; ++i) lo *= 10;
    if (d + 1 == kQueueDecades) return ">=" + std::to_string(lo);
    return std::to_string(lo) + "-" + std::to_string(lo * 10 - 1);
}

}  // namespace rmsim
