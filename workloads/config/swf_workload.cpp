#include "workloads/config/swf_workload.h"

#include <cstdint>
#include <limits>

#include "platform/number_format.h"
#include "workloads/config/workload_yaml.h"
#include "workloads/runnable.h"
#include "workloads/swf_reader.h"
#include "workloads/task_stream.h"

namespace rmsim {

namespace {

/// The trace's tasks in file order: one per job that ran (after skip_jobs job lines, at most max_jobs), its
/// arrival shifted so that the first is at 0. `in_order` (a streamed run): a job submitted before the one
/// replayed before it is refused at its submit time, since the stream gives tasks in arrival order; the
/// loader sorts them instead (number_by_arrival).
class SwfTaskStream : public TaskStream {
public:
    SwfTaskStream(const YAML::Node& n, const WorkloadContext& c, bool in_order)
        : path_(c.resolve(get_string(n, "path", c.file))), max_jobs_(get_count_or(n, "max_jobs", c.file, UINT32_MAX)),
          skip_(get_non_negative_or(n, "skip_jobs", c.file, 0)), memory_(memory_fraction(n, c.file)),
          jobs_(path_, max_bytes(n, c.file)), f0_(reference_hz(c.platform)), check_(c.platform), in_order_(in_order),
          never_ran_(path_, "job", "never ran: unknown or zero runtime or processors, or no submit time") {}

    bool next(Task& t) override {
        SwfJob j;
        while (given_ < max_jobs_ && jobs_.next(j)) {
            if (seen_++ < skip_) continue;
            // Jobs with unknown or zero runtime or size never ran on the traced machine: not replayed.
            if (!j.ran() || j.submit_s < 0) {
                never_ran_.add(j.line);
                continue;
            }
            if (origin_ < 0) origin_ = j.submit_s;
            if (in_order_ && j.submit_s < last_submit_)
                throw InputError({path_, j.line, j.submit_column},
                                 "SWF job " + std::to_string(j.job_number) + ": submit time " + number12(j.submit_s) +
                                     " s (field 2) is before that of the job replayed before it, " +
                                     number12(last_submit_) + " s at line " + std::to_string(last_line_) +
                                     ": a streamed run replays a trace in submit order (sort its job lines by "
                                     "field 2, or load it whole)");
            last_submit_ = j.submit_s;
            last_line_ = j.line;
            t = task_of(j);
            ++given_;
            return true;
        }
        return false;
    }

    std::vector<SkippedRecords> skipped() const override {
        if (never_ran_.count == 0) return {};
        return {never_ran_};
    }

private:
    Task task_of(const SwfJob& j) const {
        const std::int64_t procs = *j.processors();
        // Fields 5 (allocated) or 8 (requested processors), whichever the job's size came from.
        const int procs_field = j.allocated_procs >= 0 ? 5 : 8;
        // Refused at the job's line: "SWF job <number><what>".
        const auto refuse = [&](const std::string& what) {
            throw InputError({path_, j.line, 1}, "SWF job " + std::to_string(j.job_number) + what);
        };
        if (procs > std::int64_t(UINT32_MAX))
            refuse(": " + std::to_string(procs) + " processors (field " + std::to_string(procs_field) +
                   ") is more than 4294967295");
        Task t;
        t.arrival_s = j.submit_s - origin_;
        t.cores = static_cast<std::uint32_t>(procs);
        t.work = work_of(j.run_s, memory_, f0_);  // the trace's runtime is the time at P0 of the reference core
        t.requested_time_s = j.requested_time_s;
        // The job's memory (what a checkpoint writes): used memory per processor (field 7), else requested
        // (field 10), times its processors; unknown: none.
        const double kb =
            j.used_memory_kb > 0 ? j.used_memory_kb : (j.requested_memory_kb > 0 ? j.requested_memory_kb : 0);
        const double bytes = kb * 1024.0 * static_cast<double>(procs);
        // Checked before the conversion, which is undefined beyond 2^64 - 1.
        if (!(bytes < 18446744073709551616.0))
            refuse(": its memory (" + number12(kb) + " KB per processor x " + std::to_string(procs) +
                   " processors) exceeds 2^64 bytes");
        t.memory_bytes = static_cast<std::uint64_t>(bytes);
        if (const TaskProblem p = check_.problem(t)) {
            const char* field =
                p.fault == TaskFault::Arrival ? " (field 2, submit time)"
                : p.fault == TaskFault::Request
                    ? (procs_field == 5 ? " (field 5, allocated processors)" : " (field 8, requested processors)")
                    : " (field 4, run time)";
            refuse(" " + p.message + field);
        }
        return t;
    }

    std::string path_;
    std::uint32_t max_jobs_;
    double skip_;
    double memory_;
    SwfJobReader jobs_;
    Hertz f0_;
    RunnableCheck check_;
    bool in_order_;
    SkippedRecords never_ran_;
    std::size_t seen_ = 0;      ///< job lines read
    std::uint32_t given_ = 0;   ///< tasks given
    Seconds origin_ = -1;       ///< the first replayed job's submit time
    Seconds last_submit_ = -1;  ///< the job replayed last: its submit time and line
    std::int32_t last_line_ = 0;
};

Workload swf_load(const YAML::Node& n, const WorkloadContext& c) {
    SwfTaskStream stream(n, c, false);
    Workload w;
    w.tasks = drain(stream);
    number_by_arrival(w.tasks);
    w.skipped = stream.skipped();
    return w;
}

std::unique_ptr<TaskStream> swf_stream(const YAML::Node& n, const WorkloadContext& c) {
    return std::make_unique<SwfTaskStream>(n, c, true);
}

}  // namespace

WorkloadInfo swf_workload() {
    return {
        "swf",
        "an SWF trace (Parallel Workloads Archive), one task per job that ran: arrival, processors, runtime at "
        "P0 of the reference core type, requested time and memory from the trace",
        {{"path", "string", "(required)", "the trace, plain or gzip, relative to the config file"},
         ParamInfo{"max_jobs", "integer", "all", "replay at most this many jobs"}.at_least(1),
         ParamInfo{"skip_jobs", "number", "0", "leave out this many job lines at the start of the trace"}.at_least(0),
         memory_fraction_param(),
         max_bytes_param()},
        swf_load,
        {},
        {"path"},
        swf_stream,
        {}};
}

}  // namespace rmsim
