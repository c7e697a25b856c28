// AvailabilityProfile's node classes: nodes whose timelines are equal share one (definitions in
// availability_profile.h). A change of some nodes' timelines (a booking, its removal, a new end, the release of
// the place-holders) runs in four steps: collect_classes() finds the classes those nodes fall into and how many
// of each; open_class() gives each the timeline to write (the class itself when all of its nodes change, else a
// copy for the nodes that do); the caller writes it; settle_class() merges the result into the class with the
// same timeline, if there is one; retarget() moves the nodes and frees the classes merged away.
#include <algorithm>

#include "manager/availability_profile.h"

namespace rmsim {

namespace {

bool same_timeline(const Timeline& x, const Timeline& y) {
    return x.size() == y.size() &&
           std::equal(x.begin(), x.end(), y.begin(), [](const BusyInterval& a, const BusyInterval& b) {
               return a.start == b.start && a.end == b.end && a.owner == b.owner;
           });
}

}  // namespace

void AvailabilityProfile::collect_classes(const LocalNodeIndex* first, const LocalNodeIndex* last) {
    ++stamp_;
    touched_classes_.clear();
    for (const LocalNodeIndex* it = first; it != last; ++it) {
        const std::uint32_t c = class_of_[*it];
        NodeClass& k = classes_[c];
        if (k.stamp != stamp_) {
            k.stamp = stamp_;
            k.hits = 0;
            touched_classes_.push_back(Touched{c, *it, 0});
        }
        ++k.hits;
    }
}

std::uint32_t AvailabilityProfile::new_class() {
    if (free_classes_ != kNoClass) {
        const std::uint32_t c = free_classes_;
        free_classes_ = classes_[c].next;
        classes_[c].next = kNoClass;
        return c;
    }
    classes_.emplace_back();
    return static_cast<std::uint32_t>(classes_.size() - 1);
}

std::uint32_t AvailabilityProfile::open_class(std::uint32_t c) {
    if (c != 0 && classes_[c].hits == classes_[c].refs) {
        unindex_class(c);
        return c;
    }
    const std::uint32_t d = new_class();  // may move classes_
    NodeClass& from = classes_[c];
    NodeClass& to = classes_[d];
    to.timeline = from.timeline;
    to.bounds = from.bounds;
    to.hash = from.hash;
    to.refs = from.hits;
    from.refs -= from.hits;
    return d;
}

void AvailabilityProfile::settle_class(std::uint32_t c, std::uint32_t d, bool may_merge) {
    NodeClass& k = classes_[d];
    const Timeline& tl = k.timeline;
    std::uint32_t into = kNoClass;
    if (tl.empty()) {
        into = 0;
    } else {
        k.bounds = NodeBounds{tl.front().start, tl.front().end, tl.back().end};
        if (may_merge)
            for (std::uint32_t e = class_by_hash_.find(k.hash); e != kNoClass && into == kNoClass; e = classes_[e].next)
                if (same_timeline(classes_[e].timeline, tl)) into = e;
    }
    if (into == kNoClass) {
        index_class(d);
        classes_[c].target = d;
        return;
    }
    // A change never makes a timeline equal to that of a class it has yet to change (before it, every such
    // class holds the interval it adds, removes or moves; after it, none does as it was), so `into` is final.
    classes_[into].refs += k.refs;
    k.refs = 0;
    freed_classes_.push_back(d);
    classes_[c].target = into;
}

void AvailabilityProfile::retarget(const LocalNodeIndex* first, const LocalNodeIndex* last) {
    for (const LocalNodeIndex* it = first; it != last; ++it) class_of_[*it] = classes_[class_of_[*it]].target;
    for (const std::uint32_t c : freed_classes_) {
        NodeClass& k = classes_[c];
        k.timeline.clear();  // its buffer kept for the next class made here
        k.hash = 0;
        k.next = free_classes_;
        free_classes_ = c;
    }
    freed_classes_.clear();
}

bool AvailabilityProfile::empties_change() const {
    for (const Touched& t : touched_classes_)
        if (t.cls == 0 || classes_[t.cls].target == 0) return true;
    return false;
}

void AvailabilityProfile::index_class(std::uint32_t c) {
    NodeClass& k = classes_[c];
    k.next = class_by_hash_.find(k.hash);  // kNoClass == HashHeads::kNone: the first of its hash
    class_by_hash_.set(k.hash, c);
}

void AvailabilityProfile::unindex_class(std::uint32_t c) {
    NodeClass& k = classes_[c];
    const std::uint32_t head = class_by_hash_.find(k.hash);
    if (head == c) {
        if (k.next == kNoClass) {
            class_by_hash_.erase(k.hash);
        } else {
            class_by_hash_.set(k.hash, k.next);
        }
    } else {
        std::uint32_t e = head;
        while (classes_[e].next != c) e = classes_[e].next;
        classes_[e].next = k.next;
    }
    k.next = kNoClass;
}

std::uint32_t AvailabilityProfile::distinct_timelines() const {
    std::uint32_t n = 0;
    for (const NodeClass& k : classes_) n += k.refs > 0 ? 1 : 0;
    return n;
}

std::uint32_t AvailabilityProfile::class_free_position(const NodeClass& k, SimTime start, SimTime end) {
    const NodeBounds& b = k.bounds;
    const Timeline& tl = k.timeline;
    if (b.last_end <= start) return static_cast<std::uint32_t>(tl.size());  // after every interval (or none)
    if (end <= b.first_start) return 0;                                     // before the first
    if (b.first_end > start) return kBusy;                                  // the first interval overlaps
    const auto it =
        partition_point_branchless(tl.begin(), tl.size(), [start](const BusyInterval& iv) { return iv.end <= start; });
    return it != tl.end() && it->start < end ? kBusy : static_cast<std::uint32_t>(it - tl.begin());
}

}  // namespace rmsim
