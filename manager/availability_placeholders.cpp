// AvailabilityProfile::clear_placeholders: Machovec Ch.3 §3.3.1, every place-holder is deleted at the start of
// a mapping event. Definitions in availability_profile.h.
//
// The place-holders of a busy system are many bookings on many nodes each (on the ~100,000-core system of
// Ch.3, tens of place-holders on a cluster of 525 nodes, hundreds of nodes each, so tens of intervals per
// node). Removing them one booking at a time searches and shifts every timeline once per place-holder on it;
// here every node class they touch (nodes with equal timelines, availability_profile.h) is compacted once, and
// its idle periods are changed from the runs of intervals removed: the periods around a removed interval go, and the kept intervals on either side of a
// run of removed ones bound one new period. The result is that of erasing the bookings one by one, in
// ascending owner order (the order of the memory pool's and the indexes' changes).
#include <algorithm>

#include "manager/availability_profile.h"

namespace rmsim {

void AvailabilityProfile::remove_owned(std::uint32_t d, std::uint32_t count, const std::vector<char>& owned) {
    NodeClass& k = classes_[d];
    Timeline& tl = k.timeline;
    auto removed = [&owned](const BusyInterval& iv) { return iv.owner < owned.size() && owned[iv.owner]; };
    const int n = static_cast<int>(count);
    if (voids_tracked_) {
        SimTime prev_end = SimTime::negative_infinity();  // end of the previous interval (none: -inf)
        bool prev_kept = true;                            // the edge before the first interval stays
        SimTime kept_end = SimTime::negative_infinity();  // end of the last interval kept
        bool run = false;                                 // intervals removed since the last kept one
        for (const BusyInterval& iv : tl) {
            const bool keep = !removed(iv);
            if (!(prev_kept && keep)) bump_void(prev_end, iv.start, -n);  // a bound goes: the period too
            if (keep) {
                if (run) bump_void(kept_end, iv.start, n);
                kept_end = iv.end;
                run = false;
            } else {
                run = true;
            }
            prev_end = iv.end;
            prev_kept = keep;
        }
        if (!prev_kept) bump_void(prev_end, SimTime::infinity(), -n);
        if (run) bump_void(kept_end, SimTime::infinity(), n);
    }
    for (const BusyInterval& iv : tl)
        if (removed(iv)) k.hash -= interval_hash(iv);
    tl.remove_if(removed);
}

std::vector<TaskId> AvailabilityProfile::clear_placeholders() {
    std::vector<TaskId> owners(placeholders_.begin(), placeholders_.end());  // ascending
    if (owners.empty()) return owners;
    // The nodes they hold, ascending: marked, then read back in index order (O(N + nodes booked)).
    touched_mark_.assign(node_count(), 0);
    for (TaskId o : owners)
        for (LocalNodeIndex n : bookings_.find(o)->second.nodes) touched_mark_[n] = 1;
    touched_.clear();
    for (LocalNodeIndex n = 0; n < node_count(); ++n)
        if (touched_mark_[n]) touched_.push_back(n);
    owner_mark_.assign(owners.back() + 1, 0);  // owners ascending: the last is the largest
    for (TaskId o : owners) owner_mark_[o] = 1;
    const LocalNodeIndex* first = touched_.data();
    const LocalNodeIndex* last = first + touched_.size();
    collect_classes(first, last);
    for (const Touched& t : touched_classes_) {
        const std::uint32_t d = open_class(t.cls);
        remove_owned(d, classes_[d].refs, owner_mark_);
        settle_class(t.cls, d);
    }
    retarget(first, last);
    if (empties_change()) index_empty(first, last);
    for (TaskId o : owners) {
        const auto it = bookings_.find(o);
        const Booking& b = it->second;
        if (b.memory_gb > 0) memory_->remove(b.start, b.end, b.memory_gb);
        if (b.ahead) future_by_start_.erase(std::make_pair(b.start, o));
        by_end_.erase(std::make_pair(b.end, o));
        bookings_.erase(it);
    }
    placeholders_.clear();
    return owners;
}

}  // namespace rmsim
