// Fuzz target: a platform file's text -> PlatformSpec (platform/platform_loader.h), the way
// `rmsim validate` and every experiment read a platform file. Beyond "InputError or nothing", the result must
// keep the loader's documented contract, which the builder relies on without checking it again.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>

#include "platform/platform_loader.h"
#include "tests/fuzz/fuzz_support.h"

namespace {

using rmsim::fuzz::require;

bool non_negative(double v) { return v >= 0; }  // false for NaN too

void check_core_types(const rmsim::PlatformSpec& p) {
    for (const auto& ct : p.core_types) {
        require(!ct.pstates.empty(), "a core type without P-states");
        for (std::size_t i = 0; i < ct.pstates.size(); ++i) {
            const rmsim::PState& s = ct.pstates[i];
            require(s.frequency_hz > 0, "a P-state frequency <= 0");
            require(i == 0 || s.frequency_hz < ct.pstates[i - 1].frequency_hz, "P-state frequencies not decreasing");
            require(non_negative(s.idle_power_w) && s.busy_power_w >= s.idle_power_w, "P-state powers out of order");
        }
        require(non_negative(ct.transition_latency_s) && non_negative(ct.transition_energy_j) &&
                    non_negative(ct.sleep_power_w) && non_negative(ct.wake_latency_s) && non_negative(ct.wake_energy_j),
                "a negative core type latency, energy or power");
    }
}

void check_processor_types(const rmsim::PlatformSpec& p) {
    for (const auto& pt : p.processor_types) {
        require(pt.core_type < p.core_types.size(), "a processor type's core type is unresolved");
        require(pt.cores >= 1, "a processor type without cores");
        const std::size_t levels = pt.uncore_power_w.size();
        require(levels == 1 || levels == p.core_types[pt.core_type].pstates.size(),
                "an uncore power list that does not match the P-states");
        for (double w : pt.uncore_power_w) require(non_negative(w), "a negative uncore power");
        require(non_negative(pt.wake_latency_s) && non_negative(pt.wake_energy_j), "a negative processor wake cost");
    }
}

void check_node_types(const rmsim::PlatformSpec& p) {
    for (rmsim::NodeTypeId t = 0; t < p.node_types.size(); ++t) {
        const rmsim::NodeType& nt = p.node_types[t];
        require(!nt.processors.empty(), "a node type without processors");
        std::uint64_t cores = 0;
        for (const auto& e : nt.processors) {
            require(e.type < p.processor_types.size(), "a node type's processor type is unresolved");
            require(e.count >= 1, "a processors entry with count 0");
            cores += std::uint64_t(e.count) * p.processor_types[e.type].cores;
        }
        require(cores <= std::numeric_limits<std::uint32_t>::max(), "a node type with more than 2^32 - 1 cores");
        require(nt.base_power_w.size() == 1 || nt.base_power_w.size() == p.pstate_count(t),
                "a base power list that does not match the P-states");
        for (double w : nt.base_power_w) require(non_negative(w), "a negative base power");
        require(non_negative(nt.off_power_w) && non_negative(nt.switch_off_timeout_s) &&
                    non_negative(nt.wake_latency_s) && non_negative(nt.wake_energy_j),
                "a negative node power, timeout or wake cost");
        require(non_negative(nt.network.latency_s) && nt.network.bandwidth_bytes_per_s > 0, "a bad node network link");
    }
}

void check_clusters(const rmsim::PlatformSpec& p) {
    require(!p.clusters.empty(), "a platform without clusters");
    std::uint64_t nodes = 0;
    for (const auto& c : p.clusters) {
        require(c.node_type < p.node_types.size(), "a cluster's node type is unresolved");
        require(c.nodes >= 1, "a cluster without nodes");
        require(non_negative(c.network.latency_s) && c.network.bandwidth_bytes_per_s > 0, "a bad cluster network link");
        nodes += c.nodes;
    }
    require(nodes <= std::numeric_limits<std::uint32_t>::max(), "more than 2^32 - 1 nodes");
    require(p.total_nodes() == nodes, "total_nodes() disagrees with the clusters");
}

void check_contract(const rmsim::PlatformSpec& p) {
    require(!p.name.empty(), "a platform without a name");
    check_core_types(p);
    check_processor_types(p);
    check_node_types(p);
    check_clusters(p);
    require(non_negative(p.manager_link.latency_s) && p.manager_link.bandwidth_bytes_per_s > 0, "a bad manager link");
    const rmsim::PreemptionCost& c = p.preemption;
    require(non_negative(c.checkpoint_s) && non_negative(c.checkpoint_j) && non_negative(c.resume_s) &&
                non_negative(c.resume_j) && c.bandwidth_bytes_per_s > 0,
            "a bad preemption cost");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    return rmsim::fuzz::refusing_cleanly([&] {
        check_contract(rmsim::load_platform_text(std::string(rmsim::fuzz::as_text(data, size)), "fuzz-platform.yaml"));
    });
}
