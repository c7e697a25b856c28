#pragma once
// Units counted by the group they belong to: consecutive units in groups of `size` (under core granularity a
// group is one hardware node's cores, so unit u is core u % size of node u / size). Per group, how many of
// its units have nothing booked; per such count, the set of groups that have it (a bitmap over groups).
// "The lowest group with exactly c empty units" is then a word search, which is what packing a task onto
// as few nodes as possible needs (AvailabilityProfile::packed_idle_nodes) without visiting every unit.
//
// Kept in step by the availability profile: the changes of the empty bits of one group's units are one
// add_empty() (a task's units come in groups: one move per hardware node a booking touches, not per core), O(1).
#include <cstdint>
#include <vector>

namespace rmsim {

class GroupBuckets {
public:
    /// `units` units, all empty, in groups of `size` (the last group may be smaller). size >= 1.
    GroupBuckets(std::uint32_t units, std::uint32_t size);

    std::uint32_t size() const { return size_; }
    std::uint32_t group_count() const { return static_cast<std::uint32_t>(empty_.size()); }
    std::uint32_t group_of(std::uint32_t unit) const { return unit / size_; }
    std::uint32_t empty_in(std::uint32_t group) const { return empty_[group]; }
    /// Groups with exactly `count` empty units (0 <= count <= size).
    std::uint32_t groups_with(std::uint32_t count) const { return bucket_size_[count]; }

    /// A unit's empty bit changed (it was not already in that state).
    void on_empty_change(std::uint32_t unit, bool empty) { add_empty(group_of(unit), empty ? 1 : -1); }
    /// `delta` units of the group changed their empty bit in sum (+1 per unit that became empty, -1 per unit
    /// that became booked): the same state as that many on_empty_change() calls, in one move.
    void add_empty(std::uint32_t group, int delta);

    /// The lowest group with exactly `count` empty units whose bit in `excluded` (a bitmap over groups, at
    /// least group_count() bits) is clear; group_count() if there is none. Visits only the words of the bucket
    /// that have a group (a summary bit per word): O(1 + groups / 4096) when few are excluded.
    std::uint32_t lowest_with(std::uint32_t count, const std::vector<std::uint64_t>& excluded) const;

    /// The smallest count c, from <= c <= size(), that some group has; size() + 1 if none. With next_present()
    /// and prev_present() a search over counts skips the empty buckets (on a full machine most are) in a word
    /// operation each instead of a lowest_with() call each.
    std::uint32_t next_present(std::uint32_t from) const;
    /// The largest count c, 1 <= c <= min(from, size()), that some group has; 0 if none.
    std::uint32_t prev_present(std::uint32_t from) const;

private:
    void move(std::uint32_t group, std::uint32_t from, std::uint32_t to);

    std::uint32_t size_;
    std::vector<std::uint32_t> empty_;                 ///< per group
    std::vector<std::vector<std::uint64_t>> bucket_;   ///< per count 0..size: bitmap over groups
    std::vector<std::vector<std::uint64_t>> summary_;  ///< per count: bit w set iff bucket_[count][w] != 0
    std::vector<std::uint32_t> bucket_size_;           ///< per count: groups in bucket_
    std::vector<std::uint64_t> present_;               ///< bit c set iff bucket_size_[c] > 0
};

}  // namespace rmsim
