// Benchmark of the availability profile at the scale of Machovec Ch.3 (§3.4.2.1: 100,000 cores in 6
// clusters; clusters of 4,000-20,000 nodes with a few hundred running and reserved tasks), and of the
// FCFS start path on one cluster of 1,024 nodes x 32 cores allocated per core (32,768 units, tens of
// thousands of running single-core tasks: docs/performance.md). Prints the mean wall time per operation.
// Not a test: `make bench`, then run bench_availability_profile.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "manager/availability_profile.h"
#include "manager/unit_choice.h"
#include "platform/time.h"

namespace {

using rmsim::AvailabilityProfile;
using rmsim::BookingKind;
using rmsim::SimTime;
using rmsim::TaskId;
using Clock = std::chrono::steady_clock;

const SimTime kDay = SimTime::from_whole_seconds(86400);

SimTime seconds(double s) { return SimTime::from_seconds(s); }

double micros_since(Clock::time_point t0, long count) {
    return std::chrono::duration<double, std::micro>(Clock::now() - t0).count() / static_cast<double>(count);
}

long rss_kib() {
    std::ifstream status("/proc/self/status");
    std::string key;
    while (status >> key) {
        if (key == "VmRSS:") {
            long kib = 0;
            status >> kib;
            return kib;
        }
    }
    return -1;
}

struct Request {
    std::uint32_t k;
    SimTime duration;
};

/// Node counts skewed to small tasks (most HPC jobs are small), capped at 1/40 of the cluster.
Request random_request(std::mt19937_64& rng, std::uint32_t nodes) {
    std::uniform_real_distribution<double> u(0.0, 1.0);
    const double cap = std::max(1.0, nodes / 40.0);
    const auto k = static_cast<std::uint32_t>(std::max(1.0, std::floor(std::pow(cap, u(rng)))));
    return {k, seconds(600.0 + u(rng) * 6.0 * 3600.0)};
}

/// Fills a cluster like a busy mapping event: running tasks until ~95 % of the nodes are busy, then
/// reservations and place-holders at their earliest starts (conservative-backfilling style).
void fill(AvailabilityProfile& p, std::mt19937_64& rng, int reservations, TaskId& owner) {
    std::uniform_real_distribution<double> u(0.0, 1.0);
    std::uint32_t busy = 0;
    while (busy < p.node_count() * 95 / 100) {
        Request r = random_request(rng, p.node_count());
        r.k = std::min(r.k, p.node_count() - busy);
        const SimTime started = seconds(-u(rng) * 3600.0);
        // Running tasks started up to an hour ago.
        const auto nodes = p.choose_nodes(r.k, SimTime(), r.duration);
        if (!nodes.empty()) {
            p.add(nodes, started, r.duration, owner, BookingKind::Running);
            busy += r.k;
        }
        ++owner;
    }
    for (int i = 0; i < reservations; ++i) {
        const Request r = random_request(rng, p.node_count());
        const auto t = p.earliest_start(r.k, r.duration, SimTime());
        p.reserve(r.k, *t, r.duration, owner++, i % 2 ? BookingKind::Reservation : BookingKind::PlaceHolder);
    }
}

void bench_cluster(std::uint32_t nodes, int reservations, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    AvailabilityProfile p(nodes, SimTime());
    TaskId owner = 1;
    fill(p, rng, reservations, owner);
    std::printf("cluster of %u nodes, %zu bookings (%d planned ahead)\n", nodes, p.booking_count(), reservations);

    std::vector<Request> reqs;
    for (int i = 0; i < 2000; ++i) reqs.push_back(random_request(rng, nodes));

    // earliest_start on an unchanged cluster (the common case inside a mapping event: all tasks x P-states).
    long found = 0;
    const long queries = 200000;
    auto t0 = Clock::now();
    for (long i = 0; i < queries; ++i) {
        const Request& r = reqs[i % reqs.size()];
        found += p.earliest_start(r.k, r.duration, SimTime(), kDay).has_value();
    }
    std::printf("  earliest_start, cached:               %8.2f us  (%ld of %ld feasible)\n", micros_since(t0, queries),
                found, queries);

    // choose_nodes at the earliest start.
    const long chooses = 2000;
    t0 = Clock::now();
    for (long i = 0; i < chooses; ++i) {
        const Request& r = reqs[i % reqs.size()];
        const auto t = p.earliest_start(r.k, r.duration, SimTime());
        found += static_cast<long>(p.choose_nodes(r.k, *t, r.duration).size());
    }
    std::printf("  earliest_start + choose_nodes:        %8.2f us\n", micros_since(t0, chooses));

    // One placement and its undo, then a query that has to rebuild the sweep cache: the per-placement
    // cost of Algorithm 4 (Machovec Ch.3 §3.3.5) on the cluster that changed.
    const long places = 2000;
    t0 = Clock::now();
    for (long i = 0; i < places; ++i) {
        const Request& r = reqs[i % reqs.size()];
        const auto t = p.earliest_start(r.k, r.duration, SimTime());
        p.reserve(r.k, *t, r.duration, owner, BookingKind::PlaceHolder);
        found += p.earliest_start(reqs[(i + 1) % reqs.size()].k, seconds(3600.0), SimTime()).has_value();
        p.remove(owner++);
    }
    std::printf("  place + rebuilt query + remove:       %8.2f us\n", micros_since(t0, places));

    const long clears = 200;
    t0 = Clock::now();
    for (long i = 0; i < clears; ++i) {
        p.clear_placeholders();
        for (int j = 0; j < 20; ++j) {
            const Request& r = reqs[(i * 20 + j) % reqs.size()];
            const auto t = p.earliest_start(r.k, r.duration, SimTime());
            p.reserve(r.k, *t, r.duration, owner++, BookingKind::PlaceHolder);
        }
    }
    std::printf("  clear place-holders + 20 placements:  %8.2f us\n", micros_since(t0, clears));

    // A day of mapping events every 60 s (§3.3.1): set_now prunes what has finished.
    t0 = Clock::now();
    long events = 0;
    for (SimTime now = seconds(60.0); now <= seconds(6.0 * 3600.0); now += seconds(60.0), ++events) p.set_now(now);
    std::printf("  set_now (6 h, one per 60 s):          %8.2f us   -> %zu bookings left\n", micros_since(t0, events),
                p.booking_count());
    if (found < 0) std::printf("unreachable\n");
}

/// FCFS at ~80 % load on 32,768 single-core units: each step is one completion and one start, as in a
/// mapping event of the FCFS baseline (set_now prunes the finished task, lowest_idle_units picks the unit,
/// add books it).
void bench_fcfs_churn(std::uint32_t units, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::exponential_distribution<double> duration(1.0 / 600.0);  // mean 600 s
    AvailabilityProfile p(units, SimTime());
    TaskId owner = 1;
    const std::uint32_t running = units * 8 / 10;
    // Start the tasks at time 0, each on the lowest idle unit: they fill units 0..running-1.
    for (std::uint32_t i = 0; i < running; ++i) {
        const SimTime d = seconds(duration(rng));
        const auto u = rmsim::lowest_idle_units(p, 1, SimTime(), d);
        p.add(u, SimTime(), d, owner++, BookingKind::Running);
    }
    const long steps = 20000;
    long placed = 0;
    SimTime now;
    // Arrivals at the completion rate (running / 600 s), so the load stays near 80 %.
    std::uniform_real_distribution<double> gap(0.0, 2.0 * 600.0 / running);
    const auto t0 = Clock::now();
    for (long i = 0; i < steps; ++i) {
        now += seconds(gap(rng));
        p.set_now(now);
        const SimTime d = seconds(duration(rng));
        const auto u = rmsim::lowest_idle_units(p, 1, now, now + d);
        if (!u.empty()) {
            p.add(u, now, now + d, owner++, BookingKind::Running);
            ++placed;
        }
    }
    std::printf(
        "FCFS churn on %u single-core units, %zu running: set_now + lowest_idle_units + add: "
        "%8.2f us\n",
        units, p.booking_count(), micros_since(t0, steps));
    if (placed < 0) std::printf("unreachable\n");
}

}  // namespace

// libsystemc's own main() refers to sc_main (rmsim_lib links SystemC); this program's main() is its own, so
// sc_main is never called.
extern "C" int sc_main(int, char**) { return 0; }

int main() {
    std::printf("availability profile benchmark (mean wall time per operation)\n");
    const long rss0 = rss_kib();
    bench_cluster(4000, 100, 1);
    bench_cluster(20000, 300, 2);
    bench_fcfs_churn(1024 * 32, 4);
    {
        // Memory at the papers' total scale: 100,000 nodes in 5 clusters of 20,000, all filled.
        std::mt19937_64 rng(3);
        std::vector<AvailabilityProfile> clusters;
        TaskId owner = 1;
        for (int c = 0; c < 5; ++c) {
            clusters.emplace_back(20000, SimTime());
            fill(clusters.back(), rng, 300, owner);
        }
        std::printf("memory: 5 filled clusters of 20,000 nodes: %ld KiB resident (%ld KiB at start)\n", rss_kib(),
                    rss0);
    }
    return 0;
}
