#include "manager/policies/baseline/backfill_index.h"

#include <algorithm>

#include "manager/policies/baseline/backfill_common.h"
#include "manager/policy_view.h"

namespace rmsim {

void BackfillIndex::Bucket::rebuild() {
    // Drop what is gone (before `first`, found dead), in place, then size the tree for half as many again.
    std::size_t kept = 0;
    for (std::size_t i = first; i < entries.size(); ++i)
        if (!is_dead(i)) entries[kept++] = entries[i];
    entries.resize(kept);
    build_tree();
}

void BackfillIndex::Bucket::reset() {
    entries.clear();
    build_tree();
}

// Room for at least half as many pushes again before the next rebuild (so each rebuild is paid by the pushes
// since the last one), the tree's leaves a power of two.
std::size_t BackfillIndex::Bucket::leaves_for(std::size_t live) {
    std::size_t leaves = 2;
    while (leaves * kLeaf < live + live / 2) leaves *= 2;
    return leaves;
}

void BackfillIndex::Bucket::build_tree() {
    first = 0;
    dead = 0;
    cap = leaves_for(entries.size());
    tree.assign(2 * cap, kDead);
    for (std::size_t i = 0; i < entries.size(); ++i)
        tree[cap + i / kLeaf] = std::min(tree[cap + i / kLeaf], entries[i].time_ns);
    for (std::size_t n = cap - 1; n >= 1; --n) tree[n] = std::min(tree[2 * n], tree[2 * n + 1]);
}

void BackfillIndex::Bucket::push(const Entry& e) {
    const auto by_key = [](const Entry& a, const Entry& b) { return a.key < b.key; };
    if (first < entries.size() && e.key < entries.back().key) {
        // Out of arrival order (only a task back in the queue does this): compacted, placed in order.
        rebuild();
        entries.insert(std::upper_bound(entries.begin(), entries.end(), e, by_key), e);
        build_tree();
        return;
    }
    if (entries.size() >= cap * kLeaf) rebuild();  // leaves room: >= 1.5 x the live entries
    entries.push_back(e);
    for (std::size_t n = cap + (entries.size() - 1) / kLeaf; n >= 1 && e.time_ns < tree[n]; n /= 2) tree[n] = e.time_ns;
}

void BackfillIndex::Bucket::update_leaf(std::size_t pos) {
    const std::size_t leaf = pos / kLeaf;
    std::int64_t m = kDead;
    for (std::size_t i = leaf * kLeaf; i < std::min(entries.size(), (leaf + 1) * kLeaf); ++i)
        m = std::min(m, entries[i].time_ns);
    std::size_t n = cap + leaf;
    tree[n] = m;
    for (n /= 2; n >= 1; n /= 2) tree[n] = std::min(tree[2 * n], tree[2 * n + 1]);
}

void BackfillIndex::Bucket::kill(std::size_t pos) {
    entries[pos].time_ns = kDead;
    update_leaf(pos);
    ++dead;
}

std::size_t BackfillIndex::Bucket::descend(std::size_t node, std::size_t lo, std::size_t hi, std::size_t from_leaf,
                                           std::int64_t limit) const {
    if (hi <= from_leaf || tree[node] > limit) return cap;
    if (hi - lo == 1) return lo;
    const std::size_t mid = (lo + hi) / 2;
    const std::size_t l = descend(2 * node, lo, mid, from_leaf, limit);
    if (l != cap) return l;
    return descend(2 * node + 1, mid, hi, from_leaf, limit);
}

std::size_t BackfillIndex::Bucket::leftmost(std::size_t from, std::int64_t limit) const {
    const std::size_t n = entries.size();
    if (from >= n) return n;
    // The rest of from's leaf, entry by entry; then the first later leaf whose minimum qualifies.
    const std::size_t leaf_end = std::min(n, (from / kLeaf + 1) * kLeaf);
    for (std::size_t i = from; i < leaf_end; ++i)
        if (entries[i].time_ns <= limit) return i;
    const std::size_t leaf = descend(1, 0, cap, from / kLeaf + 1, limit);
    if (leaf == cap) return n;
    for (std::size_t i = leaf * kLeaf; i < std::min(n, (leaf + 1) * kLeaf); ++i)
        if (entries[i].time_ns <= limit) return i;
    return n;  // not reached: the leaf's minimum is one of its entries
}

void BackfillIndex::kill(Bucket& b, std::size_t pos) {
    b.kill(pos);
    unfile(b.entries[pos].key.second);
}

void BackfillIndex::file(const PolicyView& view, TaskId t, std::vector<TaskId>& unrunnable) {
    const Key key{view.task(t).arrival(), t};
    for (ClusterId c = 0; c < view.cluster_count(); ++c) {
        const std::uint32_t k = view.units_needed(t, c);
        const std::uint32_t p = clamp_pstate(view, c, pstate_);
        const SimTime d = view.booked_time(t, c, p);  // negative iff exec_time() is: it cannot run there
        if (k == 0 || d.is_negative()) continue;
        bucket(c, k).push(Entry{key, d.ns()});
        filed_.set(t, static_cast<std::uint16_t>(filed_.get(t) + 1));
    }
    if (filed_.get(t) == 0) unrunnable.push_back(t);
}

BackfillIndex::Bucket& BackfillIndex::bucket(ClusterId c, std::uint32_t units) {
    std::vector<Bucket>& per_cluster = buckets_[c];
    const auto it = std::lower_bound(per_cluster.begin(), per_cluster.end(), units,
                                     [](const Bucket& b, std::uint32_t k) { return b.units < k; });
    if (it != per_cluster.end() && it->units == units) return *it;
    Bucket b;
    b.units = units;
    return *per_cluster.insert(it, std::move(b));
}

void BackfillIndex::rebuild_from_queue(const PolicyView& view, std::vector<TaskId>& unrunnable) {
    for (auto& per_cluster : buckets_) per_cluster.clear();
    filed_.clear();
    for (TaskId t : view.waiting()) file(view, t, unrunnable);
}

std::vector<TaskId> BackfillIndex::sync(const PolicyView& view) {
    const WaitingQueue& q = view.waiting();
    buckets_.resize(view.cluster_count());
    filed_.settle(view.task_count());
    std::vector<TaskId> unrunnable;
    for (; log_seen_ < q.additions(); ++log_seen_) {
        const TaskId t = q.addition(log_seen_);
        if (!q.contains(t)) continue;  // gone again
        if (filed_.get(t) > 0) {
            // Back in the queue while still filed (its entries not yet found dead): start again from the queue.
            unrunnable.clear();
            rebuild_from_queue(view, unrunnable);
            log_seen_ = q.additions();
            break;
        }
        file(view, t, unrunnable);
    }
    q.consumed(log_seen_);
    // The fronts: tasks started from the head of the queue are at the front of their buckets.
    for (auto& per_cluster : buckets_) {
        for (Bucket& b : per_cluster) {
            for (; b.first < b.entries.size(); ++b.first) {
                if (b.is_dead(b.first)) {
                    --b.dead;
                } else if (!view.is_waiting(b.entries[b.first].key.second)) {
                    unfile(b.entries[b.first].key.second);
                } else {
                    break;
                }
            }
            if (b.first == b.entries.size()) {
                // Kept, empty, for the next task of this unit count (first_after() finds nothing in it).
                if (!b.entries.empty()) b.reset();
                continue;
            }
            // Compacted when the gone entries pass half the live ones (a deep queue's bucket holds 1.5 x its
            // live entries, not twice): each removal pays for at most two moves.
            if (2 * (b.first + b.dead) > b.entries.size() - b.first - b.dead + 32) b.rebuild();
        }
    }
    return unrunnable;
}

std::optional<TaskId> BackfillIndex::first_after(const PolicyView& view, ClusterId c, const Key& after,
                                                 const Limits& limits) {
    if (c >= buckets_.size()) return std::nullopt;
    std::optional<Key> best;
    for (Bucket& b : buckets_[c]) {
        const std::uint32_t k = b.units;
        if (k > limits.free) break;  // buckets by ascending unit count
        const std::int64_t limit = k <= limits.any_time_units || limits.max_time.is_infinite()
                                       ? kAnyTime
                                       : std::min(limits.max_time.ns(), kAnyTime);
        auto from = std::upper_bound(b.entries.begin() + static_cast<std::ptrdiff_t>(b.first), b.entries.end(), after,
                                     [](const Key& a, const Entry& e) { return a < e.key; });
        std::size_t pos = static_cast<std::size_t>(from - b.entries.begin());
        while (true) {
            pos = b.leftmost(pos, limit);
            if (pos == b.entries.size() || (best && !(b.entries[pos].key < *best))) break;
            if (!view.is_waiting(b.entries[pos].key.second)) {
                kill(b, pos);  // left the queue: found dead now, removed at a later rebuild
                continue;
            }
            best = b.entries[pos].key;
            break;
        }
    }
    if (!best) return std::nullopt;
    return best->second;
}

std::size_t BackfillIndex::size() const {
    std::size_t n = 0;
    for (const auto& per_cluster : buckets_)
        for (const Bucket& b : per_cluster) n += b.entries.size() - b.first - b.dead;
    return n;
}

}  // namespace rmsim
