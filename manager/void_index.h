#pragma once
// The idle periods of all nodes of one availability profile, keyed by their bounds, with multiplicities: what
// AvailabilityProfile::earliest_start() sweeps (Machovec Ch.3 §3.3.7, the earliest start of an allocation
// option). Tails [a, +inf) are keyed by a (a = -inf: a node with nothing booked), finite idle periods [a, b)
// by (a, b). Nodes booked together share bounds, so there are about as many keys as bookings (hundreds), not
// as many as nodes.
//
// Kept as flat arrays sorted by key, so that the sweep reads them directly (a tree of keys would have to be
// copied into flat arrays before every query that follows a change). Changes are collected and applied when
// the next query comes: a booking on k nodes makes three changes per node, mostly to the same few keys (nodes
// booked together share bounds), and the release of every place-holder at the start of a mapping event
// (§3.3.1) makes thousands; they are summed per key first (a sort), then applied by a binary search each
// when they are few, else by one merge pass over the arrays. The number of tails starting at or before each
// tail start (what the sweep searches for the k-th node) is recomputed, a pass over contiguous counts, only
// when a query follows a change of the tails.
#include <cstdint>
#include <vector>

#include "platform/time.h"

namespace rmsim {

class VoidIndex {
public:
    struct Finite {
        SimTime a;
        SimTime b;
        std::uint32_t count;
    };

    /// Adds (count > 0) or removes (count < 0) |count| nodes' idle period [a, b), a tail if b = +inf; nothing
    /// for an empty finite period (!(a < b): touching intervals leave no idle time between them) or count 0.
    /// std::logic_error, when the changes are applied (at the next query), if more periods are removed than
    /// there are.
    void bump(SimTime a, SimTime b, int count);
    void clear();

    /// Distinct tail starts, ascending.
    const std::vector<SimTime>& tail_starts() const;
    /// tail_cum()[i]: the number of tails starting at or before tail_starts()[i].
    const std::vector<std::uint32_t>& tail_cum() const;
    /// Finite idle periods by (a, b) ascending, each with its multiplicity.
    const std::vector<Finite>& finite() const;

private:
    struct Change {
        SimTime a;
        SimTime b;  ///< +inf: a tail
        int delta;
    };
    /// Applies the collected changes.
    void flush() const;
    void change_tail(SimTime a, int delta) const;
    void change_finite(SimTime a, SimTime b, int delta) const;
    /// The merge pass: `changes` sorted by (a, b) with distinct keys, tails (b = +inf) or finite ones.
    void merge_tails(const Change* first, const Change* last) const;
    void merge_finite(const Change* first, const Change* last) const;

    mutable std::vector<Change> pending_;
    mutable std::vector<SimTime> tail_start_;
    mutable std::vector<std::uint32_t> tail_count_;  ///< per tail start
    mutable std::vector<std::uint32_t> tail_cum_;
    mutable bool cum_valid_ = true;
    mutable std::vector<Finite> finite_;
    mutable std::vector<SimTime> merged_start_;  ///< scratch of the merge passes
    mutable std::vector<std::uint32_t> merged_count_;
    mutable std::vector<Finite> merged_finite_;
};

}  // namespace rmsim
