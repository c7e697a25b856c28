#pragma once
// A one-node platform with four P-states (2, 1.5, 1 and 0.5 GHz) for the governor tests, and work that
// takes the same time at every level (memory time), so that a test sets the load directly.
#include "modules/activity_log.h"
#include "tests/modules/hw_fixture.h"

namespace rmsim::test {

inline PlatformSpec four_level_platform(std::uint32_t cores = 1, std::uint32_t nodes = 1) {
    return simple_platform(
        {{2.0e9, 1.0, 8.0, 1.0}, {1.5e9, 0.9, 5.0, 0.8}, {1.0e9, 0.8, 3.0, 0.6}, {0.5e9, 0.7, 1.5, 0.4}}, cores, nodes);
}

/// Work of `s` seconds at any level.
inline WorkModel seconds_of_work(double s) {
    WorkModel w;
    w.set_memory_s(s);
    return w;
}

/// A governor maker for one governor type with its parameters.
template <class G, class P>
GovernorMaker maker(P params) {
    return [params] { return std::make_unique<G>(params); };
}

/// Hardware options: every domain runs governor G with `params`.
template <class G, class P>
MachineOptions governed(P params) {
    MachineOptions o;
    o.governor = maker<G>(params);
    return o;
}

/// A machine with `params`, its activity log and a command script.
struct GovernedMachine {
    GovernedMachine(const PlatformSpec& spec, const MachineOptions& o)
        : machine(at_ns(spec), o), script("script", machine.manager_port()) {
        machine.attach_log(&log);
    }
    GovernorModule& governor(NodeId node = 0) { return *machine.node(node).governor(0); }

    Machine machine;
    ActivityLog log{false};
    Script script;
};

}  // namespace rmsim::test
