// Benchmark of what a mapping event of Max <M> with place-holders (Machovec Ch.3 §3.3.1, §3.3.2) does to the
// availability profiles: clear every place-holder, then book them again one by one at their earliest start on
// the nodes of the §3.3.7 node choice. Six clusters of 600 nodes, each node busy with a running task first;
// the same bookings at every event (as when a queue is mapped again unchanged). Prints the mean wall time per
// event of each step. Not a test: `make bench`, then run bench_placeholder_rebook [bookings] [events].
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#include "manager/availability_profile.h"
#include "platform/time.h"

namespace {

using rmsim::AvailabilityProfile;
using rmsim::BookingKind;
using rmsim::LocalNodeIndex;
using rmsim::SimTime;
using rmsim::TaskId;
using Clock = std::chrono::steady_clock;

constexpr int kClusters = 6;
constexpr std::uint32_t kNodes = 600;
const SimTime kNow = SimTime::from_whole_seconds(1000);

double seconds_since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

/// Every node runs a task until a random time in the next 4 hours, nodes in runs of up to 300 per task.
void fill_running(AvailabilityProfile& p, std::mt19937_64& rng, TaskId& owner) {
    for (std::uint32_t n = 0; n < kNodes;) {
        const std::uint32_t k = std::min<std::uint32_t>(kNodes - n, 1 + rng() % 300);
        std::vector<LocalNodeIndex> nodes(k);
        for (std::uint32_t i = 0; i < k; ++i) nodes[i] = n + i;
        p.add(nodes, SimTime(), kNow + SimTime::from_whole_seconds(1 + rng() % 14400), owner++, BookingKind::Running);
        n += k;
    }
}

}  // namespace

// libsystemc's own main() refers to sc_main (rmsim_lib links SystemC); this program's main() is its own, so
// sc_main is never called.
extern "C" int sc_main(int, char**) { return 0; }

int main(int argc, char** argv) {
    const int bookings = argc > 1 ? std::atoi(argv[1]) : 80;
    const int events = argc > 2 ? std::atoi(argv[2]) : 200;
    std::vector<AvailabilityProfile> clusters;
    std::mt19937_64 rng(1);
    TaskId owner = 1'000'000;
    for (int c = 0; c < kClusters; ++c) {
        clusters.emplace_back(kNodes, kNow);
        fill_running(clusters.back(), rng, owner);
    }
    double clear_s = 0, earliest_s = 0, choose_s = 0, add_s = 0;
    long nodes_booked = 0;
    for (int e = 0; e < events; ++e) {
        std::mt19937_64 same(7);  // the same bookings at every event
        auto t0 = Clock::now();
        for (AvailabilityProfile& p : clusters) p.clear_placeholders();
        clear_s += seconds_since(t0);
        for (int b = 0; b < bookings; ++b) {
            AvailabilityProfile& p = clusters[same() % kClusters];
            const auto k = static_cast<std::uint32_t>(20 + same() % 400);
            const SimTime d = SimTime::from_whole_seconds(600 + static_cast<std::int64_t>(same() % 14400));
            t0 = Clock::now();
            const SimTime s = *p.earliest_start(k, d, kNow);
            earliest_s += seconds_since(t0);
            t0 = Clock::now();
            const std::vector<LocalNodeIndex> nodes = p.choose_nodes(k, s, d);
            choose_s += seconds_since(t0);
            t0 = Clock::now();
            p.add(nodes, s, s + d, static_cast<TaskId>(b + 1), BookingKind::PlaceHolder);
            add_s += seconds_since(t0);
            nodes_booked += k;
        }
    }
    auto ms = [events](double s) { return s * 1e3 / events; };
    std::printf("place-holders cleared and booked again: %d bookings, %ld node bookings per event\n", bookings,
                nodes_booked / events);
    std::printf("  per event: clear %.3f ms, earliest_start %.3f ms, choose_nodes %.3f ms, add %.3f ms\n", ms(clear_s),
                ms(earliest_s), ms(choose_s), ms(add_s));
    return 0;
}
