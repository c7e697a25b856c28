#include "manager/policies/baseline/backfill_index.h"

#include <algorithm>

#include "manager/policies/baseline/backfill_common.h"
#include "manager/policy_view.h"

namespace rmsim {

void BackfillIndex::Bucket::rebuild() {
    // Drop what is gone (before `first`, found dead), then size the tree for half as many again.
    std::vector<Entry> kept;
    kept.reserve(capacity_for(entries.size() - first - dead));
    for (std::size_t i = first; i < entries.size(); ++i)
        if (!is_dead(i)) kept.push_back(entries[i]);
    entries.swap(kept);
    build_tree();
}

// Room for at least half as many pushes again before the next rebuild (so each rebuild is paid by the pushes
// since the last one), the tree's leaves a power of two.
std::size_t BackfillIndex::Bucket::capacity_for(std::size_t live) {
    std::size_t cap = 16;
    while (cap < live + live / 2) cap *= 2;
    return cap;
}

void BackfillIndex::Bucket::build_tree() {
    first = 0;
    dead = 0;
    cap = capacity_for(entries.size());
    entries.reserve(cap);  // pushes fill it without reallocating (no vector growth beyond the tree)
    tree.assign(2 * cap, kDead);
    for (std::size_t i = 0; i < entries.size(); ++i) tree[cap + i] = entries[i].time.ns();
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
    if (entries.size() >= cap) rebuild();  // leaves room: cap >= 1.5 x the live entries, and >= 16
    entries.push_back(e);
    std::size_t n = cap + entries.size() - 1;
    tree[n] = e.time.ns();
    for (n /= 2; n >= 1; n /= 2) tree[n] = std::min(tree[2 * n], tree[2 * n + 1]);
}

void BackfillIndex::Bucket::kill(std::size_t pos) {
    std::size_t n = cap + pos;
    tree[n] = kDead;
    for (n /= 2; n >= 1; n /= 2) tree[n] = std::min(tree[2 * n], tree[2 * n + 1]);
    ++dead;
}

std::size_t BackfillIndex::Bucket::descend(std::size_t node, std::size_t lo, std::size_t hi, std::size_t from,
                                           std::int64_t limit) const {
    if (hi <= from || tree[node] > limit) return entries.size();
    if (hi - lo == 1) return lo < entries.size() ? lo : entries.size();
    const std::size_t mid = (lo + hi) / 2;
    const std::size_t l = descend(2 * node, lo, mid, from, limit);
    if (l != entries.size()) return l;
    return descend(2 * node + 1, mid, hi, from, limit);
}

std::size_t BackfillIndex::Bucket::leftmost(std::size_t from, std::int64_t limit) const {
    if (from >= entries.size()) return entries.size();
    return descend(1, 0, cap, from, limit);
}

void BackfillIndex::kill(Bucket& b, std::size_t pos) {
    b.kill(pos);
    --filed_[b.entries[pos].key.second];
}

void BackfillIndex::file(const PolicyView& view, TaskId t, std::vector<TaskId>& unrunnable) {
    const Key key{view.task(t).arrival(), t};
    for (ClusterId c = 0; c < view.cluster_count(); ++c) {
        const std::uint32_t k = view.units_needed(t, c);
        const std::uint32_t p = clamp_pstate(view, c, pstate_);
        if (k == 0 || view.exec_time(t, c, p).is_negative()) continue;
        buckets_[c][k].push(Entry{key, view.booked_time(t, c, p)});
        ++filed_[t];
    }
    if (filed_[t] == 0) unrunnable.push_back(t);
}

void BackfillIndex::rebuild_from_queue(const PolicyView& view, std::vector<TaskId>& unrunnable) {
    for (auto& per_cluster : buckets_) per_cluster.clear();
    std::fill(filed_.begin(), filed_.end(), 0);
    for (TaskId t : view.waiting()) file(view, t, unrunnable);
}

std::vector<TaskId> BackfillIndex::sync(const PolicyView& view) {
    const WaitingQueue& q = view.waiting();
    buckets_.resize(view.cluster_count());
    filed_.resize(view.task_count(), 0);
    std::vector<TaskId> unrunnable;
    for (; log_seen_ < q.additions(); ++log_seen_) {
        const TaskId t = q.addition(log_seen_);
        if (!q.contains(t)) continue;  // gone again
        if (filed_[t] > 0) {
            // Back in the queue while still filed (its entries not yet found dead): start again from the queue.
            unrunnable.clear();
            rebuild_from_queue(view, unrunnable);
            log_seen_ = q.additions();
            break;
        }
        file(view, t, unrunnable);
    }
    // The fronts: tasks started from the head of the queue are at the front of their buckets.
    for (auto& per_cluster : buckets_) {
        for (auto it = per_cluster.begin(); it != per_cluster.end();) {
            Bucket& b = it->second;
            for (; b.first < b.entries.size(); ++b.first) {
                if (b.is_dead(b.first)) {
                    --b.dead;
                } else if (!view.is_waiting(b.entries[b.first].key.second)) {
                    --filed_[b.entries[b.first].key.second];
                } else {
                    break;
                }
            }
            if (b.first == b.entries.size()) {
                it = per_cluster.erase(it);
                continue;
            }
            // Compacted when the gone entries outnumber the live ones: each removal paid once.
            if (b.first + b.dead > b.entries.size() - b.first - b.dead + 16) b.rebuild();
            ++it;
        }
    }
    return unrunnable;
}

std::optional<TaskId> BackfillIndex::first_after(const PolicyView& view, ClusterId c, const Key& after,
                                                 const Limits& limits) {
    if (c >= buckets_.size()) return std::nullopt;
    std::optional<Key> best;
    for (auto& [k, b] : buckets_[c]) {
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
        for (const auto& [k, b] : per_cluster) n += b.entries.size() - b.first - b.dead;
    return n;
}

}  // namespace rmsim
