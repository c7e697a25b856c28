#pragma once
// The windows booked on each cluster during one mapping event of the Max <M> heuristics (Machovec Ch.3
// §3.3.5, Algorithm 4), numbered in booking order: a cluster's version is the number of bookings made on it.
// An allocation option computed at version v (§3.3.7, the earliest start of k nodes for a duration) is still
// exact if no booking made on its cluster since then overlaps its window [start, start + duration): the k
// nodes it found idle there are still idle (a booking only takes its nodes over its own window), and no
// earlier start became feasible (bookings only take idle time away). So the lazy selection re-values an
// option only when a later booking overlaps it, not after every booking on its cluster.
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "platform/platform_spec.h"
#include "platform/time.h"

namespace rmsim {

class BookedWindows {
public:
    explicit BookedWindows(ClusterId clusters) : windows_(clusters) {}

    /// Bookings made on the cluster so far.
    std::uint64_t version(ClusterId c) const { return windows_[c].size(); }
    /// Records a booking of [start, end) on the cluster (its version grows by one).
    void add(ClusterId c, SimTime start, SimTime end) { windows_[c].emplace_back(start, end); }
    /// No booking made on the cluster at or after version `since` overlaps [start, end) (half-open windows:
    /// touching ones do not overlap).
    bool untouched(ClusterId c, std::uint64_t since, SimTime start, SimTime end) const {
        const auto& w = windows_[c];
        for (std::size_t i = static_cast<std::size_t>(since); i < w.size(); ++i)
            if (w[i].first < end && start < w[i].second) return false;
        return true;
    }

private:
    std::vector<std::vector<std::pair<SimTime, SimTime>>> windows_;
};

}  // namespace rmsim
