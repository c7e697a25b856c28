#pragma once
// The scheduler's wall-clock cost per mapping event, in constant memory whatever the number of events (a run
// of 10^6 tasks has millions): count, sum, max and a histogram on a log scale, 32 bins per factor of ten
// from 1 ns, whose median is exact to within one bin (7.5 %). Kept overall and per decade of the waiting
// queue's length at the event (0, 1-9, 10-99, ..., 10^5 and more), which shows whether the cost grows with
// the queue. Wall-clock figures go to timing.json only (never to the deterministic outputs).
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>

namespace rmsim {

class WallHistogram {
public:
    static constexpr int kBinsPerDecade = 32;
    static constexpr int kBins = 10 * kBinsPerDecade;  ///< 1 ns .. 10 s; longer events go to the last bin
    void add(double seconds) { add(seconds, bin_of(seconds)); }
    /// The bin of a duration (add() with it: EventTiming files one duration under two histograms).
    static std::size_t bin_of(double seconds);
    void add(double seconds, std::size_t bin);
    std::uint64_t count() const { return count_; }
    double mean() const { return count_ ? sum_ / double(count_) : 0.0; }
    double max() const { return max_; }
    /// The geometric centre of the bin holding the middle event (0 if none).
    double median() const;

private:
    std::array<std::uint64_t, kBins> bins_{};
    std::uint64_t count_ = 0;
    double sum_ = 0;
    double max_ = 0;
};

class EventTiming {
public:
    static constexpr std::size_t kQueueDecades = 7;  ///< 0, 1-9, 10-99, ..., >= 10^5
    void add(double wall_s, std::size_t queue_length);
    const WallHistogram& all() const { return all_; }
    const WallHistogram& at_queue_decade(std::size_t d) const { return by_queue_.at(d); }
    /// "0", "1-9", "10-99", ..., ">=100000".
    static std::string decade_label(std::size_t d);

private:
    WallHistogram all_;
    std::array<WallHistogram, kQueueDecades> by_queue_{};
};

}  // namespace rmsim
