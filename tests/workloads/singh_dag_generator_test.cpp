// Singh 2015 synthetic workload: DAG shapes, task works, value curves and the three arrival-rate levels.
#include "workloads/singh_dag_generator.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <stdexcept>

using namespace rmsim;

namespace {

Seconds task_time_ref(const Task& t, const SinghWorkloadParams& p) {
    return t.work.cycles() / p.reference_frequency_hz + t.work.memory_s();
}

Seconds critical_path(const Job& j, const SinghWorkloadParams& p) {
    std::vector<Seconds> finish(j.tasks.size(), 0);
    for (std::uint32_t t : j.topological_order()) {
        Seconds ready = 0;
        for (std::uint32_t q : j.predecessors(t)) ready = std::max(ready, finish[q]);
        finish[t] = ready + task_time_ref(j.tasks[t], p);
    }
    return *std::max_element(finish.begin(), finish.end());
}

std::vector<Job> generate(const SinghWorkloadParams& p, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    return generate_singh_jobs(p, rng);
}

}  // namespace

TEST_CASE("singh workload: jobs of 5-10 tasks form DAGs with minute-long tasks", "[workloads][singh]") {
    SinghWorkloadParams p;
    const auto jobs = generate(p, 11);
    REQUIRE(jobs.size() == 720);
    TaskId expected_id = 0;
    std::uint32_t smallest = 100, largest = 0;
    for (std::uint32_t j = 0; j < jobs.size(); ++j) {
        const Job& job = jobs[j];
        CHECK(job.id == j);
        smallest = std::min<std::uint32_t>(smallest, job.tasks.size());
        largest = std::max<std::uint32_t>(largest, job.tasks.size());
        CHECK_NOTHROW(job.topological_order());
        CHECK(!job.edges.empty());
        for (const Task& t : job.tasks) {
            CHECK(t.id == expected_id++);
            CHECK(t.arrival_s == job.arrival_s);
            const Seconds x = task_time_ref(t, p);
            CHECK(x >= 60 - 1e-6);
            CHECK(x <= 300 + 1e-6);
            CHECK(t.work.memory_s() <= 0.3 * 300 + 1e-9);
            CHECK(t.work.cycles() == std::round(t.work.cycles()));  // whole cycles
        }
        for (const DataEdge& e : job.edges) {
            CHECK(e.from < e.to);  // generated in index order: acyclic by construction
            CHECK(e.data_bytes >= 1e6);
            CHECK(e.data_bytes <= 1e9);
            CHECK(e.data_bytes == std::round(e.data_bytes));
        }
        // Every task is connected: no task without predecessor or successor other than sources/sinks of a
        // connected graph (each non-first task has a predecessor in every shape).
        std::uint32_t sources = 0;
        for (std::uint32_t t = 0; t < job.tasks.size(); ++t) sources += job.predecessors(t).empty();
        CHECK(sources >= 1);
        CHECK(job.predecessors(static_cast<std::uint32_t>(job.tasks.size() - 1)).size() >= 1);
    }
    CHECK(smallest == 5);
    CHECK(largest == 10);
}

TEST_CASE("singh workload: each shape alone has its structure", "[workloads][singh]") {
    SinghWorkloadParams p;
    p.job_count = 50;
    SECTION("chain") {
        p.fork_join_probability = 0;
        p.layered_probability = 0;
        for (const Job& j : generate(p, 3)) {
            REQUIRE(j.edges.size() == j.tasks.size() - 1);
            for (std::uint32_t i = 0; i < j.edges.size(); ++i) {
                CHECK(j.edges[i].from == i);
                CHECK(j.edges[i].to == i + 1);
            }
        }
    }
    SECTION("fork-join") {
        p.chain_probability = 0;
        p.layered_probability = 0;
        for (const Job& j : generate(p, 3)) {
            const auto n = static_cast<std::uint32_t>(j.tasks.size());
            CHECK(j.edges.size() == 2 * (n - 2));
            CHECK(j.successors(0).size() == n - 2);
            CHECK(j.predecessors(n - 1).size() == n - 2);
        }
    }
    SECTION("layered") {
        p.chain_probability = 0;
        p.fork_join_probability = 0;
        for (const Job& j : generate(p, 3)) {
            // Task 0 is in the first layer, the last task in the last layer; every task has a predecessor or
            // is in the first layer, and every task but those of the last layer has a successor.
            CHECK(j.predecessors(0).empty());
            CHECK(j.successors(static_cast<std::uint32_t>(j.tasks.size() - 1)).empty());
            std::uint32_t sinks = 0;
            for (std::uint32_t t = 0; t < j.tasks.size(); ++t) sinks += j.successors(t).empty();
            CHECK(sinks < j.tasks.size());
        }
    }
}

TEST_CASE("singh workload: value curves are flat until the soft deadline and reach zero", "[workloads][singh]") {
    SinghWorkloadParams p;
    p.job_count = 200;
    for (const Job& j : generate(p, 5)) {
        const Seconds cp = critical_path(j, p);
        Seconds work = 0;
        for (const Task& t : j.tasks) work += task_time_ref(t, p);
        const double vmax = j.value.max_value();
        // max value = importance · (1/60) · work, importance in [0.5, 1.5].
        CHECK(vmax >= 0.5 * work / 60 * (1 - 1e-9));
        CHECK(vmax <= 1.5 * work / 60 * (1 + 1e-9));
        // Plateau until at least 2·CP, zero from at most (5 + 35)·CP.
        CHECK(j.value.value_at(2 * cp * (1 - 1e-9)) == Approx(vmax));
        CHECK(j.value.zero_after() <= 40 * cp * (1 + 1e-9));
        CHECK(j.value.zero_after() >= 12 * cp * (1 - 1e-9));
        CHECK(j.value.value_at(j.value.zero_after()) == 0.0);
        CHECK(j.value.value_at(j.value.zero_after() + 1) == 0.0);
    }
}

TEST_CASE("singh workload: the three rate levels share the jobs and scale the arrivals", "[workloads][singh]") {
    SinghWorkloadParams low;
    SinghWorkloadParams moderate = low;
    moderate.rate = SinghArrivalRate::Moderate;
    SinghWorkloadParams high = low;
    high.rate = SinghArrivalRate::High;
    // Spans: 720 · 120 s = 86400 s (the whole day), 720 · 30 = 21600 s, 720 · 5 = 3600 s.
    CHECK(low.arrival_span_s() == Approx(86400));
    CHECK(moderate.arrival_span_s() == Approx(21600));
    CHECK(high.arrival_span_s() == Approx(3600));
    const auto a = generate(low, 21), b = generate(moderate, 21), c = generate(high, 21);
    REQUIRE(a.size() == b.size());
    REQUIRE(a.size() == c.size());
    for (std::size_t j = 0; j < a.size(); ++j) {
        REQUIRE(a[j].tasks.size() == c[j].tasks.size());
        for (std::size_t t = 0; t < a[j].tasks.size(); ++t) {
            CHECK(a[j].tasks[t].work.cycles() == c[j].tasks[t].work.cycles());
            CHECK(a[j].tasks[t].work.memory_s() == b[j].tasks[t].work.memory_s());
        }
        REQUIRE(a[j].edges.size() == b[j].edges.size());
        for (std::size_t e = 0; e < a[j].edges.size(); ++e) {
            CHECK(a[j].edges[e].from == c[j].edges[e].from);
            CHECK(a[j].edges[e].to == c[j].edges[e].to);
            CHECK(a[j].edges[e].data_bytes == c[j].edges[e].data_bytes);
        }
        CHECK(a[j].value.max_value() == c[j].value.max_value());
        CHECK(a[j].value.zero_after() == c[j].value.zero_after());
        // Arrivals scale with the span: moderate = low / 4, high = low / 24.
        CHECK(b[j].arrival_s == Approx(a[j].arrival_s / 4).epsilon(1e-12));
        CHECK(c[j].arrival_s == Approx(a[j].arrival_s / 24).epsilon(1e-12));
    }
    for (const auto* jobs : {&a, &b, &c}) {
        const Seconds span = jobs == &a ? 86400 : jobs == &b ? 21600 : 3600;
        for (std::size_t j = 0; j < jobs->size(); ++j) {
            CHECK((*jobs)[j].arrival_s >= 0);
            CHECK((*jobs)[j].arrival_s < span);
            if (j > 0) CHECK((*jobs)[j].arrival_s >= (*jobs)[j - 1].arrival_s);
        }
    }
    // Same seed, same jobs; another seed, other jobs.
    const auto again = generate(low, 21);
    CHECK(again[100].arrival_s == a[100].arrival_s);
    CHECK(again[100].tasks[0].work.cycles() == a[100].tasks[0].work.cycles());
    CHECK(generate(low, 22)[100].tasks[0].work.cycles() != a[100].tasks[0].work.cycles());
}

TEST_CASE("singh workload: more arrivals per hour in peak than off-peak", "[workloads][singh]") {
    // Day shape 2 during 09:00-18:00, 0.4 otherwise: the peak holds 9·2 / (9·2 + 15·0.4) = 18/24 = 75 % of
    // the jobs; with 720 jobs the sd of that share is sqrt(0.75·0.25/720) = 1.6 %. Peak density per hour is
    // 5x the off-peak one in expectation.
    SinghWorkloadParams p;
    const auto jobs = generate(p, 8);
    double peak = 0, off = 0;
    for (const Job& j : jobs) (j.arrival_s >= 9 * 3600 && j.arrival_s < 18 * 3600 ? peak : off) += 1;
    CHECK(std::fabs(peak / jobs.size() - 0.75) < 0.06);
    CHECK(peak / 9 > 3 * (off / 15));
    // At the high rate the same pattern is compressed into the first hour: peak = [1350 s, 2700 s).
    p.rate = SinghArrivalRate::High;
    double peak_high = 0;
    for (const Job& j : generate(p, 8)) peak_high += j.arrival_s >= 1350 && j.arrival_s < 2700;
    CHECK(peak_high == peak);
}

TEST_CASE("singh workload: bad parameters are rejected", "[workloads][singh]") {
    std::mt19937_64 rng(1);
    SinghWorkloadParams p;
    p.min_tasks = 11;
    CHECK_THROWS_AS(generate_singh_jobs(p, rng), std::invalid_argument);
    p = SinghWorkloadParams{};
    p.chain_probability = p.fork_join_probability = p.layered_probability = 0;
    CHECK_THROWS_AS(generate_singh_jobs(p, rng), std::invalid_argument);
    p = SinghWorkloadParams{};
    p.memory_fraction_max = 1;
    CHECK_THROWS_AS(generate_singh_jobs(p, rng), std::invalid_argument);
    p = SinghWorkloadParams{};
    p.mean_interarrival_high_s = 0;
    CHECK_THROWS_AS(generate_singh_jobs(p, rng), std::invalid_argument);
    p = SinghWorkloadParams{};
    p.day_rate_shape.segments = {{0, 0.0}};
    CHECK_THROWS_AS(generate_singh_jobs(p, rng), std::invalid_argument);
}
