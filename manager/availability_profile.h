#pragma once
// Availability profile of one cluster of N identical nodes (node indices 0..N-1, local to the cluster): the
// per-node timelines of busy intervals (running tasks, permanent reservations, place-holders) that every
// Machovec Ch.3 heuristic plans against (§3.3.2, §3.3.7), and that EASY / conservative backfilling use
// (§3.3.4). Plain C++, no SystemC: policies are unit-tested without a simulation.
//
// Semantics
// - A booking is one task's use of a set of nodes over [start, end): one add() per owner (task id).
//   Intervals are half-open; two bookings on one node may touch (end == start) but never overlap.
// - A node is idle over [t, t + d) iff it lies inside one of the node's idle periods [a, b): a <= t and
//   t + d <= b. Idle periods are the gaps between consecutive busy intervals (finite, b < inf: the
//   backfilling opportunities) and the tail after the last one (b = +inf; a = -inf for an empty node).
//   Count-based profiles are not exact (node A idle over [0,5), node B over [5,10) do not give one node
//   idle over [0,10)), so every query works on these per-node idle periods.
// - Times before now() are never offered: queries start at max(not_before, now).
// - Times are compared exactly (no epsilon), so an earliest start returned here and a booking made at it
//   agree bit for bit.
// - Not thread-safe, not even for const queries (void index changes applied lazily, scratch buffers).
//
// Lowest idle nodes (the baselines' tie-break, manager/unit_choice.h) without a scan of every node:
// - The profile keeps a bitmap of the nodes whose timeline is empty (nothing booked: not running,
//   reserved or place-holder; set_now() prunes what has ended, so after it "empty" means "nothing booked
//   from now on"), the bookings ordered by end, and those that started after now when added (reservations
//   and place-holders) ordered by start.
// - A node idle over [s, e) is either empty, or has all its intervals ending by s, or has an interval
//   starting at or after e: a node with an interval ending after s and none starting at or after e has
//   its first interval ending after s starting before e, which overlaps the window. So the idle nodes are
//   the empty ones plus the idle ones among the nodes of the bookings with end <= s or start >= e.
//   A booking starting at or after e > now started after now when it was added (now never goes back), so
//   the ordered sets hold every such booking. lowest_idle_nodes() merges the bitmap with those few nodes
//   (none in FCFS: every booking runs from at most now to after now) and falls back to the exact scan when
//   they are many (more than N/4, e.g. a large reservation after a short window) or the window ends by
//   now, so its answer is always that of the scan.
//
// Node choice, Machovec Ch.3 §3.3.7. GAP: the text gives the two criteria ("the smallest number of idle
// voids in the system", then "the size of the idle voids into which the task would be inserted") and the
// Fig. 21 example, but not the counting procedure (it cites [10], Khemka et al.). Our definitions:
// - An idle void is a maximal idle period of a node that ends where a busy interval starts (the text:
//   "sections of time between the executions of two tasks on a node"). Idle time before now is ignored
//   (a void may start at now); the tail idle period is not a void (no task bounds it).
// - Placing the task over [s, e) on a node whose idle period containing it is [a, b) (a clamped to now)
//   changes that node's number of voids by
//       void_delta = [s > a] - [b < inf and e == b]        in {-1, 0, +1}
//   ([a, b) was a void iff b < inf; afterwards [a, s) is one iff s > a, and [e, b) is one iff b < inf and
//   e < b). Criterion 1 minimizes the sum of void_delta over the chosen nodes, i.e. the number of voids in
//   the system afterwards. A node's void_delta does not depend on the other nodes, so this is the greedy
//   one-node-at-a-time choice of Fig. 21 ("n6 and n5 are selected in that order using the first
//   criterion": an exact fit, -1, then a node whose previous task ends exactly at s, 0).
// - Criterion 2 (ties of criterion 1): the smaller length b - a of the idle period the task is inserted
//   into (best fit, keeping long idle periods for long tasks; a tail is infinitely long), then the smaller
//   idle gap s - a left before the task, then the lower node index (determinism).
#include <cstddef>
#include <cstdint>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <unordered_map>
#include <utility>
#include <vector>

#include "manager/group_buckets.h"
#include "manager/hash_heads.h"
#include "manager/memory_pool.h"
#include "manager/sorted_blocks.h"
#include "manager/timeline.h"
#include "manager/unit_list.h"
#include "manager/void_index.h"
#include "platform/platform_spec.h"
#include "platform/time.h"

namespace rmsim {

using LocalNodeIndex = std::uint32_t;  ///< node index within its cluster, 0..N-1

constexpr SimTime kNoDeadline = SimTime::infinity();

/// Machovec Ch.3 §3.3.2: a permanent reservation is never moved or removed by the planner; place-holders
/// are all deleted at the start of the next mapping event (clear_placeholders()).
enum class BookingKind : std::uint8_t { Running, Reservation, PlaceHolder };

/// One owner's booking: the same interval on every node of `nodes` (ascending indices).
struct Booking {
    TaskId owner = 0;
    BookingKind kind = BookingKind::Running;
    SimTime start;
    SimTime end;
    bool ahead = false;    ///< added with a start after the then-current time: listed by start (future_by_start_)
    UnitList nodes;        ///< ascending (a single node inline: manager/unit_list.h)
    double memory_gb = 0;  ///< memory taken from the cluster's pool over [start, end) (0: none)
};

/// How placing a task on one node changes that node's fragmentation (the §3.3.7 criteria, see above).
struct PlacementCost {
    int void_delta = 0;     ///< change of the node's number of idle voids: -1, 0 or +1 (criterion 1)
    SimTime period_length;  ///< b - a of the idle period the task goes into, +inf for the tail
    SimTime gap_before;     ///< s - a, the idle time left before the task on this node
};

class AvailabilityProfile {
public:
    /// `group_size`: consecutive nodes form groups of that many (under core granularity the profile's nodes
    /// are cores and a group is one hardware node's cores), which packed_idle_nodes() fills as few of as it can.
    explicit AvailabilityProfile(std::uint32_t node_count, SimTime now = SimTime(), std::uint32_t group_size = 1);

    // ---- memory, a second resource (Machovec Ch.2 §2.2, manager/memory_pool.h) -------------------------
    /// Plans the cluster's memory as one pool of `capacity_gb` beside its nodes: from then on a booking may
    /// take memory (add()'s memory_gb) and earliest_start_with_memory() asks for both. Without it (every
    /// platform that gives no memory) nothing about memory is kept or checked. Only before the first booking
    /// (std::logic_error otherwise); std::invalid_argument unless capacity_gb > 0.
    void set_memory_capacity(double capacity_gb);
    /// The memory pool, nullptr if memory is not planned.
    const MemoryPool* memory() const { return memory_ ? &*memory_ : nullptr; }

    std::uint32_t node_count() const { return static_cast<std::uint32_t>(class_of_.size()); }
    SimTime now() const { return now_; }

    // ---- changes -------------------------------------------------------------------------------------
    /// Books `nodes` over [start, end) for `owner`. The start may lie before now (a task already
    /// running); end = +inf takes the nodes out for good. std::invalid_argument on a bad request (no nodes,
    /// a duplicate or out-of-range node, end <= start, an owner already booked); std::logic_error if a node
    /// is already busy in that window (callers choose idle nodes with choose_nodes()).
    /// `memory_gb` > 0 also books that much of the memory pool (std::logic_error without a pool or if it does
    /// not fit over the window).
    /// The nodes are read, not kept: a caller passes its own (ascending, as the ledger keeps them, saves a
    /// sorted copy).
    void add(const std::vector<LocalNodeIndex>& nodes, SimTime start, SimTime end, TaskId owner, BookingKind kind,
             double memory_gb = 0);
    /// Removes the owner's booking; false if it has none (e.g. already pruned by set_now()). `booked_end`, if
    /// given, receives the end it had.
    bool remove(TaskId owner, SimTime* booked_end = nullptr);
    /// Machovec Ch.3 §3.3.1: all place-holders are deleted at the start of a mapping event and their tasks
    /// rejoin the mappable set. Returns those tasks, ascending.
    std::vector<TaskId> clear_placeholders();
    /// Advances the clock (never backwards: std::invalid_argument) and prunes the bookings that end at or
    /// before it, which no longer constrain anything. Returns the pruned owners, ascending.
    std::vector<TaskId> set_now(SimTime now);
    /// A new projected end for the owner's booking (e.g. a running task's completion after a P-state
    /// change). False, with nothing changed, if the owner has no booking or if a longer interval would
    /// overlap a later booking on one of its nodes (the caller resolves the conflict, e.g. by removing and
    /// re-planning that booking). std::invalid_argument if end <= the booking's start.
    bool update_end(TaskId owner, SimTime end);
    /// E.g. a reservation whose task starts becomes Running. False if the owner has no booking.
    bool set_kind(TaskId owner, BookingKind kind);

    // ---- planning queries (§3.3.7) -----------------------------------------------------------------
    /// The earliest t >= max(not_before, now) with t < deadline (start before the end of the simulated
    /// day, §3.3.7) such that `k` nodes are each idle throughout [t, t + duration); nullopt if there is
    /// none (in particular when k > node_count()). Requires k >= 1 and 0 < duration < inf.
    std::optional<SimTime> earliest_start(std::uint32_t k, SimTime duration, SimTime not_before,
                                          SimTime deadline = kNoDeadline) const;
    /// earliest_start() for a task that also needs `memory_gb` of the pool throughout [t, t + duration)
    /// (Machovec Ch.2 Algorithm 1 line 3: "the earliest time the cores and memory are available"). Without a
    /// memory pool, or with memory_gb == 0, exactly earliest_start(). Alternates the two resources: the
    /// earliest start of the nodes from t; if the memory does not fit there, no start before the pool's next
    /// release can fit either (memory only falls at releases), so search again from it.
    std::optional<SimTime> earliest_start_with_memory(std::uint32_t k, SimTime duration, double memory_gb,
                                                      SimTime not_before, SimTime deadline = kNoDeadline) const;
    /// The k nodes for a task over [start, start + duration) by the §3.3.7 criteria (see the top of
    /// this file), ascending indices; empty if fewer than k nodes are idle over that window. O(N).
    std::vector<LocalNodeIndex> choose_nodes(std::uint32_t k, SimTime start, SimTime duration) const;
    /// choose_nodes() then add(); returns the nodes booked, empty (and nothing booked) if infeasible.
    std::vector<LocalNodeIndex> reserve(std::uint32_t k, SimTime start, SimTime duration, TaskId owner,
                                        BookingKind kind);
    /// The node's §3.3.7 cost for a task over [start, start + duration); nullopt if it is busy then.
    std::optional<PlacementCost> placement_cost(LocalNodeIndex node, SimTime start, SimTime duration) const;

    // ---- inspection ----------------------------------------------------------------------------------
    bool is_idle(LocalNodeIndex node, SimTime start, SimTime end) const;
    /// Nodes idle throughout [start, end), ascending. EASY backfilling asks this for [now, now + d).
    std::vector<LocalNodeIndex> idle_nodes(SimTime start, SimTime end) const;
    /// The k lowest-index nodes idle throughout [start, end), ascending: the first k of
    /// idle_nodes(start, end), identical in every case; empty if fewer than k are idle (or k == 0).
    /// O(k + N/64 + (B_out + 1) log B) with B_out the bookings with end <= start or start >= end (see
    /// the top of this file), else a scan that stops at the k-th idle node.
    std::vector<LocalNodeIndex> lowest_idle_nodes(std::uint32_t k, SimTime start, SimTime end) const;
    /// k nodes idle throughout [start, end) in as few groups as possible (packing, as a batch scheduler places
    /// a job on as few hardware nodes as it can): while more are needed, the group with the fewest idle
    /// nodes that still holds all that are needed (best fit, its lowest-index idle nodes), else the group
    /// with the most idle nodes, all of them; ties to the lower group. Ascending; empty if fewer than k are
    /// idle. With groups of one node, exactly lowest_idle_nodes(). Cost: O(groups / 64) per group taken, plus
    /// what lowest_idle_nodes() pays to find the idle nodes that are not empty.
    std::vector<LocalNodeIndex> packed_idle_nodes(std::uint32_t k, SimTime start, SimTime end) const;
    std::uint32_t group_size() const { return groups_ ? groups_->size() : 1; }
    /// Nodes with nothing booked at all (after set_now(), nothing booked from now on).
    std::uint32_t empty_node_count() const { return empty_count_; }
    /// The lowest empty node with index >= from; node_count() if there is none. O(N/64) at worst.
    LocalNodeIndex next_empty_node(LocalNodeIndex from) const;
    /// Appends the `count` lowest empty nodes with index >= from to `out` (fewer if there are not that many):
    /// what `count` calls of next_empty_node() find, a word of the bitmap at a time.
    void append_empty_nodes(LocalNodeIndex from, std::uint32_t count, std::vector<LocalNodeIndex>& out) const;
    /// Nodes with no busy interval containing t (start <= t < end), ascending.
    std::vector<LocalNodeIndex> idle_nodes_at(SimTime t) const;
    /// The node's busy intervals, sorted by start.
    const Timeline& timeline(LocalNodeIndex node) const;
    /// The number of distinct timelines among the nodes (nodes with equal timelines share one: see NodeClass
    /// below). O(distinct timelines made so far).
    std::uint32_t distinct_timelines() const;
    /// The owner's booking, nullptr if none. Valid until the next change.
    const Booking* booking(TaskId owner) const;
    std::size_t booking_count() const { return bookings_.size(); }
    /// No booking added with a start after the then-current time (reservation, place-holder) is still booked,
    /// and the clock is at `now`: then no node has more than one booking ending after now (two that started
    /// by their add would overlap at now), so a node idle now stays idle and a busy node is free at the end
    /// of its one booking (what FCFS and Lifka's EASY plan against, in O(1) or O(bookings)).
    bool nothing_booked_ahead(SimTime now) const { return future_by_start_.empty() && now_ == now; }
    /// (end, owner) of every booking, ascending.
    const SortedBlocks<std::pair<SimTime, TaskId>>& bookings_by_end() const { return by_end_; }
    /// Idle node-seconds in [from, to), summed over all nodes: Machovec Ch.3 Eq. 6 "unallocated time
    /// remaining" (multiply by cores per node for resources). O(bookings).
    double idle_node_seconds(SimTime from, SimTime to) const;

private:
    struct NodeClass;
    struct HeapEntry {
        SimTime b;
        std::uint32_t count;
    };

    void check_node(LocalNodeIndex node) const;
    /// Idle over [start, end), from the bounds of the node's class when they decide, else its timeline.
    bool idle_fast(LocalNodeIndex node, SimTime start, SimTime end) const;
    static constexpr std::uint32_t kBusy = std::numeric_limits<std::uint32_t>::max();
    /// The idle nodes over [start, end) that are not empty, into outside_ (ascending): from the bookings
    /// that end by the start or begin at or after the end (see the top of this file). False, with outside_
    /// unspecified, when the window ends by now or is empty, or those bookings cover more than N/4 nodes:
    /// then a scan is cheaper (and the definition applies).
    bool idle_booked_nodes(SimTime start, SimTime end) const;
    /// The exact scan behind lowest_idle_nodes(): nodes in index order, stopping at the k-th idle one.
    std::vector<LocalNodeIndex> lowest_idle_scan(std::uint32_t k, SimTime start, SimTime end) const;
    /// Adds (count > 0) or removes (count < 0) |count| nodes' idle period [a, b) to/from the void indexes (a
    /// tail if b = +inf); nothing if the period is empty. Only while the indexes are tracked (callers skip the
    /// three calls of a node's change otherwise: FCFS and EASY never build them).
    void bump_void(SimTime a, SimTime b, int count) const;
    /// Adds all idle periods of class c's timeline, times its nodes, to the void indexes.
    void index_voids(const NodeClass& c) const;
    /// Builds the void indexes on the first earliest_start(); from then on every change of a timeline
    /// changes only the idle periods it touches (collected, applied at the next query: manager/void_index.h).
    void track_voids() const;
    /// After a change of the timelines of [first, last) (ascending): their empty bits, the empty count and the
    /// group buckets, changed once per group touched rather than once per node (a task's cores lie on a few
    /// hardware nodes).
    void index_empty(const LocalNodeIndex* first, const LocalNodeIndex* last);
    /// `nodes` if ascending, else a sorted copy of them (in a scratch buffer, valid until the next call).
    const std::vector<LocalNodeIndex>& ascending(const std::vector<LocalNodeIndex>& nodes);
    void erase_booking(TaskId owner);
    void erase_booking(std::unordered_map<TaskId, Booking>::iterator it);
    PlacementCost cost_in_period(SimTime prev_end, SimTime next_start, SimTime start, SimTime end) const;

    SimTime now_;
    // The bounds of a timeline's first busy interval and the end of its last (+inf / -inf when idle for good):
    // what choose_nodes() and the idle checks decide most nodes from without the timeline.
    struct NodeBounds {
        SimTime first_start;
        SimTime first_end;
        SimTime last_end;
    };
    static constexpr std::uint32_t kNoClass = std::numeric_limits<std::uint32_t>::max();
    // Node classes: nodes whose timelines are equal share one. A task books its nodes at one interval and
    // nodes booked together stay together, so a cluster of hundreds of nodes holding tens of place-holders
    // (Machovec Ch.3 §3.3.2) has tens of distinct timelines: a booking, a removal and a node choice cost each
    // class they touch once, and the nodes only a class index each. A change of some of a class's nodes
    // gives them a copy (copy on write); a changed timeline equal to another class's joins it (found by a
    // hash of the intervals), so classes merge again when what set them apart is removed. Class 0 is the
    // empty timeline, never changed in place.
    struct NodeClass {
        NodeBounds bounds{SimTime::infinity(), SimTime::infinity(), SimTime::negative_infinity()};
        std::uint32_t refs = 0;         ///< nodes in the class; 0: free (or class 0 without nodes)
        std::uint32_t next = kNoClass;  ///< next class with the same hash; of a free class, the next free one
        std::uint64_t hash = 0;         ///< sum of interval_hash() over the timeline
        Timeline timeline;
        // Scratch of one change, valid while stamp == stamp_.
        std::uint64_t stamp = 0;
        std::uint32_t hits = 0;    ///< nodes of the class that the change touches
        std::uint32_t target = 0;  ///< the class they belong to after it
    };
    /// One interval's part of a class's hash (a sum, so that adding or removing an interval updates it).
    static std::uint64_t interval_hash(const BusyInterval& iv) {
        auto mix = [](std::uint64_t z) {  // splitmix64's finaliser
            z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
            z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
            return z ^ (z >> 31);
        };
        return mix(static_cast<std::uint64_t>(iv.start.ns()) ^
                   mix(static_cast<std::uint64_t>(iv.end.ns()) ^ mix(iv.owner + 0x9e3779b97f4a7c15ULL)));
    }
    struct Touched {
        std::uint32_t cls;       ///< a class touched by the change
        LocalNodeIndex first;    ///< its first node touched (for messages)
        std::uint32_t position;  ///< add(): where the interval goes in its timeline
    };
    std::vector<std::uint32_t> class_of_;  ///< per node
    std::vector<NodeClass> classes_;
    std::uint32_t free_classes_ = kNoClass;
    HashHeads class_by_hash_;  ///< hash -> first class with it (not class 0)
    std::uint64_t stamp_ = 0;
    std::vector<Touched> touched_classes_;      ///< scratch of a change
    std::vector<std::uint32_t> freed_classes_;  ///< scratch of a change: classes merged away, freed at its end
    const NodeClass& class_of_node(LocalNodeIndex n) const { return classes_[class_of_[n]]; }
    /// A change of the timelines of [first, last) (ascending, distinct): stamps the classes they fall into and
    /// lists them in touched_classes_ with their hits.
    void collect_classes(const LocalNodeIndex* first, const LocalNodeIndex* last);
    /// The class whose timeline the change of class c's touched nodes is written to: c itself when all of its
    /// nodes are touched (out of the hash index until settle_class()), else a new copy holding them.
    std::uint32_t open_class(std::uint32_t c);
    /// After the change of class d's timeline (opened for touched class c): its bounds and hash index, or d
    /// merged into the class with the equal timeline (class 0 if empty); c's target is where its nodes go.
    /// `may_merge` false: the change cannot have made the timeline equal to another (it adds an interval of an
    /// owner no other class holds, or moves the end of one that every class holding it holds alike).
    void settle_class(std::uint32_t c, std::uint32_t d, bool may_merge = true);
    /// Moves the nodes of [first, last) to their classes' targets and frees the classes merged away.
    void retarget(const LocalNodeIndex* first, const LocalNodeIndex* last);
    /// Whether the change just made moved nodes out of class 0 or into it (only then do the empty bits change).
    bool empties_change() const;
    std::uint32_t new_class();
    void index_class(std::uint32_t c);
    void unindex_class(std::uint32_t c);
    /// Removes the intervals of the owners marked in `owned` (by task id) from class d's timeline in one pass,
    /// with the idle periods this changes (times `count` nodes).
    void remove_owned(std::uint32_t d, std::uint32_t count, const std::vector<char>& owned);
    /// Where an interval [start, end) goes in class k's timeline (the index of the first interval ending after
    /// start), kBusy if its nodes are busy then; for finite start < end, idle exactly when idle_fast().
    static std::uint32_t class_free_position(const NodeClass& k, SimTime start, SimTime end);
    std::unordered_map<TaskId, Booking> bookings_;
    // Indexes of bookings_ so that set_now(), clear_placeholders() and lowest_idle_nodes() touch only the
    // bookings concerned (tens of thousands run at once on a cluster of 32,768 cores).
    SortedBlocks<std::pair<SimTime, TaskId>> future_by_start_;  ///< (start, owner), bookings added with start > now
    SortedBlocks<std::pair<SimTime, TaskId>> by_end_;           ///< (end, owner) of every booking
    std::set<TaskId> placeholders_;                             ///< owners of the PlaceHolder bookings
    std::vector<std::uint64_t> empty_bits_;                     ///< bit n: node n is in class 0
    std::uint32_t empty_count_ = 0;
    // Idle periods of all nodes keyed by their bounds, with multiplicities (manager/void_index.h). Only
    // earliest_start() reads them: they are built on its first call (policies that never plan ahead, e.g.
    // FCFS with tens of thousands of running single-core tasks, do not pay for them).
    mutable bool voids_tracked_ = false;
    mutable VoidIndex voids_;
    mutable std::vector<HeapEntry> heap_;  ///< scratch of earliest_start(), kept to avoid reallocation
    /// A node class idle over choose_nodes()' window, its PlacementCost and its nodes, laid out without padding.
    struct Candidate {
        SimTime period_length;
        SimTime gap_before;
        std::int32_t void_delta;
        std::uint32_t cls;
        std::uint32_t nodes;
    };
    mutable std::vector<Candidate> candidates_;    ///< scratch of choose_nodes()
    mutable std::vector<char> pick_;               ///< scratch of choose_nodes(), per class: taken how
    mutable std::vector<LocalNodeIndex> outside_;  ///< scratch of lowest_idle_nodes()
    std::vector<LocalNodeIndex> sorted_;           ///< scratch of ascending()
    std::vector<LocalNodeIndex> touched_;          ///< scratch of clear_placeholders()
    std::vector<char> touched_mark_;               ///< scratch of clear_placeholders(), per node
    std::vector<char> owner_mark_;                 ///< scratch of clear_placeholders(), per task id
    std::optional<GroupBuckets> groups_;           ///< empty nodes per group (group_size > 1)
    std::optional<MemoryPool> memory_;             ///< set_memory_capacity(): memory planned beside nodes
    /// Scratch of packed_idle_nodes(): the groups with idle nodes that are not empty, their idle nodes, and
    /// the groups excluded from the bucket search (those, and the groups taken).
    struct PackGroup {
        std::uint32_t group;
        std::uint32_t offset;  ///< into pack_nodes_
        std::uint32_t count;
        bool taken;
    };
    mutable std::vector<PackGroup> pack_groups_;
    mutable std::vector<LocalNodeIndex> pack_nodes_;
    mutable std::vector<std::uint64_t> pack_excluded_;
    mutable std::vector<std::uint32_t> pack_taken_;  ///< the groups taken from the buckets
};

}  // namespace rmsim
