#include "manager/memory_pool.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace rmsim {

namespace {

void bump(std::map<SimTime, double>& delta, SimTime t, double gb) {
    if (t.is_infinite()) return;  // a booking to +inf never gives its memory back
    auto [it, fresh] = delta.emplace(t, gb);
    if (!fresh) {
        it->second += gb;
        if (it->second == 0) delta.erase(it);
    }
}

}  // namespace

MemoryPool::MemoryPool(double capacity_gb) : capacity_gb_(capacity_gb) {
    if (!(capacity_gb > 0)) throw std::invalid_argument("MemoryPool: the capacity must be positive");
}

void MemoryPool::add(SimTime start, SimTime end, double gb) {
    if (!(gb > 0)) throw std::invalid_argument("MemoryPool::add: the amount must be positive");
    if (!fits(start, end, gb))
        throw std::logic_error("MemoryPool::add: " + std::to_string(gb) + " GB do not fit in the pool of " +
                               std::to_string(capacity_gb_) + " GB");
    bump(delta_, start, gb);
    bump(delta_, end, -gb);
    steps_valid_ = false;
}

void MemoryPool::remove(SimTime start, SimTime end, double gb) {
    bump(delta_, start, -gb);
    bump(delta_, end, gb);
    steps_valid_ = false;
}

void MemoryPool::rebuild_steps() const {
    times_.clear();
    used_.clear();
    double used = 0;
    for (const auto& [t, d] : delta_) {
        used += d;
        times_.push_back(t);
        used_.push_back(used);
    }
    steps_valid_ = true;
}

std::size_t MemoryPool::step_at(SimTime t) const {
    if (!steps_valid_) rebuild_steps();
    return static_cast<std::size_t>(std::upper_bound(times_.begin(), times_.end(), t) - times_.begin());
}

double MemoryPool::peak_gb(SimTime start, SimTime end) const {
    std::size_t i = step_at(start);  // steps [0, i) begin at or before start
    double peak = i > 0 ? used_[i - 1] : 0.0;
    for (; i < times_.size() && times_[i] < end; ++i) peak = std::max(peak, used_[i]);
    return peak;
}

SimTime MemoryPool::earliest_fit(SimTime from, SimTime duration, double gb) const {
    if (gb > capacity_gb_) return SimTime::infinity();
    const double limit = capacity_gb_ - gb;  // booked memory allowed during the window
    SimTime t = from;
    std::size_t i = step_at(t);  // steps [0, i) begin at or before t
    for (;;) {
        // The last step of the window [t, t + duration) that overflows (i - 1: the step holding t).
        std::size_t overflow = times_.size();
        if (i > 0 && used_[i - 1] > limit) overflow = i - 1;
        std::size_t j = i;
        for (; j < times_.size() && times_[j] < t + duration; ++j)
            if (used_[j] > limit) overflow = j;
        if (overflow == times_.size()) return t;
        // The first release after that overflow.
        std::size_t r = overflow + 1;
        while (r < times_.size() && !(used_[r] < used_[r - 1])) ++r;
        if (r == times_.size()) return SimTime::infinity();
        t = times_[r];
        i = r + 1;
    }
}

SimTime MemoryPool::next_release_after(SimTime t) const {
    for (auto it = delta_.upper_bound(t); it != delta_.end(); ++it)
        if (it->second < 0) return it->first;
    return SimTime::infinity();
}

}  // namespace rmsim
