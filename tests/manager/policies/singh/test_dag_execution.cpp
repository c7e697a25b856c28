// A DAG job on the modeled hardware (Singh 2015 §III): ValOpt places a diamond on a 2-core node; tasks start
// when their inputs have crossed the node's interconnect; the job's metered energy equals Eq. (1)-(2).
// Every time below is computed by hand.
#include <catch2/catch.hpp>

#include <systemc>

#include "manager/policy_registry.h"
#include "manager/resource_manager.h"
#include "modules/machine.h"
#include "modules/sim_time.h"
#include "sim/outputs/job_metrics.h"
#include "tests/modules/hw_fixture.h"
#include "workloads/workload.h"

using namespace rmsim;
using namespace rmsim::time_literals;

namespace {

/// The diamond below on the hardware; `hold`: ManagerConfig::hold_job_cores. Checks the schedule; returns
/// the job's planned energy, its metered energy and the machine's.
struct DiamondEnergy {
    Joules planned, metered, machine;
};

DiamondEnergy run_diamond(bool hold) {
    set_time_resolution();
    // 1 node x 2 cores at 1 GHz (P0: busy 2 W, idle 0.5 W) and 0.5 GHz; power-gated when idle; the on-node
    // network moves 1e6 bytes/s with no latency; the manager's link has no delay.
    PlatformSpec spec = test::simple_platform({PState{1e9, 1.0, 2.0, 0.5}, PState{0.5e9, 0.8, 0.8, 0.3}}, 2, 1);
    spec.core_types[0].gate_when_idle = true;
    spec.node_types[0].network = LinkSpec{0, 1e6};
    // Diamond 0 -> {1, 2} -> 3; at 1 GHz the tasks take 10, 20, 30 and 10 s.
    Job job;
    job.arrival_s = 0;
    for (double g : {10.0, 20.0, 30.0, 10.0}) {
        Task t;
        t.work = test::cycles(g * 1e9);
        job.tasks.push_back(t);
    }
    job.edges = {{0, 1, 1e6}, {0, 2, 2e6}, {1, 3, 1e6}, {2, 3, 3e6}};  // 1, 2, 1 and 3 s on the network
    job.value = UtilityFunction::linear_decay(100, 520);
    const Workload w = flatten_jobs({job});

    auto policy = builtin_policies().create("valopt", PolicyParams(), SourceLocation{"test", 0, 0});
    auto* machine = new Machine(spec);
    ManagerConfig config;
    config.hold_job_cores = hold;
    auto* manager =
        new ResourceManager("manager", machine->spec(), machine->manager_port(), w.tasks, *policy, config, &w.jobs);
    sc_core::sc_start();

    // Load-balanced allocation on k = 2 cores (load_balanced_allocation.h): edges by volume, 2->3 (3e6)
    // merges {2,3} (load 40 <= max(30, 1.25 x 70 / 2 = 43.75)); 0->2 would make 50: skipped; 0->1 (1e6,
    // lower index than 1->3) merges {0,1} (30): two clusters. Cores in order of first use: {0,1} on core A,
    // {2,3} on core B. Upward ranks: r3 = 10, r1 = 20 + 1 + 10 = 31, r2 = 30 + 10 = 40,
    // r0 = 10 + max(31, 2 + 40) = 52. Schedule: t0 A [0, 10); t2 B after 0->2 arrives at 12: [12, 42);
    // t1 A [10, 30); t3 B needs 1->3 (30 + 1 = 31) and core B (42): [42, 52).
    const PolicyView& view = manager->bookkeeping().view();
    auto span_is = [&](TaskId t, std::int64_t a, std::int64_t b) {  // times are whole ns: exact
        return view.record(t).first_start == SimTime::from_whole_seconds(a) &&
               view.record(t).end == SimTime::from_whole_seconds(b);
    };
    CHECK(span_is(0, 0, 10));
    CHECK(span_is(1, 10, 30));
    CHECK(span_is(2, 12, 42));
    CHECK(span_is(3, 42, 52));
    CHECK(view.record(0).first_core == view.record(1).first_core);
    CHECK(view.record(2).first_core == view.record(3).first_core);
    CHECK(view.record(0).first_core != view.record(2).first_core);
    for (TaskId t = 0; t < 4; ++t) CHECK(view.record(t).pstate == 0);  // ValOpt: the highest level

    const JobRecord& r = view.job_record(0);
    CHECK(r.state == JobState::Completed);
    CHECK(r.end == 52_s);
    CHECK(r.transfers == 2);  // 0->2 and 1->3 cross cores
    // Value at 52 s: 100 x (520 - 52) / 520 = 90.
    CHECK(view.job(0).value.value_at((r.end - view.job(0).arrival()).to_seconds()) == Approx(90.0));
    CHECK(r.planned_response == 52_s);
    // summary.json jobs.cores_per_job_mean: one completed job on cores A and B: 2 cores / 1 job = 2.
    const JobMetrics m = compute_job_metrics(view);
    CHECK(m.completed == 1);
    CHECK(m.cores_per_job_mean == 2.0);
    return {r.planned_energy_j, r.energy_j, machine->total_energy()};
}

}  // namespace

TEST_CASE("singh: a diamond runs on the hardware as planned, its cores held over the job (Eq. 1)",
          "[manager][singh][systemc]") {
    // Singh Eq. (1): static power of the used cores over the job's execution time [0, 52 s], dynamic power
    // while each task executes. Static 2 cores x 52 s x 0.5 W = 52 J; dynamic (10 + 20 + 30 + 10) s x 1.5 W =
    // 105 J; 157 J. On the hardware: core A runs [0, 30) and waits, powered, [30, 52): 11 J more than its
    // tasks; core B waits [0, 12) before t2: 6 J. The plan, the job's meters (its tasks' segments with the
    // waits before them, and the HoldEnded notice for the wait after) and the whole machine agree.
    const DiamondEnergy e = run_diamond(true);
    CHECK(e.planned == Approx(157.0));
    CHECK(e.metered == Approx(157.0));
    CHECK(e.machine == Approx(157.0));
}

TEST_CASE("singh: with hold_job_cores false a used core is gated between its tasks", "[manager][singh][systemc]") {
    // Cores gated whenever they have no task: (10 + 20 + 30 + 10) s x 2 W busy = 140 J (dynamic 1.5 W,
    // static 0.5 W); the plan, the tasks' meters and the whole machine agree.
    const DiamondEnergy e = run_diamond(false);
    CHECK(e.planned == Approx(140.0));
    CHECK(e.metered == Approx(140.0));
    CHECK(e.machine == Approx(140.0));
}
