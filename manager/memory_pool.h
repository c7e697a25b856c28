#pragma once
// Memory of a cluster as one pool planned over time (Machovec Ch.2 §2.2: a VM configuration is cores AND
// memory; GAP, A1.1: how memory is tracked is not given, rmsim pools each cluster's memory). A step function
// of the memory booked: each booking adds its amount over [start, end). Plain C++, no SystemC; owned by the
// cluster's AvailabilityProfile, which books and releases memory with the cores of each booking.
//
// Amounts are GB as doubles; configurations use whole GB, so every sum is exact and a query agrees bit for
// bit with a booking made at its answer.
#include <cstddef>
#include <map>
#include <vector>

#include "platform/time.h"

namespace rmsim {

class MemoryPool {
public:
    explicit MemoryPool(double capacity_gb);

    double capacity_gb() const { return capacity_gb_; }
    /// Books `gb` over [start, end) (end may be +inf). std::logic_error if that exceeds the capacity at some
    /// time of the window (callers check fits() first).
    void add(SimTime start, SimTime end, double gb);
    /// Releases what add(start, end, gb) booked.
    void remove(SimTime start, SimTime end, double gb);
    /// The most booked at any time of [start, end).
    double peak_gb(SimTime start, SimTime end) const;
    /// `gb` more fits throughout [start, end).
    bool fits(SimTime start, SimTime end, double gb) const { return peak_gb(start, end) + gb <= capacity_gb_; }
    /// The earliest t >= from such that `gb` more fits throughout [t, t + duration); +inf if none (gb above
    /// the capacity). One sweep of the pool's changes: when the window starting at a candidate overflows at
    /// u, every window starting in (candidate, u] holds u too, so the next candidate is the first release
    /// after the last overflow u.
    SimTime earliest_fit(SimTime from, SimTime duration, double gb) const;
    /// The first time after `t` at which the booked memory goes down (+inf if none): no window that starts in
    /// (t, that time) holds less memory than the window starting at t (the booked amount does not fall there).
    SimTime next_release_after(SimTime t) const;

private:
    void rebuild_steps() const;
    /// The number of steps that begin at or before t (rebuilding the flat copy after a change).
    std::size_t step_at(SimTime t) const;

    double capacity_gb_;
    std::map<SimTime, double> delta_;  ///< change of the booked memory at each time (no zero entries)
    // A flat copy of the step function for the queries, rebuilt lazily after a change: the booked memory is
    // used_[i] over [times_[i], times_[i + 1]) (0 before times_[0]).
    mutable bool steps_valid_ = false;
    mutable std::vector<SimTime> times_;
    mutable std::vector<double> used_;
};

}  // namespace rmsim
