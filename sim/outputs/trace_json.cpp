#include "sim/outputs/trace_json.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <vector>

#include "platform/number_format.h"

namespace rmsim {

namespace {

constexpr std::uint64_t kMachinePid = 1;
std::uint64_t node_pid(NodeId n) { return std::uint64_t(n) + 2; }
std::uint64_t core_tid(std::uint64_t global_core) { return global_core + 2; }

struct CoreSlice {
    std::uint64_t core;  ///< global index
    std::uint64_t begin_ns, end_ns;
    TaskId task;
    ActivityLog::SegmentEnd end;
};

struct CoreLevel {
    std::uint64_t core;  ///< global index
    std::uint64_t at_ns;
    std::uint32_t level;
};

/// One event per line: the file stays diffable and greppable.
class EventWriter {
public:
    EventWriter() { out_ = "{\"displayTimeUnit\":\"ms\",\"traceEvents\":[\n"; }
    void meta(const char* what, std::uint64_t pid, std::uint64_t tid, const std::string& name) {
        begin();
        out_ += "{\"ph\":\"M\",\"name\":\"";
        out_ += what;
        out_ += "\",\"pid\":" + std::to_string(pid) + ",\"tid\":" + std::to_string(tid) +
                ",\"args\":{\"name\":" + nlohmann::json(name).dump() + "}}";
    }
    void slice(std::uint64_t pid, std::uint64_t tid, const CoreSlice& s) {
        begin();
        out_ += "{\"ph\":\"X\",\"cat\":\"task\",\"name\":\"task " + std::to_string(s.task) +
                "\",\"pid\":" + std::to_string(pid) + ",\"tid\":" + std::to_string(tid) +
                ",\"ts\":" + ns_as_micros(s.begin_ns) + ",\"dur\":" + ns_as_micros(s.end_ns - s.begin_ns) +
                ",\"args\":{\"task\":" + std::to_string(s.task) + ",\"end\":\"" + to_string(s.end) + "\"}}";
    }
    void counter(std::uint64_t pid, std::uint64_t tid, const std::string& name, std::uint64_t at_ns, const char* arg,
                 const std::string& value) {
        begin();
        out_ += "{\"ph\":\"C\",\"name\":\"" + name + "\",\"pid\":" + std::to_string(pid) +
                ",\"tid\":" + std::to_string(tid) + ",\"ts\":" + ns_as_micros(at_ns) + ",\"args\":{\"" + arg +
                "\":" + value + "}}";
    }
    std::string finish() {
        out_ += "\n]}\n";
        return std::move(out_);
    }

private:
    void begin() {
        if (any_) out_ += ",\n";
        any_ = true;
    }
    std::string out_;
    bool any_ = false;
};

}  // namespace

std::string trace_json(const Machine& machine, const ActivityLog& log, const EnergySampler& sampler) {
    if (!log.records_segments()) throw std::logic_error("trace_json: the activity log did not record segments");
    if (log.open_segments() != 0) throw std::logic_error("trace_json: the activity log has open segments");

    // Global core index of each node's core 0.
    std::vector<std::uint64_t> first_core(machine.node_count() + 1, 0);
    for (NodeId n = 0; n < machine.node_count(); ++n) first_core[n + 1] = first_core[n] + machine.node(n).core_count();
    std::vector<NodeId> node_of_core(first_core.back());
    for (NodeId n = 0; n < machine.node_count(); ++n)
        std::fill(node_of_core.begin() + first_core[n], node_of_core.begin() + first_core[n + 1], n);

    // One entry per core, grouped by core (stable: each core's entries stay in simulated-time order).
    std::vector<CoreSlice> slices;
    for (const ActivityLog::Segment& s : log.segments())
        for (std::uint32_t c = s.core_first; c <= s.core_last; ++c)
            slices.push_back(CoreSlice{first_core[s.node] + c, s.begin_ns, s.end_ns, s.task, s.end});
    std::stable_sort(slices.begin(), slices.end(),
                     [](const CoreSlice& a, const CoreSlice& b) { return a.core < b.core; });
    std::vector<CoreLevel> levels;
    for (const ActivityLog::PStateChange& p : log.pstate_changes())
        for (std::uint32_t c = p.core_first; c <= p.core_last; ++c)
            levels.push_back(CoreLevel{first_core[p.node] + c, p.effective_ns, p.level});
    std::stable_sort(levels.begin(), levels.end(),
                     [](const CoreLevel& a, const CoreLevel& b) { return a.core < b.core; });

    std::vector<std::string> cluster_of_node;
    for (const ClusterSpec& c : machine.spec().clusters)
        for (std::uint32_t i = 0; i < c.nodes; ++i) cluster_of_node.push_back(c.name);

    EventWriter w;
    w.meta("process_name", kMachinePid, 1, "machine");
    for (const EnergySampler::PowerPoint& p : sampler.power_points())
        w.counter(kMachinePid, 1, "machine", p.at_ns, "power_w", watts12(p.total_w));

    std::size_t si = 0, li = 0;
    NodeId named = static_cast<NodeId>(-1);
    while (si < slices.size() || li < levels.size()) {
        const std::uint64_t core = std::min(si < slices.size() ? slices[si].core : UINT64_MAX,
                                            li < levels.size() ? levels[li].core : UINT64_MAX);
        const NodeId n = node_of_core[core];
        const std::uint64_t pid = node_pid(n), tid = core_tid(core);
        const std::string local = "core " + std::to_string(core - first_core[n]);
        if (n != named) {
            w.meta("process_name", pid, tid, "node " + std::to_string(n) + " (cluster " + cluster_of_node.at(n) + ")");
            named = n;
        }
        if (si < slices.size() && slices[si].core == core) w.meta("thread_name", pid, tid, local);
        for (; si < slices.size() && slices[si].core == core; ++si) w.slice(pid, tid, slices[si]);
        if (li < levels.size() && levels[li].core == core) {
            // The level in force over time: P0 from 0; of several requests taking effect at the same time
            // (a pending switch replaced) the last one wins; repeats of the level in force are dropped.
            std::vector<std::pair<std::uint64_t, std::uint32_t>> series{{0, 0}};
            for (; li < levels.size() && levels[li].core == core; ++li) {
                const auto& l = levels[li];
                if (series.back().first == l.at_ns)
                    series.back().second = l.level;
                else
                    series.emplace_back(l.at_ns, l.level);
                if (series.size() >= 2 && series[series.size() - 2].second == series.back().second) series.pop_back();
            }
            for (const auto& [at, level] : series) w.counter(pid, tid, local, at, "pstate", std::to_string(level));
        }
    }
    return w.finish();
}

}  // namespace rmsim
