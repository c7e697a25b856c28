#pragma once
// Drives the modeled hardware directly in tests: a platform built in code, a script of timed commands sent
// through the manager port, and the notices received with their arrival times.
#include <memory>
#include <utility>
#include <vector>

#include <systemc>

#include "modules/control_port.h"
#include "modules/machine.h"
#include "modules/sim_time.h"
#include "platform/platform_spec.h"

namespace rmsim::test {

/// One core type with the given P-states, `cores_per_node` cores on one processor per node, `nodes` nodes.
inline PlatformSpec simple_platform(std::vector<PState> pstates, std::uint32_t cores_per_node, std::uint32_t nodes) {
    PlatformSpec s;
    s.name = "test";
    CoreType ct;
    ct.name = "core";
    ct.pstates = std::move(pstates);
    s.core_types.push_back(ct);
    ProcessorType pt;
    pt.name = "cpu";
    pt.cores = cores_per_node;
    s.processor_types.push_back(pt);
    NodeType nt;
    nt.name = "node";
    nt.processors.push_back({0, 1});
    s.node_types.push_back(nt);
    ClusterSpec c;
    c.name = "c0";
    c.nodes = nodes;
    s.clusters.push_back(c);
    return s;
}

/// One node of one core at 1 GHz, 2 W busy, 0.5 W idle; preemption: checkpoint 2 s + memory / 1 GB/s and 5 J,
/// restore 3 s + memory / 1 GB/s and 7 J.
/// `spec`, once the kernel's resolution is 1 ns as in rmsim's runs (a Machine adopts the resolution it finds):
/// for fixtures that build a Machine in their initializer list.
inline const PlatformSpec& at_ns(const PlatformSpec& spec) {
    set_time_resolution();
    return spec;
}

inline PlatformSpec costly_preemption_platform() {
    PlatformSpec p = simple_platform({PState{1e9, 1.0, 2.0, 0.5}}, 1, 1);
    p.preemption.checkpoint_s = 2;
    p.preemption.checkpoint_j = 5;
    p.preemption.resume_s = 3;
    p.preemption.resume_j = 7;
    p.preemption.bandwidth_bytes_per_s = 1e9;
    return p;
}

/// One node of one core at 1 GHz (busy 2 W, idle 0.5 W) or 0.5 GHz (busy 1 W, idle 0.5 W), with 10 W of
/// node base power and 3 W of uncore power: the energy tests compute their expectations from these.
inline PlatformSpec metered_platform() {
    PlatformSpec spec = simple_platform({{1e9, 1.0, 2.0, 0.5}, {0.5e9, 0.8, 1.0, 0.5}}, 1, 1);
    spec.node_types[0].base_power_w = {10.0};
    spec.processor_types[0].uncore_power_w = {3.0};
    return spec;
}

/// Analytic work of `cycles` cycles (no memory part).
inline WorkModel cycles(double n) {
    WorkModel w;
    w.set_cycles(n);
    return w;
}

inline Message start(NodeId node, std::uint32_t core, TaskId task, const WorkModel& w, std::uint32_t pstate = 0,
                     double remaining = 1.0) {
    Message m;
    m.op = Op::Start;
    m.node = node;
    m.core = core;
    m.task = task;
    m.work = w;
    m.pstate = pstate;
    m.remaining = remaining;
    return m;
}

inline Message command(Op op, NodeId node, std::uint32_t core, TaskId task = 0, std::uint32_t pstate = 0) {
    Message m;
    m.op = op;
    m.node = node;
    m.core = core;
    m.task = task;
    m.pstate = pstate;
    return m;
}

struct Received {
    sc_core::sc_time at;
    Message msg;
};

/// Sends each command at its time (in seconds) and records every notice: the ends of parts (COMPLETED,
/// PREEMPTED, TRANSFERRED) in `received`, the projections (STARTED, PROJECTED) in `projections`, the levels
/// set by governors and power caps (DOMAIN_LEVEL) in `levels`.
class Script : public sc_core::sc_module {
public:
    SC_HAS_PROCESS(Script);
    Script(sc_core::sc_module_name n, ControlPort& port) : sc_module(n), port_(port) {
        port_.set_handler([this](const Message& m) {
            (m.op == Op::Started || m.op == Op::Projected ? projections
             : m.op == Op::DomainLevel                    ? levels
                                                          : received)
                .push_back({sc_core::sc_time_stamp(), m});
        });
        SC_THREAD(run);
    }
    /// Commands are sent in the order added; times must not decrease.
    void at(double seconds, Message m) { plan_.emplace_back(seconds, m); }

    std::vector<Received> received;
    std::vector<Received> projections;
    std::vector<Received> levels;  ///< DOMAIN_LEVEL notices (governors, power caps)

private:
    void run() {
        for (const auto& [seconds, m] : plan_) {
            const sc_core::sc_time t = from_seconds_ceil(seconds);
            if (t > sc_core::sc_time_stamp()) wait(t - sc_core::sc_time_stamp());
            port_.send(m);
        }
    }
    ControlPort& port_;
    std::vector<std::pair<double, Message>> plan_;
};

/// A START of a task that runs on `gang_nodes` nodes, the first being `root`, `part_cores` of them here.
inline Message gang_start(NodeId node, std::uint32_t core, TaskId task, const WorkModel& w, NodeId root,
                          std::uint32_t gang_nodes, std::uint32_t part_cores = 1) {
    Message m = start(node, core, task, w);
    m.gang_root = root;
    m.gang_nodes = gang_nodes;
    m.part_cores = part_cores;
    return m;
}

inline double seconds(const sc_core::sc_time& t) { return to_seconds(t); }

/// Runs the simulation up to `seconds`.
inline void run_until(double s) { sc_core::sc_start(from_seconds_ceil(s)); }

}  // namespace rmsim::test
