#include "manager/completion_pmf.h"
#include "manager/stochastic_system.h"

#include <catch2/catch.hpp>
#include <optional>

using namespace rmsim;

TEST_CASE("completion pmf: the running task shifted to its start, cut at now, renormalised", "[manager][siegel]") {
    // exec {2: 0.25, 4: 0.25, 6: 0.5} started at 10 -> {12: .25, 14: .25, 16: .5}; at now = 13 the pulse at
    // 12 is gone: {14: .25/.75 = 1/3, 16: .5/.75 = 2/3}.
    Pmf exec({{2, 0.25}, {4, 0.25}, {6, 0.5}});
    Pmf r = running_completion(exec, 10, 13);
    REQUIRE(r.size() == 2);
    CHECK(r.pulses()[0].value == 14);
    CHECK(r.pulses()[0].probability == Approx(1.0 / 3));
    CHECK(r.pulses()[1].value == 16);
    CHECK(r.pulses()[1].probability == Approx(2.0 / 3));
    // Overdue (every pulse before now): it finishes now at the earliest.
    Pmf late = running_completion(exec, 10, 20);
    CHECK(late.size() == 1);
    CHECK(late.pulses()[0].value == 20);
}

TEST_CASE("completion pmf: a queued task convolves with the running one", "[manager][siegel]") {
    // Running as above: {14: 1/3, 16: 2/3}, deadline 15 -> P = 1/3.
    // Queued {1: .5, 3: .5}: 14+1 = 15: 1/6; 14+3 = 17: 1/6; 16+1 = 17: 1/3; 16+3 = 19: 1/3
    //   -> {15: 1/6, 17: 1/2, 19: 1/3}; deadline 16 -> P = 1/6. Robustness = 1/3 + 1/6 = 1/2.
    RunningPmf run{Pmf({{2, 0.25}, {4, 0.25}, {6, 0.5}}), 10, 15};
    std::vector<QueuedPmf> queue{{Pmf({{1, 0.5}, {3, 0.5}}), 16}};
    QueueCompletion q = queue_completion(run, queue, 13);
    CHECK(q.running_on_time == Approx(1.0 / 3));
    REQUIRE(q.on_time.size() == 1);
    CHECK(q.on_time[0] == Approx(1.0 / 6));
    CHECK(q.expected_on_time == Approx(0.5));
    REQUIRE(q.ready.size() == 3);
    CHECK(q.ready.pulses()[1].value == 17);
    CHECK(q.ready.pulses()[1].probability == Approx(0.5));
    CHECK(q.bound.seconds == 0);
}

TEST_CASE("completion pmf: a task ahead predicted cancelled is omitted", "[manager][siegel]") {
    // Queue: A {1: .5, 3: .5} deadline 16 (P = 1/6 as above), then B {2: 1} deadline 17.
    // Threshold 0.3: A (1/6 < 0.3) is predicted cancelled; B follows the running task directly:
    //   {14: 1/3, 16: 2/3} + 2 = {16: 1/3, 18: 2/3} -> P(<= 17) = 1/3.
    // Without cancellation B follows A: {15: 1/6, 17: 1/2, 19: 1/3} + 2 -> {17: 1/6, ...} -> P = 1/6.
    RunningPmf run{Pmf({{2, 0.25}, {4, 0.25}, {6, 0.5}}), 10, 15};
    std::vector<QueuedPmf> queue{{Pmf({{1, 0.5}, {3, 0.5}}), 16}, {Pmf::point(2), 17}};
    CompletionOptions cancel;
    cancel.cancel_threshold = 0.3;
    QueueCompletion with = queue_completion(run, queue, 13, cancel);
    CHECK(with.cancelled[0]);
    CHECK_FALSE(with.cancelled[1]);
    CHECK(with.on_time[0] == 0);
    CHECK(with.on_time[1] == Approx(1.0 / 3));
    CHECK(with.expected_on_time == Approx(1.0 / 3 + 1.0 / 3));
    QueueCompletion without = queue_completion(run, queue, 13);
    CHECK(without.on_time[1] == Approx(1.0 / 6));
    // An idle core: the queue starts at now.
    QueueCompletion idle = queue_completion(std::nullopt, {{Pmf::point(2), 14}}, 13);
    CHECK(idle.on_time[0] == 0);  // 13 + 2 = 15 > 14
}

TEST_CASE("completion pmf: merging keeps long queues small and reports the bound", "[manager][siegel]") {
    // 20 tasks of {1: .5, 2: .5}: exact sum has 21 pulses (20..40); merged to 4 pulses each step.
    std::vector<QueuedPmf> queue(20, QueuedPmf{Pmf({{1, 0.5}, {2, 0.5}}), 30});
    CompletionOptions merge;
    merge.max_pulses = 4;
    QueueCompletion exact = queue_completion(std::nullopt, queue, 0);
    QueueCompletion merged = queue_completion(std::nullopt, queue, 0, merge);
    CHECK(exact.ready.size() == 21);
    CHECK(merged.ready.size() <= 4);
    CHECK(merged.bound.seconds > 0);
    for (double d = 15; d <= 45; d += 1) {
        CHECK(merged.ready.cdf(d) <= exact.ready.cdf(d) + 1e-12);
        CHECK(merged.ready.cdf(d) >= exact.ready.cdf(d - merged.bound.seconds) - 1e-12);
    }
}

TEST_CASE("stochastic robustness: psi of a two-core mapping and its expected overhead energy", "[manager][siegel]") {
    // Core A runs {1: .5, 2: .5} then {1: 1}: D_A = {2: .5, 3: .5}. Core B runs {2: .2, 4: .8}: D_B.
    // δ = 3: p(D_A, 3) = Σ pulses < 3 = .5; p(D_B, 3) = .2; ψ = .5 · .2 = 0.1.
    Pmf da = Pmf({{1, 0.5}, {2, 0.5}}).convolve(Pmf::point(1));
    Pmf db({{2, 0.2}, {4, 0.8}});
    std::vector<Pmf> finishing{da, db, Pmf()};  // a third core without tasks counts 1
    CHECK(robustness(finishing, 3) == Approx(0.1));
    CHECK(robustness(finishing, 5) == Approx(1.0));
    // E[max(D_A, D_B)]: F(2) = .5·.2 = .1, F(3) = 1·.2 = .2, F(4) = 1 -> 2·.1 + 3·.1 + 4·.8 = 3.7.
    CHECK(expected_max({&da, &db}) == Approx(3.7));
    // One node (10 W) with processors p0 = {A} (2 W), p1 = {B, C} (3 W); C unused.
    // 2·E[D_A] + 3·E[D_B] + 10·E[max] = 2·2.5 + 3·3.6 + 10·3.7 = 5 + 10.8 + 37 = 52.8 J.
    StochasticSystem s;
    s.cores = {{0, 0}, {1, 0}, {1, 0}};
    s.processors = {{0, 2.0, {0}}, {0, 3.0, {1, 2}}};
    s.nodes = {{10.0, {0, 1, 2}}};
    CHECK(expected_overhead_energy(s, finishing) == Approx(52.8));
}
