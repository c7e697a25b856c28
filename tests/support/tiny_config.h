#pragma once
// A tiny experiment config for command-line tests: one cluster of 4 nodes x 4 cores at two P-states, and a
// workload of 200 generated tasks (ten lines of platform, two of workload, then the manager: tests locate
// errors by these line numbers).
#include <string>

namespace rmsim::test {

inline const char* const kPlatform =
    "platform:\n"
    "  name: tiny\n"
    "  core_types:\n"
    "    - name: c\n"
    "      pstates:\n"
    "        - {frequency_ghz: 2.0, busy_power_w: 4.0, idle_power_w: 1.0}\n"
    "        - {frequency_ghz: 1.0, busy_power_w: 1.5, idle_power_w: 0.5}\n"
    "  processor_types: [{name: p, core_type: c, cores: 4}]\n"
    "  node_types: [{name: n, processors: [{type: p}], base_power_w: 10}]\n"
    "  clusters: [{name: k, node_type: n, nodes: 4}]\n";

inline std::string config(const std::string& workload, const std::string& manager = "manager: {policy: fcfs}\n") {
    return std::string(kPlatform) + workload + manager;
}

inline const char* const kSynthetic =
    "workload:\n"
    "  synthetic: {tasks: 200, arrival_rate_per_s: 0.01, work_s_mean: 300, cores_min: 1, cores_max: 4}\n";

}  // namespace rmsim::test
