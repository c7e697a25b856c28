// Benchmark of LP-makespan (Tarplee Ch.2, manager/policies/tarplee/) at the scale of §2.4 / §2.6: a random
// environment (Fig. 2.7: 15 task types, 10 machine types, types equally likely; ETC "random" U(1 s, 10 s),
// "range" (task range 100, machine range 10) or CVB (COV 0.6 / 0.6, mean 10 s)), --tasks tasks and
// --machines machines. Times the three phases separately (LP with CLP, rounding Alg. 1, LPT local assignment
// Alg. 2) and optionally the optimized min-min (Alg. 4) and the Ch.4 profit LP (--profit GAMMA) on the same
// bag, with --bags more bags of the environment for Fig. 4.2. Prints the median over --repeats of each phase
// and the makespans (LP bound, rounded DLT, full allocation). --convex-bound N instead times the convex lower
// bound of Tarplee §3.7 (Eq. 23, Ipopt) on N + 1 points of a convex front (the dissertation: about 50 s at
// N = 53): energies sorted U(0, 1), makespans 1 / (energy + 0.05). --json FILE also writes the figures (each
// phase's median time, the makespans, min-min's, the profit's decrease per bag) for scripts/fidelity.py
// collect (times: medians over the repeats). Not a test: `make bench`, then run bench_tarplee_lp_makespan --help.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <vector>

#include "manager/policies/tarplee/allocation_lp.h"
#include "manager/policies/tarplee/convex_bound.h"
#include "manager/policies/tarplee/local_assignment.h"
#include "manager/policies/tarplee/max_profit.h"
#include "manager/policies/tarplee/min_min.h"
#include "manager/policies/tarplee/rounding.h"

namespace {

using namespace rmsim;
using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

/// n items over k equally likely types (a multinomial draw by sequential binomials); at least `floor` each.
std::vector<Count> equally_likely(Count n, std::size_t k, Count floor, std::mt19937_64& rng) {
    std::vector<Count> out(k, floor);
    Count left = n - floor * static_cast<Count>(k);
    for (std::size_t t = 0; t < k && left > 0; ++t) {
        const double p = 1.0 / static_cast<double>(k - t);
        const Count x = t + 1 == k ? left : std::binomial_distribution<Count>(left, p)(rng);
        out[t] += x;
        left -= x;
    }
    return out;
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

}  // namespace

// libsystemc's own main() refers to sc_main (rmsim_lib links SystemC); this program's main() is its own, so
// sc_main is never called.
extern "C" int sc_main(int, char**) { return 0; }

int main(int argc, char** argv) {
    Count tasks = 10000000, machines = 10000;
    std::size_t task_types = 15, machine_types = 10;
    std::string generator = "random";
    int repeats = 3;
    bool min_min = false;
    double profit_gamma = 0;
    double idle_fraction = 0.1;
    int bags = 1;
    int convex_points = 0;
    unsigned long long seed = 1;
    std::string json_path;
    nlohmann::json figures = nlohmann::json::object();
    // Writes --json FILE (when given); the exit status.
    auto finish = [&]() {
        if (json_path.empty()) return 0;
        std::ofstream f(json_path);
        f << figures.dump(1) << "\n";
        if (f) return 0;
        std::fprintf(stderr, "bench_tarplee_lp_makespan: cannot write %s\n", json_path.c_str());
        return 1;
    };
    for (int a = 1; a < argc; ++a) {
        auto next = [&](const char* name) {
            if (a + 1 >= argc) {
                std::fprintf(stderr, "%s needs a value\n", name);
                std::exit(2);
            }
            return argv[++a];
        };
        if (!std::strcmp(argv[a], "--tasks"))
            tasks = std::atoll(next("--tasks"));
        else if (!std::strcmp(argv[a], "--machines"))
            machines = std::atoll(next("--machines"));
        else if (!std::strcmp(argv[a], "--task-types"))
            task_types = std::strtoul(next("--task-types"), nullptr, 10);
        else if (!std::strcmp(argv[a], "--machine-types"))
            machine_types = std::strtoul(next("--machine-types"), nullptr, 10);
        else if (!std::strcmp(argv[a], "--generator"))
            generator = next("--generator");
        else if (!std::strcmp(argv[a], "--repeats"))
            repeats = std::atoi(next("--repeats"));
        else if (!std::strcmp(argv[a], "--seed"))
            seed = std::strtoull(next("--seed"), nullptr, 10);
        else if (!std::strcmp(argv[a], "--min-min"))
            min_min = true;
        else if (!std::strcmp(argv[a], "--profit"))
            profit_gamma = std::atof(next("--profit"));
        else if (!std::strcmp(argv[a], "--idle"))
            idle_fraction = std::atof(next("--idle"));
        else if (!std::strcmp(argv[a], "--bags"))
            bags = std::atoi(next("--bags"));
        else if (!std::strcmp(argv[a], "--convex-bound"))
            convex_points = std::atoi(next("--convex-bound"));
        else if (!std::strcmp(argv[a], "--json"))
            json_path = next("--json");
        else {
            std::printf(
                "bench_tarplee_lp_makespan [--tasks N] [--machines N] [--task-types T] [--machine-types M]\n"
                "  [--generator random|range|cvb] [--repeats R] [--seed S] [--min-min]\n"
                "  [--profit GAMMA [--idle FRACTION] [--bags N]] [--json FILE]\n"
                "bench_tarplee_lp_makespan --convex-bound N [--repeats R] [--seed S] [--json FILE]\n");
            return argv[a] == std::string("--help") ? 0 : 2;
        }
    }
    if (repeats < 1 || bags < 1 || idle_fraction < 0 || machines < static_cast<Count>(machine_types)) {
        std::fprintf(stderr, "need --repeats >= 1, --bags >= 1, --idle >= 0 and a machine per machine type\n");
        return 2;
    }
    std::mt19937_64 rng(seed);
    if (convex_points > 0) {
        std::uniform_real_distribution<double> u(0.0, 1.0);
        std::vector<double> e(static_cast<std::size_t>(convex_points) + 1);
        for (double& x : e) x = u(rng);
        std::sort(e.begin(), e.end());
        std::vector<FrontPoint> front;
        for (double x : e) {
            FrontPoint p;
            p.energy = x;
            p.makespan = 1 / (x + 0.05);
            front.push_back(p);
        }
        std::vector<double> t;
        ConvexBoundStats st;
        std::vector<FrontPoint> outer;
        for (int r = 0; r < repeats; ++r) {
            const auto t0 = Clock::now();
            outer = convex_outer(front, &st);
            t.push_back(seconds_since(t0));
        }
        const std::vector<FrontPoint> upper{front.back()};
        const double ne = front.back().energy, nm = front.front().makespan;
        std::printf(
            "convex bound (Tarplee §3.7), N = %d, seed %llu: median %.4f s over %d repeats, %d Ipopt "
            "iterations (%s); area over the chords: loose %.6g, convex %.6g\n",
            convex_points, seed, median(t), repeats, st.iterations, st.status.c_str(),
            front_area(front, upper, ne, nm) - outer_area(front, upper, ne, nm),
            outer_area(outer, upper, ne, nm) - outer_area(front, upper, ne, nm));
        figures["convex.time_s"] = median(t);
        return finish();
    }
    TypeBag bag;
    if (generator == "random") {
        std::uniform_real_distribution<double> u(1.0, 10.0);
        bag.etc.assign(task_types, std::vector<double>(machine_types));
        for (auto& row : bag.etc)
            for (auto& v : row) v = u(rng);
    } else if (generator == "range") {
        bag.etc = generate_etc_range({task_types, machine_types, 100, 10, EtcConsistency::Inconsistent}, rng);
    } else if (generator == "cvb") {
        bag.etc = generate_etc_cvb({task_types, machine_types, 10, 0.6, 0.6, EtcConsistency::Inconsistent}, rng);
    } else {
        std::fprintf(stderr, "unknown --generator %s\n", generator.c_str());
        return 2;
    }
    bag.tasks = equally_likely(tasks, task_types, 0, rng);
    bag.machines = equally_likely(machines, machine_types, 1, rng);  // every type has a machine (§2.6.2)

    std::vector<double> t_lp, t_round, t_local, t_total;
    double ms_lb = 0, ms_round = 0, ms_full = 0;
    for (int r = 0; r < repeats; ++r) {
        const auto t0 = Clock::now();
        const LpSolution s = lp_makespan_bound(bag);
        const auto t1 = Clock::now();
        const CountMatrix muhat = round_allocation(s.mu, bag.tasks);
        const auto t2 = Clock::now();
        const FullAllocation full = local_assignment_lpt(bag.etc, muhat, bag.machines);
        const auto t3 = Clock::now();
        t_lp.push_back(std::chrono::duration<double>(t1 - t0).count());
        t_round.push_back(std::chrono::duration<double>(t2 - t1).count());
        t_local.push_back(std::chrono::duration<double>(t3 - t2).count());
        t_total.push_back(std::chrono::duration<double>(t3 - t0).count());
        ms_lb = s.makespan;
        ms_round = dlt_makespan(bag.etc, muhat, bag.machines);
        ms_full = full.makespan();
    }
    std::printf("generator %s, %lld tasks, %lld machines, %zu task types, %zu machine types, seed %llu, %d repeats\n",
                generator.c_str(), static_cast<long long>(tasks), static_cast<long long>(machines), task_types,
                machine_types, seed, repeats);
    std::printf("LP-makespan median s: LP %.6f  rounding %.6f  local assignment %.6f  total %.6f\n", median(t_lp),
                median(t_round), median(t_local), median(t_total));
    std::printf("makespan: LP bound %.6f  rounded (DLT) %.6f  full allocation %.6f  (+%.4f %% over the bound)\n", ms_lb,
                ms_round, ms_full, 100.0 * (ms_full / ms_lb - 1.0));
    figures["time_s.lp"] = median(t_lp);  // medians over the repeats
    figures["time_s.rounding"] = median(t_round);
    figures["time_s.local_assignment"] = median(t_local);
    figures["time_s.total"] = median(t_total);
    figures["makespan.bound"] = ms_lb;
    figures["makespan.rounded"] = ms_round;
    figures["makespan.full"] = ms_full;
    figures["over_bound_percent.rounded"] = 100.0 * (ms_round / ms_lb - 1.0);
    figures["over_bound_percent.full"] = 100.0 * (ms_full / ms_lb - 1.0);
    if (min_min) {
        MinMinStats st;
        const auto t0 = Clock::now();
        const FullAllocation mm = min_min_optimized(bag, BatchSelection::MinMin, &st);
        const double t = seconds_since(t0);
        std::printf("min-min (Alg. 4) s: %.6f  makespan %.6f  (+%.4f %% over LP-makespan)  cache valid %.1f %%\n", t,
                    mm.makespan(), 100.0 * (mm.makespan() / ms_full - 1.0),
                    st.cache_reads ? 100.0 * st.cache_hits / st.cache_reads : 0.0);
        figures["min_min.time_s"] = t;
        figures["min_min.over_lp_makespan_percent"] = 100.0 * (mm.makespan() / ms_full - 1.0);
        figures["min_min.time_over_lp_makespan"] = t / median(t_total);
    }
    if (profit_gamma > 0) {
        // Tarplee Ch.4: APC ~ U(50 W, 150 W) i.i.d., idle power --idle (default 10 %, the Ch.3 setting; Fig. 4.2 has
        // none, §4.5.2) of each type's mean APC.
        EnergyModel m;
        std::uniform_real_distribution<double> w(50.0, 150.0);
        m.apc.assign(task_types, std::vector<double>(machine_types));
        for (auto& row : m.apc)
            for (auto& v : row) v = w(rng);
        for (std::size_t j = 0; j < machine_types; ++j) {
            double mean = 0;
            for (std::size_t i = 0; i < task_types; ++i) mean += m.apc[i][j] / static_cast<double>(task_types);
            m.idle_power.push_back(idle_fraction * mean);
        }
        const double price = profit_gamma * min_energy_bound(bag, m);
        std::vector<double> t_profit;
        ProfitResult r;
        for (int k = 0; k < repeats; ++k) {
            const auto t0 = Clock::now();
            r = max_profit(bag, m, price, 1.0, std::numeric_limits<double>::infinity());
            t_profit.push_back(seconds_since(t0));
        }
        // Fig. 4.2's measure: the relative decrease in profit per unit time from the upper to the lower bound.
        auto decrease = [](const ProfitResult& x) { return (x.upper_bound - x.lower_bound) / x.upper_bound; };
        std::printf(
            "profit (gamma %.3g, idle %.3g) median s: %.6f (LP, rounding and local assignment)  rate upper %.6g "
            "lower %.6g  relative decrease %.4f %%\n",
            profit_gamma, idle_fraction, median(t_profit), r.upper_bound, r.lower_bound, 100 * decrease(r));
        figures["profit.time_s"] = median(t_profit);
        std::vector<double> decrease_percent{100 * decrease(r)};
        if (bags > 1) {
            // Fig. 4.2: more bags of the same environment (types drawn anew, the price from each bag's E_min).
            std::vector<double> d{decrease(r)};
            for (int b = 1; b < bags; ++b) {
                std::mt19937_64 bag_rng(seed * 1000003ull + static_cast<unsigned long long>(b));
                bag.tasks = equally_likely(tasks, task_types, 0, bag_rng);
                d.push_back(decrease(max_profit(bag, m, profit_gamma * min_energy_bound(bag, m), 1.0,
                                                std::numeric_limits<double>::infinity())));
                decrease_percent.push_back(100 * d.back());
            }
            std::sort(d.begin(), d.end());
            double mean = 0;
            for (double x : d) mean += x / static_cast<double>(d.size());
            std::printf("relative decrease over %d bags: mean %.4f %%  median %.4f %%  min %.4f %%  max %.4f %%\n",
                        bags, 100 * mean, 100 * median(d), 100 * d.front(), 100 * d.back());
        }
        figures["profit.decrease_percent"] = decrease_percent;  // one per bag
    }
    return finish();
}
