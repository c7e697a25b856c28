#include "sim/outputs/batsim_results.h"

#include <algorithm>
#include <charconv>

#include "sim/outputs/csv_row.h"

namespace rmsim {

namespace {

/// Resources a task requested: its cores, or its nodes' cores on the cluster it ran on (cluster 0 if none).
std::uint64_t requested_cores(const PolicyView& view, TaskId t) {
    const Task& k = view.task(t);
    if (k.nodes == 0) return k.cores;
    const TaskRecord& r = view.record(t);
    const ClusterId c = r.first_start != kNotYet ? r.cluster : 0;
    return std::uint64_t{k.nodes} * view.cores_per_node(c);
}

}  // namespace

BatsimEnd batsim_end(const TaskRecord& r) {
    switch (r.state) {
        case TaskState::Completed: return {"COMPLETED_SUCCESSFULLY", true};
        case TaskState::Killed: return {"COMPLETED_WALLTIME_REACHED", false};
        case TaskState::Dropped:
            // Dropped while it ran: the decision process killed it; before: it never ran.
            return r.first_start != kNotYet ? BatsimEnd{"COMPLETED_KILLED", false} : BatsimEnd{"REJECTED", false};
        case TaskState::Rejected: return {"REJECTED", false};
        case TaskState::Running: return {"RUNNING", false};
        case TaskState::Waiting:
        case TaskState::Reserved: return {"SUBMITTED", false};
        case TaskState::Pending: break;
    }
    return {"NOT_SUBMITTED", false};
}

void write_interval_set(const std::vector<std::uint32_t>& cores, std::ostream& o) {
    char buf[32];
    for (std::size_t i = 0; i < cores.size();) {
        std::size_t j = i;
        while (j + 1 < cores.size() && cores[j + 1] == cores[j] + 1) ++j;
        char* e = buf;
        if (i > 0) *e++ = ' ';
        e = std::to_chars(e, buf + sizeof buf, cores[i]).ptr;
        if (j > i) {
            *e++ = '-';
            e = std::to_chars(e, buf + sizeof buf, cores[j]).ptr;
        }
        o.write(buf, e - buf);
        i = j + 1;
    }
}

std::vector<std::uint32_t> cluster_core_bases(const PolicyView& view) {
    std::vector<std::uint32_t> base;
    std::uint64_t next = 0;
    for (ClusterId c = 0; c < view.cluster_count(); ++c) {
        base.push_back(static_cast<std::uint32_t>(next));
        next += std::uint64_t{view.platform().clusters.at(c).nodes} * view.cores_per_node(c);
    }
    return base;
}

void allocated_cores(const PolicyView& view, TaskId t, const std::vector<std::uint32_t>& cluster_base,
                     std::vector<std::uint32_t>& cores) {
    cores.clear();
    const auto [units, n] = view.last_units(t);
    if (n == 0) return;
    const ClusterId c = view.record(t).cluster;
    const NodeId first = view.platform().first_node(c);
    const std::uint32_t cpn = view.cores_per_node(c);
    for (std::size_t i = 0; i < n; ++i) {
        const auto [node, core] = view.unit_location(c, units[i]);
        const std::uint32_t node_base = cluster_base.at(c) + (node - first) * cpn;
        if (core == kAllCores)
            for (std::uint32_t k = 0; k < cpn; ++k) cores.push_back(node_base + k);
        else
            cores.push_back(node_base + core);
    }
    std::sort(cores.begin(), cores.end());
}

void write_batsim_jobs_csv(const PolicyView& view, std::ostream& o) {
    o << "job_id,workload_name,profile,submission_time,requested_number_of_resources,requested_time,success,"
         "final_state,starting_time,execution_time,finish_time,waiting_time,turnaround_time,stretch,"
         "allocated_resources,consumed_energy,metadata\n";
    const std::vector<std::uint32_t> bases = cluster_core_bases(view);
    std::vector<std::uint32_t> cores;
    CsvRow row;
    for (TaskId t = 0; t < view.task_count(); ++t) {
        const TaskRecord& r = view.record(t);
        const Task& k = view.task(t);
        const BatsimEnd end = batsim_end(r);
        const bool started = r.first_start != kNotYet;
        const bool ended = started && r.end != kNotYet;
        row.integer(t).text(",w0,").integer(k.type).ch(',').seconds(k.arrival()).ch(',');
        row.integer(requested_cores(view, t)).ch(',');
        if (k.requested_time_s >= 0)
            row.g12(k.requested_time_s);
        else
            row.text("-1");
        row.ch(',').integer(end.success ? 1 : 0).ch(',').text(end.final_state).ch(',');
        if (started) row.seconds(r.first_start);
        row.ch(',');
        if (ended) row.seconds(r.end - r.first_start);
        row.ch(',');
        if (ended) row.seconds(r.end);
        row.ch(',');
        if (started) row.seconds(r.first_start - k.arrival());
        row.ch(',');
        if (ended) row.seconds(r.end - k.arrival());
        row.ch(',');
        if (ended && r.end > r.first_start)
            row.g12((r.end - k.arrival()).to_seconds() / (r.end - r.first_start).to_seconds());
        row.ch(',');
        row.flush_to(o);
        allocated_cores(view, t, bases, cores);
        write_interval_set(cores, o);
        row.ch(',').g12(r.energy_j).text(",\n");
        row.flush_to(o);
    }
}

void write_schedule_swf(const PolicyView& view, std::ostream& o) {
    const std::vector<std::uint32_t> bases = cluster_core_bases(view);
    std::uint64_t total = 0;
    for (ClusterId c = 0; c < view.cluster_count(); ++c)
        total += std::uint64_t{view.platform().clusters.at(c).nodes} * view.cores_per_node(c);
    o << "; Version: 2.2\n; Computer: rmsim\n; Note: the schedule rmsim simulated (docs/outputs.md); one "
         "processor is one core\n; MaxJobs: "
      << view.task_count() << "\n; MaxRecords: " << view.task_count() << "\n; MaxProcs: " << total << "\n";
    std::vector<std::uint32_t> cores;
    CsvRow row;
    for (TaskId t = 0; t < view.task_count(); ++t) {
        const TaskRecord& r = view.record(t);
        const Task& k = view.task(t);
        const bool started = r.first_start != kNotYet;
        const bool ended = started && r.end != kNotYet;
        // 1 job number, 2 submit, 3 wait, 4 run time, 5 allocated processors
        row.integer(std::uint64_t{t} + 1).ch(' ').seconds(k.arrival()).ch(' ');
        if (started)
            row.seconds(r.first_start - k.arrival());
        else
            row.text("-1");
        row.ch(' ');
        if (ended)
            row.seconds(r.end - r.first_start);
        else
            row.text("-1");
        row.ch(' ');
        if (started) {
            allocated_cores(view, t, bases, cores);
            row.integer(cores.size());
        } else {
            row.text("-1");
        }
        // 6 average CPU time, 7 used memory: unknown; 8 requested processors, 9 requested time, 10 memory
        row.text(" -1 -1 ").integer(requested_cores(view, t)).ch(' ');
        if (k.requested_time_s >= 0)
            row.g12(k.requested_time_s);
        else
            row.text("-1");
        // 11 status: 1 completed, 0 failed (killed at its time limit), 5 cancelled (dropped, rejected); -1
        // still running or waiting when the run ended
        const TaskState s = r.state;
        const char* status = s == TaskState::Completed                             ? "1"
                             : s == TaskState::Killed                              ? "0"
                             : s == TaskState::Dropped || s == TaskState::Rejected ? "5"
                                                                                   : "-1";
        // 12-18 user, group, executable, queue, partition, preceding job, think time: unknown
        row.text(" -1 ").text(status).text(" -1 -1 -1 -1 -1 -1 -1\n");
        row.flush_to(o);
    }
}

}  // namespace rmsim
