// The workloads read from a file: `swf` (a Standard Workload Format trace replayed job by job), `csv` (a
// task list) and `batsim` (a Batsim JSON workload), docs/workloads.md.
#include <cstdint>

#include "platform/number_format.h"
#include "workloads/batsim_workload.h"
#include "workloads/config/workload_yaml.h"
#include "workloads/csv_tasks.h"
#include "workloads/runnable.h"
#include "workloads/swf_reader.h"
#include "workloads/workload_registry.h"

namespace rmsim {

namespace {

Workload from_swf(const YAML::Node& n, const WorkloadContext& c) {
    const std::string& file = c.file;
    const std::string path = c.resolve(get_string(n, "path", file));
    const std::uint32_t max_jobs = get_count_or(n, "max_jobs", file, UINT32_MAX);
    const double skip = get_non_negative_or(n, "skip_jobs", file, 0);
    const double mem = memory_fraction(n, file);
    const SwfTrace trace = read_swf(path, max_bytes(n, file));
    const Hertz f0 = reference_hz(c.platform);
    const RunnableCheck check(c.platform);
    Workload w;
    SkippedRecords never_ran{path, "job", "never ran: unknown or zero runtime or processors, or no submit time"};
    std::vector<Task>& tasks = w.tasks;
    Seconds origin = -1;
    std::size_t seen = 0;
    for (const SwfJob& j : trace.jobs) {
        if (seen++ < skip) continue;
        if (tasks.size() >= max_jobs) break;
        // Jobs with unknown or zero runtime or size never ran on the traced machine: not replayed.
        if (!j.ran() || j.submit_s < 0) {
            never_ran.add(j.line);
            continue;
        }
        if (origin < 0) origin = j.submit_s;
        const std::int64_t procs = *j.processors();
        // Fields 5 (allocated) or 8 (requested processors), whichever the job's size came from.
        const int procs_field = j.allocated_procs >= 0 ? 5 : 8;
        // Refused at the job's line: "SWF job <number><what>".
        const auto refuse = [&](const std::string& what) {
            throw InputError({path, j.line, 1}, "SWF job " + std::to_string(j.job_number) + what);
        };
        if (procs > std::int64_t(UINT32_MAX))
            refuse(": " + std::to_string(procs) + " processors (field " + std::to_string(procs_field) +
                   ") is more than 4294967295");
        Task t;
        t.arrival_s = j.submit_s - origin;
        t.cores = static_cast<std::uint32_t>(procs);
        t.work = work_of(j.run_s, mem, f0);  // the trace's runtime is the time at P0 of the reference core
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
        if (const TaskProblem p = check.problem(t)) {
            const char* field =
                p.fault == TaskFault::Arrival ? " (field 2, submit time)"
                : p.fault == TaskFault::Request
                    ? (procs_field == 5 ? " (field 5, allocated processors)" : " (field 8, requested processors)")
                    : " (field 4, run time)";
            refuse(" " + p.message + field);
        }
        tasks.push_back(std::move(t));
    }
    number_by_arrival(tasks);
    if (never_ran.count > 0) w.skipped.push_back(std::move(never_ran));
    return w;
}

std::vector<Task> from_csv(const YAML::Node& n, const WorkloadContext& c) {
    std::vector<Task> tasks =
        read_csv_tasks(c.resolve(get_string(n, "path", c.file)), c.platform, 0, max_bytes(n, c.file));
    number_by_arrival(tasks);
    return tasks;
}

std::vector<Task> from_batsim(const YAML::Node& n, const WorkloadContext& c) {
    const std::string path = c.resolve(get_string(n, "path", c.file));
    const BatsimWorkload b = read_batsim_workload(path, max_bytes(n, c.file));
    const Hertz f0 = reference_hz(c.platform);
    const RunnableCheck check(c.platform);
    std::vector<Task> tasks;
    tasks.reserve(b.jobs.size());
    for (const BatsimJob& j : b.jobs) {
        const std::string what = "Batsim job " + std::to_string(j.index) + " (id " + j.id + ")";
        if (j.res > UINT32_MAX)
            throw InputError({path, 0, 0}, what + ": 'res' " + std::to_string(j.res) + " is more than 4294967295");
        Task t;
        t.arrival_s = j.subtime_s;  // Batsim's submission times are absolute, from the simulation's start
        t.cores = static_cast<std::uint32_t>(j.res);
        if (j.delay) {
            t.work = work_of(j.amount, 0, f0);  // a delay is the time at P0 of the reference core type
        } else {
            t.work.set_cycles(j.amount);  // one flop per cycle, at each core type's own frequency
        }
        t.requested_time_s = j.walltime_s > 0 ? j.walltime_s : -1;
        if (const TaskProblem p = check.problem(t)) {
            const char* field = p.fault == TaskFault::Arrival   ? " ('subtime')"
                                : p.fault == TaskFault::Request ? " ('res')"
                                                                : " (profile '";
            throw InputError({path, 0, 0}, what + " " + p.message + field +
                                               (p.fault == TaskFault::Work ? j.profile + "')" : std::string()));
        }
        tasks.push_back(std::move(t));
    }
    number_by_arrival(tasks);
    return tasks;
}

}  // namespace

void register_reader_workloads(WorkloadRegistry& r) {
    r.add(
        {"swf",
         "an SWF trace (Parallel Workloads Archive), one task per job that ran: arrival, processors, runtime at "
         "P0 of the reference core type, requested time and memory from the trace",
         {{"path", "string", "(required)", "the trace, plain or gzip, relative to the config file"},
          ParamInfo{"max_jobs", "integer", "all", "replay at most this many jobs"}.at_least(1),
          ParamInfo{"skip_jobs", "number", "0", "leave out this many job lines at the start of the trace"}.at_least(0),
          memory_fraction_param(),
          max_bytes_param()},
         from_swf,
         {},
         {"path"}});
    r.add({"csv",
           "a task list in CSV: arrival, request, times per core type, deadline and value per task "
           "(docs/workloads.md, \"CSV task lists\")",
           {{"path", "string", "(required)", "the task list, plain or gzip, relative to the config file"},
            max_bytes_param()},
           tasks_of(from_csv),
           {},
           {"path"}});
    r.add({"batsim",
           "a Batsim JSON workload: one task per job, `res` cores, a delay profile's time at P0 of the reference "
           "core type or a parallel task's flops as cycles, `walltime` as the requested time (docs/workloads.md, "
           "\"Batsim workloads\")",
           {{"path", "string", "(required)", "the workload, plain or gzip, relative to the config file"},
            max_bytes_param()},
           tasks_of(from_batsim),
           {},
           {"path"}});
}

}  // namespace rmsim
