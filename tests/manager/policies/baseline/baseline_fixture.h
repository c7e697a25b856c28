#pragma once
// Hand-built platforms, tasks and mapping events for the baseline policy tests (no SystemC): the tests
// drive the manager's bookkeeping the way the ResourceManager does — completions, due reservations, then one
// mapping event — and inspect the task records.
#include <cstdint>
#include <memory>
#include <vector>

#include "manager/bookkeeping.h"
#include "manager/policy.h"
#include "platform/platform_spec.h"
#include "workloads/task.h"

namespace rmsim::test {

using namespace rmsim::time_literals;

/// One core type with two P-states, one single-processor node type with `cores_per_node` cores, and one
/// cluster per entry of `nodes` (all of that node type).
inline PlatformSpec small_platform(std::vector<std::uint32_t> nodes, std::uint32_t cores_per_node = 1) {
    PlatformSpec p;
    p.name = "test";
    CoreType ct;
    ct.name = "c";
    ct.pstates = {PState{2e9, 1.0, 10.0, 1.0}, PState{1e9, 0.8, 5.0, 1.0}};
    p.core_types.push_back(ct);
    ProcessorType pt;
    pt.name = "p";
    pt.core_type = 0;
    pt.cores = cores_per_node;
    p.processor_types.push_back(pt);
    NodeType nt;
    nt.name = "n";
    nt.processors = {NodeType::Processors{0, 1}};
    p.node_types.push_back(nt);
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        ClusterSpec c;
        c.name = "cl" + std::to_string(i);
        c.node_type = 0;
        c.nodes = nodes[i];
        p.clusters.push_back(c);
    }
    return p;
}

/// A task requesting `nodes` whole nodes (or `cores` cores when nodes == 0) that takes exactly
/// `p0_s` seconds at P0 and `p1_s` at P1 (a TimeTable, so times are exact).
inline Task make_task(TaskId id, Seconds arrival_s, std::uint32_t nodes, std::uint32_t cores, Seconds p0_s,
                      Seconds p1_s = -1) {
    Task t;
    t.id = id;
    t.arrival_s = arrival_s;
    t.nodes = nodes;
    t.cores = cores;
    auto table = std::make_shared<TimeTable>();
    table->seconds = {{p0_s, p1_s < 0 ? 2 * p0_s : p1_s}};
    t.work.set_table(table);
    return t;
}

inline Task node_task(TaskId id, std::uint32_t nodes, Seconds p0_s) { return make_task(id, 0.0, nodes, 1, p0_s); }

/// Completions at now (every part of each task), due reservations, then one mapping event.
inline void event_at(Bookkeeping& books, Policy& policy, SimTime now, const std::vector<TaskId>& done = {}) {
    const PolicyView& view = books.view();
    for (TaskId t : done) {
        const std::uint32_t parts = view.record(t).parts_left;
        for (std::uint32_t i = 0; i < parts; ++i) books.part_finished(t, false, 0, 0, now);
    }
    books.start_due_reservations(now, now);
    books.begin_event(now);
    policy.schedule(view, books.decisions());
}

inline void arrive_all(Bookkeeping& books, const std::vector<Task>& tasks) {
    for (const Task& t : tasks) books.arrive(t.id, t.arrival());
}

}  // namespace rmsim::test
