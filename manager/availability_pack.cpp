// AvailabilityProfile::packed_idle_nodes: k idle nodes in as few groups as possible (a task's cores on as few
// hardware nodes as possible). Definition in availability_profile.h.
//
// The idle nodes over the window are the empty ones (counted per group by GroupBuckets) plus the few idle
// nodes that are not empty (idle_booked_nodes(), e.g. the head's reservation under EASY for a backfill that
// ends before it): the groups that hold any of those are listed with their idle nodes and excluded from the
// bucket search, so every group is looked at with its true count. When those are too many, a scan lists every
// idle node and the buckets are not used.
#include <algorithm>

#include "manager/availability_profile.h"

namespace rmsim {

std::vector<LocalNodeIndex> AvailabilityProfile::packed_idle_nodes(std::uint32_t k, SimTime start, SimTime end) const {
    if (!groups_) return lowest_idle_nodes(k, start, end);
    const std::uint32_t n_nodes = node_count();
    if (k == 0 || k > n_nodes) return {};
    const GroupBuckets& gb = *groups_;
    const std::uint32_t g = gb.size();
    const bool use_buckets = idle_booked_nodes(start, end);
    if (!use_buckets) {
        outside_.clear();
        for (LocalNodeIndex n = 0; n < n_nodes; ++n)
            if (idle_fast(n, start, end)) outside_.push_back(n);
    }
    if ((use_buckets ? empty_count_ : 0) + outside_.size() < k) return {};

    // The groups holding the listed nodes, with all their idle nodes (ascending).
    pack_groups_.clear();
    pack_nodes_.clear();
    for (std::size_t i = 0; i < outside_.size();) {
        const std::uint32_t group = gb.group_of(outside_[i]);
        const LocalNodeIndex first = group * g;
        const LocalNodeIndex last = std::min<LocalNodeIndex>(n_nodes, first + g);
        const auto offset = static_cast<std::uint32_t>(pack_nodes_.size());
        LocalNodeIndex e = use_buckets ? next_empty_node(first) : last;
        while (i < outside_.size() && outside_[i] < last) {
            while (e < outside_[i]) {  // merge the group's empty nodes (booked nodes are never empty)
                pack_nodes_.push_back(e);
                e = next_empty_node(e + 1);
            }
            pack_nodes_.push_back(outside_[i++]);
        }
        for (; e < last; e = next_empty_node(e + 1)) pack_nodes_.push_back(e);
        pack_groups_.push_back({group, offset, static_cast<std::uint32_t>(pack_nodes_.size()) - offset, false});
        pack_excluded_[group >> 6] |= std::uint64_t{1} << (group & 63);
    }

    struct Pick {
        std::uint32_t count = 0;
        std::uint32_t group = 0;
        int listed = -1;  ///< index into pack_groups_, -1: a group found in the buckets
    };
    std::vector<LocalNodeIndex> nodes;
    nodes.reserve(k);
    pack_taken_.clear();
    std::uint32_t need = k;
    while (need > 0) {
        Pick pick;
        bool found = false;
        // Best fit: the fewest idle nodes that still hold all that are needed.
        if (need <= g) {
            if (use_buckets) {
                for (std::uint32_t c = gb.next_present(need); c <= g && !found; c = gb.next_present(c + 1)) {
                    const std::uint32_t group = gb.lowest_with(c, pack_excluded_);
                    if (group < gb.group_count()) pick = {c, group, -1}, found = true;
                }
            }
            for (std::size_t i = 0; i < pack_groups_.size(); ++i) {
                const PackGroup& pg = pack_groups_[i];
                if (pg.taken || pg.count < need) continue;
                if (!found || pg.count < pick.count || (pg.count == pick.count && pg.group < pick.group))
                    pick = {pg.count, pg.group, static_cast<int>(i)}, found = true;
            }
        }
        // Otherwise the group with the most idle nodes, all of them.
        if (!found) {
            if (use_buckets) {
                for (std::uint32_t c = gb.prev_present(g); c >= 1 && !found; c = gb.prev_present(c - 1)) {
                    const std::uint32_t group = gb.lowest_with(c, pack_excluded_);
                    if (group < gb.group_count()) pick = {c, group, -1}, found = true;
                }
            }
            for (std::size_t i = 0; i < pack_groups_.size(); ++i) {
                const PackGroup& pg = pack_groups_[i];
                if (pg.taken || pg.count == 0) continue;
                if (!found || pg.count > pick.count || (pg.count == pick.count && pg.group < pick.group))
                    pick = {pg.count, pg.group, static_cast<int>(i)}, found = true;
            }
        }
        if (!found) break;  // cannot happen: enough idle nodes were counted
        const std::uint32_t take = std::min(need, pick.count);
        if (pick.listed >= 0) {
            PackGroup& pg = pack_groups_[static_cast<std::size_t>(pick.listed)];
            pg.taken = true;
            nodes.insert(nodes.end(), pack_nodes_.begin() + pg.offset, pack_nodes_.begin() + pg.offset + take);
        } else {
            pack_excluded_[pick.group >> 6] |= std::uint64_t{1} << (pick.group & 63);
            pack_taken_.push_back(pick.group);
            append_empty_nodes(pick.group * g, take, nodes);  // the group has pick.count >= take of them
        }
        need -= take;
    }
    for (const PackGroup& pg : pack_groups_) pack_excluded_[pg.group >> 6] = 0;
    for (std::uint32_t group : pack_taken_) pack_excluded_[group >> 6] = 0;
    if (need > 0) return {};
    std::sort(nodes.begin(), nodes.end());
    return nodes;
}

}  // namespace rmsim
