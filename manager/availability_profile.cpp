#include "manager/availability_profile.h"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <sstream>
#include <stdexcept>
#include <string>

namespace rmsim {

namespace {

constexpr SimTime kInf = SimTime::infinity();
constexpr SimTime kNegInf = SimTime::negative_infinity();

std::string text(SimTime t) {
    std::ostringstream o;
    o << t;
    return o.str();
}

std::string owner_text(TaskId owner) { return "task " + std::to_string(owner); }

/// First interval of a sorted, non-overlapping timeline that ends after t.
Timeline::const_iterator first_ending_after(const Timeline& tl, SimTime t) {
    return partition_point_branchless(tl.begin(), tl.size(), [t](const BusyInterval& iv) { return iv.end <= t; });
}

/// The owner's interval on a node: the one starting at the booking's start. Mostly the first (a running task,
/// with the place-holders after it) or the last: those are looked at before the search.
Timeline::iterator find_owned(Timeline& tl, SimTime start, TaskId owner, LocalNodeIndex node) {
    auto first_at = [start](const BusyInterval& iv) { return iv.start < start; };
    const auto pos = tl.empty() || !first_at(tl.front()) ? tl.begin()
                     : first_at(tl.back())               ? tl.end()
                     : tl.back().start == start          ? tl.end() - 1
                                                         : partition_point_branchless(tl.begin(), tl.size(), first_at);
    if (pos == tl.end() || pos->owner != owner)
        throw std::logic_error("AvailabilityProfile: booking of " + owner_text(owner) + " missing from node " +
                               std::to_string(node));
    return pos;
}

/// The §3.3.7 cost of a task over [start, end) in the idle period between prev_end and next_start (see
/// availability_profile.h), written into c (a PlacementCost or a choose_nodes() candidate).
template <typename Cost>
[[gnu::always_inline]] inline void fill_cost(Cost& c, SimTime now, SimTime prev_end, SimTime next_start, SimTime start,
                                             SimTime end) {
    // Idle time before now (or before a start in the past) is history, not a void.
    const SimTime a = std::max(prev_end, std::min(now, start));
    c.void_delta = (start > a ? 1 : 0) - (next_start < kInf && end == next_start ? 1 : 0);
    c.period_length = next_start - a;
    c.gap_before = start - a;
}

/// The §3.3.7 order of choose_nodes()' candidates, criterion 1 then criterion 2 (the lower node index decides
/// between equal costs).
template <typename Candidate>
bool cost_less(const Candidate& x, const Candidate& y) {
    if (x.void_delta != y.void_delta) return x.void_delta < y.void_delta;
    if (x.period_length != y.period_length) return x.period_length < y.period_length;
    return x.gap_before < y.gap_before;
}

}  // namespace

AvailabilityProfile::AvailabilityProfile(std::uint32_t node_count, SimTime now, std::uint32_t group_size)
    : now_(now), class_of_(node_count, 0), classes_(1),
      empty_bits_((static_cast<std::size_t>(node_count) + 63) / 64, ~std::uint64_t{0}), empty_count_(node_count) {
    if (node_count == 0) throw std::invalid_argument("AvailabilityProfile: a cluster needs at least one node");
    classes_[0].refs = node_count;  // class 0: the empty timeline
    if (!now.is_finite()) throw std::invalid_argument("AvailabilityProfile: now must be finite");
    // Bits past the last node stay 0, so a word-level search never finds them.
    if (node_count % 64 != 0) empty_bits_.back() = (std::uint64_t{1} << (node_count % 64)) - 1;
    if (group_size == 0) throw std::invalid_argument("AvailabilityProfile: groups need at least one node");
    if (group_size > 1) {
        groups_.emplace(node_count, group_size);
        pack_excluded_.assign((static_cast<std::size_t>(groups_->group_count()) + 63) / 64, 0);
    }
}

LocalNodeIndex AvailabilityProfile::next_empty_node(LocalNodeIndex from) const {
    const LocalNodeIndex n_nodes = node_count();
    if (from >= n_nodes) return n_nodes;
    std::size_t w = from >> 6;
    std::uint64_t bits = empty_bits_[w] & (~std::uint64_t{0} << (from & 63));
    while (bits == 0) {
        if (++w == empty_bits_.size()) return n_nodes;
        bits = empty_bits_[w];
    }
    return static_cast<LocalNodeIndex>(w * 64 + static_cast<std::size_t>(__builtin_ctzll(bits)));
}

void AvailabilityProfile::append_empty_nodes(LocalNodeIndex from, std::uint32_t count,
                                             std::vector<LocalNodeIndex>& out) const {
    if (count == 0 || from >= node_count()) return;
    std::size_t w = from >> 6;
    std::uint64_t bits = empty_bits_[w] & (~std::uint64_t{0} << (from & 63));
    while (true) {
        for (; bits != 0; bits &= bits - 1) {  // bits past the last node are 0 (constructor)
            out.push_back(static_cast<LocalNodeIndex>(w * 64 + static_cast<std::size_t>(__builtin_ctzll(bits))));
            if (--count == 0) return;
        }
        if (++w == empty_bits_.size()) return;
        bits = empty_bits_[w];
    }
}

void AvailabilityProfile::check_node(LocalNodeIndex node) const {
    if (node >= node_count())
        throw std::invalid_argument("AvailabilityProfile: node " + std::to_string(node) + " out of range (" +
                                    std::to_string(node_count()) + " nodes)");
}

void AvailabilityProfile::bump_void(SimTime a, SimTime b, int count) const {
    // Touching intervals leave no idle period between them; every node keeps exactly one tail, at +inf
    // after an open-ended booking (the sweep counts tails per node).
    voids_.bump(a, b, count);
}

void AvailabilityProfile::index_voids(const NodeClass& c) const {
    const int count = static_cast<int>(c.refs);
    SimTime prev_end = kNegInf;
    for (const BusyInterval& iv : c.timeline) {
        bump_void(prev_end, iv.start, count);
        prev_end = iv.end;
    }
    bump_void(prev_end, kInf, count);
}

void AvailabilityProfile::track_voids() const {
    if (voids_tracked_) return;
    voids_tracked_ = true;
    for (const NodeClass& c : classes_)
        if (c.refs > 0) index_voids(c);
}

void AvailabilityProfile::index_empty(const LocalNodeIndex* first, const LocalNodeIndex* last) {
    const std::uint32_t g = group_size();
    std::uint32_t group = 0;                        // the group whose change is being summed, its nodes
    LocalNodeIndex group_begin = 0, group_end = 0;  // [group_begin, group_end) (none yet)
    int delta = 0;  // empty nodes gained (lost: negative) by `group` since its last add_empty()
    for (const LocalNodeIndex* it = first; it != last; ++it) {
        const LocalNodeIndex node = *it;
        const bool empty = class_of_[node] == 0;
        std::uint64_t& word = empty_bits_[node >> 6];
        const std::uint64_t bit = std::uint64_t{1} << (node & 63);
        if (((word & bit) != 0) == empty) continue;  // the empty bit stays
        word ^= bit;
        if (empty) {
            ++empty_count_;
        } else {
            --empty_count_;
        }
        if (!groups_) continue;
        if (node < group_begin || node >= group_end) {  // a node of another group: the sum so far is complete
            if (delta != 0) groups_->add_empty(group, delta);
            delta = 0;
            group = node / g;
            group_begin = group * g;
            group_end = group_begin + g;
        }
        delta += empty ? 1 : -1;
    }
    if (delta != 0) groups_->add_empty(group, delta);
}

const std::vector<LocalNodeIndex>& AvailabilityProfile::ascending(const std::vector<LocalNodeIndex>& nodes) {
    if (std::is_sorted(nodes.begin(), nodes.end())) return nodes;
    sorted_.assign(nodes.begin(), nodes.end());
    std::sort(sorted_.begin(), sorted_.end());
    return sorted_;
}

namespace {

/// The bounds of the idle periods around timeline position pos: the end of the interval before it (-inf if
/// none) and the start of the interval at or after it (+inf if none).
std::pair<SimTime, SimTime> neighbours(const Timeline& tl, Timeline::const_iterator before,
                                       Timeline::const_iterator after) {
    return {before == tl.begin() ? kNegInf : std::prev(before)->end, after == tl.end() ? kInf : after->start};
}

}  // namespace

void AvailabilityProfile::add(const std::vector<LocalNodeIndex>& given, SimTime start, SimTime end, TaskId owner,
                              BookingKind kind, double memory_gb) {
    if (given.empty()) throw std::invalid_argument("AvailabilityProfile::add: no nodes for " + owner_text(owner));
    if (!start.is_finite() || !(end > start))
        throw std::invalid_argument("AvailabilityProfile::add: need finite start < end for " + owner_text(owner));
    if (bookings_.count(owner))
        throw std::invalid_argument("AvailabilityProfile::add: " + owner_text(owner) + " is already booked");
    const std::vector<LocalNodeIndex>& nodes = ascending(given);
    const bool in_range = nodes.back() < node_count();  // ascending: the last is the largest
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        if (!in_range) check_node(nodes[i]);
        if (i > 0 && nodes[i] == nodes[i - 1])
            throw std::invalid_argument("AvailabilityProfile::add: node " + std::to_string(nodes[i]) +
                                        " given twice for " + owner_text(owner));
    }
    // Every class of the nodes is checked before anything changes; its insertion point is kept for below.
    collect_classes(nodes.data(), nodes.data() + nodes.size());
    for (Touched& t : touched_classes_) {
        t.position = class_free_position(classes_[t.cls], start, end);
        if (t.position == kBusy)
            throw std::logic_error("AvailabilityProfile::add: node " + std::to_string(t.first) + " is busy during [" +
                                   text(start) + ", " + text(end) + ") wanted by " + owner_text(owner));
    }
    if (memory_gb != 0) {
        if (!memory_ || !(memory_gb > 0))
            throw std::invalid_argument("AvailabilityProfile::add: memory for " + owner_text(owner) +
                                        (memory_ ? " must be positive" : " but the cluster plans no memory"));
        memory_->add(start, end, memory_gb);  // std::logic_error if it does not fit
    }
    const BusyInterval added{start, end, owner};
    for (const Touched& t : touched_classes_) {
        const std::uint32_t d = open_class(t.cls);
        NodeClass& k = classes_[d];
        Timeline& tl = k.timeline;
        const std::uint32_t at = t.position;
        if (voids_tracked_) {
            // The idle period [pe, ns) holding the new interval splits into [pe, start) and [end, ns) on each node.
            const SimTime pe = at == 0 ? kNegInf : tl[at - 1].end;
            const SimTime ns = at == tl.size() ? kInf : tl[at].start;
            const int count = static_cast<int>(k.refs);
            bump_void(pe, ns, -count);
            bump_void(pe, start, count);
            bump_void(end, ns, count);
        }
        tl.insert(tl.begin() + at, added);
        k.hash += interval_hash(added);
        settle_class(t.cls, d, false);  // no other class holds the owner's interval
    }
    retarget(nodes.data(), nodes.data() + nodes.size());
    if (empties_change()) index_empty(nodes.data(), nodes.data() + nodes.size());
    const bool ahead = start > now_;
    bookings_.emplace(owner, Booking{owner, kind, start, end, ahead, UnitList(nodes), memory_gb});
    if (ahead) future_by_start_.insert({start, owner});
    by_end_.insert({end, owner});
    if (kind == BookingKind::PlaceHolder) placeholders_.insert(owner);
}

void AvailabilityProfile::erase_booking(TaskId owner) { erase_booking(bookings_.find(owner)); }

void AvailabilityProfile::erase_booking(std::unordered_map<TaskId, Booking>::iterator it) {
    const TaskId owner = it->first;
    const Booking& b = it->second;
    collect_classes(b.nodes.begin(), b.nodes.end());
    for (const Touched& t : touched_classes_) {
        const std::uint32_t d = open_class(t.cls);
        NodeClass& k = classes_[d];
        Timeline& tl = k.timeline;
        const auto pos = find_owned(tl, b.start, owner, t.first);
        if (voids_tracked_) {
            // The idle periods [pe, start) and [end, ns) around the interval merge into [pe, ns).
            const auto [pe, ns] = neighbours(tl, pos, pos + 1);
            const int count = static_cast<int>(k.refs);
            bump_void(pe, pos->start, -count);
            bump_void(pos->end, ns, -count);
            bump_void(pe, ns, count);
        }
        k.hash -= interval_hash(*pos);
        tl.erase(pos);
        settle_class(t.cls, d);
    }
    retarget(b.nodes.begin(), b.nodes.end());
    if (empties_change()) index_empty(b.nodes.begin(), b.nodes.end());
    if (b.memory_gb > 0) memory_->remove(b.start, b.end, b.memory_gb);
    if (b.ahead) future_by_start_.erase(std::make_pair(b.start, owner));
    by_end_.erase(std::make_pair(b.end, owner));
    if (b.kind == BookingKind::PlaceHolder) placeholders_.erase(owner);  // set_kind() keeps the two in step
    bookings_.erase(it);
}

bool AvailabilityProfile::remove(TaskId owner, SimTime* booked_end) {
    const auto it = bookings_.find(owner);
    if (it == bookings_.end()) return false;
    if (booked_end) *booked_end = it->second.end;
    erase_booking(it);
    return true;
}

std::vector<TaskId> AvailabilityProfile::set_now(SimTime now) {
    if (!now.is_finite() || now < now_)
        throw std::invalid_argument("AvailabilityProfile::set_now: time must not go backwards (" + text(now) + " < " +
                                    text(now_) + ")");
    now_ = now;
    std::vector<TaskId> owners;
    for (auto it = by_end_.begin(); it != by_end_.end() && it->first <= now; ++it) owners.push_back(it->second);
    std::sort(owners.begin(), owners.end());
    for (TaskId o : owners) erase_booking(o);
    return owners;
}

bool AvailabilityProfile::update_end(TaskId owner, SimTime end) {
    auto it = bookings_.find(owner);
    if (it == bookings_.end()) return false;
    Booking& b = it->second;
    if (!(end > b.start))
        throw std::invalid_argument("AvailabilityProfile::update_end: end must follow the start of " +
                                    owner_text(owner));
    collect_classes(b.nodes.begin(), b.nodes.end());
    if (end > b.end) {
        for (const Touched& t : touched_classes_) {
            Timeline& tl = classes_[t.cls].timeline;
            const auto next = find_owned(tl, b.start, owner, t.first) + 1;
            if (next != tl.end() && next->start < end) return false;
        }
        if (b.memory_gb > 0 && !memory_->fits(b.end, end, b.memory_gb)) return false;
    }
    if (b.memory_gb > 0) {  // the memory follows the interval's new end
        memory_->remove(b.start, b.end, b.memory_gb);
        memory_->add(b.start, end, b.memory_gb);
    }
    for (const Touched& t : touched_classes_) {
        const std::uint32_t d = open_class(t.cls);
        NodeClass& k = classes_[d];
        Timeline& tl = k.timeline;
        const auto pos = find_owned(tl, b.start, owner, t.first);
        if (voids_tracked_) {
            // The idle period after the interval, [old end, ns), becomes [end, ns).
            const SimTime ns = neighbours(tl, pos, pos + 1).second;
            const int count = static_cast<int>(k.refs);
            bump_void(pos->end, ns, -count);
            bump_void(end, ns, count);
        }
        k.hash -= interval_hash(*pos);
        pos->end = end;
        k.hash += interval_hash(*pos);
        settle_class(t.cls, d, end == b.end);  // else every class holding the interval changes alike
    }
    retarget(b.nodes.begin(), b.nodes.end());
    by_end_.erase(std::make_pair(b.end, owner));
    by_end_.insert({end, owner});
    b.end = end;
    return true;
}

bool AvailabilityProfile::set_kind(TaskId owner, BookingKind kind) {
    auto it = bookings_.find(owner);
    if (it == bookings_.end()) return false;
    it->second.kind = kind;
    if (kind == BookingKind::PlaceHolder) {
        placeholders_.insert(owner);
    } else {
        placeholders_.erase(owner);
    }
    return true;
}

// Sweep over candidate start times in increasing order. Whether k nodes hold [t, t + d) changes only when t
// passes the start a of an idle period (one more node qualifies) or t + d passes an end b (one fewer), so
// the earliest feasible t is max(not_before, now) or an idle-period start. Tails never expire: the k-th
// smallest tail start alone is feasible and bounds the sweep. Finite periods that have started sit in a
// min-heap by b and leave it for good once b < t + d (t only grows); while none is there, the sweep jumps to
// the k-th tail start or the next finite period's start. Cost O(V log V) for V distinct idle-period bounds,
// independent of the node count; O(log V) when no finite period starts before the answer.
std::optional<SimTime> AvailabilityProfile::earliest_start(std::uint32_t k, SimTime duration, SimTime not_before,
                                                           SimTime deadline) const {
    if (k == 0) throw std::invalid_argument("AvailabilityProfile::earliest_start: k must be at least 1");
    if (!(duration > SimTime()) || !duration.is_finite())
        throw std::invalid_argument("AvailabilityProfile::earliest_start: duration must be positive and finite");
    if (k > node_count()) return std::nullopt;
    const SimTime t0 = std::max(not_before, now_);
    if (!(t0 < deadline)) return std::nullopt;
    track_voids();
    const auto& ts = voids_.tail_starts();
    const auto& cum = voids_.tail_cum();
    const auto& fin = voids_.finite();

    const std::size_t kth = std::lower_bound(cum.begin(), cum.end(), k) - cum.begin();
    const SimTime t_tail = std::max(t0, ts[kth]);
    const SimTime limit = std::min(t_tail, deadline);

    auto by_b = [](const HeapEntry& x, const HeapEntry& y) { return x.b > y.b; };  // min-heap on b
    heap_.clear();
    std::uint32_t heap_count = 0;
    std::size_t fi = 0;
    std::size_t ti = 0;
    SimTime t = t0;
    while (t < limit) {
        const SimTime t_end = t + duration;
        for (; fi < fin.size() && fin[fi].a <= t; ++fi) {
            if (t_end <= fin[fi].b) {
                heap_.push_back(HeapEntry{fin[fi].b, fin[fi].count});
                std::push_heap(heap_.begin(), heap_.end(), by_b);
                heap_count += fin[fi].count;
            }
        }
        while (!heap_.empty() && heap_.front().b < t_end) {
            heap_count -= heap_.front().count;
            std::pop_heap(heap_.begin(), heap_.end(), by_b);
            heap_.pop_back();
        }
        ti = static_cast<std::size_t>(std::upper_bound(ts.begin() + static_cast<std::ptrdiff_t>(ti), ts.end(), t) -
                                      ts.begin());
        const std::uint32_t tails = ti == 0 ? 0 : cum[ti - 1];
        if (tails + heap_count >= k) return t;
        const SimTime next_f = fi < fin.size() ? fin[fi].a : kInf;
        // With no finite period holding the window, only tails count until the next finite period starts:
        // nothing is feasible before the k-th tail start, so the sweep jumps there.
        const SimTime next_t = heap_count == 0 ? ts[kth] : ti < ts.size() ? ts[ti] : kInf;
        t = std::min(next_f, next_t);
    }
    if (t_tail < deadline) return t_tail;
    return std::nullopt;
}

PlacementCost AvailabilityProfile::cost_in_period(SimTime prev_end, SimTime next_start, SimTime start,
                                                  SimTime end) const {
    PlacementCost c;
    fill_cost(c, now_, prev_end, next_start, start, end);
    return c;
}

std::optional<PlacementCost> AvailabilityProfile::placement_cost(LocalNodeIndex node, SimTime start,
                                                                 SimTime duration) const {
    check_node(node);
    const SimTime end = start + duration;
    const auto& tl = class_of_node(node).timeline;
    auto it = first_ending_after(tl, start);
    if (it != tl.end() && it->start < end) return std::nullopt;
    const SimTime prev_end = it == tl.begin() ? kNegInf : std::prev(it)->end;
    const SimTime next_start = it == tl.end() ? kInf : it->start;
    return cost_in_period(prev_end, next_start, start, end);
}

// One cost per node class (nodes of a class share it), the classes sorted by cost, then one pass over the nodes
// in index order: every node of a class whose cost is below the k-th node's is taken, and of the classes at
// that cost (a tie between classes is decided by node index), the lowest-index nodes until there are k.
std::vector<LocalNodeIndex> AvailabilityProfile::choose_nodes(std::uint32_t k, SimTime start, SimTime duration) const {
    if (k == 0) throw std::invalid_argument("AvailabilityProfile::choose_nodes: k must be at least 1");
    if (!(duration > SimTime()) || !duration.is_finite())
        throw std::invalid_argument("AvailabilityProfile::choose_nodes: duration must be positive and finite");
    const std::uint32_t n_nodes = node_count();
    if (k > n_nodes) return {};
    const SimTime end = start + duration;
    candidates_.clear();
    // pick_[c]: 1 every node of class c, 2 the lowest-index nodes of the classes at the k-th node's cost.
    pick_.assign(classes_.size(), 0);
    std::uint64_t found = 0;
    for (std::uint32_t c = 0; c < classes_.size(); ++c) {
        const NodeClass& cls = classes_[c];
        if (cls.refs == 0) continue;
        const NodeBounds& b = cls.bounds;
        SimTime prev_end, next_start;
        if (b.last_end <= start) {
            prev_end = b.last_end;
            next_start = kInf;
        } else if (end <= b.first_start) {
            prev_end = kNegInf;
            next_start = b.first_start;
        } else if (b.first_end > start) {
            continue;  // the first interval overlaps the window
        } else {
            const auto& tl = cls.timeline;
            auto it = first_ending_after(tl, start);
            if (it != tl.end() && it->start < end) continue;
            // Not the tail (last end > start) and not the head (first start < end): between two intervals.
            prev_end = std::prev(it)->end;
            next_start = it->start;
        }
        candidates_.emplace_back();
        Candidate& cand = candidates_.back();
        fill_cost(cand, now_, prev_end, next_start, start, end);
        cand.cls = c;
        cand.nodes = cls.refs;
        found += cls.refs;
    }
    if (found < k) return {};
    const auto cost_below = cost_less<Candidate>;
    std::sort(candidates_.begin(), candidates_.end(), cost_below);
    std::uint32_t taken = 0;
    std::size_t i = 0;
    while (i < candidates_.size()) {
        std::size_t j = i;  // [i, j): one cost
        std::uint64_t tier = 0;
        for (; j < candidates_.size() && !cost_below(candidates_[i], candidates_[j]); ++j) tier += candidates_[j].nodes;
        const char how = taken + tier <= k ? 1 : 2;
        for (std::size_t x = i; x < j; ++x) pick_[candidates_[x].cls] = how;
        if (how == 2) break;
        taken += static_cast<std::uint32_t>(tier);
        i = j;
        if (taken == k) break;
    }
    // Without a branch per node (taken or not is data): every node is written at the next place, which only the
    // taken ones advance (k at most: the place past the k-th takes the rest).
    std::uint32_t tie_left = k - taken;  // nodes still to take from the tie (class pick 2)
    std::vector<LocalNodeIndex> nodes(k + 1);
    std::uint32_t count = 0;
    for (LocalNodeIndex n = 0; n < n_nodes && count < k; ++n) {
        const char how = pick_[class_of_[n]];
        const std::uint32_t tie = how == 2 && tie_left > 0 ? 1 : 0;
        nodes[count] = n;
        count += (how == 1 ? 1 : 0) | tie;
        tie_left -= tie;
    }
    nodes.resize(k);
    return nodes;
}

std::vector<LocalNodeIndex> AvailabilityProfile::reserve(std::uint32_t k, SimTime start, SimTime duration, TaskId owner,
                                                         BookingKind kind) {
    std::vector<LocalNodeIndex> nodes = choose_nodes(k, start, duration);
    if (!nodes.empty()) add(nodes, start, start + duration, owner, kind);
    return nodes;
}

bool AvailabilityProfile::is_idle(LocalNodeIndex node, SimTime start, SimTime end) const {
    check_node(node);
    const auto& tl = class_of_node(node).timeline;
    auto it = first_ending_after(tl, start);
    return it == tl.end() || !(it->start < end);
}

// Equal to is_idle() for every input (NaN included): each early answer is the one is_idle() would give.
bool AvailabilityProfile::idle_fast(LocalNodeIndex node, SimTime start, SimTime end) const {
    const NodeClass& k = class_of_node(node);
    const NodeBounds& b = k.bounds;
    if (b.last_end <= start) return true;   // every interval ends by the start (or there is none)
    if (end <= b.first_start) return true;  // the window ends before the first interval
    // The first interval ends after the start: it is the one is_idle() looks at.
    if (b.first_end > start) return !(b.first_start < end);
    const auto& tl = k.timeline;
    auto it = first_ending_after(tl, start);
    return it == tl.end() || !(it->start < end);
}

std::vector<LocalNodeIndex> AvailabilityProfile::idle_nodes(SimTime start, SimTime end) const {
    std::vector<LocalNodeIndex> nodes;
    for (LocalNodeIndex n = 0; n < node_count(); ++n)
        if (idle_fast(n, start, end)) nodes.push_back(n);
    return nodes;
}

std::vector<LocalNodeIndex> AvailabilityProfile::lowest_idle_scan(std::uint32_t k, SimTime start, SimTime end) const {
    std::vector<LocalNodeIndex> nodes;
    nodes.reserve(k);
    for (LocalNodeIndex n = 0; n < node_count(); ++n) {
        if (!idle_fast(n, start, end)) continue;
        nodes.push_back(n);
        if (nodes.size() == k) return nodes;
    }
    return {};
}

// The idle nodes are the empty ones plus the idle ones among the nodes of the bookings that end by the
// start or begin at or after the end (proof at the top of the header). The first k of their union, by
// index, are the first k of the full scan.
bool AvailabilityProfile::idle_booked_nodes(SimTime start, SimTime end) const {
    // Empty or NaN windows: the definition itself (such a window overlaps nothing or compares false).
    // Windows ending by now: bookings that started by their add are not in future_by_start_.
    if (!(start < end) || !(end > now_)) return false;
    // The bookings that end by the start; none when the earliest end is later (the usual case of a window
    // from now: set_now() has pruned what ended), known without the search.
    const auto ended_end = by_end_.empty() || by_end_.begin()->first > start
                               ? by_end_.begin()
                               : by_end_.upper_bound(std::make_pair(start, std::numeric_limits<TaskId>::max()));
    // A booking starting at or after end > now started after now when it was added (now never goes back),
    // so future_by_start_ has it.
    const auto later_begin = future_by_start_.lower_bound(std::make_pair(end, TaskId{0}));
    // Count first: when these bookings cover many nodes (e.g. a large reservation after a short window),
    // the scan, which stops at the k-th idle node, is cheaper than checking them all.
    std::size_t outside_nodes = 0;
    const std::size_t budget = node_count() / 4;
    auto count = [&](auto from, auto to) {
        for (auto it = from; it != to && outside_nodes <= budget; ++it)
            outside_nodes += bookings_.find(it->second)->second.nodes.size();
    };
    count(by_end_.begin(), ended_end);
    count(later_begin, future_by_start_.end());
    if (outside_nodes > budget) return false;
    outside_.clear();
    auto collect = [&](auto from, auto to) {
        for (auto it = from; it != to; ++it)
            for (LocalNodeIndex n : bookings_.find(it->second)->second.nodes)
                if (idle_fast(n, start, end)) outside_.push_back(n);
    };
    collect(by_end_.begin(), ended_end);
    collect(later_begin, future_by_start_.end());
    std::sort(outside_.begin(), outside_.end());
    outside_.erase(std::unique(outside_.begin(), outside_.end()), outside_.end());
    return true;
}

std::vector<LocalNodeIndex> AvailabilityProfile::lowest_idle_nodes(std::uint32_t k, SimTime start, SimTime end) const {
    const std::uint32_t n_nodes = node_count();
    if (k == 0 || k > n_nodes) return {};
    if (!idle_booked_nodes(start, end)) return lowest_idle_scan(k, start, end);
    if (empty_count_ + outside_.size() < k) return {};
    std::vector<LocalNodeIndex> nodes;
    nodes.reserve(k);
    std::size_t oi = 0;
    LocalNodeIndex next_empty = next_empty_node(0);
    while (nodes.size() < k) {
        // Booked nodes are never empty, so the two sources never offer the same node.
        const LocalNodeIndex next_outside = oi < outside_.size() ? outside_[oi] : n_nodes;
        if (next_empty < next_outside) {
            nodes.push_back(next_empty);
            next_empty = next_empty_node(next_empty + 1);
        } else if (next_outside < n_nodes) {
            nodes.push_back(next_outside);
            ++oi;
        } else {
            return {};
        }
    }
    return nodes;
}

std::vector<LocalNodeIndex> AvailabilityProfile::idle_nodes_at(SimTime t) const {
    std::vector<LocalNodeIndex> nodes;
    for (LocalNodeIndex n = 0; n < node_count(); ++n) {
        const auto& tl = class_of_node(n).timeline;
        auto it = first_ending_after(tl, t);
        if (it == tl.end() || it->start > t) nodes.push_back(n);
    }
    return nodes;
}

const Timeline& AvailabilityProfile::timeline(LocalNodeIndex node) const {
    check_node(node);
    return class_of_node(node).timeline;
}

const Booking* AvailabilityProfile::booking(TaskId owner) const {
    auto it = bookings_.find(owner);
    return it == bookings_.end() ? nullptr : &it->second;
}

double AvailabilityProfile::idle_node_seconds(SimTime from, SimTime to) const {
    if (!(to > from)) return 0;
    double busy = 0;
    for (const auto& [owner, b] : bookings_) {
        const SimTime overlap = std::min(b.end, to) - std::max(b.start, from);
        if (overlap > SimTime()) busy += overlap.to_seconds() * static_cast<double>(b.nodes.size());
    }
    return static_cast<double>(node_count()) * (to - from).to_seconds() - busy;
}

}  // namespace rmsim
