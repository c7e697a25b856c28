// Benchmark of the modeled hardware alone (no resource manager): a machine of 1,024 nodes x 32 cores
// (32,768 cores, the scale of Machovec Ch.3 §3.4.2.1) kept fully busy with 10^6 task segments, with node-wide
// DVFS changes now and then. A driver module plays the manager: it starts one segment on every core at t = 0
// and, on each Completed notice, the next one on the core that completed, until all segments are done.
// Prints wall times (elaboration, simulation), throughput (segments/s, protocol messages/s, delta cycles/s),
// peak RSS and the energy breakdown, and checks that the machine-wide energy account equals the sum over
// every component meter. Not a test: `make bench`, then run bench_hardware [--nodes N]
// [--cores-per-node C] [--segments S] [--seed X]. Exit status 1 if the energy invariant fails.
#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include <systemc>

#include "modules/control_port.h"
#include "modules/machine.h"
#include "modules/protocol.h"
#include "modules/sim_time.h"
#include "platform/platform_spec.h"
#include "platform/work_model.h"

namespace {

using Clock = std::chrono::steady_clock;

struct Options {
    std::uint32_t nodes = 1024;
    std::uint32_t cores_per_node = 32;
    std::uint64_t segments = 1000000;
    std::uint64_t seed = 20240601;
};

[[noreturn]] void usage(const char* argv0) {
    std::fprintf(stderr, "usage: %s [--nodes N] [--cores-per-node C] [--segments S] [--seed X]\n", argv0);
    std::fflush(stderr);
    std::_Exit(2);
}

Options parse(int argc, char** argv) {
    Options o;
    for (int i = 1; i < argc; ++i) {
        const std::string flag = argv[i];
        if (i + 1 >= argc) usage(argv[0]);
        char* end = nullptr;
        const unsigned long long v = std::strtoull(argv[++i], &end, 10);
        if (*end != '\0' || v == 0) usage(argv[0]);
        if (flag == "--nodes")
            o.nodes = static_cast<std::uint32_t>(v);
        else if (flag == "--cores-per-node")
            o.cores_per_node = static_cast<std::uint32_t>(v);
        else if (flag == "--segments")
            o.segments = v;
        else if (flag == "--seed")
            o.seed = v;
        else
            usage(argv[0]);
    }
    return o;
}

/// A homogeneous cluster with a node-wide DVFS domain and three P-states; uncore and node base power
/// depend on the P-state, so a DVFS change touches every level of the power model.
rmsim::PlatformSpec bench_platform(const Options& o) {
    using namespace rmsim;
    PlatformSpec s;
    s.name = "bench";
    s.dvfs_domain = DvfsScope::Node;
    CoreType ct;
    ct.name = "core";
    //          frequency  voltage busy   idle
    ct.pstates = {{2.4e9, 1.10, 6.0, 2.0}, {1.8e9, 0.95, 3.8, 1.5}, {1.2e9, 0.80, 2.2, 1.0}};
    ct.transition_latency_s = 10e-6;
    ct.transition_energy_j = 1e-4;
    ct.sleep_power_w = 0.1;
    s.core_types.push_back(ct);
    ProcessorType pt;
    pt.name = "cpu";
    pt.cores = o.cores_per_node;
    pt.uncore_power_w = {20.0, 16.0, 12.0};
    s.processor_types.push_back(pt);
    NodeType nt;
    nt.name = "node";
    nt.processors.push_back({0, 1});
    nt.base_power_w = {60.0, 55.0, 50.0};
    s.node_types.push_back(nt);
    ClusterSpec c;
    c.name = "c0";
    c.nodes = o.nodes;
    c.network = LinkSpec{1e-6, 10e9};  // 1 us, 10 GB/s per node link
    s.clusters.push_back(c);
    s.manager_link = LinkSpec{1e-6, 10e9};
    return s;
}

/// Plays the resource manager: keeps every core busy until `segments` segments have completed.
class Driver : public sc_core::sc_module {
public:
    SC_HAS_PROCESS(Driver);
    Driver(sc_core::sc_module_name n, rmsim::Machine& m, const Options& o)
        : sc_module(n), machine_(m), opt_(o), rng_(o.seed), level_(m.node_count(), 0) {
        m.manager_port().set_handler([this](const rmsim::Message& msg) { on_notice(msg); });
        SC_THREAD(run);
    }

    void start_of_simulation() override { sim_begin = Clock::now(); }

    Clock::time_point sim_begin;
    std::uint64_t started = 0;
    std::uint64_t completed = 0;
    std::uint64_t pstate_changes = 0;
    rmsim::Joules segment_energy_j = 0;  ///< sum of the energies attributed to segments by Completed notices
    sc_core::sc_time last_completion;

private:
    /// Work of a segment: 0.5e9 to 5e9 cycles (0.2 s to 2.1 s at P0, 0.4 s to 4.2 s at P2).
    rmsim::WorkModel next_work() {
        rmsim::WorkModel w;
        w.set_cycles(std::floor(work_cycles_(rng_)));
        return w;
    }

    void start_segment(rmsim::NodeId node, std::uint32_t core) {
        rmsim::Message m;
        m.op = rmsim::Op::Start;
        m.node = node;
        m.core = core;
        m.task = started++;
        m.work = next_work();
        m.pstate = level_[node];  // the domain is node-wide: a Start at another level would switch the node
        machine_.manager_port().send(m);
    }

    void run() {
        const std::uint32_t cores = static_cast<std::uint32_t>(machine_.node(0).core_count());
        for (rmsim::NodeId n = 0; n < machine_.node_count(); ++n)
            for (std::uint32_t c = 0; c < cores && started < opt_.segments; ++c) start_segment(n, c);
    }

    void on_notice(const rmsim::Message& m) {
        if (m.op != rmsim::Op::Completed) return;
        ++completed;
        segment_energy_j += m.energy_j;
        last_completion = sc_core::sc_time_stamp();
        // Every kPStateEvery completions, one node (chosen at random) moves to a random P-state: its running
        // segments stall for the transition latency and continue at the new speed.
        if (completed % kPStateEvery == 0) {
            const auto node = static_cast<rmsim::NodeId>(node_pick_(rng_) % machine_.node_count());
            const auto level = static_cast<std::uint32_t>(level_pick_(rng_));
            if (level != level_[node]) {
                level_[node] = level;
                rmsim::Message s;
                s.op = rmsim::Op::SetPState;
                s.node = node;
                s.core = rmsim::kAllCores;
                s.pstate = level;
                machine_.manager_port().send(s);
                ++pstate_changes;
            }
        }
        if (started < opt_.segments) start_segment(m.node, m.core);
    }

    static constexpr std::uint64_t kPStateEvery = 100;
    rmsim::Machine& machine_;
    Options opt_;
    std::mt19937_64 rng_;
    std::uniform_real_distribution<double> work_cycles_{0.5e9, 5e9};
    std::uniform_int_distribution<std::uint64_t> node_pick_{0, std::numeric_limits<std::uint64_t>::max()};
    std::uniform_int_distribution<int> level_pick_{0, 2};
    std::vector<std::uint32_t> level_;
};

double seconds_between(Clock::time_point a, Clock::time_point b) {
    return std::chrono::duration<double>(b - a).count();
}

long peak_rss_kib() {
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return u.ru_maxrss;  // KiB on Linux
}

}  // namespace

extern "C" int sc_main(int argc, char** argv) {
    const Options opt = parse(argc, argv);
    const Clock::time_point t0 = Clock::now();

    // Leaked on purpose: destroying 10^5 modules costs more than building them (docs/architecture.md, scale facts).
    rmsim::set_time_resolution();
    auto* machine = new rmsim::Machine(bench_platform(opt));
    auto* driver = new Driver("driver", *machine, opt);
    const long rss_elaborated_kib = peak_rss_kib();

    sc_core::sc_start();  // runs until no event is left: every segment has completed
    const Clock::time_point t_end = Clock::now();

    const double elaboration_s = seconds_between(t0, driver->sim_begin);
    const double simulation_s = seconds_between(driver->sim_begin, t_end);
    const double simulated_s = rmsim::to_seconds(sc_core::sc_time_stamp());
    const std::uint64_t deltas = sc_core::sc_delta_count();
    rmsim::ControlPort& port = machine->manager_port();
    const std::uint64_t messages = port.commands_sent() + port.notices_received();
    const std::uint64_t routed = machine->network().messages();

    const rmsim::EnergyBreakdown account = machine->energy_breakdown();
    const rmsim::EnergyBreakdown components = machine->sum_of_components();
    double total = 0, worst_rel = 0;
    for (std::size_t i = 0; i < rmsim::kEnergyCategories; ++i) total += account[i];
    for (std::size_t i = 0; i < rmsim::kEnergyCategories; ++i)
        worst_rel = std::max(worst_rel, std::fabs(account[i] - components[i]) / std::max(total, 1e-300));
    const bool invariant_ok = worst_rel <= 1e-9 && driver->completed == opt.segments;

    std::printf("platform          : %u nodes x %u cores = %llu cores, 3 P-states, node-wide DVFS\n", opt.nodes,
                opt.cores_per_node, static_cast<unsigned long long>(machine->spec().total_cores()));
    std::printf("segments          : %llu started, %llu completed; %llu P-state changes\n",
                static_cast<unsigned long long>(driver->started), static_cast<unsigned long long>(driver->completed),
                static_cast<unsigned long long>(driver->pstate_changes));
    std::printf("simulated time    : %.6f s\n", simulated_s);
    std::printf("wall elaboration  : %.3f s\n", elaboration_s);
    std::printf("wall simulation   : %.3f s\n", simulation_s);
    std::printf("segments/s        : %.0f\n", driver->completed / simulation_s);
    std::printf(
        "messages          : %llu (manager port: commands + notices), %llu routed by the cluster "
        "interconnect\n",
        static_cast<unsigned long long>(messages), static_cast<unsigned long long>(routed));
    std::printf("messages/s        : %.0f\n", messages / simulation_s);
    std::printf("delta cycles      : %llu (%.0f /s)\n", static_cast<unsigned long long>(deltas), deltas / simulation_s);
    std::printf("peak RSS          : %ld KiB (%ld KiB after elaboration)\n", peak_rss_kib(), rss_elaborated_kib);
    std::printf("energy total      : %.6e J (segments attributed: %.6e J)\n", total, driver->segment_energy_j);
    for (std::size_t i = 0; i < rmsim::kEnergyCategories; ++i)
        std::printf("  %-15s : %.6e J\n", rmsim::to_string(static_cast<rmsim::EnergyCategory>(i)), account[i]);
    std::printf("energy invariant  : %s (max |account - sum of components| / total = %.3e)\n",
                invariant_ok ? "ok" : "FAILED", worst_rel);
    std::fflush(stdout);
    // Skip the module tree's destruction (quadratic in SystemC 2.3.4's registry) and static destructors.
    std::_Exit(invariant_ok ? 0 : 1);
}
