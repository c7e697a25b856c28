#pragma once
// What the cores did, for pstates.csv and trace.json: P-state switch requests (always) and task segments
// (only when tracing). Cores report here when a log is attached (Machine::attach_log); with none attached
// a core pays one null-pointer test per report.
//
// Scale (100,000 cores, 10^6 tasks): a switch requested of a whole DVFS domain, or a segment of a parallel
// task, reaches many cores at one time. Consecutive reports that differ only by the next core index of the
// same node are merged into one record covering a core range, so a node-wide switch or a whole-node task
// part costs one record, not one per core.
#include <cstdint>
#include <systemc>
#include <unordered_map>
#include <vector>

#include "modules/protocol.h"
#include "platform/platform_spec.h"

namespace rmsim {

class ActivityLog {
public:
    enum class SegmentEnd : std::uint8_t {
        Completed,   ///< the core's part of the task finished (after any gang barrier)
        Preempted,   ///< stopped by a PREEMPT command
        Unfinished,  ///< still on the core when the run ended (close_open)
    };

    /// A P-state switch requested of cores core_first..core_last of one node. `effective_ns`: when the new
    /// level is in force (request time + the core type's transition latency; a request that replaces a
    /// pending switch takes effect when that switch ends).
    struct PStateChange {
        std::uint64_t at_ns;
        std::uint64_t effective_ns;
        NodeId node;
        std::uint32_t core_first, core_last;
        std::uint32_t level;
    };

    /// Cores core_first..core_last of one node held a segment of `task` over [begin_ns, end_ns]
    /// (from the START taking effect, wake-up and barrier wait included, to the end).
    struct Segment {
        std::uint64_t begin_ns;
        std::uint64_t end_ns;
        TaskId task;
        NodeId node;
        std::uint32_t core_first, core_last;
        SegmentEnd end;
    };

    /// `record_segments`: keep task segments too (they are only needed for a trace).
    explicit ActivityLog(bool record_segments) : record_segments_(record_segments) {}

    // --- reports from the cores, in simulated-time order ---
    void segment_begin(NodeId node, std::uint32_t core, TaskId task, const sc_core::sc_time& at);
    void segment_end(NodeId node, std::uint32_t core, const sc_core::sc_time& at, SegmentEnd how);
    void pstate_change(NodeId node, std::uint32_t core, std::uint32_t level, const sc_core::sc_time& at,
                       const sc_core::sc_time& effective);

    /// Ends every segment still open at `at` as Unfinished, in (node, core) order.
    void close_open(const sc_core::sc_time& at);

    bool records_segments() const { return record_segments_; }
    /// In request order.
    const std::vector<PStateChange>& pstate_changes() const { return pstates_; }
    /// Closed segments, in order of their end.
    const std::vector<Segment>& segments() const { return segments_; }
    std::size_t open_segments() const { return open_.size(); }

private:
    struct Open {
        std::uint64_t begin_ns;
        TaskId task;
    };
    static std::uint64_t key(NodeId node, std::uint32_t core) { return (std::uint64_t(node) << 32) | core; }
    void add_segment(const Segment& s);

    bool record_segments_;
    std::vector<PStateChange> pstates_;
    std::vector<Segment> segments_;
    std::unordered_map<std::uint64_t, Open> open_;  ///< by (node, core): only cores holding a segment
};

const char* to_string(ActivityLog::SegmentEnd e);

}  // namespace rmsim
