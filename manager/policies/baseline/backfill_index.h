#pragma once
// The backfill candidates of Lifka's EASY without a walk of the waiting queue. EASY backfills, in arrival
// order, every task after the head that fits now and either ends by the shadow time or needs no more than
// the extra units (Mu'alem & Feitelson 2001, §2). Scanning the queue for them costs O(queue) per mapping
// event, and most of those scans find nothing when the queue is deep (tens of thousands of tasks, a few
// idle units). This index answers "the first task in arrival order after key K that needs at most F units
// of cluster c, and whose booked time there is at most D unless it needs at most X units" in
// O(B log n): B the number of distinct unit counts up to F, n the tasks in one such bucket.
//
// Per cluster, the waiting tasks are filed in buckets by the units they need there (a short array ordered by
// the unit count; a bucket that empties is kept, with its memory, for the next task of that count), each
// bucket in arrival order with a segment tree of the minimum booked time over its positions, a leaf per 8 positions (2 bytes of
// tree per entry: a bucket of 10^5 waiting tasks costs its entries and little more). The index follows the waiting
// queue through its additions log (WaitingQueue::additions()); a task that leaves the queue is found dead
// (not waiting) when a query reaches it and is removed then, so every change is paid once. A task that
// comes back to the queue (a preempted task) rebuilds the index from the queue, O(queue): EASY itself never
// preempts.
//
// The booked time and the units needed of a waiting task do not change while it waits (they depend on its
// remaining work, which only a preemption changes).
#include <cstdint>
#include <deque>
#include <limits>
#include <optional>
#include <utility>
#include <vector>

#include "manager/id_pages.h"
#include "platform/platform_spec.h"
#include "platform/time.h"

namespace rmsim {

class PolicyView;

class BackfillIndex {
public:
    /// `pstate`: the P-state the policy runs tasks at (clamped per cluster).
    explicit BackfillIndex(std::uint32_t pstate) : pstate_(pstate) {}

    /// Files the tasks added to the waiting queue since the last call. Returns those no cluster can run
    /// (they are not filed; the policy rejects them).
    std::vector<TaskId> sync(const PolicyView& view);

    /// Arrival-order key of a task: (arrival, id).
    using Key = std::pair<SimTime, TaskId>;
    /// One cluster's limits for a candidate: at most `free` units; and a booked time at most `max_time` unless
    /// it needs at most `any_time_units` units.
    struct Limits {
        std::uint32_t free = 0;
        SimTime max_time = SimTime::infinity();
        std::uint32_t any_time_units = 0;
    };
    /// The first waiting task after `after` (in arrival order) within `limits` on cluster c; nullopt if none.
    std::optional<TaskId> first_after(const PolicyView& view, ClusterId c, const Key& after, const Limits& limits);

    /// Filed entries (live or not yet found dead), for tests and reports.
    std::size_t size() const;

private:
    static constexpr std::int64_t kDead = std::numeric_limits<std::int64_t>::max();
    static constexpr std::int64_t kAnyTime = kDead - 1;  ///< a limit every live entry meets
    struct Entry {
        Key key;
        std::int64_t time_ns;  ///< booked time on the bucket's cluster; kDead once found dead
    };
    static constexpr std::size_t kLeaf = 8;  ///< entries per leaf of a bucket's tree
    /// The tasks needing one unit count on one cluster, in arrival order.
    struct Bucket {
        std::uint32_t units = 0;  ///< the unit count
        /// A deque: growing it moves nothing and compacting it reuses its blocks, so a mapping event never copies
        /// a deep bucket into fresh memory (page faults of a few MB, ~10 ms here, in a single event).
        std::deque<Entry> entries;
        std::size_t first = 0;           ///< entries before it are gone
        std::size_t dead = 0;            ///< entries found dead from `first` on
        std::vector<std::int64_t> tree;  ///< min of time_ns over kLeaf positions per leaf, leaves at [cap, 2 cap)
        std::size_t cap = 0;             ///< leaves: room for cap x kLeaf entries before the next rebuild
        void push(const Entry& e);
        /// Drops the gone entries and rebuilds the tree.
        void rebuild();
        /// Every entry gone: empty, as a new bucket is after its first rebuild, its vectors' memory kept (a
        /// bucket of a shallow queue empties and fills again at most mapping events).
        void reset();
        /// The tree from `entries`, all live.
        void build_tree();
        /// Leaves for `live` entries and half as many pushes again, a power of two.
        static std::size_t leaves_for(std::size_t live);
        void kill(std::size_t pos);
        bool is_dead(std::size_t pos) const { return entries[pos].time_ns == kDead; }
        /// Recomputes the leaf of position pos and the path above it.
        void update_leaf(std::size_t pos);
        /// Leftmost position >= from with time <= limit (ns); entries.size() if none.
        std::size_t leftmost(std::size_t from, std::int64_t limit) const;
        /// Leftmost leaf >= from_leaf under `node` (covering leaves [lo, hi)) with min <= limit; cap if none.
        std::size_t descend(std::size_t node, std::size_t lo, std::size_t hi, std::size_t from_leaf,
                            std::int64_t limit) const;
    };
    void file(const PolicyView& view, TaskId t, std::vector<TaskId>& unrunnable);
    /// Cluster c's bucket of tasks needing `units`, added in order if there is none yet.
    Bucket& bucket(ClusterId c, std::uint32_t units);
    /// Marks the entry dead (its task left the queue).
    void kill(Bucket& b, std::size_t pos);
    /// One entry of task t is gone.
    void unfile(TaskId t) { filed_.set(t, static_cast<std::uint16_t>(filed_.get(t) - 1)); }
    void rebuild_from_queue(const PolicyView& view, std::vector<TaskId>& unrunnable);

    std::uint32_t pstate_;
    std::vector<std::vector<Bucket>> buckets_;  ///< per cluster, by units needed ascending
    IdPages<std::uint16_t> filed_;              ///< per task id: entries filed (pages: the ids present)
    std::size_t log_seen_ = 0;
};

}  // namespace rmsim
