// summary.json `dvfs`: P-state residency and transitions per core type, from hand-made P-state records
// whose answers are computed in the comments.
#include <catch2/catch.hpp>

#include <vector>

#include "sim/outputs/pstate_residency.h"
#include "tests/modules/hw_fixture.h"

using namespace rmsim;

namespace {

constexpr std::uint64_t kS = 1000000000ull;  // one second in ns

ActivityLog::PStateChange change(double at_s, double effective_s, NodeId node, std::uint32_t first, std::uint32_t last,
                                 std::uint32_t level) {
    return {
        static_cast<std::uint64_t>(at_s * kS), static_cast<std::uint64_t>(effective_s * kS), node, first, last, level};
}

std::vector<PState> levels(int n) {
    std::vector<PState> p;
    for (int i = 0; i < n; ++i) p.push_back({2e9 / (i + 1), 1.0, 2.0, 0.5});
    return p;
}

/// Node type: two processors of 2 "big" cores (3 levels), then one of 2 "little" cores (2 levels): local
/// cores 0-3 big, 4-5 little. Two nodes. A third core type, "unused", has no cores in the machine.
PlatformSpec mixed_platform(DvfsScope scope) {
    PlatformSpec s = test::simple_platform(levels(3), 2, 2);
    s.core_types[0].name = "big";
    CoreType little;
    little.name = "little";
    little.pstates = levels(2);
    s.core_types.push_back(little);
    CoreType unused;
    unused.name = "unused";
    unused.pstates = levels(4);
    s.core_types.push_back(unused);
    ProcessorType lp;
    lp.name = "littlep";
    lp.core_type = 1;
    lp.cores = 2;
    s.processor_types.push_back(lp);
    s.node_types[0].processors = {{0, 2}, {1, 1}};
    s.dvfs_domain = scope;
    return s;
}

}  // namespace

TEST_CASE("pstate residency: a switch counts from its effective time", "[sim][dvfs]") {
    // Two cores of one node (per-core domains); core 1 is asked for P1 at 2 s, in force at 2.5 s; the run
    // ends at 10 s. P0: core 0 for 10 s + core 1 for 2.5 s = 12.5 core-s; P1: core 1 for 10 - 2.5 = 7.5.
    const PlatformSpec spec = test::simple_platform(levels(2), 2, 1);
    const PStateResidency r = pstate_residency(spec, {change(2, 2.5, 0, 1, 1, 1)}, 10 * kS);
    CHECK(r.domain == DvfsScope::Core);
    REQUIRE(r.by_type.size() == 1);
    CHECK(r.by_type[0].cores == 2);
    REQUIRE(r.by_type[0].residency_s.size() == 2);
    CHECK(r.by_type[0].residency_s[0] == 12.5);
    CHECK(r.by_type[0].residency_s[1] == 7.5);
    CHECK(r.by_type[0].transitions == 1);

    const nlohmann::ordered_json j = to_json(r, spec);
    CHECK(j.dump() == R"({"domain":"core","by_core_type":{"core":{"residency_s":{"p0":12.5,"p1":7.5},)"
                      R"("residency_fraction":{"p0":0.625,"p1":0.375},"transitions":1}}})");  // 12.5 / 20, 7.5 / 20
}

TEST_CASE("pstate residency: a node-wide switch is one transition, a replacement takes the pending end",
          "[sim][dvfs]") {
    // One node of 4 cores, node-wide domain, 0.25 s transitions; the run ends at 5 s.
    // 1.0 s: P1 asked of cores 0-3, in force at 1.25 s; 1.1 s: P2 replaces it, in force at the same 1.25 s
    //        (P1 is never in force): one transition, P0 -> P2.
    // 3.0 s: P0 asked, in force at 3.25 s; 3.1 s: P2 replaces it: the switch ends where it began, no change.
    // 6.0 s: P1 asked, in force at 6.25 s: after the end, ignored.
    // P0: 4 cores x 1.25 s = 5 core-s; P2: 4 x (5 - 1.25) = 15 core-s; P1: 0.
    PlatformSpec spec = test::simple_platform(levels(3), 4, 1);
    spec.dvfs_domain = DvfsScope::Node;
    const PStateResidency r =
        pstate_residency(spec,
                         {change(1.0, 1.25, 0, 0, 3, 1), change(1.1, 1.25, 0, 0, 3, 2), change(3.0, 3.25, 0, 0, 3, 0),
                          change(3.1, 3.25, 0, 0, 3, 2), change(6.0, 6.25, 0, 0, 3, 1)},
                         5 * kS);
    REQUIRE(r.by_type.size() == 1);
    CHECK(r.by_type[0].residency_s == std::vector<double>{5, 0, 15});
    CHECK(r.by_type[0].transitions == 1);
    const nlohmann::ordered_json j = to_json(r, spec);
    CHECK(j["domain"] == "node");
    CHECK(j["by_core_type"]["core"]["residency_fraction"]["p0"].get<double>() == 0.25);  // 5 / 20
    CHECK(j["by_core_type"]["core"]["residency_fraction"]["p2"].get<double>() == 0.75);  // 15 / 20
}

TEST_CASE("pstate residency: core types and processor domains of a mixed node", "[sim][dvfs]") {
    // Processor-wide domains: node cores 0-1 (cpu0, big), 2-3 (cpu1, big), 4-5 (cpu2, little). Two nodes,
    // no transition latency; the run ends at 10 s. Records of different nodes interleave.
    const PlatformSpec spec = mixed_platform(DvfsScope::Processor);
    const PStateResidency r = pstate_residency(spec,
                                               {change(1, 1, 0, 0, 1, 1),   // node 0 cpu0 -> P1 (big +1)
                                                change(1, 1, 0, 2, 3, 2),   // node 0 cpu1 -> P2 (big +1)
                                                change(2, 2, 1, 4, 5, 1),   // node 1 cpu2 -> P1 (little +1)
                                                change(4, 4, 0, 0, 1, 0)},  // node 0 cpu0 -> P0 (big +1)
                                               10 * kS);
    // big: 8 cores x 10 s = 80 core-s; P1: 2 cores x (4 - 1) = 6; P2: 2 x (10 - 1) = 18; P0: 80 - 24 = 56.
    // little: 4 x 10 = 40 core-s; P1: 2 x (10 - 2) = 16; P0: 24. "unused" has no cores: not reported.
    REQUIRE(r.by_type.size() == 2);
    CHECK(r.by_type[0].type == 0);
    CHECK(r.by_type[0].cores == 8);
    CHECK(r.by_type[0].residency_s == std::vector<double>{56, 6, 18});
    CHECK(r.by_type[0].transitions == 3);
    CHECK(r.by_type[1].type == 1);
    CHECK(r.by_type[1].cores == 4);
    CHECK(r.by_type[1].residency_s == std::vector<double>{24, 16});
    CHECK(r.by_type[1].transitions == 1);
    const nlohmann::ordered_json j = to_json(r, spec);
    CHECK(j["domain"] == "processor");
    CHECK(j["by_core_type"].size() == 2);
    CHECK(j["by_core_type"]["big"]["residency_fraction"]["p0"].get<double>() == 0.7);     // 56 / 80
    CHECK(j["by_core_type"]["little"]["residency_fraction"]["p1"].get<double>() == 0.4);  // 16 / 40
}

TEST_CASE("pstate residency: a node-wide switch counts once in each core type it changes", "[sim][dvfs]") {
    // Node-wide domain over big (0.5 s transitions) and little cores (none): one request at 1 s gives two
    // records (different effective times), one transition in each type. Run ends at 3 s.
    // big: 4 cores of node 0 at P1 for 3 - 1.5 = 1.5 s: 6 core-s of 24 (8 cores x 3 s); little: 2 cores at P1
    // for 2 s: 4 core-s of 12.
    const PlatformSpec spec = mixed_platform(DvfsScope::Node);
    const PStateResidency r = pstate_residency(spec, {change(1, 1.5, 0, 0, 3, 1), change(1, 1, 0, 4, 5, 1)}, 3 * kS);
    REQUIRE(r.by_type.size() == 2);
    CHECK(r.by_type[0].residency_s == std::vector<double>{18, 6, 0});
    CHECK(r.by_type[0].transitions == 1);
    CHECK(r.by_type[1].residency_s == std::vector<double>{8, 4});
    CHECK(r.by_type[1].transitions == 1);
}

TEST_CASE("pstate residency: a run of length 0 has zero fractions", "[sim][dvfs]") {
    const PlatformSpec spec = test::simple_platform(levels(2), 1, 1);
    const nlohmann::ordered_json j = to_json(pstate_residency(spec, {}, 0), spec);
    CHECK(j["by_core_type"]["core"]["residency_fraction"]["p0"].get<double>() == 0.0);
    CHECK(j["by_core_type"]["core"]["transitions"] == 0);
}
