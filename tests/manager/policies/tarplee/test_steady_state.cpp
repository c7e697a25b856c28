// Tarplee Ch.5's steady-state schedule as a policy (manager/policies/tarplee/steady_state_policy.h): the
// admission and routing probabilities of a hand-made schedule, the throughput the simulator measures against
// them, the least-loaded machine of a type, and what its config refuses.
#include <catch2/catch.hpp>

#include <cmath>
#include <random>

#include "manager/policies/tarplee/steady_state_policy.h"
#include "manager/policy_registry.h"
#include "platform/platform_loader.h"
#include "workloads/tarplee_bag_generator.h"

#include "tests/manager/manager_run.h"

using namespace rmsim;
using namespace rmsim::test;

namespace {

/// Machine types A (busy 2 W, idle 0.5 W) and B (busy 3 W, idle 1 W), `nodes` single-core machines each.
PlatformSpec two_machines(int nodes = 1) {
    const std::string n = std::to_string(nodes);
    return load_platform_text(
        "platform:\n"
        "  name: two-machine-types\n"
        "  dvfs_domain: core\n"
        "  core_types:\n"
        "    - {name: A.core, pstates: [{frequency_ghz: 1, busy_power_w: 2, idle_power_w: 0.5}]}\n"
        "    - {name: B.core, pstates: [{frequency_ghz: 1, busy_power_w: 3, idle_power_w: 1}]}\n"
        "  processor_types:\n"
        "    - {name: A.cpu, core_type: A.core, cores: 1}\n"
        "    - {name: B.cpu, core_type: B.core, cores: 1}\n"
        "  node_types:\n"
        "    - {name: A, processors: [{type: A.cpu}]}\n"
        "    - {name: B, processors: [{type: B.cpu}]}\n"
        "  clusters:\n"
        "    - {name: A, node_type: A, nodes: " +
            n + "}\n    - {name: B, node_type: B, nodes: " + n + "}\n",
        "two-machine-types.yaml");
}

// Two task types on machine types A and B (one machine each): ETC = [[2, 4], [3, 1]] s, lambda = (0.5, 1) per
// s, and the schedule ptilde = [[0.6, 0.4], [0, 0.5]] (A busy 0.6 of the time, B 0.4 + 0.5 = 0.9: 37f holds).
const std::vector<std::vector<double>> kEtc{{2, 4}, {3, 1}};
const std::vector<double> kLambda{0.5, 1.0};
const std::vector<std::vector<double>> kPtilde{{0.6, 0.4}, {0, 0.5}};

/// x_ij = ptilde_ij / ETC_ij.
std::vector<std::vector<double>> throughput() {
    std::vector<std::vector<double>> x = kPtilde;
    for (std::size_t i = 0; i < 2; ++i)
        for (std::size_t j = 0; j < 2; ++j) x[i][j] = kPtilde[i][j] / kEtc[i][j];
    return x;
}

std::string flow(const std::vector<double>& v) {
    std::string s = "[";
    for (std::size_t k = 0; k < v.size(); ++k) s += (k ? ", " : "") + std::to_string(v[k]);
    return s + "]";
}

std::string params(std::uint64_t seed) {
    const auto x = throughput();
    return "{throughput: [" + flow(x[0]) + ", " + flow(x[1]) + "], arrival_rates: " + flow(kLambda) +
           ", seed: " + std::to_string(seed) + "}";
}

/// Poisson arrivals of the two types over [0, horizon) with the ETC above exactly (the `tarplee` workload's
/// arrivals option).
std::vector<Task> arrivals(double horizon, std::uint64_t seed) {
    TarpleeBagParams p;
    p.etc = kEtc;
    p.pstate_slowdown = {{1.0}, {1.0}};
    p.arrival_rates = kLambda;
    p.horizon_s = horizon;
    std::mt19937_64 rng(seed);
    return generate_tarplee_bag(p, rng).tasks;
}

}  // namespace

TEST_CASE("tarplee-steady-state: admission and routing probabilities of a hand-made schedule", "[manager][tarplee]") {
    const SteadyStateSchedule s{throughput(), kLambda};
    // Type 0: x = (0.6 / 2, 0.4 / 4) = (0.3, 0.1), 0.4 per s served of 0.5 arriving: admitted with 0.4 / 0.5 =
    // 0.8, then A with 0.3 / 0.4 = 0.75 and B with 0.25. Type 1: x = (0, 0.5 / 1), 0.5 of 1: admitted with
    // 0.5, always to B.
    CHECK(s.admission(0) == Approx(0.8));
    CHECK(s.routing(0)[0] == Approx(0.75));
    CHECK(s.routing(0)[1] == Approx(0.25));
    CHECK(s.admission(1) == Approx(0.5));
    CHECK(s.routing(1)[0] == 0.0);
    CHECK(s.routing(1)[1] == Approx(1.0));
    // Serving more than arrives (an LP at slack) admits everything; a row that serves nothing admits nothing.
    const SteadyStateSchedule more{{{2.0, 1.0}, {0.0, 0.0}}, {1.5, 1.0}};
    CHECK(more.admission(0) == 1.0);
    CHECK(more.admission(1) == 0.0);
    CHECK(more.routing(1) == std::vector<double>{0.0, 0.0});
}

TEST_CASE("tarplee-steady-state: the simulator's throughput is the schedule's", "[manager][tarplee][systemc]") {
    const double horizon = 4000;
    ManagerRun run(two_machines(), arrivals(horizon, 11), "tarplee-steady-state", {}, params(3));
    run.run();
    // Thinning a Poisson process keeps it Poisson: the type-i tasks completed on type j over the horizon are
    // Poisson with mean lambda_i a_i p_ij H = x_ij H (every admitted task completes: the run drains the
    // queues), the rejected ones with mean lambda_i (1 - a_i) H. Each count must lie within 4 standard
    // deviations, sqrt(mean), of its mean: 1200 +- 139, 400 +- 80, 0 exactly, 2000 +- 179; rejected 400 +- 80
    // (type 0) and 2000 +- 179 (type 1). Uniform routing of type 0 (800 each) or admitting everything
    // (rejections 0) would be far outside.
    double completed[2][2] = {{0, 0}, {0, 0}}, rejected[2] = {0, 0};
    for (TaskId t = 0; t < run.tasks.size(); ++t) {
        const TaskRecord& r = run.record(t);
        const std::size_t i = run.tasks[t].type;
        if (r.state == TaskState::Completed) completed[i][r.cluster] += 1;
        if (r.state == TaskState::Rejected) rejected[i] += 1;
        CHECK((r.state == TaskState::Completed || r.state == TaskState::Rejected));
    }
    const auto x = throughput();
    for (std::size_t i = 0; i < 2; ++i)
        for (std::size_t j = 0; j < 2; ++j) {
            const double mean = x[i][j] * horizon;
            INFO("type " << i << " on machine type " << j);
            CHECK(std::abs(completed[i][j] / horizon - x[i][j]) <= 4 * std::sqrt(mean) / horizon);
        }
    CHECK(completed[1][0] == 0);
    for (std::size_t i = 0; i < 2; ++i) {
        const double mean = kLambda[i] * (1 - SteadyStateSchedule{x, kLambda}.admission(i)) * horizon;
        CHECK(std::abs(rejected[i] - mean) <= 4 * std::sqrt(mean));
    }
    // The same seeds, the same run: the admissions and routes come from the policy's own stream.
    PolicyReport report;
    run.policy->report(report);
    CHECK(report.figures[0].first == "admitted");
    CHECK(report.figures[0].second == completed[0][0] + completed[0][1] + completed[1][1]);
    CHECK(report.figures[2].second == Approx(0.3 + 0.1 + 0.5));
}

TEST_CASE("tarplee-steady-state: the machine of least remaining work, ties to the lower, FCFS",
          "[manager][tarplee][systemc]") {
    // Two machines of type A (and two of B, unused); three type-0 tasks of 2 s at t = 0 and one at t = 1, all
    // admitted (x = 1 per s = lambda) and sent to A. Task 0 -> machine 0 (both empty: the lower), task 1 ->
    // machine 1 (machine 0 has 2 s left), task 2 -> machine 0 (2 s each: the lower), queued behind task 0;
    // at t = 1 machine 0 has 1 + 2 = 3 s left, machine 1 1 s: task 3 -> machine 1, after task 1.
    auto table = std::make_shared<TimeTable>();
    table->seconds = {{2.0}, {2.0}};
    std::vector<Task> tasks;
    for (TaskId id = 0; id < 4; ++id) {
        Task t;
        t.id = id;
        t.arrival_s = id == 3 ? 1.0 : 0.0;
        t.work.set_table(Interned<TimeTable>(table));
        tasks.push_back(t);
    }
    ManagerRun run(two_machines(2), tasks, "tarplee-steady-state", {}, "{throughput: [[1, 0]], arrival_rates: [1]}");
    run.run();
    const double start[4] = {0, 0, 2, 2};
    const std::uint32_t node[4] = {0, 1, 0, 1};
    for (TaskId t = 0; t < 4; ++t) {
        INFO("task " << t);
        CHECK(run.record(t).state == TaskState::Completed);
        CHECK(run.record(t).cluster == 0);
        CHECK(run.view().last_units(t).first[0] == node[t]);
        CHECK(run.record(t).first_start.to_seconds() == Approx(start[t]).margin(1e-3));
    }
}

TEST_CASE("tarplee-steady-state: a schedule that does not fit is refused at its place in the config",
          "[manager][tarplee]") {
    const PolicyRegistry& r = builtin_policies();
    const SourceLocation at{"exp.yaml", 3, 5};
    const auto refused = [&](const std::string& yaml) {
        try {
            r.create("tarplee-steady-state", PolicyParams(YAML::Load(yaml), "exp.yaml"), at);
        } catch (const InputError& e) {
            return std::string(e.what());
        }
        return std::string("accepted");
    };
    CHECK(refused("{throughput: [[1, 2]], arrival_rates: [1]}") == "accepted");
    CHECK(refused("{throughput: [[1, 2], [3]], arrival_rates: [1, 1]}") ==
          "exp.yaml:1:23: 'throughput' rows must all have the same number of entries (one per cluster)");
    CHECK(refused("{throughput: [[1, -2]], arrival_rates: [1]}").find("exp.yaml:1:19:") == 0);
    CHECK(refused("{throughput: [[1, 2]], arrival_rates: [1, 2]}") ==
          "exp.yaml:1:39: 'arrival_rates' has 2 entries, 'throughput' 1 rows (one per task type)");
    CHECK(refused("{arrival_rates: [1]}").find("tarplee-steady-state needs 'throughput'") != std::string::npos);
}

TEST_CASE("tarplee-steady-state: a throughput matrix that does not match the platform stops the run",
          "[manager][tarplee][systemc]") {
    // Three columns for two clusters: refused before the simulation starts, at the matrix.
    CHECK_THROWS_WITH(ManagerRun(two_machines(), arrivals(10, 1), "tarplee-steady-state", {},
                                 "{throughput: [[1, 0, 0], [0, 1, 0]], arrival_rates: [1, 1]}"),
                      "test.yaml:1:14: tarplee-steady-state: a throughput row has 3 entries, the platform has 2 "
                      "clusters (one column per cluster, in platform order)");
}
