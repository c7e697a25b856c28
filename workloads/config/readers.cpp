// The workloads read from a file: `swf` (a Standard Workload Format trace replayed job by job), `csv` (a
// task list) and `batsim` (a Batsim JSON workload), docs/workloads.md.
#include <cstdint>

#include "platform/number_format.h"
#include "workloads/batsim_workload.h"
#include "workloads/config/swf_workload.h"
#include "workloads/config/workload_yaml.h"
#include "workloads/csv_tasks.h"
#include "workloads/runnable.h"
#include "workloads/workload_registry.h"

namespace rmsim {

namespace {

/// The task list's rows as a stream; `ordered` for a streamed run (CsvTaskStream).
std::unique_ptr<CsvTaskStream> csv_rows(const YAML::Node& n, const WorkloadContext& c, bool ordered) {
    return std::make_unique<CsvTaskStream>(c.resolve(get_string(n, "path", c.file)), c.platform, 0,
                                           max_bytes(n, c.file), ordered);
}

std::vector<Task> from_csv(const YAML::Node& n, const WorkloadContext& c) {
    std::vector<Task> tasks = drain(*csv_rows(n, c, false));
    number_by_arrival(tasks);
    return tasks;
}

std::unique_ptr<TaskStream> csv_stream(const YAML::Node& n, const WorkloadContext& c) { return csv_rows(n, c, true); }

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
    r.add(swf_workload());
    r.add({"csv",
           "a task list in CSV: arrival, request, times per core type, deadline and value per task "
           "(docs/workloads.md, \"CSV task lists\")",
           {{"path", "string", "(required)", "the task list, plain or gzip, relative to the config file"},
            max_bytes_param()},
           tasks_of(from_csv),
           {},
           {"path"},
           csv_stream,
           {}});
    r.add({"batsim",
           "a Batsim JSON workload: one task per job, `res` cores, a delay profile's time at P0 of the reference "
           "core type or a parallel task's flops as cycles, `walltime` as the requested time (docs/workloads.md, "
           "\"Batsim workloads\")",
           {{"path", "string", "(required)", "the workload, plain or gzip, relative to the config file"},
            max_bytes_param()},
           tasks_of(from_batsim),
           {},
           {"path"},
           {},
           "is one JSON document whose profiles may come after its jobs: it is read whole"});
}

}  // namespace rmsim
