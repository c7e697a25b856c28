// Singh 2015 planning: node model built from a platform and the hardware's duration rules.
#include <catch2/catch.hpp>
#include <stdexcept>
#include <string>

#include "manager/policies/singh/node_model.h"
#include "platform/platform_loader.h"
#include "tests/manager/policies/singh/singh_fixture.h"

#ifndef RMSIM_SOURCE_DIR
#define RMSIM_SOURCE_DIR "."
#endif

using namespace rmsim;
using namespace rmsim::singh;

TEST_CASE("singh node model: built from the singh2015 preset", "[manager][singh]") {
    const PlatformSpec s = load_platform_file(std::string(RMSIM_SOURCE_DIR) + "/configs/platforms/singh2015.yaml");
    const NodeModel m = NodeModel::from_platform(s, 0, /*cores_held_over_job=*/false);
    CHECK(m.cores == 8);
    CHECK(m.levels() == 6);
    CHECK(m.power_gated);
    // The manager keeps a job's cores powered over its span (the default, Singh Eq. 1): the planner charges
    // static power over the span even though the cores gate when no job holds them.
    CHECK(!NodeModel::from_platform(s, 0).power_gated);
    CHECK(m.frequency_hz(0) == Approx(2.6e9));
    CHECK(m.frequency_hz(5) == Approx(0.6e9));
    // busy = C·V²·f + V·I = 1.1e-9·1.1²·2.6e9 + 1.1·0.4; idle = V·I.
    CHECK(m.busy_power_w(0) == Approx(3.9006).epsilon(1e-12));
    CHECK(m.idle_power_w(0) == Approx(0.44).epsilon(1e-12));
    CHECK(m.link.latency_s == Approx(100e-9));
    CHECK(m.link.bandwidth_bytes_per_s == Approx(25.6e9));
    CHECK_THROWS_AS(NodeModel::from_platform(s, 1), std::invalid_argument);
}

TEST_CASE("singh node model: mixed core types are rejected", "[manager][singh]") {
    PlatformSpec s;
    s.core_types.resize(2);
    s.core_types[0].pstates = {{1e9, 1, 1, 0.1}};
    s.core_types[1].pstates = {{2e9, 1, 1, 0.1}};
    s.processor_types = {{"a", 0, 2}, {"b", 1, 2}};
    NodeType nt;
    nt.processors = {{0, 1}, {1, 1}};
    s.node_types = {nt};
    CHECK_THROWS_AS(NodeModel::from_platform(s, 0), std::invalid_argument);
    s.node_types[0].processors = {{0, 2}};
    const NodeModel m = NodeModel::from_platform(s, 0);
    CHECK(m.cores == 4);
    CHECK(!m.power_gated);
}

TEST_CASE("singh node model: execution time in whole clock periods then whole ns", "[manager][singh]") {
    NodeModel m = singh_test::two_level_node(2, true);
    m.core_type.pstates.push_back({3.0e9, 1.0, 1.0, 0.1});  // level 2: 3 GHz (frequencies unordered is fine here)
    WorkModel w;
    w.set_cycles(1000);
    CHECK(exec_time_ns(w, m, 0) == 1000);  // 1000 cycles at 1 GHz
    CHECK(exec_time_ns(w, m, 1) == 2000);  // at 0.5 GHz
    CHECK(exec_time_ns(w, m, 2) == 334);   // 1000 / 3e9 = 333.33 ns -> 334
    w.set_memory_s(1.1e-9);                // 1000 + 1.1 cycles at 1 GHz -> 1002 cycles -> 1002 ns
    CHECK(exec_time_ns(w, m, 0) == 1002);
    w.set_memory_s(1e-7);  // at 3 GHz: 1000 + 300 cycles = 1300 -> 433.33 ns -> 434
    CHECK(exec_time_ns(w, m, 2) == 434);
    w.set_cycles(0);
    w.set_memory_s(0);
    CHECK(exec_time_ns(w, m, 0) == 0);
}

TEST_CASE("singh node model: edge transfer = ceil(bytes/bandwidth) + latency", "[manager][singh]") {
    NodeModel m = singh_test::two_level_node(2, true);
    CHECK(transfer_time_ns(4000, m) == 5000);  // 4000 B at 1e9 B/s = 4000 ns, + 1000 ns latency
    CHECK(transfer_time_ns(0, m) == 1000);     // latency only
    m.link = {100e-9, 25.6e9};
    CHECK(transfer_time_ns(1e9, m) == 39062500 + 100);  // 1e9 / 25.6e9 s = 39,062,500 ns exactly
    CHECK(transfer_time_ns(1, m) == 1 + 100);           // 0.039 ns -> 1 ns
    CHECK(ceil_to_ns(1.5e-6) == 1500);                  // representation noise tolerated
    CHECK(ceil_to_ns(-1) == 0);
}
