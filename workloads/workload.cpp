#include "workloads/workload.h"

#include <algorithm>

namespace rmsim {

void number_by_arrival(std::vector<Task>& tasks) {
    const auto by_arrival = [](const Task& a, const Task& b) { return a.arrival_s < b.arrival_s; };
    if (!std::is_sorted(tasks.begin(), tasks.end(), by_arrival))
        std::stable_sort(tasks.begin(), tasks.end(), by_arrival);
    for (std::size_t i = 0; i < tasks.size(); ++i) tasks[i].id = TaskId(i);
}

Workload flatten_jobs(std::vector<Job> jobs) {
    std::stable_sort(jobs.begin(), jobs.end(), [](const Job& a, const Job& b) { return a.arrival_s < b.arrival_s; });
    Workload w;
    for (Job& job : jobs) {
        job.topological_order();  // validates the graph (throws on a cycle or a bad edge)
        DagJob d;
        d.id = static_cast<JobId>(w.jobs.size());
        d.arrival_s = job.arrival_s;
        d.first_task = w.tasks.size();
        d.task_count = static_cast<std::uint32_t>(job.tasks.size());
        d.edges = job.edges;
        d.value = job.value;
        d.out_edges.resize(d.task_count);
        d.in_edges.resize(d.task_count);
        for (std::uint32_t e = 0; e < d.edges.size(); ++e) {
            d.out_edges[d.edges[e].from].push_back(e);
            d.in_edges[d.edges[e].to].push_back(e);
        }
        for (Task& t : job.tasks) {
            t.id = w.tasks.size();
            t.arrival_s = job.arrival_s;
            t.utility = UtilityFunction::constant(0.0);
            w.tasks.push_back(std::move(t));
        }
        w.jobs.push_back(std::move(d));
    }
    return w;
}

Workload one_task_jobs(std::vector<Task> tasks) {
    Workload w;
    w.jobs.reserve(tasks.size());
    for (const Task& t : tasks) {
        DagJob d;
        d.id = static_cast<JobId>(w.jobs.size());
        d.arrival_s = t.arrival_s;
        d.first_task = t.id;
        d.task_count = 1;
        d.value = t.utility;
        d.out_edges.resize(1);
        d.in_edges.resize(1);
        w.jobs.push_back(std::move(d));
    }
    w.tasks = std::move(tasks);
    return w;
}

std::string skipped_note(const SkippedRecords& s) {
    std::string lines;
    for (const std::int32_t l : s.first_lines) lines += (lines.empty() ? "" : ", ") + std::to_string(l);
    const std::string records = s.record + (s.count == 1 ? "" : "s");
    const std::string at = std::string(s.count > s.first_lines.size() ? "first " : "") + "at line" +
                           (s.first_lines.size() == 1 ? "" : "s");
    return s.file + ": " + std::to_string(s.count) + " " + records + " skipped (" + s.reason + "), " + at + " " + lines;
}

std::vector<JobId> job_of_tasks(const Workload& w) {
    std::vector<JobId> of(w.tasks.size(), 0);
    for (const DagJob& j : w.jobs)
        for (std::uint32_t i = 0; i < j.task_count; ++i) of[j.first_task + i] = j.id;
    return of;
}

}  // namespace rmsim
