#pragma once
// Reader of the Standard Workload Format v2 (Parallel Workloads Archive; Chapin et al. 1999). One job per
// line, 18 whitespace-separated numeric fields, -1 = unknown; lines starting with ';' are header comments
// ("; Key: value", continuation lines indented). Malformed input throws InputError at file:line:col, the
// column being that of the offending field.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "platform/input_limits.h"
#include "workloads/input_lines.h"

namespace rmsim {

/// One job. Fields keep the raw SWF value, -1 (any negative value) meaning unknown; the accessors return
/// std::nullopt for unknown values.
struct SwfJob {
    std::int64_t job_number = -1;       ///< 1
    double submit_s = -1;               ///< 2 submit time, seconds from the log start
    double wait_s = -1;                 ///< 3
    double run_s = -1;                  ///< 4
    std::int64_t allocated_procs = -1;  ///< 5
    double avg_cpu_s = -1;              ///< 6 average CPU time used per processor
    double used_memory_kb = -1;         ///< 7 per processor
    std::int64_t requested_procs = -1;  ///< 8
    double requested_time_s = -1;       ///< 9 user runtime estimate
    double requested_memory_kb = -1;    ///< 10 per processor
    std::int32_t status = -1;           ///< 11 1 completed, 0 failed, 5 cancelled (2-4: partial executions)
    std::int32_t user = -1;             ///< 12
    std::int32_t group = -1;            ///< 13
    std::int32_t executable = -1;       ///< 14
    std::int32_t queue = -1;            ///< 15
    std::int32_t partition = -1;        ///< 16
    std::int64_t preceding_job = -1;    ///< 17
    double think_time_s = -1;           ///< 18
    std::int32_t line = 0;              ///< line in the file, for later error messages
    std::int32_t submit_column = 0;     ///< column of field 2 on that line, likewise

    static std::optional<double> known(double v) { return v >= 0 ? std::optional<double>(v) : std::nullopt; }
    static std::optional<std::int64_t> known(std::int64_t v) {
        return v >= 0 ? std::optional<std::int64_t>(v) : std::nullopt;
    }
    std::optional<double> wait_time() const { return known(wait_s); }
    std::optional<double> run_time() const { return known(run_s); }
    std::optional<double> requested_time() const { return known(requested_time_s); }
    /// Allocated processors, falling back to the requested ones when unknown.
    std::optional<std::int64_t> processors() const {
        return allocated_procs >= 0 ? known(allocated_procs) : known(requested_procs);
    }
    /// The job ran on the traced machine: its runtime and processors are known and positive. The swf workload
    /// replays these (those with a submit time), as machovec_trace and `rmsim convert` do.
    bool ran() const { return run_s > 0 && processors().value_or(0) > 0; }
    /// Requested processors, falling back to the allocated ones when unknown.
    std::optional<std::int64_t> requested_processors() const {
        return requested_procs >= 0 ? known(requested_procs) : known(allocated_procs);
    }
    std::optional<std::int64_t> user_id() const { return known(std::int64_t{user}); }
    std::optional<std::int64_t> group_id() const { return known(std::int64_t{group}); }
};

struct SwfHeader {
    std::vector<std::string> lines;             ///< every comment line, ';' removed, in order
    std::map<std::string, std::string> fields;  ///< "Key: value"; repeated keys and continuation lines are
                                                ///< appended with '\n'
    std::optional<std::string> text(const std::string& key) const;
    /// The value as an integer (e.g. MaxNodes, MaxProcs, UnixStartTime); nullopt if absent or not an integer.
    std::optional<std::int64_t> integer(const std::string& key) const;
};

struct SwfTrace {
    SwfHeader header;
    std::vector<SwfJob> jobs;  ///< in file order
};

/// An SWF trace's jobs one at a time in file order, read line by line (workloads/input_lines.h): the memory is
/// one line and the inflate state, whatever the trace's length. Header comments go to `header` if one is given
/// (a trace's header is at its top, so it is whole once the first job has been read); otherwise they are
/// skipped. `max_bytes`: the file's largest decompressed size (workloads/input_file.h).
class SwfJobReader {
public:
    explicit SwfJobReader(const std::string& path, std::uint64_t max_bytes = kDefaultMaxTraceBytes,
                          SwfHeader* header = nullptr);
    /// The next job line; false at the end of the trace. Malformed input throws InputError at file:line:col.
    bool next(SwfJob& job);
    const std::string& path() const { return lines_.path(); }
    const InputLines& lines() const { return lines_; }

private:
    InputLines lines_;
    SwfHeader* header_;
    std::string last_key_;
};

/// Every job and the header, read by an SwfJobReader. `max_bytes`: the file's largest decompressed size.
SwfTrace read_swf(const std::string& path, std::uint64_t max_bytes = kDefaultMaxTraceBytes);
/// `file_name` is used only in error locations.
SwfTrace parse_swf(std::string_view text, const std::string& file_name);

}  // namespace rmsim
