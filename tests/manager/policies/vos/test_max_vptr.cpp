// Max VPTR (Machovec Ch.2 §2.4.2, Algorithm 1) on hand-made instances of vos_fixture.h where memory is the
// binding resource. All tasks are regular and submitted in the low period (<w_p, w_e> = <1, 1>), γ = 1, and
// every configuration's energy is at most 100 J (v_e = 1), so V = v_p + 1 and VPTR = V / TR with
// TR = time x (cores / total cores + memory / total memory).
#include <catch2/catch.hpp>
#include <random>

#include "manager/policies/vos/max_vptr_policy.h"
#include "manager/policies/vos/vm_options.h"
#include "tests/manager/policies/vos/vos_fixture.h"

using namespace rmsim;
using namespace rmsim::test;
using namespace rmsim::time_literals;

TEST_CASE("vos max-vptr: with scarce memory, the configuration with more cores and less memory wins",
          "[manager][vos]") {
    // 8 cores, 16 GB. One task, two configurations of equal time and energy (so equal V = 2):
    //   k0: 4 cores, 12 GB, 100 s: TR = 100 x (4/8 + 12/16) = 125,   VPTR = 2/125   = 0.016
    //   k1: 8 cores,  2 GB, 100 s: TR = 100 x (8/8 +  2/16) = 112.5, VPTR = 2/112.5 = 0.01778
    const PlatformSpec plat = vos_platform(8, 16);
    const std::vector<Task> tasks{vos_task(0, 0.0, {{4, 12, 100, 10}, {8, 2, 100, 10}}, 200, 400)};
    Bookkeeping books(plat, tasks, Granularity::Core);
    const PolicyView& view = books.view();
    CHECK(vos_total_resources(view, 0, tasks[0].work.table()->vm_configs[0], 100.0_s) == Approx(125));
    CHECK(vos_total_resources(view, 0, tasks[0].work.table()->vm_configs[1], 100.0_s) == Approx(112.5));
    MaxVptrPolicy policy(MaxVptrConfig{});
    vos_event(books, policy, tasks, 0.0_s);
    REQUIRE(view.record(0).state == TaskState::Running);
    REQUIRE(view.vm_config(0) != nullptr);
    CHECK(view.vm_config(0)->cores == 8);
    CHECK(view.record(0).units.size() == 8);
    const Booking* b = view.profile(0).booking(0);
    REQUIRE(b != nullptr);
    CHECK(b->memory_gb == 2);
    CHECK(b->end == 100.0_s);  // the configuration's ETC
}

TEST_CASE("vos max-vptr: a task waits for memory while cores are idle", "[manager][vos]") {
    // 8 cores, 16 GB. t0 (arrives 0): one configuration, 2 cores, 12 GB, 200 s: runs [0, 200) and leaves
    // 6 cores but only 4 GB free until 200.
    // t1 (arrives 60; v_p 1 until 100 s after arrival, linear to 0.5 at 300 s):
    //   X: 2 cores, 8 GB, 50 s: memory only at 200 -> completes 250, elapsed 190:
    //      v_p = (190 - 300)(0.5)/(100 - 300) + 0.5 = 0.775, V = 1.775, TR = 50 x (2/8 + 8/16) = 37.5,
    //      VPTR = 0.047333
    //   Y: 6 cores, 4 GB, 80 s: fits now -> completes 140, elapsed 80: v_p = 1, V = 2,
    //      TR = 80 x (6/8 + 4/16) = 80, VPTR = 0.025
    // X wins: a place-holder at 200 although six cores are idle now.
    const PlatformSpec plat = vos_platform(8, 16);
    const std::vector<Task> tasks{vos_task(0, 0.0, {{2, 12, 200, 10}}, 300, 600),
                                  vos_task(1, 60.0, {{2, 8, 50, 10}, {6, 4, 80, 10}}, 100, 300)};
    Bookkeeping books(plat, tasks, Granularity::Core);
    const PolicyView& view = books.view();
    MaxVptrPolicy policy(MaxVptrConfig{});
    vos_event(books, policy, tasks, 0.0_s);
    REQUIRE(view.record(0).state == TaskState::Running);
    // The event at 60, step by step: the options as Algorithm 1 line 3 sees them, then the decision.
    books.arrive(1, 60.0_s);
    books.begin_event(60.0_s);
    const auto x = vm_option(view, 1, 0, 0);
    const auto y = vm_option(view, 1, 1, 0);
    REQUIRE(x);
    REQUIRE(y);
    CHECK(x->start == 200.0_s);
    CHECK(x->value == Approx(1.775));
    CHECK(x->resources == Approx(37.5));
    CHECK(y->start == 60.0_s);
    CHECK(y->value == Approx(2.0));
    CHECK(y->resources == Approx(80));
    CHECK(view.profile(0).earliest_start(2, 50.0_s, 60.0_s) == std::optional<SimTime>(60.0_s));  // cores alone
    policy.schedule(view, books.decisions());
    CHECK(view.record(1).state == TaskState::Reserved);
    CHECK(view.record(1).placeholder);
    CHECK(view.planned_start(1) == 200.0_s);
    REQUIRE(view.vm_config(1) != nullptr);
    CHECK(view.vm_config(1)->memory_gb == 8);
    CHECK(view.record(1).units.size() == 2);
    // The next event removes the place-holder (the configuration is chosen again) and books it again.
    vos_event(books, policy, tasks, 120.0_s);
    CHECK(view.record(1).state == TaskState::Reserved);
    CHECK(view.planned_start(1) == 200.0_s);
}

TEST_CASE("vos max-vptr: dropping when no configuration can earn value", "[manager][vos]") {
    // 4 cores, 16 GB. t0 runs [0, 100) on all 4 cores. t1 arrives at 10, one configuration (4 cores, 30 s),
    // v_p 0 from 60 s after arrival: started now it would be worth something (completion 40, elapsed 30),
    // so the upper-bound check keeps it, but its earliest start is 100 -> completion 130, elapsed 120 >= 60:
    // V = 0 in every configuration: dropped (Algorithm 1 line 3).
    const PlatformSpec plat = vos_platform(4, 16);
    const std::vector<Task> tasks{vos_task(0, 0.0, {{4, 4, 100, 10}}, 300, 600),
                                  vos_task(1, 10.0, {{4, 4, 30, 10}}, 20, 60)};
    Bookkeeping books(plat, tasks, Granularity::Core);
    MaxVptrPolicy policy(MaxVptrConfig{});
    vos_event(books, policy, tasks, 0.0_s);
    vos_event(books, policy, tasks, 10.0_s);
    CHECK(books.view().record(0).state == TaskState::Running);
    CHECK(books.view().record(1).state == TaskState::Dropped);
}

// The lazy heap and Algorithm 1 as written (every configuration of every task recomputed after each
// assignment) make the same decisions.
TEST_CASE("vos max-vptr: the lazy heap selects exactly what the rescan selects", "[manager][vos]") {
    std::mt19937_64 rng(11);
    for (int trial = 0; trial < 30; ++trial) {
        std::vector<Task> tasks;
        std::uniform_int_distribution<int> cores(1, 8), mem(1, 12), secs(10, 300), soft(50, 400);
        for (TaskId i = 0; i < 25; ++i) {
            std::vector<VmConfig> configs;
            for (int k = 0; k < 3; ++k)
                configs.push_back({std::uint32_t(cores(rng)), double(mem(rng)), Seconds(secs(rng)), 10});
            const Seconds s = soft(rng);
            tasks.push_back(vos_task(i, 0.0, configs, s, 2.5 * s));
        }
        const PlatformSpec plat = vos_platform(8, 16);
        Bookkeeping heap_books(plat, tasks, Granularity::Core), scan_books(plat, tasks, Granularity::Core);
        MaxVptrConfig rescan;
        rescan.selection = VptrSelection::Rescan;
        MaxVptrPolicy heap_policy(MaxVptrConfig{}), scan_policy(rescan);
        vos_event(heap_books, heap_policy, tasks, 0.0_s);
        vos_event(scan_books, scan_policy, tasks, 0.0_s);
        for (TaskId t = 0; t < tasks.size(); ++t) {
            INFO("trial " << trial << " task " << t);
            const PolicyView& a = heap_books.view();
            const PolicyView& b = scan_books.view();
            CHECK(a.record(t).state == b.record(t).state);
            CHECK(a.planned_start(t) == b.planned_start(t));
            CHECK((a.vm_config(t) == nullptr) == (b.vm_config(t) == nullptr));
            if (a.vm_config(t) && b.vm_config(t)) CHECK(a.vm_config(t) == b.vm_config(t));
            CHECK(std::vector<LocalNodeIndex>(a.record(t).units.begin(), a.record(t).units.end()) ==
                  std::vector<LocalNodeIndex>(b.record(t).units.begin(), b.record(t).units.end()));
        }
    }
}
