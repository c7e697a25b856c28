#pragma once
// Hand-made value-of-service instances for the Machovec Ch.2 heuristics (no SystemC): one cluster of one node
// with `cores` cores and a memory pool of `memory_gb`, core granularity, and tasks with exact VM
// configurations and value functions.
#include <memory>
#include <vector>

#include "manager/bookkeeping.h"
#include "manager/policy.h"
#include "platform/platform_spec.h"
#include "workloads/task.h"
#include "workloads/vos_value.h"

namespace rmsim::test {

inline PlatformSpec vos_platform(std::uint32_t cores, double memory_gb) {
    PlatformSpec p;
    p.name = "vos-test";
    CoreType ct;
    ct.name = "core";
    ct.pstates = {PState{1e9, 1.0, 10.0, 1.0}};
    p.core_types = {ct};
    ProcessorType pt;
    pt.name = "cpu";
    pt.core_type = 0;
    pt.cores = cores;
    p.processor_types = {pt};
    NodeType nt;
    nt.name = "node";
    nt.processors = {NodeType::Processors{0, 1}};
    p.node_types = {nt};
    ClusterSpec c;
    c.name = "vos";
    c.node_type = 0;
    c.nodes = 1;
    c.memory_gb = memory_gb;
    p.clusters = {c};
    return p;
}

/// A regular task (γ = 1) with configurations `configs`, performance value 1 until p_soft s after arrival,
/// linear to `p_min` at p_hard; energy value 1 until 100 J, linear to 0.5 at 1000 J.
inline Task vos_task(TaskId id, Seconds arrival_s, std::vector<VmConfig> configs, Seconds p_soft, Seconds p_hard,
                     double p_min = 0.5) {
    auto terms = std::make_shared<VosTerms>();
    terms->performance = UtilityFunction::value_of_service(1.0, p_min, p_soft, p_hard);
    terms->energy = UtilityFunction::value_of_service(1.0, 0.5, 100.0, 1000.0);
    auto table = std::make_shared<TimeTable>();
    Seconds fastest = configs.front().seconds;
    for (const VmConfig& c : configs) fastest = std::min(fastest, c.seconds);
    table->seconds = {{fastest}};
    table->vm_configs = std::move(configs);
    table->vos = terms;
    Task t;
    t.id = id;
    t.arrival_s = arrival_s;
    t.cores = table->vm_configs.front().cores;
    t.work.set_table(std::shared_ptr<const TimeTable>(std::move(table)));
    t.utility = terms->performance;
    return t;
}

/// Arrivals up to `now`, due reservations, then one mapping event at now (as the ResourceManager does).
inline void vos_event(Bookkeeping& books, Policy& policy, const std::vector<Task>& tasks, SimTime now) {
    for (const Task& t : tasks)
        if (t.arrival() <= now && books.view().record(t.id).state == TaskState::Pending)
            books.arrive(t.id, t.arrival());
    books.start_due_reservations(now, now);
    books.begin_event(now);
    policy.schedule(books.view(), books.decisions());
}

}  // namespace rmsim::test
