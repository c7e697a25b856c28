#include "modules/activity_log.h"

#include <algorithm>
#include <string>

#include "modules/report.h"
#include "modules/sim_time.h"

namespace rmsim {

const char* to_string(ActivityLog::SegmentEnd e) {
    switch (e) {
        case ActivityLog::SegmentEnd::Completed: return "completed";
        case ActivityLog::SegmentEnd::Preempted: return "preempted";
        case ActivityLog::SegmentEnd::Unfinished: return "unfinished";
    }
    return "?";
}

void ActivityLog::segment_begin(NodeId node, std::uint32_t core, TaskId task, const sc_core::sc_time& at) {
    if (!record_segments_) return;
    if (!open_.emplace(key(node, core), Open{to_ns(at), task}).second)
        report_error(msg_type::activity, "ActivityLog: node " + std::to_string(node) + " core " + std::to_string(core) +
                                             " began a segment while holding one");
}

void ActivityLog::segment_end(NodeId node, std::uint32_t core, const sc_core::sc_time& at, SegmentEnd how) {
    if (!record_segments_) return;
    const auto it = open_.find(key(node, core));
    if (it == open_.end()) {
        report_error(msg_type::activity, "ActivityLog: node " + std::to_string(node) + " core " + std::to_string(core) +
                                             " ended a segment it did not hold");
        return;
    }
    add_segment(Segment{it->second.begin_ns, to_ns(at), it->second.task, node, core, core, how});
    open_.erase(it);
}

void ActivityLog::add_segment(const Segment& s) {
    if (!segments_.empty()) {
        Segment& last = segments_.back();
        if (last.node == s.node && last.core_last + 1 == s.core_first && last.task == s.task &&
            last.begin_ns == s.begin_ns && last.end_ns == s.end_ns && last.end == s.end) {
            last.core_last = s.core_last;
            return;
        }
    }
    segments_.push_back(s);
}

void ActivityLog::pstate_change(NodeId node, std::uint32_t core, std::uint32_t level, const sc_core::sc_time& at,
                                const sc_core::sc_time& effective) {
    const std::uint64_t at_ns = to_ns(at), eff_ns = to_ns(effective);
    if (!pstates_.empty()) {
        PStateChange& last = pstates_.back();
        if (last.node == node && last.core_last + 1 == core && last.at_ns == at_ns && last.effective_ns == eff_ns &&
            last.level == level) {
            last.core_last = core;
            return;
        }
    }
    pstates_.push_back(PStateChange{at_ns, eff_ns, node, core, core, level});
}

void ActivityLog::close_open(const sc_core::sc_time& at) {
    std::vector<std::uint64_t> keys;
    keys.reserve(open_.size());
    for (const auto& kv : open_) keys.push_back(kv.first);
    std::sort(keys.begin(), keys.end());  // the hash map's order is not deterministic
    for (std::uint64_t k : keys)
        segment_end(static_cast<NodeId>(k >> 32), static_cast<std::uint32_t>(k & 0xffffffffu), at,
                    SegmentEnd::Unfinished);
}

}  // namespace rmsim
