// Benchmark of one Machovec Ch.4 mapping event (manager/policies/preemptive/preemptive_mapper.h) at the scale
// of §4.4: 800 cores in 5 clusters of 160, every core busy (the system is oversubscribed about 2.2 times),
// and M waiting tasks (critical 20 %: utility 8 for their mean time, non-critical 1 for 10 times it, then
// decaying over 200 min), ETC by the COV method (class means 10 / 50 min, COV 0.1 then 0.3), the worst case
// where some cores free up: `free` idle cores. Prints the wall time per event (median and max over repeats)
// for each heuristic. Not a test: `make bench`, then run bench_ch4_mapper [B [own]] (the waiting tasks in bursts
// of B twins, default 1; `own`: not grouped, each task's pairs weighed on their own).
#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "manager/policies/preemptive/preemptive_mapper.h"

namespace {

using namespace rmsim;
using Clock = std::chrono::steady_clock;

struct SyntheticModel : MapperModel {
    std::vector<std::array<Seconds, 5>> etc;  ///< per task (its type's times)
    std::vector<double> start_util;           ///< 8 or 1
    std::vector<Seconds> plateau;             ///< full utility until then (from now)
    Seconds ret(TaskId t, ClusterId k) const override { return etc[t][k]; }
    double utility(TaskId t, Seconds x) const override {
        if (x <= plateau[t]) return start_util[t];
        const double f = 1.0 - (x - plateau[t]) / 12000.0;  // 200 min decay to 0
        return f > 0 ? start_util[t] * f : 0.0;
    }
};

double gamma(std::mt19937_64& rng, double mean, double cov) {
    std::gamma_distribution<double> g(1.0 / (cov * cov), mean * cov * cov);
    return g(rng);
}

}  // namespace

// libsystemc's own main() refers to sc_main (rmsim_lib links SystemC); this program's main() is its own, so
// sc_main is never called.
extern "C" int sc_main(int, char**) { return 0; }

int main(int argc, char** argv) {
    constexpr std::uint32_t kClusters = 5, kPerCluster = 160, kTypes = 100;
    // The waiting tasks come in bursts of this many twins (§4.4.3: one type, arrival and utility; one group).
    const std::uint32_t burst = argc > 1 ? static_cast<std::uint32_t>(std::max(1, std::atoi(argv[1]))) : 1;
    // "own": the twins are not told to the mapper (each task weighs its own pairs, as before groups).
    const bool shared = !(argc > 2 && std::string(argv[2]) == "own");
    std::mt19937_64 rng(2017);
    std::vector<std::array<Seconds, 5>> type_etc(kTypes);
    std::vector<bool> critical(kTypes);
    for (std::uint32_t y = 0; y < kTypes; ++y) {
        critical[y] = y < kTypes / 5;
        const double b = gamma(rng, critical[y] ? 600 : 3000, 0.1);
        for (std::uint32_t k = 0; k < kClusters; ++k) type_etc[y][k] = k == 0 ? b : gamma(rng, b, 0.3);
    }
    for (std::uint32_t waiting : {500u, 2000u, 8000u}) {
        for (std::uint32_t free : {0u, 20u}) {
            SyntheticModel m;
            const std::uint32_t running = kClusters * kPerCluster;
            const std::uint32_t n = running + waiting;
            std::uniform_int_distribution<std::uint32_t> pick(0, kTypes - 1);
            for (std::uint32_t t = 0; t < n; ++t) {
                if (t < waiting && t % burst != 0) {  // the rest of a burst: the same type and utility
                    m.etc.push_back(m.etc.back());
                    m.start_util.push_back(m.start_util.back());
                    m.plateau.push_back(m.plateau.back());
                    continue;
                }
                const std::uint32_t y = pick(rng);
                m.etc.push_back(type_etc[y]);
                m.start_util.push_back(critical[y] ? 8 : 1);
                double mean = 0;
                for (Seconds x : type_etc[y]) mean += x / kClusters;
                m.plateau.push_back((critical[y] ? 1 : 10) * mean *
                                    std::uniform_real_distribution<double>(0.2, 1)(rng));
            }
            std::vector<CoreState> cores;
            for (std::uint32_t i = 0; i < running; ++i) {
                CoreState c;
                c.cluster = i / kPerCluster;
                c.busy = i % kPerCluster >= free / kClusters;
                c.task = waiting + i;
                c.ret = m.etc[waiting + i][c.cluster] * std::uniform_real_distribution<double>(0.05, 1)(rng);
                c.preemptible = c.can_preempt = true;
                cores.push_back(c);
            }
            std::vector<MappableTask> mappable;
            for (TaskId t = 0; t < waiting; ++t) {
                MappableTask x;
                x.id = t;
                x.can_preempt = x.preemptible = true;
                x.group = shared ? t / burst : MappableTask::kOwnGroup;
                mappable.push_back(x);
            }
            for (Objective o : {Objective::Util, Objective::UPT})
                for (PreemptRule r : {PreemptRule::None, PreemptRule::Greedy, PreemptRule::Diff, PreemptRule::Pair}) {
                    std::vector<double> ms;
                    std::size_t assigned = 0, preempted = 0;
                    const int reps = r == PreemptRule::Pair && waiting > 2000 ? 1 : 3;
                    for (int rep = 0; rep < reps; ++rep) {
                        const auto t0 = Clock::now();
                        const MapperResult res = map_event(o, r, m, mappable, cores);
                        ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
                        assigned = res.assignments.size();
                        preempted = static_cast<std::size_t>(
                            std::count_if(res.assignments.begin(), res.assignments.end(),
                                          [](const Assignment& a) { return a.preempted.has_value(); }));
                    }
                    std::sort(ms.begin(), ms.end());
                    std::printf(
                        "burst %3u waiting %5u idle %2u  Max %-4s %-6s  %8.2f ms median %8.2f ms max  (%zu "
                        "assignments, %zu preemptions)\n",
                        burst, waiting, free, to_string(o), to_string(r), ms[ms.size() / 2], ms.back(), assigned,
                        preempted);
                }
        }
    }
}
