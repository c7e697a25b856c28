// A SystemC design of its own that embeds one rmsim Node, without YAML and without rmsim's resource manager:
// the node is built in code from its parameters (NodeParams), its TLM sockets are bound to the design's own
// controller, and work runs at two P-states. The checks compare times and joules with values computed by
// hand; the program exits 0 if all hold. The kernel's time resolution is the first argument (ns or ps): the
// modules must give the same answers under either.
//
// The node: one processor of 2 cores, node base power 10 W, a DVFS domain per core.
//   P0: 2 GHz, busy 4 W, idle 1 W      P1: 1 GHz, busy 1.5 W, idle 0.5 W
// At 0 s the controller starts task 1 on core 0 at P0 and task 2 on core 1 at P1, 2e9 cycles each:
//   task 1 takes 2e9 / 2 GHz = 1 s, task 2 takes 2e9 / 1 GHz = 2 s.
// Joules up to 3 s: core 0 busy 4 W x 1 s + idle 1 W x 2 s = 6 J; core 1 busy 1.5 W x 2 s + idle 0.5 W x 1 s
// = 3.5 J; the node's base 10 W x 3 s = 30 J: 39.5 J in all. Each COMPLETED notice carries its task's core
// energy: 4 J and 3 J.
#include <cmath>
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>
#include <systemc>
#include <tlm>

#include "modules/node.h"
#include "modules/protocol.h"

using namespace rmsim;

namespace {

/// The design's controller: START commands into the node's net_in, notices back from its net_out.
struct Controller : sc_core::sc_module {
    tlm_utils::simple_initiator_socket<Controller> to_node;
    tlm_utils::simple_target_socket<Controller> from_node;

    struct Notice {
        sc_core::sc_time at;
        Message msg;
    };
    std::vector<Notice> notices;

    SC_HAS_PROCESS(Controller);
    explicit Controller(sc_core::sc_module_name name) : sc_module(name), to_node("to_node"), from_node("from_node") {
        from_node.register_b_transport(this, &Controller::receive);
        SC_THREAD(run);
    }

    void run() {
        for (TaskId task : {1, 2}) {
            Message m;
            m.op = Op::Start;
            m.node = 0;
            m.core = task == 1 ? 0 : 1;
            m.task = task;
            m.pstate = task == 1 ? 0 : 1;
            m.work.set_cycles(2e9);
            send_message(to_node, m, kManagerEndpoint, node_endpoint(0));
        }
    }

    void receive(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay) {
        notices.push_back({sc_core::sc_time_stamp() + delay, *message_of(gp)});
        gp.set_response_status(tlm::TLM_OK_RESPONSE);
    }
};

NodeParams two_core_node() {
    CoreType core;
    core.name = "core";
    core.pstates = {PState{2e9, 1.0, 4.0, 1.0}, PState{1e9, 0.8, 1.5, 0.5}};
    ProcessorType cpu;
    cpu.name = "cpu";
    cpu.core_type = 0;
    cpu.cores = 2;
    NodeType node;
    node.name = "node";
    node.processors = {NodeType::Processors{0, 1}};
    node.base_power_w = {10.0};
    NodeParams p;
    p.id = 0;
    p.type = node;
    p.processor_types = {cpu};
    p.core_types = {core};
    p.dvfs_domain = DvfsScope::Core;
    return p;
}

int failures = 0;

void check(bool ok, const std::string& what) {
    if (!ok) {
        std::cerr << "FAILED: " << what << "\n";
        ++failures;
    }
}

}  // namespace

int sc_main(int argc, char** argv) {
    const std::string resolution = argc > 1 ? argv[1] : "ns";
    sc_core::sc_set_time_resolution(1, resolution == "ps" ? sc_core::SC_PS : sc_core::SC_NS);

    Node node("node", two_core_node());
    Controller controller("controller");
    controller.to_node.bind(node.net_in);
    node.net_out.bind(controller.from_node);

    sc_core::sc_start(3, sc_core::SC_SEC);

    const sc_core::sc_time one(1, sc_core::SC_SEC), two(2, sc_core::SC_SEC);
    std::vector<Controller::Notice> completed;
    for (const auto& n : controller.notices) {
        if (n.msg.op == Op::Started)  // the acknowledgement carries the projected end: 1 s and 2 s
            check(n.at == sc_core::SC_ZERO_TIME && n.msg.projected_end == (n.msg.task == 1 ? one : two),
                  "STARTED of task " + std::to_string(n.msg.task));
        if (n.msg.op == Op::Completed) completed.push_back(n);
    }
    check(controller.notices.size() == 4, "two STARTED and two COMPLETED notices");
    check(completed.size() == 2 && completed[0].msg.task == 1 && completed[0].at == one, "task 1 ends at 1 s");
    check(completed.size() == 2 && completed[1].msg.task == 2 && completed[1].at == two, "task 2 ends at 2 s");
    check(completed.size() == 2 && std::fabs(completed[0].msg.energy_j - 4.0) < 1e-9, "task 1 used 4 J");
    check(completed.size() == 2 && std::fabs(completed[1].msg.energy_j - 3.0) < 1e-9, "task 2 used 3 J");
    Joules total = 0;
    for (Joules j : node.energy_breakdown()) total += j;
    check(std::fabs(total - 39.5) < 1e-9, "the node used 39.5 J up to 3 s (got " + std::to_string(total) + ")");
    std::cout << "embed_node (1 " << resolution << " resolution): " << (failures ? "FAILED" : "ok") << "\n";
    return failures ? 1 : 0;
}
