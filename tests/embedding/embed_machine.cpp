// A whole machine built from a YAML platform inside a design of its own, at the resolution the design sets
// (docs/embedding.md): two nodes of one core (P0 2 GHz busy 4 W idle 1 W, P1 1 GHz busy 1.5 W idle 0.5 W,
// node base 10 W) behind a cluster interconnect whose node links have 1.5 us latency. A controller on the
// machine's manager port starts task 1 (2e9 cycles) on node 0 at P0 and task 2 (1e9 cycles) on node 1 at P1
// at t = 0; the run stops at 3 s. The joules and times are computed by hand below and must be the same at
// 1 ns and at 1 ps. At 1 us the machine is refused: its 1.5 us latency is not a whole number of ticks.
//   embed_machine ns | ps | us
#include <cmath>
#include <iostream>
#include <string>
#include <vector>

#include <systemc>

#include "modules/energy_sampler.h"
#include "modules/machine.h"
#include "modules/protocol.h"
#include "modules/sim_time.h"
#include "platform/input_error.h"
#include "platform/platform_loader.h"

using namespace rmsim;

namespace {

const char* const kPlatform = R"(
platform:
  name: two-nodes
  core_types:
    - name: c
      pstates:
        - {frequency_ghz: 2.0, busy_power_w: 4.0, idle_power_w: 1.0}
        - {frequency_ghz: 1.0, busy_power_w: 1.5, idle_power_w: 0.5}
  processor_types: [{name: p, core_type: c, cores: 1}]
  node_types: [{name: n, processors: [{type: p}], base_power_w: 10}]
  clusters: [{name: k, node_type: n, nodes: 2, network: {latency_s: 1.5e-6}}]
)";

/// Sends the two STARTs at t = 0 and keeps the notices with their arrival times.
struct Controller : sc_core::sc_module {
    struct Notice {
        sc_core::sc_time at;
        Message msg;
    };
    ControlPort& port;
    std::vector<Notice> notices;

    SC_HAS_PROCESS(Controller);
    Controller(sc_core::sc_module_name name, ControlPort& p) : sc_module(name), port(p) {
        port.set_handler([this](const Message& m) { notices.push_back({sc_core::sc_time_stamp(), m}); });
        SC_THREAD(run);
    }
    void run() {
        for (TaskId task : {1, 2}) {
            Message m;
            m.op = Op::Start;
            m.node = task == 1 ? 0 : 1;
            m.core = 0;
            m.task = task;
            m.pstate = task == 1 ? 0 : 1;
            m.work.set_cycles(task == 1 ? 2e9 : 1e9);
            port.send(m);
        }
    }
};

int failures = 0;

void check(bool ok, const std::string& what) {
    if (!ok) {
        std::cerr << "FAILED: " << what << "\n";
        ++failures;
    }
}

bool near(double a, double b) { return std::fabs(a - b) <= 1e-9 * std::max(1.0, std::fabs(b)); }

}  // namespace

int sc_main(int argc, char** argv) {
    const std::string resolution = argc > 1 ? argv[1] : "ns";
    sc_core::sc_set_time_resolution(1, resolution == "ps"   ? sc_core::SC_PS
                                       : resolution == "us" ? sc_core::SC_US
                                                            : sc_core::SC_NS);
    const PlatformSpec spec = load_platform_text(kPlatform, "two-nodes.yaml");
    if (resolution == "us") {
        try {
            Machine machine(spec);
            check(false, "a 1 us resolution is refused");
        } catch (const InputError& e) {
            const std::string m = e.what();
            check(m.find("cluster 'k' network latency (1.5e-06 s) is not a whole number of its ticks") !=
                      std::string::npos,
                  "the refusal names the latency: " + m);
        }
        std::cout << "embed_machine (1 us resolution): " << (failures ? "FAILED" : "refused, ok") << "\n";
        return failures ? 1 : 0;
    }

    Machine machine(spec);
    Controller controller("controller", machine.manager_port());
    EnergySampler sampler(sc_core::sc_time(1, sc_core::SC_SEC), false);
    machine.observe_energy(&sampler);
    const sc_core::sc_time end(3, sc_core::SC_SEC);
    sc_core::sc_start(end);
    sampler.finish(machine.energy_account(), end);

    // A message crosses the sender's link and the receiver's: manager -> node 1.5 us, node -> manager 1.5 us.
    // Task 1: starts at L = 1.5 us, 2e9 cycles at 2 GHz = 1 s, ends at 1.0000015 s; its COMPLETED arrives at
    // 1.000003 s. Task 2: 1e9 cycles at 1 GHz, the same times.
    const sc_core::sc_time latency(1500, sc_core::SC_NS);
    const sc_core::sc_time done = sc_core::sc_time(1, sc_core::SC_SEC) + latency + latency;
    int completed = 0;
    for (const Controller::Notice& n : controller.notices)
        if (n.msg.op == Op::Completed) {
            ++completed;
            check(n.at == done,
                  "task " + std::to_string(n.msg.task) + "'s COMPLETED at 1.000003 s, got " + n.at.to_string());
            // Task 1 at P0: 4 W x 1 s; task 2 at P1: 1.5 W x 1 s.
            check(near(n.msg.energy_j, n.msg.task == 1 ? 4.0 : 1.5), "task " + std::to_string(n.msg.task) + " energy");
        }
    check(completed == 2, "two COMPLETED notices");

    // Energy up to 3 s, L = 1.5e-6 s. Nodes: 2 x 10 W x 3 s = 60 J. Node 0's core: idle 1 W over [0, L) and
    // [L + 1, 3), busy 4 W over [L, L + 1): 1 x 2 + 4 x 1 = 6 J. Node 1's core: idle at P0 1 W over [0, L),
    // busy at P1 1.5 W over [L, L + 1), idle at P1 0.5 W over [L + 1, 3): L + 1.5 + 0.5 x (2 - L)
    // = 2.5 + 0.5 L = 2.50000075 J. In all 68.50000075 J.
    const double L = 1.5e-6;
    const double want = 60 + 6 + (2.5 + 0.5 * L);
    const EnergyReading r = machine.manager_port().read_meter();
    check(near(r.total_j, want), "68.50000075 J up to 3 s, got " + std::to_string(r.total_j));
    check(near(machine.total_energy(), want), "the machine's account agrees");
    // The sampler's last sample is at the end itself, exactly (no rounding, nothing extrapolated).
    const auto& samples = sampler.samples();
    check(samples.size() == 4 && samples.back().at == end, "samples at 0, 1, 2 and 3 s");
    Joules sampled = 0;
    for (Joules j : samples.back().energy_j) sampled += j;
    check(near(sampled, want), "the sample at 3 s holds the 68.50000075 J");

    std::cout << "embed_machine (1 " << resolution << " resolution): " << (failures ? "FAILED" : "ok") << "\n";
    return failures ? 1 : 0;
}
